-- The marketplace (contests doc, sections 2, 3 and 7): designers list non-winning entries
-- of finished contests for sale, in a category and with tags kept by admins, and clients
-- buy full rights to them.

-- Categories a listing is filed under (the For Sale tab's "All Categories" dropdown).
CREATE TABLE marketplace_category (
    id         BIGSERIAL PRIMARY KEY,
    title      TEXT NOT NULL CONSTRAINT marketplace_category_title_key UNIQUE,
    is_active  SMALLINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Tags a listing may carry (searchable words kept by admins).
CREATE TABLE marketplace_tag (
    id         BIGSERIAL PRIMARY KEY,
    title      TEXT NOT NULL CONSTRAINT marketplace_tag_title_key UNIQUE,
    is_active  SMALLINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- One entry for sale. A sold listing stays (sold_to, sold_at, the payment) and leaves the
-- marketplace; is_hidden takes it out without selling (the designer or an admin).
CREATE TABLE marketplace_entry (
    contest_entry_id        BIGINT PRIMARY KEY CONSTRAINT marketplace_entry_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    contest_id              BIGINT NOT NULL CONSTRAINT marketplace_entry_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    app_user_id             BIGINT NOT NULL CONSTRAINT marketplace_entry_user_fk REFERENCES app_user (id),
    marketplace_category_id BIGINT CONSTRAINT marketplace_entry_category_fk REFERENCES marketplace_category (id),
    title                   TEXT NOT NULL,
    description             TEXT NOT NULL DEFAULT '',
    sale_price_cents        BIGINT NOT NULL CONSTRAINT marketplace_entry_price_check CHECK (sale_price_cents > 0),
    is_hidden               SMALLINT NOT NULL DEFAULT 0,
    sold_to                 BIGINT CONSTRAINT marketplace_entry_buyer_fk REFERENCES app_user (id),
    sold_at                 BIGINT,
    payment_transaction_id  BIGINT,
    created_at              BIGINT NOT NULL,
    updated_at              BIGINT NOT NULL
);
CREATE INDEX marketplace_entry_user_idx ON marketplace_entry (app_user_id, sold_at, contest_entry_id);
CREATE INDEX marketplace_entry_contest_idx ON marketplace_entry (contest_id, sold_at);

CREATE TABLE marketplace_entry_tag (
    contest_entry_id   BIGINT NOT NULL CONSTRAINT marketplace_entry_tag_entry_fk REFERENCES marketplace_entry (contest_entry_id) ON DELETE CASCADE,
    marketplace_tag_id BIGINT NOT NULL CONSTRAINT marketplace_entry_tag_tag_fk REFERENCES marketplace_tag (id) ON DELETE CASCADE,
    CONSTRAINT marketplace_entry_tag_pkey PRIMARY KEY (contest_entry_id, marketplace_tag_id)
);

INSERT INTO marketplace_category (title, is_active, created_at, updated_at) VALUES
    ('Logos', 1, 0, 0), ('Illustrations', 1, 0, 0), ('Web Designs', 1, 0, 0), ('T-Shirts', 1, 0, 0);
