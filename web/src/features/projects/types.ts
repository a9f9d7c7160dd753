/**
 * The project side's API shapes (projects spec, section 3; server `projects`, `bids`): the
 * generated views of the OpenAPI document, by the names this feature uses.
 */
import type { Page, Schema } from '@/types/api';

export type Named = Schema<'Named'>;

export type Category = Schema<'CategoryRow'>;

export type SubCategory = Schema<'SubCategoryRow'>;

export type Service = Schema<'ServiceView'>;

export const PROJECT_STATUS = {
  live: 1,
  active: 2,
  unverified: 3,
  pendingDelivery: 4,
  pendingCredit: 5,
  completed: 6,
} as const;

/**
 * A project (`GET /projects/{id}`, `project.status` and `project.updated` events). Among its
 * fields: `delivery_due_at`, when the 48 hours to upload the final files run out once an admin
 * verified (4); `finalized_at`, when the owner accepted them; `queued_bid_id`, a subscription
 * project's chosen bid waiting for the owner's project under way to complete.
 */
export type Project = Schema<'ProjectView'>;

export type BidFile = Schema<'BidFileInfo'>;

/** A bid; `status_id` 1 open, 2 approved. */
export type Bid = Schema<'BidView'>;

export type BidComment = Schema<'BidCommentView'>;

export type ListPage<T> = Page<T>;
