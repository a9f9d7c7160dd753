import { api, ok } from '@/lib/api-client';

import { TAB_LIST, type Creative, type InviteTab } from '../invite-selection';
import type { ListPage } from '../types';

/** GET /projects/{id}/invites/suggestions/{list}: one page of a tab of the invite dialog. */
export async function getSuggestions(projectId: number, tab: InviteTab, page: number): Promise<ListPage<Creative>> {
  const path = { id: projectId, list: TAB_LIST[tab] };
  return (await ok(api.GET('/projects/{id}/invites/suggestions/{list}', { params: { path, query: { page } } }))).data;
}

/** GET /projects/{id}/invites: who is invited so far. */
export async function getInvited(projectId: number): Promise<number[]> {
  const { data } = await ok(api.GET('/projects/{id}/invites', { params: { path: { id: projectId } } }));
  return data.map((entry) => entry.user_id);
}

export function sendInvites(projectId: number, userIds: number[]): Promise<unknown> {
  return ok(api.POST('/projects/{id}/invites', { params: { path: { id: projectId } }, body: { user_ids: userIds } }));
}
