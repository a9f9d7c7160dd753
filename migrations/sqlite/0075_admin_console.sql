-- The admin console: broadcast banners, admin notes, designer tags, flagged clients,
-- payouts marked paid, contest shares, analytics events, and a contest's extension switch.

-- Banners an admin shows in every browser's header until each visitor dismisses them.
-- color: one of the five banner colours (primary, info, success, warning, danger).
CREATE TABLE broadcast_banner (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    message     TEXT NOT NULL,
    color       TEXT NOT NULL CONSTRAINT broadcast_banner_color_check
        CHECK (color IN ('primary', 'info', 'success', 'warning', 'danger')),
    is_active   SMALLINT NOT NULL DEFAULT 1,
    created_by  BIGINT NOT NULL CONSTRAINT broadcast_banner_creator_fk REFERENCES app_user (id),
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX broadcast_banner_active_idx ON broadcast_banner (is_active, id);

-- Admins' private notes on a contest, a project or a user.
CREATE TABLE admin_note (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    subject_type  TEXT NOT NULL CONSTRAINT admin_note_subject_check CHECK (subject_type IN ('contest', 'project', 'user')),
    subject_id    BIGINT NOT NULL,
    body          TEXT NOT NULL,
    created_by    BIGINT NOT NULL CONSTRAINT admin_note_creator_fk REFERENCES app_user (id),
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX admin_note_subject_idx ON admin_note (subject_type, subject_id, id);

-- Designer tags: admin-maintained labels ("Logo specialist") put on designers.
CREATE TABLE tag (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX tag_name_key ON tag (LOWER(name));

CREATE TABLE user_tag (
    app_user_id BIGINT NOT NULL CONSTRAINT user_tag_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    tag_id      BIGINT NOT NULL CONSTRAINT user_tag_tag_fk REFERENCES tag (id) ON DELETE CASCADE,
    CONSTRAINT user_tag_key PRIMARY KEY (app_user_id, tag_id)
);
CREATE INDEX user_tag_tag_idx ON user_tag (tag_id);

-- Clients an admin flagged (chargebacks, abuse...): listed on the flagged-clients page.
CREATE TABLE client_flag (
    app_user_id BIGINT NOT NULL CONSTRAINT client_flag_key PRIMARY KEY
        CONSTRAINT client_flag_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    reason      TEXT NOT NULL,
    flagged_by  BIGINT NOT NULL CONSTRAINT client_flag_admin_fk REFERENCES app_user (id),
    created_at  BIGINT NOT NULL
);

-- A payout to a designer marked paid. What is owed is computed from credited contests,
-- credited additional designs and completed projects; a row here settles one of them.
-- kind: contest (source: the winning entry), additional_entry, project (source: the project).
CREATE TABLE designer_payout (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT NOT NULL CONSTRAINT designer_payout_kind_check CHECK (kind IN ('contest', 'additional_entry', 'project')),
    source_id     BIGINT NOT NULL,
    designer_id   BIGINT NOT NULL CONSTRAINT designer_payout_designer_fk REFERENCES app_user (id),
    amount_cents  BIGINT NOT NULL,
    reference     TEXT,
    paid_by       BIGINT NOT NULL CONSTRAINT designer_payout_admin_fk REFERENCES app_user (id),
    paid_at       BIGINT NOT NULL,
    CONSTRAINT designer_payout_source_key UNIQUE (kind, source_id)
);
CREATE INDEX designer_payout_designer_idx ON designer_payout (designer_id, id);

-- Links a contest's owner made to share it (social, e-mail); deleting one retires it.
CREATE TABLE contest_share (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_id  BIGINT NOT NULL CONSTRAINT contest_share_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    created_by  BIGINT NOT NULL CONSTRAINT contest_share_creator_fk REFERENCES app_user (id),
    network     TEXT NOT NULL,
    code        TEXT NOT NULL CONSTRAINT contest_share_code_key UNIQUE,
    created_at  BIGINT NOT NULL
);
CREATE INDEX contest_share_contest_idx ON contest_share (contest_id, id);

-- Page visits the client reports (subscriptions, community, affiliate pages).
CREATE TABLE analytics_event (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id   BIGINT CONSTRAINT analytics_event_user_fk REFERENCES app_user (id) ON DELETE SET NULL,
    category      TEXT NOT NULL,
    sub_category  TEXT,
    contest_id    BIGINT,
    created_at    BIGINT NOT NULL
);
CREATE INDEX analytics_event_category_idx ON analytics_event (category, created_at);

-- An admin may stop a contest's owner from extending it again.
ALTER TABLE contest ADD COLUMN extends_disabled SMALLINT NOT NULL DEFAULT 0;

-- Single-use links to a project's invoice (store::one_time_tokens), as for contests.
CREATE TABLE project_invoice_download_token (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id  BIGINT NOT NULL CONSTRAINT project_invoice_token_project_fk REFERENCES project (id) ON DELETE CASCADE,
    app_user_id BIGINT NOT NULL CONSTRAINT project_invoice_token_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL CONSTRAINT project_invoice_token_hash_key UNIQUE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);

-- A client's answers to the feedback questions after a contest or a project ends.
-- One answer per question per contest (or project); rating 1-5, an optional comment.
CREATE TABLE client_feedback (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_id   BIGINT CONSTRAINT client_feedback_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    project_id   BIGINT CONSTRAINT client_feedback_project_fk REFERENCES project (id) ON DELETE CASCADE,
    question_id  BIGINT NOT NULL,
    rating       SMALLINT CONSTRAINT client_feedback_rating_check CHECK (rating BETWEEN 1 AND 5),
    answer       TEXT,
    created_by   BIGINT NOT NULL CONSTRAINT client_feedback_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    CONSTRAINT client_feedback_subject_check CHECK ((contest_id IS NULL) <> (project_id IS NULL))
);
CREATE UNIQUE INDEX client_feedback_contest_key ON client_feedback (contest_id, question_id) WHERE contest_id IS NOT NULL;
CREATE UNIQUE INDEX client_feedback_project_key ON client_feedback (project_id, question_id) WHERE project_id IS NOT NULL;
