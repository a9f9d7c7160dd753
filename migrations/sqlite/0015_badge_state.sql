-- Coalesced badge pushes (server/src/notifications/badges.rs): when a user's badge was
-- last pushed, and, while changes wait out the quiet window, when the next push is due.
CREATE TABLE badge_state (
    user_id        BIGINT PRIMARY KEY CONSTRAINT badge_state_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    last_pushed_at BIGINT NOT NULL,
    due_at         BIGINT
);
CREATE INDEX badge_state_due_idx ON badge_state (due_at);
