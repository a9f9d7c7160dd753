-- Project statuses follow the specification (projects doc, section 4) from here on,
-- superseding the meanings in 0020's header: 1 live and accepting bids (unstarted),
-- 2 active and assigned (a bid approved), 3 unverified (the timeline ran out),
-- 4 pending delivery (verified; 48 hours to upload the final files), 5 pending
-- credit (delivered), 6 completed (credited). See server/src/projects/status.rs.
-- Rows written under 0020's meanings are not remapped: its 4 (closed) and 5
-- (cancelled) have no equivalent here.

-- When the designer's time runs out: the approval time plus the timeline's days, or
-- the end of the custom range's last day (UTC). NULL until a bid is approved, and for
-- a subscription project without a timeline. The timer finds due projects through
-- (status, deadline), oldest first, as it does contests.
ALTER TABLE project ADD COLUMN timeline_ends_at BIGINT;
CREATE INDEX project_timeline_due_idx ON project (status_id, timeline_ends_at);
-- The 48 hours to upload the final files, from the admin's verification (3 -> 4).
ALTER TABLE project ADD COLUMN delivery_due_at BIGINT;
-- When the owner accepted the delivery (POST /projects/{id}/finalize).
ALTER TABLE project ADD COLUMN finalized_at BIGINT;
