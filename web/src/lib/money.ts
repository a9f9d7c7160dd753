/**
 * Money, the one way it is shown: US dollars, in two styles.
 *
 * - **Exact** (`exactCents`, `exactDollars`): always to the cent, "$848.00". For what was charged
 *   or paid and for ledgers (payments, carts, earnings, tips, payouts), where the cents matter.
 * - **Price tag** (`priceCents`, `priceDollars`): whole dollars bare, anything else to the cent,
 *   "$848", "$449.10" (never "$449.1"). For prices, prizes and budgets.
 *
 * The separators are the invoices' in both languages ("$1,234.50", not "$1.234,50" in Spanish):
 * every amount is in US dollars and must read as the server's invoices and receipts write it, so a
 * Spanish reader comparing a receipt with the screen sees the same figure. Strings that show money
 * take the formatted amount (`{{amount}}`) and never write the "$" themselves.
 */

/** The figure without the sign: "1,234.50" (`exact`), "1,234" or "1,234.50" (price tag). */
function figure(cents: number, exact: boolean): string {
  const digits = exact || cents % 100 !== 0 ? 2 : 0;
  return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Dollars to whole cents, as the server charges them (floating sums round to the cent). */
const toCents = (amount: number) => Math.round(amount * 100);

/** Cents to the cent: "$848.00", "$1,234.50". */
export function exactCents(cents: number): string {
  return `$${figure(cents, true)}`;
}

/** Dollars to the cent: "$848.00", "$449.10". */
export function exactDollars(amount: number): string {
  return exactCents(toCents(amount));
}

/** Cents as a price tag: "$449", "$44.91" (decimals only when there are any). */
export function priceCents(cents: number): string {
  return `$${figure(cents, false)}`;
}

/** Dollars as a price tag: "$848", "$449.10" (never "$449.1"). */
export function priceDollars(amount: number): string {
  return priceCents(toCents(amount));
}

/**
 * Dollars as the figure alone ("449.10", "1,234"), for a template that writes the "$" itself: the
 * server's notification templates ("{username} bid ${amount} on {project}"), which the client's
 * English must repeat word for word.
 */
export function dollarFigure(amount: number, style: 'exact' | 'price'): string {
  return figure(toCents(amount), style === 'exact');
}
