import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** A price of a paid action no catalogue holds (GET /payments/prices); whole dollars. */
export type Price = Schema<'PriceView'>;

/** Stable price codes. */
export const PRICE_CODES = {
  extendDay: 'contest.extend.day',
  additionalDesign: 'contest.additional_design',
  /** Paid with the approved bid of a pay-to-start project (projects doc, section 9: 19). */
  projectListingFee: 'project.listing_fee',
} as const;

/** GET /payments/prices: what an extension day, an additional design or a project listing costs (clients, admins). */
export async function getPrices(options?: CallOptions): Promise<Price[]> {
  const { data } = await ok(api.GET('/payments/prices', { signal: options?.signal }));
  return data;
}

/** The price with `code` in whole dollars, or null when the server has none. */
export async function getPrice(code: string, options?: CallOptions): Promise<number | null> {
  const prices = await getPrices(options);
  return prices.find((price) => price.code === code)?.amount ?? null;
}
