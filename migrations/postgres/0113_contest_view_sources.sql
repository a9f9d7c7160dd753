-- Views carry their source (contests doc, section 9: view source ids internal 1, external 2).
-- views_count stays the total; external_views_count counts the views from outside Vitrine
-- (a shared link, a search engine), so internal ones are the difference.
ALTER TABLE contest ADD COLUMN external_views_count BIGINT NOT NULL DEFAULT 0
    CONSTRAINT contest_external_views_check CHECK (external_views_count >= 0);
