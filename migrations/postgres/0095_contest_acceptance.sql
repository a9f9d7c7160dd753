-- The holder's acceptance of the winner's final files (POST /contests/{id}/finalize), as
-- projects record theirs: when it happened, or NULL. Crediting stays the admins' (8 -> 9).
ALTER TABLE contest ADD COLUMN artwork_accepted_at BIGINT;
