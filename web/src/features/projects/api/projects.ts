import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

import type { LaunchPayload } from '../launch-rules';
import type { ListPage, Project } from '../types';

/** POST /projects: answers the new project's id. */
export async function launchProject(payload: LaunchPayload): Promise<number> {
  const { data } = await apiClient.post<DataEnvelope<number | { id: number }>>('/projects', payload);
  return typeof data === 'number' ? data : data.id;
}

export async function getProject(id: number): Promise<Project> {
  return (await apiClient.get<DataEnvelope<Project>>(`/projects/${id}`)).data;
}

/** GET /projects: the caller's projects (a client's own; a designer's open and assigned ones). */
export async function getProjects(query: Record<string, string | number> = {}): Promise<ListPage<Project>> {
  return apiClient.get<ListPage<Project>>('/projects', { query });
}
