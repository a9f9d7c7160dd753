import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';
import type { paths } from '@/types/api.gen';

import type { LaunchPayload } from '../launch-rules';
import type { BidFile, ListPage, Project } from '../types';

/** POST /projects: answers the new project's id. */
export async function launchProject(payload: LaunchPayload): Promise<number> {
  return (await ok(api.POST('/projects', { body: payload }))).data;
}

export async function getProject(id: number): Promise<Project> {
  return (await ok(api.GET('/projects/{id}', { params: { path: { id } } }))).data;
}

/** The filters of `GET /projects` (its page, status, title, owner). */
export type ProjectsQuery = NonNullable<paths['/projects']['get']['parameters']['query']>;

/** GET /projects: the caller's projects (a client's own; a designer's open and assigned ones). */
export function getProjects(query: ProjectsQuery = {}): Promise<ListPage<Project>> {
  return ok(api.GET('/projects', { params: { query } }));
}

/** A project's saved brief (GET /projects/{id}/briefs; the owner and admins). */
export type ProjectBrief = Schema<'ProjectBriefView'>;

export async function getProjectBrief(id: number): Promise<ProjectBrief> {
  return (await ok(api.GET('/projects/{id}/briefs', { params: { path: { id } } }))).data;
}

/** PUT /projects/{id}/briefs: the owner replaces a live project's brief. */
export async function updateProjectBrief(id: number, body: Schema<'ProjectBriefRequest'>): Promise<Project> {
  return (await ok(api.PUT('/projects/{id}/briefs', { params: { path: { id } }, body }))).data;
}

/** GET /projects/{id}/artworks: the final files the designer delivered (the room's parties, admins). */
export async function getArtworks(id: number): Promise<BidFile[]> {
  return (await ok(api.GET('/projects/{id}/artworks', { params: { path: { id } } }))).data;
}

/** POST /projects/{id}/artworks: the approved designer delivers the final files (4 -> 5). */
export async function deliverArtworks(id: number, fileIds: number[]): Promise<Project> {
  return (await ok(api.POST('/projects/{id}/artworks', { params: { path: { id } }, body: { file_ids: fileIds } }))).data;
}

/** POST /projects/{id}/finalize: the owner accepts the delivered files. */
export async function finalizeProject(id: number): Promise<Project> {
  return (await ok(api.POST('/projects/{id}/finalize', { params: { path: { id } } }))).data;
}

/** DELETE /projects/{id}: the owner deletes a live project no bid was approved on. */
export function deleteProject(id: number) {
  return ok(api.DELETE('/projects/{id}', { params: { path: { id } } }));
}
