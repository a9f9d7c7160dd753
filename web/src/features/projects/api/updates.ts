import { apiClient } from '@/lib/api-client';
import type { DataEnvelope, UserSummary } from '@/types/api';

import type { BidFile, ListPage } from '../types';

export interface Update {
  id: number;
  project_id: number;
  description: string;
  status_id: number;
  rating: number | null;
  files: BidFile[];
  comments_count: number;
  created_by_user: UserSummary;
  created_at: number;
}

export interface UpdateComment {
  id: number;
  project_update_id: number | null;
  comment: string;
  created_at: number;
  created_by_user: UserSummary;
}

export const getUpdates = (projectId: number) =>
  apiClient.get<ListPage<Update>>(`/projects/${projectId}/updates`, { query: { sort: '-created_at' } });

export async function postUpdate(projectId: number, description: string, fileIds: number[]): Promise<Update> {
  return (await apiClient.post<DataEnvelope<Update>>(`/projects/${projectId}/updates`, { description, file_ids: fileIds })).data;
}

export async function rateUpdate(projectId: number, updateId: number, rating: number): Promise<Update> {
  return (await apiClient.patch<DataEnvelope<Update>>(`/projects/${projectId}/updates/${updateId}/ratings`, { rating })).data;
}

/** PATCH .../status: the owner's review (2 approved, 3 changes requested). */
export async function reviewUpdate(projectId: number, updateId: number, statusId: number): Promise<Update> {
  return (await apiClient.patch<DataEnvelope<Update>>(`/projects/${projectId}/updates/${updateId}/status`, { status_id: statusId })).data;
}

export const getUpdateComments = (projectId: number, updateId: number, page?: number) =>
  apiClient.get<ListPage<UpdateComment>>(`/projects/${projectId}/updates/${updateId}/comments`, page === undefined ? undefined : { query: { page } });

export async function postUpdateComment(projectId: number, updateId: number, comment: string): Promise<UpdateComment> {
  return (await apiClient.post<DataEnvelope<UpdateComment>>(`/projects/${projectId}/updates/${updateId}/comments`, { comment })).data;
}

export const react = (projectId: number, updateId: number, emojiId: number) =>
  apiClient.post(`/projects/${projectId}/updates/${updateId}/reactions`, { emoji_reaction_id: emojiId });
