-- Quick-start chat contests (contests doc, sections 3 and 7): a chat collects a visitor's
-- e-mail and contest type under a tracker id; the launch flow (?trackerId=) reads it, and
-- links the account and the contest it leads to.
CREATE TABLE quick_chat_contest (
    id              BIGSERIAL PRIMARY KEY,
    tracker_id      TEXT NOT NULL CONSTRAINT quick_chat_tracker_key UNIQUE,
    email           TEXT NOT NULL,
    contest_type_id BIGINT NOT NULL CONSTRAINT quick_chat_type_fk REFERENCES contest_type (id),
    app_user_id     BIGINT CONSTRAINT quick_chat_user_fk REFERENCES app_user (id) ON DELETE SET NULL,
    contest_id      BIGINT CONSTRAINT quick_chat_contest_fk REFERENCES contest (id) ON DELETE SET NULL,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
