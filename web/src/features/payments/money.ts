/** Cents as dollars with cents ($848.00): a payment is shown to the cent it was charged. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
