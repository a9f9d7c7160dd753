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

/** One priced line of a quote, in cents: what it adds, and its catalogue price (struck through when lower). */
export interface PriceLine {
  kind: 'package' | 'upgrade' | 'length' | 'coupon' | 'extension' | 'prize' | string;
  id: number;
  name: string;
  list_cents: number;
  amount_cents: number;
}

/** POST /contests/{id}/quote: what a purchase costs, priced by the function the payment charges. */
export interface Quote {
  purpose: string;
  lines: PriceLine[];
  total_cents: number;
  /** False when the total is $0: nothing to pay. */
  payment_due: boolean;
}

/** What to price: the launch (default), upgrades, an extension or a prize increase. */
export interface QuoteRequest {
  purpose?: 'launch' | 'upgrade' | 'extend' | 'prize';
  contest_type_pricing_id?: number | null;
  upgrade_ids?: number[];
  contest_length_id?: number | null;
  /** Absent: the contest's own coupon; '': none. */
  coupon_code?: string;
  days?: number;
  amount?: number;
}

/** PUT /contests/{id}/options: the server's priced answer. */
export interface OptionsView {
  contest: LaunchContest;
  upgrade_ids: number[];
  quote: { lines: PriceLine[]; total_cents: number; coupon_code: string | null; free_upgrades: boolean };
}

export interface OptionsChoice {
  contest_type_pricing_id: number;
  upgrade_ids: number[];
  contest_length_id: number | null;
  /** '' removes the contest's coupon; absent keeps it. */
  coupon_code?: string;
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

/** POST /contests/{id}/quote (read-only). */
export async function getQuote(id: number, request: QuoteRequest, options?: RequestOptions): Promise<Quote> {
  const { data: quote } = await apiClient.post<DataEnvelope<Quote>>(`/contests/${id}/quote`, request, options);
  return quote;
}

/** POST /contests/{id}/upgrades/free: upgrades whose quote is $0 (the unlimited-upgrades subscription). */
export async function applyFreeUpgrades(id: number, upgradeIds: number[]): Promise<LaunchContest> {
  const { data: contest } = await apiClient.post<DataEnvelope<LaunchContest>>(`/contests/${id}/upgrades/free`, { upgrade_ids: upgradeIds });
  return contest;
}

/** PUT /contests/{id}/requests: a subscriber asks to start the contest for free (approval 1, pending). */
export async function requestStart(id: number): Promise<LaunchContest> {
  const { data: contest } = await apiClient.put<DataEnvelope<LaunchContest>>(`/contests/${id}/requests`, { approval_status_id: 1 });
  return contest;
}

/** GET /payments/prices, by code: the payments feature's. */
export { getPrice } from '@/lib/payments/prices';
