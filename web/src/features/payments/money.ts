/** Cents as dollars with cents ($848.00): a payment is shown to the cent it was charged. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Cents as a price tag: "$449", "$44.91" (decimals only when there are any). */
export function usdCents(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}

/**
 * An amount in dollars as a price tag: whole dollars bare ($848), anything else to the cent
 * ($449.10, never $449.1). Amounts are rounded to the cent first, as the server charges them.
 */
export function usd(amount: number): string {
  return usdCents(Math.round(amount * 100));
}
