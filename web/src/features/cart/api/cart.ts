import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Country, CountryId, Schema, State } from '@/types/api';

export type CartItem = Schema<'CartItemView'>;
export type CartTotals = Schema<'Data_TotalView'>['data'];
type CartPage = Schema<'Data_Page_CartItemView'>['data'];

/** The payment trigger of a tip cart item (contests doc, section 9). */
export const TIP_TRIGGER = 9;
/** Minimum tip and cart price (both documents, section 9). */
export const MIN_PRICE = 5;

/** GET /carts?page=N: one page of the caller's cart. */
export async function getCartPage(page: number, options?: CallOptions): Promise<CartPage> {
  const { data } = await ok(api.GET('/carts', { params: { query: { page } }, signal: options?.signal }));
  return data;
}

/** Every page of the cart, fetched page by page until no next page (projects doc, section 9). */
export async function getWholeCart(options?: CallOptions): Promise<CartItem[]> {
  const items: CartItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getCartPage(page, options);
    items.push(...answer.data);
    if (answer.next_page_url === null || answer.data.length === 0) return items;
  }
}

/** POST /carts: a tip on an entry (or, on a tip-only contest, the image bought); the server's toast text. */
export async function addToCart(contestId: number, entryId: number, price: number): Promise<{ data: CartItem; message: string }> {
  return ok(
    api.POST('/carts', {
      body: { price, contest_id: contestId, contest_entry_id: entryId, trigger_id: TIP_TRIGGER },
    }),
  );
}

/** PATCH /carts/{id}: a new price. */
export async function updatePrice(id: number, price: number): Promise<CartItem> {
  const { data } = await ok(api.PATCH('/carts/{id}', { params: { path: { id } }, body: { price } }));
  return data;
}

/** DELETE /carts/{id}. */
export async function removeItem(id: number): Promise<void> {
  await ok(api.DELETE('/carts/{id}', { params: { path: { id } } }));
}

/** GET /carts/totals: subtotal, the chosen state's sales tax and the payable total. */
export async function getTotals(countryId: number | null, stateId: number | null, options?: CallOptions): Promise<CartTotals> {
  const country_id = (countryId ?? undefined) as CountryId | undefined;
  const query = { country_id, state_id: stateId ?? undefined };
  const { data } = await ok(api.GET('/carts/totals', { params: { query }, signal: options?.signal }));
  return data;
}

/** POST /carts/free-awards: a subscriber's free awards, sent without a payment. */
export async function sendFreeAwards(): Promise<void> {
  await ok(api.POST('/carts/free-awards'));
}

/** GET /countries: every country, for the payment form. */
export async function getAllCountries(options?: CallOptions): Promise<Country[]> {
  const { data } = await ok(api.GET('/countries', { signal: options?.signal }));
  return data;
}

/** GET /countries/{id}/states. */
export async function getCountryStates(countryId: number, options?: CallOptions): Promise<State[]> {
  const { data } = await ok(api.GET('/countries/{id}/states', { params: { path: { id: countryId } }, signal: options?.signal }));
  return data;
}

/** The payment routes of the cart (create, update, finalize). */
export const CART_INTENTS = '/carts/payments/stripe/payment-intents';
