-- Entries and everything on them, and notifications.

-- An entry: a designer's submission to a contest. status: 1 active, 2 eliminated,
-- 3 withdrawn. is_winner once awarded. rating (1-5) is the contest owner's, private
-- to the owner and the entry's designer.
CREATE TABLE contest_entry (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_id    BIGINT NOT NULL CONSTRAINT entry_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    created_by    BIGINT NOT NULL CONSTRAINT entry_designer_fk REFERENCES app_user (id),
    -- Position of the entry in its contest (#1, #2, ...), as designers and clients refer to it.
    number        INTEGER NOT NULL,
    title         TEXT,
    description   TEXT,
    status_id     SMALLINT NOT NULL DEFAULT 1 CONSTRAINT entry_status_check CHECK (status_id BETWEEN 1 AND 3),
    rating        SMALLINT CONSTRAINT entry_rating_check CHECK (rating BETWEEN 1 AND 5),
    is_winner     SMALLINT NOT NULL DEFAULT 0,
    awarded_at    BIGINT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    CONSTRAINT entry_number_key UNIQUE (contest_id, number)
);
CREATE INDEX entry_contest_idx ON contest_entry (contest_id, status_id, id);
CREATE INDEX entry_designer_idx ON contest_entry (created_by, contest_id);

-- Files of an entry, one row per version: version 1 is the submission, later ones
-- revisions; kind 1 main image, 2 other image, 3 final artwork (winner's delivery).
CREATE TABLE contest_entry_file (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_entry_id BIGINT NOT NULL CONSTRAINT entry_file_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    file_id          BIGINT NOT NULL CONSTRAINT entry_file_file_fk REFERENCES file (id),
    version          INTEGER NOT NULL DEFAULT 1,
    kind             SMALLINT NOT NULL DEFAULT 1,
    created_at       BIGINT NOT NULL
);
CREATE INDEX entry_file_entry_idx ON contest_entry_file (contest_entry_id, version);

-- A designer blocked from a contest by its owner may not submit there again.
CREATE TABLE contest_blocked_designer (
    contest_id  BIGINT NOT NULL CONSTRAINT blocked_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    app_user_id BIGINT NOT NULL CONSTRAINT blocked_user_fk REFERENCES app_user (id),
    created_at  BIGINT NOT NULL,
    CONSTRAINT contest_blocked_designer_pkey PRIMARY KEY (contest_id, app_user_id)
);

-- One reaction per user per entry and emoji (emoji_reaction_id 1 is like).
CREATE TABLE entry_reaction (
    contest_entry_id  BIGINT NOT NULL CONSTRAINT reaction_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    app_user_id       BIGINT NOT NULL CONSTRAINT reaction_user_fk REFERENCES app_user (id),
    emoji_reaction_id SMALLINT NOT NULL,
    created_at        BIGINT NOT NULL,
    CONSTRAINT entry_reaction_pkey PRIMARY KEY (contest_entry_id, app_user_id, emoji_reaction_id)
);

-- Comments on a contest's board (contest_entry_id NULL) or on one entry.
CREATE TABLE contest_comment (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_id       BIGINT NOT NULL CONSTRAINT comment_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    contest_entry_id BIGINT CONSTRAINT comment_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    created_by       BIGINT NOT NULL CONSTRAINT comment_user_fk REFERENCES app_user (id),
    comment          TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    deleted_at       BIGINT
);
CREATE INDEX comment_contest_idx ON contest_comment (contest_id, contest_entry_id, id);

-- A point on an entry's image with a note: client-designer feedback.
CREATE TABLE image_tag (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_entry_id BIGINT NOT NULL CONSTRAINT image_tag_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    created_by       BIGINT NOT NULL CONSTRAINT image_tag_user_fk REFERENCES app_user (id),
    -- Position as a fraction of the image's width and height, 0 to 1.
    x                REAL NOT NULL,
    y                REAL NOT NULL,
    note             TEXT NOT NULL,
    completed_at     BIGINT,
    created_at       BIGINT NOT NULL
);
CREATE INDEX image_tag_entry_idx ON image_tag (contest_entry_id, id);

-- Reports of entries (copying, abuse), judged later by the design court.
CREATE TABLE contest_entry_report (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_entry_id BIGINT NOT NULL CONSTRAINT report_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    reported_by      BIGINT NOT NULL CONSTRAINT report_user_fk REFERENCES app_user (id),
    copied_entry_id  BIGINT CONSTRAINT report_copied_fk REFERENCES contest_entry (id),
    reason           TEXT NOT NULL,
    status_id        SMALLINT NOT NULL DEFAULT 1,
    created_at       BIGINT NOT NULL,
    CONSTRAINT entry_report_once_key UNIQUE (contest_entry_id, reported_by)
);

-- Notifications (types 1-22 of the specifications). data carries what the click
-- target needs (contest_id, contest_entry_id, project_id, bid_id, id, ...).
CREATE TABLE notification (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id          BIGINT NOT NULL CONSTRAINT notification_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    notification_type_id SMALLINT NOT NULL CONSTRAINT notification_type_check CHECK (notification_type_id BETWEEN 1 AND 22),
    created_by           BIGINT CONSTRAINT notification_creator_fk REFERENCES app_user (id),
    trigger_entity_id    BIGINT,
    plain_content        TEXT NOT NULL,
    data                 TEXT NOT NULL DEFAULT '{}',
    read_at              BIGINT,
    created_at           BIGINT NOT NULL
);
CREATE INDEX notification_user_idx ON notification (app_user_id, id);
CREATE INDEX notification_unread_idx ON notification (app_user_id, notification_type_id) WHERE read_at IS NULL;
