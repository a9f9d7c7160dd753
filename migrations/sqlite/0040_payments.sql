-- Payments through Stripe (contests doc, sections 3-9; projects doc, project payments).
-- Money is integer US cents. Stripe holds the cards; we keep what the payment
-- methods page shows of them and which one is default or backup.

-- A user's Stripe customer, made on first need (a setup intent, a payment).
CREATE TABLE stripe_customer (
    app_user_id        BIGINT PRIMARY KEY CONSTRAINT stripe_customer_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    stripe_customer_id TEXT NOT NULL CONSTRAINT stripe_customer_stripe_key UNIQUE,
    created_at         BIGINT NOT NULL
);

-- A saved card. object: 'payment_method' (pm_..., saved through a setup intent) or
-- 'legacy' (a card source of the older token flow). One default and one backup per user.
CREATE TABLE customer_card (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id  BIGINT NOT NULL CONSTRAINT customer_card_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    object       TEXT NOT NULL CONSTRAINT customer_card_object_check CHECK (object IN ('payment_method', 'legacy')),
    stripe_id    TEXT NOT NULL CONSTRAINT customer_card_stripe_key UNIQUE,
    brand        TEXT NOT NULL,
    last4        TEXT NOT NULL,
    exp_month    INTEGER NOT NULL,
    exp_year     INTEGER NOT NULL,
    is_default   SMALLINT NOT NULL DEFAULT 0,
    is_backup    SMALLINT NOT NULL DEFAULT 0,
    -- Set by the first successful payment: until then the CVC is asked again.
    last_paid_at BIGINT,
    created_at   BIGINT NOT NULL,
    CONSTRAINT customer_card_role_check CHECK (is_default + is_backup <= 1)
);
CREATE INDEX customer_card_user_idx ON customer_card (app_user_id, id);
CREATE UNIQUE INDEX customer_card_default_key ON customer_card (app_user_id) WHERE is_default = 1;
CREATE UNIQUE INDEX customer_card_backup_key ON customer_card (app_user_id) WHERE is_backup = 1;

-- One payment: what it pays for (purpose and its ids), the amount computed from
-- database prices, its Stripe payment intent, and where it stands.
-- status_id: 1 unpaid, 2 paid (contests doc, section 4). state tells more:
-- open, failed (the last attempt was declined; it can be retried), paid, refunded.
CREATE TABLE payment_transaction (
    id                       INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id              BIGINT NOT NULL CONSTRAINT payment_user_fk REFERENCES app_user (id),
    purpose                  TEXT NOT NULL,
    trigger_id               SMALLINT NOT NULL,
    reason_id                SMALLINT NOT NULL,
    contest_id               BIGINT CONSTRAINT payment_contest_fk REFERENCES contest (id) ON DELETE SET NULL,
    project_id               BIGINT CONSTRAINT payment_project_fk REFERENCES project (id) ON DELETE SET NULL,
    -- The bid or additional entry paid for, the extension days, the prize raise...
    subject_id               BIGINT,
    -- What the amount was computed from (upgrade ids, days), JSON, read whole.
    details                  TEXT NOT NULL DEFAULT '{}',
    amount_cents             BIGINT NOT NULL CONSTRAINT payment_amount_check CHECK (amount_cents > 0),
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
    -- A retried create with the same key is the same payment.
    CONSTRAINT payment_idempotency_key UNIQUE (app_user_id, idempotency_key)
);
CREATE INDEX payment_user_idx ON payment_transaction (app_user_id, id);
CREATE INDEX payment_contest_idx ON payment_transaction (contest_id, id);

-- Stripe events already handled: a redelivered event is acknowledged and ignored.
CREATE TABLE stripe_event (
    id          TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

-- Single-use links to a contest's invoice (store::one_time_tokens).
CREATE TABLE invoice_download_token (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_id  BIGINT NOT NULL CONSTRAINT invoice_token_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    app_user_id BIGINT NOT NULL CONSTRAINT invoice_token_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL CONSTRAINT invoice_token_hash_key UNIQUE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX invoice_token_expiry_idx ON invoice_download_token (expires_at);

-- Prices of paid actions that no catalogue table holds, by stable code. Whole dollars.
CREATE TABLE payment_price (
    code         TEXT PRIMARY KEY,
    amount_cents BIGINT NOT NULL CONSTRAINT payment_price_amount_check CHECK (amount_cents >= 0 AND amount_cents % 100 = 0),
    description  TEXT NOT NULL
);
INSERT INTO payment_price (code, amount_cents, description) VALUES
    ('contest.extend.day', 1000, 'Extending a running contest, per day');
