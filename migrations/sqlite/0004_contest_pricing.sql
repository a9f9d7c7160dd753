-- What a contest costs: prize packages per contest type, the upgrades a contest
-- can buy (and which types offer them), and how long a contest runs.
--
-- Amounts are integer cents, always whole dollars: the API shows USD without
-- decimals (`amount: 199`), so a checked `% 100 = 0` keeps that exact.
-- Ids are given, not generated (as for contest types): contests store the id of
-- the package and length they bought, so ids must mean the same in every deployment.

-- Bronze, Silver, Gold, Platinum for each type: what the client pays and the prize
-- the winning designer receives out of it.
CREATE TABLE contest_type_pricing (
    id                         BIGINT PRIMARY KEY,
    contest_type_id            BIGINT NOT NULL CONSTRAINT contest_type_pricing_type_fk REFERENCES contest_type (id),
    name                       TEXT NOT NULL,
    amount_cents               BIGINT NOT NULL,
    winning_entry_amount_cents BIGINT NOT NULL,
    is_recommended             SMALLINT NOT NULL DEFAULT 0,
    position                   INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT contest_type_pricing_name_key UNIQUE (contest_type_id, name),
    CONSTRAINT contest_type_pricing_amount_check CHECK (
        winning_entry_amount_cents > 0 AND amount_cents >= winning_entry_amount_cents
        AND amount_cents % 100 = 0 AND winning_entry_amount_cents % 100 = 0)
);
CREATE INDEX contest_type_pricing_type_idx ON contest_type_pricing (contest_type_id, position);
-- At most one package per type carries the 'recommended' tag.
CREATE UNIQUE INDEX contest_type_pricing_recommended_key ON contest_type_pricing (contest_type_id) WHERE is_recommended = 1;

-- One row per upgrade product, whatever the contest type: a contest's purchased
-- upgrade points at one id and one price. Exactly one kind flag is set (contests
-- doc, section 9: highlighted, featured, private, blind, e-mail notification,
-- rush, featured blog post); is_recommended is the modal's tag, not a kind.
CREATE TABLE contest_upgrade (
    id                    BIGINT PRIMARY KEY,
    name                  TEXT NOT NULL,
    description           TEXT NOT NULL DEFAULT '',
    amount_cents          BIGINT NOT NULL,
    is_highlighted        SMALLINT NOT NULL DEFAULT 0,
    is_featured           SMALLINT NOT NULL DEFAULT 0,
    is_private            SMALLINT NOT NULL DEFAULT 0,
    is_blind              SMALLINT NOT NULL DEFAULT 0,
    is_notified_via_email SMALLINT NOT NULL DEFAULT 0,
    is_rush               SMALLINT NOT NULL DEFAULT 0,
    is_featured_blog_post SMALLINT NOT NULL DEFAULT 0,
    is_recommended        SMALLINT NOT NULL DEFAULT 0,
    position              INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT contest_upgrade_amount_check CHECK (amount_cents >= 0 AND amount_cents % 100 = 0),
    CONSTRAINT contest_upgrade_one_kind_check CHECK (
        is_highlighted + is_featured + is_private + is_blind + is_notified_via_email + is_rush + is_featured_blog_post = 1)
);

-- Which upgrades each contest type offers (tip-only photo edits skip the promotion ones).
CREATE TABLE contest_type_upgrade (
    contest_type_id    BIGINT NOT NULL CONSTRAINT contest_type_upgrade_type_fk REFERENCES contest_type (id),
    contest_upgrade_id BIGINT NOT NULL CONSTRAINT contest_type_upgrade_upgrade_fk REFERENCES contest_upgrade (id),
    CONSTRAINT contest_type_upgrade_pkey PRIMARY KEY (contest_type_id, contest_upgrade_id)
);

-- How long a contest accepts entries. The same menu for every type: the standard
-- week is free, shorter ones cost extra and the shortest are rush. Read whole
-- (a handful of rows), so it needs no index beyond its keys.
CREATE TABLE contest_length (
    id           BIGINT PRIMARY KEY,
    name         TEXT NOT NULL,
    days         INTEGER NOT NULL,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    is_rush      SMALLINT NOT NULL DEFAULT 0,
    position     INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT contest_length_days_key UNIQUE (days),
    CONSTRAINT contest_length_days_check CHECK (days BETWEEN 1 AND 30),
    CONSTRAINT contest_length_amount_check CHECK (amount_cents >= 0 AND amount_cents % 100 = 0)
);
