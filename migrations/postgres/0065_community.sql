-- Community (server/src/community): designers' showcases (their external portfolio:
-- work done outside Vitrine) and the community feed's activities. Times are epoch ms.

-- A designer's showcase: a piece of outside work with its image and an optional link.
-- file_id is required by the API; only demo showcases (seeded without a files folder) lack one.
-- is_hidden: an admin took it off the external portfolio (its owner and admins still see it).
CREATE TABLE external_showcase (
    id          BIGSERIAL PRIMARY KEY,
    app_user_id BIGINT NOT NULL CONSTRAINT external_showcase_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    title       TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    url         TEXT,
    file_id     BIGINT CONSTRAINT external_showcase_file_fk REFERENCES file (id),
    is_hidden   SMALLINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX external_showcase_user_idx ON external_showcase (app_user_id, id);
CREATE INDEX external_showcase_file_idx ON external_showcase (file_id);

-- What a designer or client did, for the community feed, written in the same
-- transaction as the action. activity_type_id: 1 entry submitted, 2 winner awarded,
-- 3 showcase added, 4 entry liked. The subject is the entry (1, 2, 4) or the showcase (3).
CREATE TABLE community_activity (
    id                  BIGSERIAL PRIMARY KEY,
    activity_type_id    SMALLINT NOT NULL CONSTRAINT community_activity_type_check CHECK (activity_type_id BETWEEN 1 AND 4),
    app_user_id         BIGINT NOT NULL CONSTRAINT community_activity_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    contest_id          BIGINT CONSTRAINT community_activity_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    contest_entry_id    BIGINT CONSTRAINT community_activity_entry_fk REFERENCES contest_entry (id) ON DELETE CASCADE,
    external_showcase_id BIGINT CONSTRAINT community_activity_showcase_fk REFERENCES external_showcase (id) ON DELETE CASCADE,
    created_at          BIGINT NOT NULL
);
-- The feed pages newest first by id.
CREATE INDEX community_activity_id_idx ON community_activity (id);
-- Unliking removes the like's activity.
CREATE INDEX community_activity_like_idx ON community_activity (contest_entry_id, app_user_id, activity_type_id);

-- Subscribers' free awards on tip-only contests: the cart item costs the client nothing
-- (the subscription pays the designer the free-award amount).
ALTER TABLE cart_item ADD COLUMN is_free_award SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest_entry_tip ADD COLUMN is_free_award SMALLINT NOT NULL DEFAULT 0;
