-- A purchase whose price is $0 (a launch fully covered by its coupon) is recorded like any
-- other, with nothing charged: amount 0 and provider 'none' (no card, no PayPal). A payment an
-- admin records as taken outside Vitrine (a manual transaction, reason 12) has provider 'manual'.
ALTER TABLE payment_transaction DROP CONSTRAINT payment_amount_check;
ALTER TABLE payment_transaction ADD CONSTRAINT payment_amount_check CHECK (amount_cents >= 0);
ALTER TABLE payment_transaction DROP CONSTRAINT payment_provider_check;
ALTER TABLE payment_transaction ADD CONSTRAINT payment_provider_check CHECK (provider IN ('stripe', 'paypal', 'none', 'manual'));
