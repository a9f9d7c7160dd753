-- The next alarm of a verified contest's delivery window: first the reminder before
-- the 48 hours run out, then the deadline itself; NULL once both have fired. One
-- column walked forward by compare-and-set, so each alarm fires once across workers.
ALTER TABLE contest ADD COLUMN delivery_alarm_at BIGINT;
CREATE INDEX contest_delivery_alarm_idx ON contest (status_id, delivery_alarm_at);
