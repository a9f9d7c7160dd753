-- A designer's public side: the project work they prefer (projects doc, section 6:
-- "manages category, sub-category and service preferences") and their portfolio
-- (contests doc, sections 2, 3 and 7: additional items and contest entries).

-- One row per chosen category, sub-category or service: exactly one of the three is set.
CREATE TABLE designer_preference (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id             BIGINT NOT NULL CONSTRAINT designer_preference_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    project_category_id     BIGINT CONSTRAINT designer_preference_category_fk REFERENCES project_category (id) ON DELETE CASCADE,
    project_sub_category_id BIGINT CONSTRAINT designer_preference_sub_category_fk REFERENCES project_sub_category (id) ON DELETE CASCADE,
    project_service_id      BIGINT CONSTRAINT designer_preference_service_fk REFERENCES project_service (id) ON DELETE CASCADE,
    CONSTRAINT designer_preference_one_check CHECK (
        (CASE WHEN project_category_id IS NULL THEN 0 ELSE 1 END)
        + (CASE WHEN project_sub_category_id IS NULL THEN 0 ELSE 1 END)
        + (CASE WHEN project_service_id IS NULL THEN 0 ELSE 1 END) = 1)
);
CREATE INDEX designer_preference_user_idx ON designer_preference (app_user_id, id);

-- Images a designer shows with a service they prefer: their work of that kind (the
-- profile's Services tab, GET /users/{id}/project-preference/portfolios).
CREATE TABLE designer_preference_image (
    designer_preference_id BIGINT NOT NULL CONSTRAINT designer_preference_image_preference_fk REFERENCES designer_preference (id) ON DELETE CASCADE,
    file_id                BIGINT NOT NULL CONSTRAINT designer_preference_image_file_fk REFERENCES file (id),
    position               INTEGER NOT NULL,
    CONSTRAINT designer_preference_image_pkey PRIMARY KEY (designer_preference_id, file_id)
);
CREATE INDEX designer_preference_image_file_idx ON designer_preference_image (file_id);

-- portfolio_type_id: 1 Additional Portfolio (an upload of the designer's, shown as
-- 'PRIVATE PROJECT'), 2 Contest Entry (one of their entries in a public contest).
-- contest_type_id is the item's category.
CREATE TABLE portfolio_item (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id       BIGINT NOT NULL CONSTRAINT portfolio_item_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    portfolio_type_id SMALLINT NOT NULL CONSTRAINT portfolio_item_type_check CHECK (portfolio_type_id BETWEEN 1 AND 2),
    title             TEXT NOT NULL,
    description       TEXT NOT NULL DEFAULT '',
    contest_type_id   BIGINT NOT NULL CONSTRAINT portfolio_item_category_fk REFERENCES contest_type (id),
    file_id           BIGINT CONSTRAINT portfolio_item_file_fk REFERENCES file (id),
    contest_entry_id  BIGINT CONSTRAINT portfolio_item_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX portfolio_item_user_idx ON portfolio_item (app_user_id, id);
CREATE UNIQUE INDEX portfolio_item_entry_key ON portfolio_item (app_user_id, contest_entry_id);
CREATE INDEX portfolio_item_file_idx ON portfolio_item (file_id);
