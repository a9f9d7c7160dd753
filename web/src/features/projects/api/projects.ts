import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

import type { LaunchPayload } from '../launch-rules';
import type { BidFile, ListPage, Project } from '../types';

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

/** A project's saved brief (GET /projects/{id}/briefs; the owner and admins). */
export interface ProjectBrief {
  project_id: number;
  project_category_id: number | null;
  title: string;
  description: string;
  budget: number | null;
  timeline: number | null;
  timeline_range_start: string | null;
  timeline_range_end: string | null;
  project_questions: {
    project_question_id: number;
    answer: string | null;
    answer_options: number[];
    answer_slider_options: { id: number; value: number }[];
    answer_file_ids: number[];
  }[];
}

export async function getProjectBrief(id: number): Promise<ProjectBrief> {
  return (await apiClient.get<DataEnvelope<ProjectBrief>>(`/projects/${id}/briefs`)).data;
}

/** PUT /projects/{id}/briefs: the owner replaces a live project's brief. */
export async function updateProjectBrief(id: number, body: Record<string, unknown>): Promise<Project> {
  return (await apiClient.put<DataEnvelope<Project>>(`/projects/${id}/briefs`, body)).data;
}

/** GET /projects/{id}/artworks: the final files the designer delivered (the room's parties, admins). */
export async function getArtworks(id: number): Promise<BidFile[]> {
  return (await apiClient.get<DataEnvelope<BidFile[]>>(`/projects/${id}/artworks`)).data;
}

/** POST /projects/{id}/artworks: the approved designer delivers the final files (4 -> 5). */
export async function deliverArtworks(id: number, fileIds: number[]): Promise<Project> {
  return (await apiClient.post<DataEnvelope<Project>>(`/projects/${id}/artworks`, { file_ids: fileIds })).data;
}

/** POST /projects/{id}/finalize: the owner accepts the delivered files. */
export async function finalizeProject(id: number): Promise<Project> {
  return (await apiClient.post<DataEnvelope<Project>>(`/projects/${id}/finalize`)).data;
}
