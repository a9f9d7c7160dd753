-- Direct messages: one row per recipient, so each side can read, mark and delete its
-- copy of a conversation on its own. Deleting is per side (a party hides the message
-- from themself only); the row goes when both users' accounts do.
CREATE TABLE message (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_id               BIGINT NOT NULL CONSTRAINT message_sender_fk REFERENCES app_user (id) ON DELETE CASCADE,
    recipient_id            BIGINT NOT NULL CONSTRAINT message_recipient_fk REFERENCES app_user (id) ON DELETE CASCADE,
    body                    TEXT NOT NULL CONSTRAINT message_body_check CHECK (length(body) BETWEEN 1 AND 5000),
    -- The contest a message was sent about (the invitation modal); kept if the contest goes.
    contest_id              BIGINT CONSTRAINT message_contest_fk REFERENCES contest (id) ON DELETE SET NULL,
    -- Where the sender wrote it from (1: a direct message).
    trigger_id              SMALLINT NOT NULL DEFAULT 1 CONSTRAINT message_trigger_check CHECK (trigger_id > 0),
    -- 1 when the body contains an e-mail address: recorded for admins, who watch for
    -- users taking work off the platform.
    has_email_address       SMALLINT NOT NULL DEFAULT 0 CONSTRAINT message_has_email_check CHECK (has_email_address IN (0, 1)),
    read_at                 BIGINT,
    deleted_by_sender_at    BIGINT,
    deleted_by_recipient_at BIGINT,
    created_at              BIGINT NOT NULL,
    CONSTRAINT message_not_to_self CHECK (sender_id <> recipient_id)
);
-- A conversation is the union of both directions; each direction is read by id.
CREATE INDEX message_sender_idx ON message (sender_id, recipient_id, id);
CREATE INDEX message_recipient_idx ON message (recipient_id, sender_id, id);
-- Unread counters and marking a conversation read.
CREATE INDEX message_unread_idx ON message (recipient_id, sender_id) WHERE read_at IS NULL;
