-- Projects, launched from a brief (projects doc, sections 3 and 5), their bids and
-- bid discussions, and invites. `project` and `bid` started in 0003_realtime with the
-- columns the hub's access rules read; this adds the rest.
--
-- project.status_id (server/src/projects/status.rs): 1 live (accepting bids), 2 paid
-- (a bid approved; work in progress), 3 delivered (final files up, awaiting
-- verification), 4 closed without a bid chosen, 5 cancelled, 6 completed.
-- Budgets and amounts are integer cents; custom timeline dates are 'YYYY-MM-DD'.

-- The slideshow of a service on the launch page.
CREATE TABLE project_service_image (
    id                 BIGSERIAL PRIMARY KEY,
    project_service_id BIGINT NOT NULL CONSTRAINT project_service_image_service_fk REFERENCES project_service (id) ON DELETE CASCADE,
    file_path          TEXT NOT NULL,
    position           INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX project_service_image_service_idx ON project_service_image (project_service_id, position);

ALTER TABLE project_sub_category ADD COLUMN image_path TEXT;

-- The brief questions of a category; form_field_type_id as contest_type_question.
-- Ids are given (seeded: category * 100 + position) so that answers stay readable.
CREATE TABLE project_question (
    id                    BIGINT PRIMARY KEY,
    project_category_id   BIGINT NOT NULL CONSTRAINT project_question_category_fk REFERENCES project_category (id) ON DELETE CASCADE,
    form_field_type_id    SMALLINT NOT NULL CONSTRAINT project_question_field_check CHECK (form_field_type_id BETWEEN 1 AND 12),
    is_required           SMALLINT NOT NULL DEFAULT 0,
    is_title              SMALLINT NOT NULL DEFAULT 0,
    is_description        SMALLINT NOT NULL DEFAULT 0,
    is_subscription_modal SMALLINT NOT NULL DEFAULT 0,
    title                 TEXT NOT NULL,
    title_bracket         TEXT,
    placeholder           TEXT,
    html_content          TEXT,
    position              INTEGER NOT NULL
);
CREATE INDEX project_question_category_idx ON project_question (project_category_id, position);

CREATE TABLE project_question_option (
    id                  BIGINT PRIMARY KEY,
    project_question_id BIGINT NOT NULL CONSTRAINT project_question_option_question_fk REFERENCES project_question (id) ON DELETE CASCADE,
    title               TEXT NOT NULL,
    file_path           TEXT,
    title_left          TEXT,
    title_right         TEXT,
    value               TEXT,
    position            INTEGER NOT NULL
);
CREATE INDEX project_question_option_question_idx ON project_question_option (project_question_id, position);

ALTER TABLE project ADD COLUMN project_category_id BIGINT CONSTRAINT project_category_fk REFERENCES project_category (id);
ALTER TABLE project ADD COLUMN project_sub_category_id BIGINT CONSTRAINT project_sub_category_fk REFERENCES project_sub_category (id);
ALTER TABLE project ADD COLUMN project_service_id BIGINT CONSTRAINT project_service_fk REFERENCES project_service (id);
ALTER TABLE project ADD COLUMN description TEXT NOT NULL DEFAULT '';
-- Null only for subscription projects launched without one.
ALTER TABLE project ADD COLUMN budget_cents BIGINT;
-- 2, 7, 14 or 30 days; null with a custom range (or none, for subscription projects).
ALTER TABLE project ADD COLUMN timeline SMALLINT;
ALTER TABLE project ADD COLUMN timeline_range_start TEXT;
ALTER TABLE project ADD COLUMN timeline_range_end TEXT;
-- 1: queued under the client's subscription; 0: pay to start.
ALTER TABLE project ADD COLUMN is_subscription SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE project ADD COLUMN referral_source TEXT;
ALTER TABLE project ADD COLUMN country_id BIGINT;
ALTER TABLE project ADD COLUMN state_id BIGINT;
-- An admin's own marker, never shown to users.
ALTER TABLE project ADD COLUMN internal_status_id BIGINT;
ALTER TABLE project ADD COLUMN approved_bid_id BIGINT;
CREATE INDEX project_status_idx ON project (status_id, id);

CREATE TABLE project_brief_answer (
    project_id            BIGINT NOT NULL CONSTRAINT project_brief_answer_project_fk REFERENCES project (id) ON DELETE CASCADE,
    project_question_id   BIGINT NOT NULL CONSTRAINT project_brief_answer_question_fk REFERENCES project_question (id),
    form_field_type_id    SMALLINT NOT NULL,
    answer                TEXT,
    -- JSON arrays: option ids, {id, value} slider positions, file ids.
    answer_options        TEXT NOT NULL DEFAULT '[]',
    answer_slider_options TEXT NOT NULL DEFAULT '[]',
    answer_file_ids       TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT project_brief_answer_pkey PRIMARY KEY (project_id, project_question_id)
);

-- bid.status_id: 1 open, 2 approved.
ALTER TABLE bid ADD COLUMN amount_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bid ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE bid ADD COLUMN status_id SMALLINT NOT NULL DEFAULT 1;
ALTER TABLE bid ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
-- One bid per designer and project.
CREATE UNIQUE INDEX bid_project_designer_key ON bid (project_id, created_by);
CREATE INDEX bid_designer_idx ON bid (created_by, id);

CREATE TABLE bid_file (
    bid_id   BIGINT NOT NULL CONSTRAINT bid_file_bid_fk REFERENCES bid (id) ON DELETE CASCADE,
    file_id  BIGINT NOT NULL CONSTRAINT bid_file_file_fk REFERENCES file (id),
    position INTEGER NOT NULL,
    CONSTRAINT bid_file_pkey PRIMARY KEY (bid_id, file_id)
);
CREATE INDEX bid_file_file_idx ON bid_file (file_id);

-- The private discussion of one bid, between the project's owner and the bidder.
CREATE TABLE bid_comment (
    id         BIGSERIAL PRIMARY KEY,
    bid_id     BIGINT NOT NULL CONSTRAINT bid_comment_bid_fk REFERENCES bid (id) ON DELETE CASCADE,
    created_by BIGINT NOT NULL CONSTRAINT bid_comment_creator_fk REFERENCES app_user (id),
    comment    TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX bid_comment_bid_idx ON bid_comment (bid_id, id);

CREATE TABLE project_invite (
    project_id  BIGINT NOT NULL CONSTRAINT project_invite_project_fk REFERENCES project (id) ON DELETE CASCADE,
    app_user_id BIGINT NOT NULL CONSTRAINT project_invite_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    invited_by  BIGINT NOT NULL CONSTRAINT project_invite_inviter_fk REFERENCES app_user (id),
    created_at  BIGINT NOT NULL,
    CONSTRAINT project_invite_pkey PRIMARY KEY (project_id, app_user_id)
);
CREATE INDEX project_invite_user_idx ON project_invite (app_user_id);

-- The final files the approved designer delivers (POST /projects/{id}/artworks).
CREATE TABLE project_artwork (
    project_id BIGINT NOT NULL CONSTRAINT project_artwork_project_fk REFERENCES project (id) ON DELETE CASCADE,
    file_id    BIGINT NOT NULL CONSTRAINT project_artwork_file_fk REFERENCES file (id),
    created_at BIGINT NOT NULL,
    CONSTRAINT project_artwork_pkey PRIMARY KEY (project_id, file_id)
);
CREATE INDEX project_artwork_file_idx ON project_artwork (file_id);
