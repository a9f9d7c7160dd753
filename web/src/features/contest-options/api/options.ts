import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Contest, DataEnvelope } from '@/types/api';

/** A prize package of a contest type (GET /contests/types/{id}/pricings); whole dollars. */
export interface Pricing {
  id: number;
  contest_type_id: number;
  name: string;
  /** What the client pays. */
  amount: number;
  /** What the winning designer receives. */
  winning_entry_amount: number;
  is_recommended: number;
}

/** An upgrade (GET /contests/types/{id}/upgrades); exactly one kind flag is 1. */
export interface Upgrade {
  id: number;
  name: string;
  description: string;
  amount: number;
  is_highlighted: number;
  is_featured: number;
  is_private: number;
  is_blind: number;
  is_notified_via_email: number;
  is_rush: number;
  is_featured_blog_post: number;
  is_recommended: number;
}

/** A contest length (GET /contests/types/{id}/lengths); 0 dollars for the standard week. */
export interface ContestLength {
  id: number;
  name: string;
  days: number;
  amount: number;
  is_rush: number;
}

/** The contest as the launch steps read it (the fields beyond the shared Contest shape). */
export interface LaunchContest extends Contest {
  is_featured: number;
  is_notified_via_email: number;
  is_featured_blog_post: number;
  is_added_queue: number;
  contest_type_pricing_id: number | null;
  contest_type_length_id: number | null;
}

export interface PriceLine {
  kind: 'package' | 'upgrade' | 'length';
  id: number;
  name: string;
  amount: number;
  list_amount: number;
}

/** PUT /contests/{id}/options: the server's priced answer. */
export interface OptionsView {
  contest: LaunchContest;
  upgrade_ids: number[];
  lines: PriceLine[];
  total_amount: number;
}

export interface OptionsChoice {
  contest_type_pricing_id: number;
  upgrade_ids: number[];
  contest_length_id: number | null;
}

export interface StepView {
  contest_id: number;
  step: number;
  has_brief: boolean;
  has_options: boolean;
}

async function data<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiClient.get<DataEnvelope<T>>(path, options)).data;
}

export const getContest = (id: number, options?: RequestOptions) => data<LaunchContest>(`/contests/${id}`, options);
export const getPricings = (typeId: number, options?: RequestOptions) => data<Pricing[]>(`/contests/types/${typeId}/pricings`, options);
export const getUpgrades = (typeId: number, options?: RequestOptions) => data<Upgrade[]>(`/contests/types/${typeId}/upgrades`, options);
export const getLengths = (typeId: number, options?: RequestOptions) => data<ContestLength[]>(`/contests/types/${typeId}/lengths`, options);
/** GET /contests/{id}/steps/{step}: where the launch flow of the contest stands. */
export const getStep = (id: number, step: number, options?: RequestOptions) => data<StepView>(`/contests/${id}/steps/${step}`, options);

/** Whether the caller holds the unlimited-upgrades subscription (code 2): upgrades are free. */
export async function hasFreeUpgrades(options?: RequestOptions): Promise<boolean> {
  const { data: active } = await apiClient.get<DataEnvelope<unknown[]>>('/subscriptions/active', {
    ...options,
    query: { 'filter[trigger_ids]': 2 },
  });
  return active.length > 0;
}

export async function setOptions(id: number, choice: OptionsChoice): Promise<OptionsView> {
  const { data: view } = await apiClient.put<DataEnvelope<OptionsView>>(`/contests/${id}/options`, choice);
  return view;
}

/** PUT /contests/{id}/requests: a subscriber asks to start the contest for free (approval 1, pending). */
export async function requestStart(id: number): Promise<LaunchContest> {
  const { data: contest } = await apiClient.put<DataEnvelope<LaunchContest>>(`/contests/${id}/requests`, { approval_status_id: 1 });
  return contest;
}

/** GET /payments/prices, by code: the payments feature's. */
export { getPrice } from '@/features/payments/api/prices';
