-- The ledger: every cent in and out as a journal entry whose lines balance (their amounts sum
-- to zero). An entry is recorded once, whatever is retried: its key names what it records
-- (`payment:<id>`, `refund:<id>:<refunded total>`, `credit:<kind>:<id>`, `payout:<kind>:<id>`...).
-- A line moves `amount_cents` into one account (negative: out of it): the payer's, a
-- designer's (owed to them), money held for work not yet credited (a prize, a tip awaiting
-- approval), the platform's fee, tax, a refund due, or a payout sent. A designer's line
-- names the work it pays for (a payout's kind and source id), with its title and its
-- contest or project as the screens show them.
CREATE TABLE ledger_entry (
    id          BIGSERIAL PRIMARY KEY,
    entry_key   TEXT NOT NULL CONSTRAINT ledger_entry_key UNIQUE,
    kind        TEXT NOT NULL CONSTRAINT ledger_entry_kind_check
                CHECK (kind IN ('payment', 'refund_due', 'refund', 'credit', 'payout')),
    purpose     TEXT NOT NULL,
    payment_id  BIGINT CONSTRAINT ledger_entry_payment_fk REFERENCES payment_transaction (id),
    created_at  BIGINT NOT NULL
);
CREATE INDEX ledger_entry_payment_idx ON ledger_entry (payment_id);
CREATE TABLE ledger_line (
    id            BIGSERIAL PRIMARY KEY,
    entry_id      BIGINT NOT NULL CONSTRAINT ledger_line_entry_fk REFERENCES ledger_entry (id),
    account       TEXT NOT NULL CONSTRAINT ledger_line_account_check
                  CHECK (account IN ('payer', 'designer', 'held', 'fee', 'tax', 'refund_due', 'paid_out')),
    party_id      BIGINT CONSTRAINT ledger_line_party_fk REFERENCES app_user (id),
    work_kind     TEXT,
    work_id       BIGINT,
    title         TEXT,
    contest_id    BIGINT,
    project_id    BIGINT,
    amount_cents  BIGINT NOT NULL
);
CREATE INDEX ledger_line_entry_idx ON ledger_line (entry_id);
CREATE INDEX ledger_line_account_idx ON ledger_line (account, party_id);
CREATE INDEX ledger_line_work_idx ON ledger_line (work_kind, work_id);
