-- The catalogue clients launch from: contest types with their brief questions,
-- and project categories, sub-categories and services. Ids of contest types are
-- the specification's (listing-title rules depend on them), so they are given, not generated.

CREATE TABLE contest_type (
    id                BIGINT PRIMARY KEY,
    title             TEXT NOT NULL,
    launch_brief_slug TEXT NOT NULL CONSTRAINT contest_type_slug_key UNIQUE,
    has_terms         SMALLINT NOT NULL DEFAULT 0,
    participate_terms TEXT,
    brief_html        TEXT NOT NULL DEFAULT '',
    only_tip_start    SMALLINT NOT NULL DEFAULT 0,
    is_quick_start    SMALLINT NOT NULL DEFAULT 0,
    -- naming contests (ids 11-15) take text entries instead of images
    is_naming         SMALLINT NOT NULL DEFAULT 0,
    position          INTEGER NOT NULL DEFAULT 0
);

-- form_field_type_id: 1 html, 2 text, 3 radio, 4 select, 5 checkbox, 6 textarea,
-- 7 multiselect, 8 image checkbox, 9 file, 10 slider, 11 rating, 12 date.
CREATE TABLE contest_type_question (
    id                 BIGINT PRIMARY KEY,
    contest_type_id    BIGINT NOT NULL CONSTRAINT contest_type_question_type_fk REFERENCES contest_type (id),
    form_field_type_id SMALLINT NOT NULL CONSTRAINT contest_type_question_field_check CHECK (form_field_type_id BETWEEN 1 AND 12),
    is_required        SMALLINT NOT NULL DEFAULT 0,
    is_title           SMALLINT NOT NULL DEFAULT 0,
    is_description     SMALLINT NOT NULL DEFAULT 0,
    is_quick_start     SMALLINT NOT NULL DEFAULT 0,
    title              TEXT NOT NULL,
    placeholder        TEXT,
    html_content       TEXT,
    position           INTEGER NOT NULL
);
CREATE INDEX contest_type_question_type_idx ON contest_type_question (contest_type_id, position);

CREATE TABLE contest_type_question_option (
    id                       BIGINT PRIMARY KEY,
    contest_type_question_id BIGINT NOT NULL CONSTRAINT question_option_question_fk REFERENCES contest_type_question (id),
    title                    TEXT NOT NULL,
    file_path                TEXT,
    title_left               TEXT,
    title_right              TEXT,
    value                    TEXT,
    position                 INTEGER NOT NULL
);
CREATE INDEX question_option_question_idx ON contest_type_question_option (contest_type_question_id, position);

CREATE TABLE project_category (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    title       TEXT NOT NULL,
    launch_slug TEXT NOT NULL CONSTRAINT project_category_slug_key UNIQUE,
    image_path  TEXT,
    position    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE project_sub_category (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    project_category_id BIGINT NOT NULL CONSTRAINT project_sub_category_category_fk REFERENCES project_category (id),
    title               TEXT NOT NULL,
    launch_slug         TEXT NOT NULL CONSTRAINT project_sub_category_slug_key UNIQUE,
    position            INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX project_sub_category_category_idx ON project_sub_category (project_category_id, position);

-- Amounts are integer cents.
CREATE TABLE project_service (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    project_category_id     BIGINT NOT NULL CONSTRAINT project_service_category_fk REFERENCES project_category (id),
    project_sub_category_id BIGINT NOT NULL CONSTRAINT project_service_sub_category_fk REFERENCES project_sub_category (id),
    title                   TEXT NOT NULL,
    launch_slug             TEXT NOT NULL CONSTRAINT project_service_slug_key UNIQUE,
    description             TEXT NOT NULL DEFAULT '',
    minimum_amount_cents    BIGINT NOT NULL,
    maximum_amount_cents    BIGINT NOT NULL,
    position                INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT project_service_amount_check CHECK (minimum_amount_cents >= 0 AND maximum_amount_cents >= minimum_amount_cents)
);
CREATE INDEX project_service_sub_category_idx ON project_service (project_sub_category_id, position);
