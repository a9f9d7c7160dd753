-- Contest launch: the brief, the chosen options, the request and lifecycle columns
-- the worker reads. 0003 created the columns access rules need; these complete it.

ALTER TABLE contest ADD COLUMN slug TEXT;
ALTER TABLE contest ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE contest ADD COLUMN is_quick_start SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN is_tip SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN is_added_queue SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN is_featured SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN is_highlighted SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN is_notified_via_email SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN is_featured_blog_post SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN contest_type_pricing_id BIGINT;
ALTER TABLE contest ADD COLUMN contest_length_id BIGINT;
-- The prize, in cents, and how many winners it pays.
ALTER TABLE contest ADD COLUMN winning_entry_amount_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE contest ADD COLUMN winning_entries_count INTEGER NOT NULL DEFAULT 1;
ALTER TABLE contest ADD COLUMN coupon_code TEXT;
ALTER TABLE contest ADD COLUMN referral_source TEXT;
-- Subscription start request: 1 pending, 2 approved, 3 rejected (contests doc, section 4).
ALTER TABLE contest ADD COLUMN approval_status_id SMALLINT;
ALTER TABLE contest ADD COLUMN internal_status_id SMALLINT;
ALTER TABLE contest ADD COLUMN views_count BIGINT NOT NULL DEFAULT 0;
-- Lifecycle deadlines, epoch ms; the worker moves statuses when they pass.
ALTER TABLE contest ADD COLUMN launched_at BIGINT;
ALTER TABLE contest ADD COLUMN submission_ends_at BIGINT;
ALTER TABLE contest ADD COLUMN deciding_ends_at BIGINT;
ALTER TABLE contest ADD COLUMN delivery_due_at BIGINT;
ALTER TABLE contest ADD COLUMN verification_due_at BIGINT;

-- Due work is found by (status, deadline), never by scanning contests.
CREATE INDEX contest_submission_due_idx ON contest (status_id, submission_ends_at);
CREATE INDEX contest_deciding_due_idx ON contest (status_id, deciding_ends_at);
CREATE INDEX contest_status_idx ON contest (status_id, id);

-- One answer per brief question. Option ids, slider values and file ids are JSON
-- arrays: they are read and written whole with the brief, never queried inside.
CREATE TABLE contest_brief_answer (
    contest_id               BIGINT NOT NULL CONSTRAINT brief_answer_contest_fk REFERENCES contest (id) ON DELETE CASCADE,
    contest_type_question_id BIGINT NOT NULL CONSTRAINT brief_answer_question_fk REFERENCES contest_type_question (id),
    form_field_type_id       SMALLINT NOT NULL,
    answer                   TEXT,
    answer_options           TEXT NOT NULL DEFAULT '[]',
    answer_slider_options    TEXT NOT NULL DEFAULT '[]',
    answer_file_ids          TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT contest_brief_answer_pkey PRIMARY KEY (contest_id, contest_type_question_id)
);
