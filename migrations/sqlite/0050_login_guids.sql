-- One-time sign-in links (`/login/{guid}`, POST /oauth/token/guid): e-mailed on request,
-- stored as the SHA-256 of the guid, single use, expiring. Asking again voids older ones.
CREATE TABLE login_guid (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    app_user_id BIGINT NOT NULL CONSTRAINT login_guid_user_fk REFERENCES app_user (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL CONSTRAINT login_guid_hash_key UNIQUE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX login_guid_user_idx ON login_guid (app_user_id);
