import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

export type Activity = Schema<'ActivityView'>;
export type FeedPage = Schema<'Page_ActivityView'>;

/** The hub channel of the community feed (designers and clients). */
export const COMMUNITY_CHANNEL = 'community';

/**
 * GET /activities/community: page 1, or a later page keeping the first page's cursor (`before`),
 * so activities arriving live do not shift the pages.
 */
export function getFeed(page: number, before: number | null, options?: CallOptions): Promise<FeedPage> {
  const query = { page, before: before ?? undefined };
  return ok(api.GET('/activities/community', { params: { query }, signal: options?.signal }));
}

/** The `before` cursor of a `next_page_url`, if it names one. */
export function cursorOf(nextPageUrl: string | null | undefined): number | null {
  const match = /[?&]before=(\d+)/.exec(nextPageUrl ?? '');
  return match ? Number(match[1]) : null;
}
