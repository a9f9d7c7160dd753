/** The project side's API shapes (projects spec, section 3; server `projects`, `bids`). */
import type { UserSummary } from '@/types/api';

export interface Named {
  id: number;
  title: string;
  launch_slug: string;
}

export interface Category extends Named {
  image_path: string | null;
}

export interface SubCategory extends Named {
  project_category_id: number;
}

export interface Service extends Named {
  project_category_id: number;
  project_sub_category_id: number;
  description: string;
  minimum_amount: number;
  maximum_amount: number;
  images: { id: number; files: { full_path: string } }[];
}

export const PROJECT_STATUS = {
  live: 1,
  active: 2,
  unverified: 3,
  pendingDelivery: 4,
  pendingCredit: 5,
  completed: 6,
} as const;

export interface Project {
  id: number;
  title: string;
  description: string;
  status_id: number;
  status: string;
  category: Named | null;
  sub_category: Named | null;
  service: Named | null;
  budget: number | null;
  is_subscription: number;
  detail: { timeline: number | null; timeline_range_start: string | null; timeline_range_end: string | null };
  approved_bid_id: number | null;
  timeline_ends_at: number | null;
  /** When the 48 hours to upload the final files run out, once an admin verified (4). */
  delivery_due_at: number | null;
  /** When the owner accepted the delivered files (`POST /projects/{id}/finalize`). */
  finalized_at: number | null;
  /** A subscription project's chosen bid, waiting for the owner's project under way to complete. */
  queued_bid_id?: number | null;
  bids_count: number;
  created_by_user: UserSummary;
  created_at: number;
}

export interface BidFile {
  id: number;
  name: string;
  full_path: string;
}

export interface Bid {
  id: number;
  project_id: number;
  amount: number;
  description: string;
  /** 1 open, 2 approved. */
  status_id: number;
  comments_count: number;
  created_at: number;
  created_by_user: UserSummary;
  bid_files: { files: BidFile }[];
}

export interface BidComment {
  id: number;
  bid_id: number;
  comment: string;
  created_at: number;
  created_by_user: UserSummary;
}

export interface ListPage<T> {
  data: T[];
  total: number;
  next_page_url: string | null;
}
