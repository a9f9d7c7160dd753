-- Uploaded files and the one-time tokens that let a browser download them.
-- The bytes live on disk under VITRINE_FILES_DIR at storage_key; a row exists only for
-- bytes that were written completely (the upload renames its temp file after commit).

-- file_category_id: 4 contest brief, 5 main entry, 8 other entries, 13 and 16 project
-- uploads, 14 project brief. The list is checked in code (files::FileCategory) rather
-- than here, so areas that add categories need no table rebuild on SQLite.
-- sha256 is the hex digest of the bytes (the API's `hash`).
CREATE TABLE file (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id      BIGINT NOT NULL CONSTRAINT file_user_fk REFERENCES app_user (id),
    file_category_id SMALLINT NOT NULL,
    original_name    TEXT NOT NULL,
    content_type     TEXT NOT NULL,
    size_bytes       BIGINT NOT NULL CONSTRAINT file_size_check CHECK (size_bytes > 0),
    sha256           TEXT NOT NULL,
    storage_key      TEXT NOT NULL CONSTRAINT file_storage_key_key UNIQUE,
    created_at       BIGINT NOT NULL
);
CREATE INDEX file_user_idx ON file (app_user_id, id);

-- Download links: only a SHA-256 of the token is kept, as for access tokens. A token
-- works once (used_at) and for five minutes; housekeeping deletes expired ones.
CREATE TABLE download_token (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    file_id     BIGINT NOT NULL CONSTRAINT download_token_file_fk REFERENCES file (id) ON DELETE CASCADE,
    app_user_id BIGINT NOT NULL CONSTRAINT download_token_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL CONSTRAINT download_token_hash_key UNIQUE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX download_token_expiry_idx ON download_token (expires_at);
