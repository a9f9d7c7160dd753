import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Contest, Schema } from '@/types/api';

/** A prize package of a contest type (GET /contests/types/{id}/pricings); whole dollars. */
export type Pricing = Schema<'PricingView'>;

/** An upgrade (GET /contests/types/{id}/upgrades); exactly one kind flag is 1. */
export type Upgrade = Schema<'UpgradeView'>;

/** A contest length (GET /contests/types/{id}/lengths); 0 dollars for the standard week. */
export type ContestLength = Schema<'LengthView'>;

/** The contest as the launch steps read it (its package, length, queue and upgrade flags). */
export type LaunchContest = Contest;

/** One priced line of a quote, in cents: what it adds, and its catalogue price (struck through when lower). */
export type PriceLine = Schema<'PriceLine'>;

/** POST /contests/{id}/quote: what a purchase costs, priced by the function the payment charges. */
export type Quote = Schema<'QuoteView'>;

/** What to price: the launch (default), upgrades, an extension (its days) or a prize increase (its amount). */
export type QuoteRequest = Schema<'QuoteBody'>;

/** PUT /contests/{id}/options: the server's priced answer. */
export type OptionsView = Omit<Schema<'OptionsView'>, 'contest'> & { contest: LaunchContest };

export interface OptionsChoice {
  contest_type_pricing_id: number;
  upgrade_ids: number[];
  contest_length_id: number | null;
  /** '' removes the contest's coupon; absent keeps it. */
  coupon_code?: string;
}

export type StepView = Schema<'StepView'>;

/** The contest of an answer: its status is one of the nine the contests document states. */
const launchContest = (contest: Schema<'ContestView'>) => contest as LaunchContest;

export async function getContest(id: number, options?: CallOptions): Promise<LaunchContest> {
  return launchContest((await ok(api.GET('/contests/{id}', { params: { path: { id } }, signal: options?.signal }))).data);
}

export async function getPricings(typeId: number, options?: CallOptions): Promise<Pricing[]> {
  return (await ok(api.GET('/contests/types/{id}/pricings', { params: { path: { id: typeId } }, signal: options?.signal }))).data;
}

export async function getUpgrades(typeId: number, options?: CallOptions): Promise<Upgrade[]> {
  return (await ok(api.GET('/contests/types/{id}/upgrades', { params: { path: { id: typeId } }, signal: options?.signal }))).data;
}

export async function getLengths(typeId: number, options?: CallOptions): Promise<ContestLength[]> {
  return (await ok(api.GET('/contests/types/{id}/lengths', { params: { path: { id: typeId } }, signal: options?.signal }))).data;
}

/** GET /contests/{id}/steps/{step}: where the launch flow of the contest stands. */
export async function getStep(id: number, step: number, options?: CallOptions): Promise<StepView> {
  return (await ok(api.GET('/contests/{id}/steps/{step}', { params: { path: { id, step } }, signal: options?.signal }))).data;
}

/** Whether the caller holds the unlimited-upgrades subscription (code 2): upgrades are free. */
export async function hasFreeUpgrades(options?: CallOptions): Promise<boolean> {
  const query = { 'filter[trigger_ids]': '2' };
  const { data: active } = await ok(api.GET('/subscriptions/active', { params: { query }, signal: options?.signal }));
  return active.length > 0;
}

export async function setOptions(id: number, choice: OptionsChoice): Promise<OptionsView> {
  const { data: view } = await ok(api.PUT('/contests/{id}/options', { params: { path: { id } }, body: choice }));
  return { ...view, contest: launchContest(view.contest) };
}

/** POST /contests/{id}/quote (read-only). */
export async function getQuote(id: number, request: QuoteRequest, options?: CallOptions): Promise<Quote> {
  const { data: quote } = await ok(api.POST('/contests/{id}/quote', { params: { path: { id } }, body: request, signal: options?.signal }));
  return quote;
}

/** POST /contests/{id}/upgrades/free: upgrades whose quote is $0 (the unlimited-upgrades subscription). */
export async function applyFreeUpgrades(id: number, upgradeIds: number[]): Promise<LaunchContest> {
  const body = { upgrade_ids: upgradeIds };
  return launchContest((await ok(api.POST('/contests/{id}/upgrades/free', { params: { path: { id } }, body }))).data);
}

/** PUT /contests/{id}/requests: a subscriber asks to start the contest for free (approval 1, pending). */
export async function requestStart(id: number): Promise<LaunchContest> {
  const body = { approval_status_id: 1 as const };
  return launchContest((await ok(api.PUT('/contests/{id}/requests', { params: { path: { id } }, body }))).data);
}

/** GET /payments/prices, by code: the payments feature's. */
export { getPrice } from '@/lib/payments/prices';

/** POST /contests/{id}/launch/free: starts a contest its coupon covers whole (a $0 launch, recorded and invoiced). */
export async function launchFree(id: number): Promise<LaunchContest> {
  return launchContest((await ok(api.POST('/contests/{id}/launch/free', { params: { path: { id } } }))).data);
}
