-- The price of an additional design (contests doc, section 9: default 100), read by the
-- purchase and shown by GET /payments/prices.
INSERT INTO payment_price (code, amount_cents, description) VALUES
    ('contest.additional_design', 10000, 'Buying a design besides the winner''s');
