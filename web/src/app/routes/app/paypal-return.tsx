import { PayPalReturnPage } from '@/features/payments/components/paypal-return-page';

/** `/payments/paypal/return`: PayPal sends the payer back here to finish (or after cancelling). */
export function PayPalReturnRoute() {
  return <PayPalReturnPage />;
}
