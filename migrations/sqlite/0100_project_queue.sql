-- A subscribed client's queue of subscription projects (projects doc, section 1: "adds
-- projects to an unlimited queue"): one is under way at a time (statuses 2-5). A bid the
-- owner approves while another is under way waits here, and the project starts
-- (1 -> 2, its timeline running) when the one under way is completed (6): the timers
-- start the oldest queued project of an owner with none under way
-- (server/src/timers/projects.rs).
--
-- queued_bid_id: the bid the owner chose; NULL when nothing waits (and once started).
-- queued_at: when it joined the queue; the queue is served oldest first.
ALTER TABLE project ADD COLUMN queued_bid_id BIGINT;
ALTER TABLE project ADD COLUMN queued_at BIGINT;
-- The timers' pass reads the waiting projects, oldest first.
CREATE INDEX project_queue_idx ON project (queued_at, id) WHERE queued_bid_id IS NOT NULL;
