-- Commerce (server/src/commerce): coupons, referrals, subscriptions, the tipping cart
-- and the tips it turns into. Money is integer cents; times are epoch milliseconds.

-- A coupon of one contest type. Exactly one of percent_off / amount_off_cents is set.
-- app_user_id: only this user may use it (NULL: anyone). contest_type_pricing_id: only
-- for this package (NULL: any package). allows_custom_prize: valid for a custom prize
-- amount (no package). usage_limit: redemptions allowed in all (NULL: unlimited).
CREATE TABLE contest_type_coupon (
    id                      BIGSERIAL PRIMARY KEY,
    contest_type_id         BIGINT NOT NULL CONSTRAINT coupon_type_fk REFERENCES contest_type (id),
    code                    TEXT NOT NULL,
    percent_off             INTEGER,
    amount_off_cents        BIGINT,
    app_user_id             BIGINT CONSTRAINT coupon_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    contest_type_pricing_id BIGINT CONSTRAINT coupon_pricing_fk REFERENCES contest_type_pricing (id),
    allows_custom_prize     SMALLINT NOT NULL DEFAULT 0,
    usage_limit             INTEGER CONSTRAINT coupon_usage_limit_check CHECK (usage_limit > 0),
    created_by              BIGINT NOT NULL CONSTRAINT coupon_creator_fk REFERENCES app_user (id),
    created_at              BIGINT NOT NULL,
    deleted_at              BIGINT,
    CONSTRAINT coupon_discount_check CHECK (
        (percent_off IS NOT NULL AND amount_off_cents IS NULL AND percent_off BETWEEN 1 AND 100)
        OR (percent_off IS NULL AND amount_off_cents IS NOT NULL AND amount_off_cents > 0))
);
-- Codes are unique among live coupons regardless of case (validation looks them up so).
CREATE UNIQUE INDEX contest_type_coupon_code_key ON contest_type_coupon (LOWER(code)) WHERE deleted_at IS NULL;
CREATE INDEX contest_type_coupon_type_idx ON contest_type_coupon (contest_type_id, id);

-- A user applied a coupon (the validation call): the 24-hour window runs from the first application.
CREATE TABLE coupon_application (
    contest_type_coupon_id BIGINT NOT NULL CONSTRAINT coupon_application_coupon_fk REFERENCES contest_type_coupon (id) ON DELETE CASCADE,
    app_user_id            BIGINT NOT NULL CONSTRAINT coupon_application_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    applied_at             BIGINT NOT NULL,
    CONSTRAINT coupon_application_pkey PRIMARY KEY (contest_type_coupon_id, app_user_id)
);

-- A coupon used on a paid order (written by the payment's webhook); counts toward usage_limit.
CREATE TABLE coupon_redemption (
    id                     BIGSERIAL PRIMARY KEY,
    contest_type_coupon_id BIGINT NOT NULL CONSTRAINT coupon_redemption_coupon_fk REFERENCES contest_type_coupon (id) ON DELETE CASCADE,
    app_user_id            BIGINT NOT NULL CONSTRAINT coupon_redemption_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    contest_id             BIGINT CONSTRAINT coupon_redemption_contest_fk REFERENCES contest (id) ON DELETE SET NULL,
    payment_ref            TEXT NOT NULL,
    discount_cents         BIGINT NOT NULL,
    created_at             BIGINT NOT NULL,
    -- A webhook delivered twice redeems once.
    CONSTRAINT coupon_redemption_payment_key UNIQUE (contest_type_coupon_id, payment_ref)
);
CREATE INDEX coupon_redemption_coupon_idx ON coupon_redemption (contest_type_coupon_id);

-- Each user's referral code, made on first request.
CREATE TABLE referral_code (
    app_user_id BIGINT PRIMARY KEY CONSTRAINT referral_code_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    code        TEXT NOT NULL CONSTRAINT referral_code_code_key UNIQUE,
    created_at  BIGINT NOT NULL
);

-- A visit through someone's referral link: the cookie value (32 random digits) and when it was set.
CREATE TABLE referral_visit (
    cookie      TEXT PRIMARY KEY,
    referrer_id BIGINT NOT NULL CONSTRAINT referral_visit_referrer_fk REFERENCES app_user (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL
);

-- A sign-up credited to its referrer (the visit was within 720 hours).
CREATE TABLE referral (
    referred_user_id BIGINT PRIMARY KEY CONSTRAINT referral_referred_fk REFERENCES app_user (id) ON DELETE CASCADE,
    referrer_id      BIGINT NOT NULL CONSTRAINT referral_referrer_fk REFERENCES app_user (id) ON DELETE CASCADE,
    visited_at       BIGINT NOT NULL,
    created_at       BIGINT NOT NULL
);
CREATE INDEX referral_referrer_idx ON referral (referrer_id, created_at);

-- A client's subscription: trigger_id 2 unlimited upgrades, 13 unlimited contests.
-- status_id 1 pending payment, 2 active, 3 cancelled. One active per user and kind.
CREATE TABLE user_subscription (
    id           BIGSERIAL PRIMARY KEY,
    app_user_id  BIGINT NOT NULL CONSTRAINT user_subscription_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    trigger_id   SMALLINT NOT NULL CONSTRAINT user_subscription_trigger_check CHECK (trigger_id IN (2, 13)),
    amount_cents BIGINT NOT NULL,
    status_id    SMALLINT NOT NULL DEFAULT 1 CONSTRAINT user_subscription_status_check CHECK (status_id BETWEEN 1 AND 3),
    payment_ref  TEXT,
    created_at   BIGINT NOT NULL,
    activated_at BIGINT,
    cancelled_at BIGINT
);
CREATE UNIQUE INDEX user_subscription_active_key ON user_subscription (app_user_id, trigger_id) WHERE status_id = 2;
CREATE INDEX user_subscription_user_idx ON user_subscription (app_user_id, status_id);

-- The client's cart: tips (trigger 9) on entries of their contests, whole cents.
CREATE TABLE cart_item (
    id               BIGSERIAL PRIMARY KEY,
    app_user_id      BIGINT NOT NULL CONSTRAINT cart_item_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    contest_id       BIGINT NOT NULL CONSTRAINT cart_item_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    contest_entry_id BIGINT NOT NULL CONSTRAINT cart_item_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    trigger_id       SMALLINT NOT NULL DEFAULT 9,
    price_cents      BIGINT NOT NULL CONSTRAINT cart_item_price_check CHECK (price_cents >= 500),
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    CONSTRAINT cart_item_entry_key UNIQUE (app_user_id, contest_entry_id)
);
CREATE INDEX cart_item_user_idx ON cart_item (app_user_id, id);

-- A paid tip awaiting the admin: approval_status_id 1 pending, 2 approved, 3 rejected.
CREATE TABLE contest_entry_tip (
    id                 BIGSERIAL PRIMARY KEY,
    contest_id         BIGINT NOT NULL CONSTRAINT tip_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    contest_entry_id   BIGINT NOT NULL CONSTRAINT tip_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    created_by         BIGINT NOT NULL CONSTRAINT tip_client_fk REFERENCES app_user (id),
    designer_id        BIGINT NOT NULL CONSTRAINT tip_designer_fk REFERENCES app_user (id),
    amount_cents       BIGINT NOT NULL,
    approval_status_id SMALLINT NOT NULL DEFAULT 1 CONSTRAINT tip_approval_check CHECK (approval_status_id BETWEEN 1 AND 3),
    payment_ref        TEXT NOT NULL,
    created_at         BIGINT NOT NULL,
    decided_at         BIGINT,
    decided_by         BIGINT CONSTRAINT tip_decider_fk REFERENCES app_user (id),
    -- A webhook delivered twice tips once.
    CONSTRAINT contest_entry_tip_payment_key UNIQUE (payment_ref, contest_entry_id)
);
CREATE INDEX contest_entry_tip_status_idx ON contest_entry_tip (approval_status_id, id);
CREATE INDEX contest_entry_tip_designer_idx ON contest_entry_tip (designer_id, approval_status_id);
CREATE INDEX contest_entry_tip_client_idx ON contest_entry_tip (created_by, approval_status_id);
