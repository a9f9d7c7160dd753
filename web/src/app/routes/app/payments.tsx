import { TransactionsPage } from '@/features/payments/components/transactions-page';

/** `/payments` (the header's Payments): the user's payments and their invoices. */
export function PaymentsRoute() {
  return <TransactionsPage />;
}
