import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

import { TAB_LIST, type Creative, type InviteTab } from '../invite-selection';
import type { ListPage } from '../types';

/** GET /projects/{id}/invites/suggestions/{list}: one page of a tab of the invite dialog. */
export async function getSuggestions(projectId: number, tab: InviteTab, page: number): Promise<ListPage<Creative>> {
  const path = `/projects/${projectId}/invites/suggestions/${TAB_LIST[tab]}`;
  return (await apiClient.get<DataEnvelope<ListPage<Creative>>>(path, { query: { page } })).data;
}

/** GET /projects/{id}/invites: who is invited so far. */
export async function getInvited(projectId: number): Promise<number[]> {
  const { data } = await apiClient.get<DataEnvelope<{ user_id: number }[]>>(`/projects/${projectId}/invites`);
  return data.map((entry) => entry.user_id);
}

export function sendInvites(projectId: number, userIds: number[]): Promise<unknown> {
  return apiClient.post(`/projects/${projectId}/invites`, { user_ids: userIds });
}
