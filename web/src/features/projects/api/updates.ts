import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

import type { ListPage } from '../types';

/** A work update of the workroom (`project.update.created`/`.updated` carry it too). */
export type Update = Schema<'UpdateView'>;

/** A comment of the workroom; `project_update_id` names its update (null: on the project). */
export type UpdateComment = Schema<'ProjectCommentView'>;

export const getUpdates = (projectId: number): Promise<ListPage<Update>> =>
  ok(api.GET('/projects/{id}/updates', { params: { path: { id: projectId }, query: { sort: '-created_at' } } }));

export async function postUpdate(projectId: number, description: string, fileIds: number[]): Promise<Update> {
  const params = { path: { id: projectId } };
  return (await ok(api.POST('/projects/{id}/updates', { params, body: { description, file_ids: fileIds } }))).data;
}

export async function rateUpdate(projectId: number, updateId: number, rating: number): Promise<Update> {
  const params = { path: { id: projectId, updateId } };
  return (await ok(api.PATCH('/projects/{id}/updates/{updateId}/ratings', { params, body: { rating } }))).data;
}

/** PATCH .../status: the owner's review (2 approved, 3 changes requested). */
export async function reviewUpdate(projectId: number, updateId: number, statusId: number): Promise<Update> {
  const params = { path: { id: projectId, updateId } };
  return (await ok(api.PATCH('/projects/{id}/updates/{updateId}/status', { params, body: { status_id: statusId } }))).data;
}

export const getUpdateComments = (projectId: number, updateId: number, page?: number): Promise<ListPage<UpdateComment>> =>
  ok(api.GET('/projects/{id}/updates/{updateId}/comments', { params: { path: { id: projectId, updateId }, query: { page } } }));

export async function postUpdateComment(projectId: number, updateId: number, comment: string): Promise<UpdateComment> {
  const params = { path: { id: projectId, updateId } };
  return (await ok(api.POST('/projects/{id}/updates/{updateId}/comments', { params, body: { comment } }))).data;
}

export const react = (projectId: number, updateId: number, emojiId: number) =>
  ok(api.POST('/projects/{id}/updates/{updateId}/reactions', {
    params: { path: { id: projectId, updateId } },
    body: { emoji_reaction_id: emojiId },
  }));

/** GET /projects/{id}/comments: the project's own thread (not an update's), newest first, 20 a page. */
export const getProjectComments = (projectId: number, page?: number): Promise<ListPage<UpdateComment>> =>
  ok(api.GET('/projects/{id}/comments', { params: { path: { id: projectId }, query: { page } } }));

/** POST /projects/{id}/comments: the owner or the assigned designer; the other is told (type 20). */
export async function postProjectComment(projectId: number, comment: string): Promise<UpdateComment> {
  return (await ok(api.POST('/projects/{id}/comments', { params: { path: { id: projectId } }, body: { comment } }))).data;
}

/** Deletes a workroom comment (its author or an admin): the project's own, or an update's. */
export async function deleteWorkroomComment(projectId: number, comment: UpdateComment): Promise<void> {
  const updateId = comment.project_update_id;
  if (updateId === null || updateId === undefined) {
    await ok(api.DELETE('/projects/{id}/comments/{commentId}', { params: { path: { id: projectId, commentId: comment.id } } }));
  } else {
    await ok(api.DELETE('/projects/{id}/updates/{updateId}/comments/{commentId}', { params: { path: { id: projectId, updateId, commentId: comment.id } } }));
  }
}

/** PATCH .../image-tags/{tagId}/actions/complete: the owner or the designer marks a point done. */
export async function completeUpdateTag(projectId: number, updateId: number, tagId: number) {
  const params = { path: { id: projectId, updateId, tagId } };
  return (await ok(api.PATCH('/projects/{id}/updates/{updateId}/image-tags/{tagId}/actions/complete', { params }))).data;
}

/** DELETE .../image-tags/{tagId}: its author or an admin removes a point. */
export async function deleteUpdateTag(projectId: number, updateId: number, tagId: number) {
  await ok(api.DELETE('/projects/{id}/updates/{updateId}/image-tags/{tagId}', { params: { path: { id: projectId, updateId, tagId } } }));
}

/** POST .../other_files: the update's designer adds sources, fonts and the like. */
export async function addOtherFiles(projectId: number, updateId: number, fileIds: number[]): Promise<Update> {
  const params = { path: { id: projectId, updateId } };
  return (await ok(api.POST('/projects/{id}/updates/{updateId}/other_files', { params, body: { file_ids: fileIds } }))).data;
}

/** POST .../generate-download-token: a one-time link to one of the update's files (`download_url`). */
export async function updateDownload(projectId: number, updateId: number, fileId: number) {
  const params = { path: { id: projectId, updateId } };
  return (await ok(api.POST('/projects/{id}/updates/{updateId}/generate-download-token', { params, body: { file_id: fileId } }))).data;
}
