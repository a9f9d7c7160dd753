-- The project listing fee (projects doc, section 9: "Project listing fee 19"), charged
-- with the approval of the first bid of a pay-to-start project (not a subscription's
-- queued project), read by that payment and shown by GET /payments/prices.
INSERT INTO payment_price (code, amount_cents, description) VALUES
    ('project.listing_fee', 1900, 'Listing a pay-to-start project');
