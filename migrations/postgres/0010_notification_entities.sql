-- The entities a notification refers to, lifted out of its JSON `data` so that
-- "mark everything about this contest / entry / project as read" is an indexed
-- update. No foreign keys: a notification outlives the entry or project it told of.
ALTER TABLE notification ADD COLUMN contest_id BIGINT;
ALTER TABLE notification ADD COLUMN contest_entry_id BIGINT;
ALTER TABLE notification ADD COLUMN project_id BIGINT;

-- Rows written before this migration: take the ids their data already carries.
UPDATE notification SET
    contest_id = CASE WHEN jsonb_typeof(data::jsonb -> 'contest_id') = 'number'
        THEN (data::jsonb ->> 'contest_id')::numeric::bigint END,
    contest_entry_id = CASE WHEN jsonb_typeof(data::jsonb -> 'contest_entry_id') = 'number'
        THEN (data::jsonb ->> 'contest_entry_id')::numeric::bigint END,
    project_id = CASE WHEN jsonb_typeof(data::jsonb -> 'project_id') = 'number'
        THEN (data::jsonb ->> 'project_id')::numeric::bigint END;

CREATE INDEX notification_contest_idx ON notification (app_user_id, contest_id) WHERE contest_id IS NOT NULL;
CREATE INDEX notification_contest_entry_idx ON notification (app_user_id, contest_entry_id) WHERE contest_entry_id IS NOT NULL;
CREATE INDEX notification_project_idx ON notification (app_user_id, project_id) WHERE project_id IS NOT NULL;

-- Notification types a user muted: still written and listed, but no live badge push.
CREATE TABLE notification_mute (
    app_user_id          BIGINT NOT NULL CONSTRAINT notification_mute_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    notification_type_id SMALLINT NOT NULL CONSTRAINT notification_mute_type_check CHECK (notification_type_id BETWEEN 1 AND 22),
    created_at           BIGINT NOT NULL,
    CONSTRAINT notification_mute_pkey PRIMARY KEY (app_user_id, notification_type_id)
);
