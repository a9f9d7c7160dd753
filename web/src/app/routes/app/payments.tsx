import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const TransactionsPage = lazyComponent(() => import('@/features/payments/components/transactions-page').then((m) => m.TransactionsPage));

/** `/payments` (the header's Payments): the user's payments and their invoices. */
export function PaymentsRoute() {
  return <TransactionsPage />;
}
