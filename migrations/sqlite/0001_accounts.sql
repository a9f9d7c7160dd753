-- Accounts, sign-in tokens, password resets, the mail outbox, and geography.
-- Times are epoch milliseconds (BIGINT, UTC). Flags are SMALLINT 0/1 (see store/mod.rs).

CREATE TABLE region (
    id   BIGINT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE country (
    id         BIGINT PRIMARY KEY,
    region_id  BIGINT NOT NULL CONSTRAINT country_region_fk REFERENCES region (id),
    name       TEXT NOT NULL,
    iso2       TEXT NOT NULL CONSTRAINT country_iso2_key UNIQUE,
    has_states SMALLINT NOT NULL DEFAULT 0
);
CREATE INDEX country_region_idx ON country (region_id, name);

-- tax_percentage_off: the sales-tax percentage applied to a cart total (projects doc, section 9).
CREATE TABLE state (
    id                 BIGINT PRIMARY KEY,
    country_id         BIGINT NOT NULL CONSTRAINT state_country_fk REFERENCES country (id),
    name               TEXT NOT NULL,
    code               TEXT NOT NULL,
    tax_percentage_off REAL NOT NULL DEFAULT 0,
    CONSTRAINT state_country_code_key UNIQUE (country_id, code)
);

CREATE TABLE app_user (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    username           TEXT NOT NULL,
    email              TEXT NOT NULL,
    name               TEXT NOT NULL,
    phone              TEXT,
    password_hash      TEXT NOT NULL,
    -- 1 admin, 2 client, 3 designer
    user_type_id       SMALLINT NOT NULL CONSTRAINT app_user_type_check CHECK (user_type_id IN (1, 2, 3)),
    -- 1 bronze, 2 silver, 3 gold, 4 platinum; designers only
    creative_level_id  SMALLINT CONSTRAINT app_user_level_check CHECK (creative_level_id BETWEEN 1 AND 4),
    is_active          SMALLINT NOT NULL DEFAULT 1,
    registration_step  SMALLINT NOT NULL DEFAULT 0,
    region_id          BIGINT CONSTRAINT app_user_region_fk REFERENCES region (id),
    country_id         BIGINT CONSTRAINT app_user_country_fk REFERENCES country (id),
    state_id           BIGINT CONSTRAINT app_user_state_fk REFERENCES state (id),
    city               TEXT,
    paypal_email       TEXT,
    about_self         TEXT,
    featured_bio       TEXT,
    qualification      TEXT NOT NULL DEFAULT '{}',
    has_subscribed     SMALLINT NOT NULL DEFAULT 0,
    referral_source    TEXT,
    rewardful_referral TEXT,
    profile_picture    TEXT,
    cover_pic          TEXT,
    terms_accepted_at  BIGINT,
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
-- Usernames and e-mails are unique regardless of case.
CREATE UNIQUE INDEX app_user_username_key ON app_user (LOWER(username));
CREATE UNIQUE INDEX app_user_email_key ON app_user (LOWER(email));

-- Bearer tokens: only a SHA-256 of the token is kept, so a database leak yields no session.
CREATE TABLE access_token (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id  BIGINT NOT NULL CONSTRAINT access_token_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL CONSTRAINT access_token_hash_key UNIQUE,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    revoked_at   BIGINT
);
CREATE INDEX access_token_user_idx ON access_token (app_user_id);
CREATE INDEX access_token_expiry_idx ON access_token (expires_at);

CREATE TABLE password_reset (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id BIGINT NOT NULL CONSTRAINT password_reset_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL CONSTRAINT password_reset_hash_key UNIQUE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX password_reset_expiry_idx ON password_reset (expires_at);

-- Outgoing mail. Rows stay here when no SMTP relay is configured; a sender marks sent_at.
CREATE TABLE mail_outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    to_address TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at    BIGINT,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE INDEX mail_outbox_unsent_idx ON mail_outbox (sent_at, id);
