-- A purchase whose price is $0 (a launch fully covered by its coupon) is recorded like any
-- other, with nothing charged: amount 0 and provider 'none' (no card, no PayPal). A payment an
-- admin records as taken outside Vitrine (a manual transaction, reason 12) has provider 'manual'. SQLite
-- changes a CHECK by rebuilding the table (no table references it).
CREATE TABLE payment_transaction_new (
    id                       INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id              BIGINT NOT NULL CONSTRAINT payment_user_fk REFERENCES app_user (id),
    purpose                  TEXT NOT NULL,
    trigger_id               SMALLINT NOT NULL,
    reason_id                SMALLINT NOT NULL,
    contest_id               BIGINT CONSTRAINT payment_contest_fk REFERENCES contest (id) ON DELETE SET NULL,
    project_id               BIGINT CONSTRAINT payment_project_fk REFERENCES project (id) ON DELETE SET NULL,
    subject_id               BIGINT,
    details                  TEXT NOT NULL DEFAULT '{}',
    amount_cents             BIGINT NOT NULL CONSTRAINT payment_amount_check CHECK (amount_cents >= 0),
    currency                 TEXT NOT NULL DEFAULT 'usd',
    status_id                SMALLINT NOT NULL DEFAULT 1 CONSTRAINT payment_status_check CHECK (status_id IN (1, 2)),
    state                    TEXT NOT NULL DEFAULT 'open'
        CONSTRAINT payment_state_check CHECK (state IN ('open', 'failed', 'paid', 'refunded')),
    stripe_payment_intent_id TEXT NOT NULL CONSTRAINT payment_intent_key UNIQUE,
    client_secret            TEXT NOT NULL,
    idempotency_key          TEXT NOT NULL,
    customer_card_id         BIGINT CONSTRAINT payment_card_fk REFERENCES customer_card (id) ON DELETE SET NULL,
    failure_message          TEXT,
    refunded_cents           BIGINT NOT NULL DEFAULT 0,
    paid_at                  BIGINT,
    created_at               BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL,
    provider                 TEXT NOT NULL DEFAULT 'stripe'
        CONSTRAINT payment_provider_check CHECK (provider IN ('stripe', 'paypal', 'none', 'manual')),
    paypal_approval_url      TEXT,
    paypal_payer_id          TEXT,
    paypal_sale_id           TEXT,
    CONSTRAINT payment_idempotency_key UNIQUE (app_user_id, idempotency_key)
);
INSERT INTO payment_transaction_new (id, app_user_id, purpose, trigger_id, reason_id, contest_id, project_id,
    subject_id, details, amount_cents, currency, status_id, state, stripe_payment_intent_id, client_secret,
    idempotency_key, customer_card_id, failure_message, refunded_cents, paid_at, created_at, updated_at, provider,
    paypal_approval_url, paypal_payer_id, paypal_sale_id)
SELECT id, app_user_id, purpose, trigger_id, reason_id, contest_id, project_id,
    subject_id, details, amount_cents, currency, status_id, state, stripe_payment_intent_id, client_secret,
    idempotency_key, customer_card_id, failure_message, refunded_cents, paid_at, created_at, updated_at, provider,
    paypal_approval_url, paypal_payer_id, paypal_sale_id
FROM payment_transaction;
DROP TABLE payment_transaction;
ALTER TABLE payment_transaction_new RENAME TO payment_transaction;
CREATE INDEX payment_user_idx ON payment_transaction (app_user_id, id);
CREATE INDEX payment_contest_idx ON payment_transaction (contest_id, id);
