-- The workroom of a project once a bid is approved (projects doc, section 7, Updates
-- and Project comments): the assigned designer's updates (work in progress) with their
-- files, the owner's rating and review status, reactions and image tags on them, and
-- comments on the project or on one update. Private to the owner, the assigned
-- designer and admins (`workroom:{id}` on the hub).

-- status_id: 1 awaiting review, 2 approved, 3 changes requested (set by the owner).
-- rating (1-5) is the owner's.
CREATE TABLE project_update (
    id          BIGSERIAL PRIMARY KEY,
    project_id  BIGINT NOT NULL CONSTRAINT project_update_project_fk REFERENCES project (id) ON DELETE CASCADE,
    created_by  BIGINT NOT NULL CONSTRAINT project_update_designer_fk REFERENCES app_user (id),
    description TEXT NOT NULL,
    status_id   SMALLINT NOT NULL DEFAULT 1 CONSTRAINT project_update_status_check CHECK (status_id BETWEEN 1 AND 3),
    rating      SMALLINT CONSTRAINT project_update_rating_check CHECK (rating BETWEEN 1 AND 5),
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX project_update_project_idx ON project_update (project_id, id);

-- Files of an update: is_other 0 the work shown, 1 other files (sources, fonts, ...).
CREATE TABLE project_update_file (
    project_update_id BIGINT NOT NULL CONSTRAINT project_update_file_update_fk REFERENCES project_update (id) ON DELETE CASCADE,
    file_id           BIGINT NOT NULL CONSTRAINT project_update_file_file_fk REFERENCES file (id),
    is_other          SMALLINT NOT NULL DEFAULT 0,
    position          INTEGER NOT NULL,
    CONSTRAINT project_update_file_pkey PRIMARY KEY (project_update_id, file_id)
);
CREATE INDEX project_update_file_file_idx ON project_update_file (file_id);

-- Comments on the project (project_update_id NULL) or on one of its updates.
CREATE TABLE project_comment (
    id                BIGSERIAL PRIMARY KEY,
    project_id        BIGINT NOT NULL CONSTRAINT project_comment_project_fk REFERENCES project (id) ON DELETE CASCADE,
    project_update_id BIGINT CONSTRAINT project_comment_update_fk REFERENCES project_update (id) ON DELETE CASCADE,
    created_by        BIGINT NOT NULL CONSTRAINT project_comment_user_fk REFERENCES app_user (id),
    comment           TEXT NOT NULL,
    created_at        BIGINT NOT NULL,
    deleted_at        BIGINT
);
CREATE INDEX project_comment_thread_idx ON project_comment (project_id, project_update_id, id);

-- One reaction per user per update and emoji (emoji_reaction_id 1 is like).
CREATE TABLE project_update_reaction (
    project_update_id BIGINT NOT NULL CONSTRAINT project_update_reaction_update_fk REFERENCES project_update (id) ON DELETE CASCADE,
    app_user_id       BIGINT NOT NULL CONSTRAINT project_update_reaction_user_fk REFERENCES app_user (id),
    emoji_reaction_id SMALLINT NOT NULL,
    created_at        BIGINT NOT NULL,
    CONSTRAINT project_update_reaction_pkey PRIMARY KEY (project_update_id, app_user_id, emoji_reaction_id)
);

-- A point on an update's image with a note; file_id names the image when the update
-- shows several.
CREATE TABLE project_update_image_tag (
    id                BIGSERIAL PRIMARY KEY,
    project_update_id BIGINT NOT NULL CONSTRAINT project_update_tag_update_fk REFERENCES project_update (id) ON DELETE CASCADE,
    file_id           BIGINT CONSTRAINT project_update_tag_file_fk REFERENCES file (id),
    created_by        BIGINT NOT NULL CONSTRAINT project_update_tag_user_fk REFERENCES app_user (id),
    x                 DOUBLE PRECISION NOT NULL,
    y                 DOUBLE PRECISION NOT NULL,
    note              TEXT NOT NULL,
    completed_at      BIGINT,
    created_at        BIGINT NOT NULL
);
CREATE INDEX project_update_tag_update_idx ON project_update_image_tag (project_update_id, id);
