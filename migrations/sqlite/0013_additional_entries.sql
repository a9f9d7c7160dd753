-- Additional entries: a contest holder buys a design other than the winner's (the
-- "buy additional designs" of the contests document; default price 100, section 9).
-- status_id: 1 requested (unpaid), 2 paid (the designer owes the final files),
-- 3 files uploaded, 4 credited to the designer. Payments (or an admin recording a
-- manual transaction) move 1 -> 2; the designer's upload moves 2 -> 3; an admin 3 -> 4.
CREATE TABLE additional_entry (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_id       BIGINT NOT NULL CONSTRAINT additional_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    contest_entry_id BIGINT NOT NULL CONSTRAINT additional_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    client_id        BIGINT NOT NULL CONSTRAINT additional_client_fk REFERENCES app_user (id),
    designer_id      BIGINT NOT NULL CONSTRAINT additional_designer_fk REFERENCES app_user (id),
    amount_cents     BIGINT NOT NULL CONSTRAINT additional_amount_check CHECK (amount_cents > 0),
    status_id        SMALLINT NOT NULL DEFAULT 1 CONSTRAINT additional_status_check CHECK (status_id BETWEEN 1 AND 4),
    paid_at          BIGINT,
    uploaded_at      BIGINT,
    credited_at      BIGINT,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    -- An entry is bought once.
    CONSTRAINT additional_entry_key UNIQUE (contest_entry_id)
);
CREATE INDEX additional_client_idx ON additional_entry (client_id, id);
CREATE INDEX additional_designer_idx ON additional_entry (designer_id, id);
CREATE INDEX additional_status_idx ON additional_entry (status_id, id);
