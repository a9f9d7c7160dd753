-- Designers are owed tips (and subscribers' free awards) once an admin approves them, and
-- the price of a design sold in the marketplace once it is paid: a payout row may settle
-- those too (source: the tip, or the sold entry). SQLite changes a CHECK by rebuilding
-- the table (nothing references it).
CREATE TABLE designer_payout_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT NOT NULL CONSTRAINT designer_payout_kind_check
                  CHECK (kind IN ('contest', 'additional_entry', 'project', 'tip', 'free_award', 'sale')),
    source_id     BIGINT NOT NULL,
    designer_id   BIGINT NOT NULL CONSTRAINT designer_payout_designer_fk REFERENCES app_user (id),
    amount_cents  BIGINT NOT NULL,
    reference     TEXT,
    paid_by       BIGINT NOT NULL CONSTRAINT designer_payout_admin_fk REFERENCES app_user (id),
    paid_at       BIGINT NOT NULL,
    CONSTRAINT designer_payout_source_key UNIQUE (kind, source_id)
);
INSERT INTO designer_payout_new (id, kind, source_id, designer_id, amount_cents, reference, paid_by, paid_at)
    SELECT id, kind, source_id, designer_id, amount_cents, reference, paid_by, paid_at FROM designer_payout;
DROP TABLE designer_payout;
ALTER TABLE designer_payout_new RENAME TO designer_payout;
CREATE INDEX designer_payout_designer_idx ON designer_payout (designer_id, id);
