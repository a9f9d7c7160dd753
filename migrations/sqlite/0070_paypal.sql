-- PayPal payments (v1 Payments API) beside Stripe's, in the same table: the same
-- purposes, amounts, idempotency and effects. For a PayPal payment
-- `stripe_payment_intent_id` holds PayPal's payment id (`PAYID-...`), which never
-- collides with Stripe's `pi_...`, and `client_secret` is empty.
ALTER TABLE payment_transaction ADD COLUMN provider TEXT NOT NULL DEFAULT 'stripe'
    CONSTRAINT payment_provider_check CHECK (provider IN ('stripe', 'paypal'));
-- Where the payer approves the payment at PayPal (a retried create answers it again).
ALTER TABLE payment_transaction ADD COLUMN paypal_approval_url TEXT;
-- The payer PayPal named on the return, and the sale an execute made (refunds go to it).
ALTER TABLE payment_transaction ADD COLUMN paypal_payer_id TEXT;
ALTER TABLE payment_transaction ADD COLUMN paypal_sale_id TEXT;
