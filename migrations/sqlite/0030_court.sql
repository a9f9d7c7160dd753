-- The design court: gold-level designers vote on reported entries, an admin judges.

-- status_id of a report: 1 open (votes are taken), 2 copied (judged against the
-- entry, which is eliminated), 3 not copied (judged for the entry; closed).
ALTER TABLE contest_entry_report ADD COLUMN judged_by BIGINT CONSTRAINT report_judge_fk REFERENCES app_user (id);
ALTER TABLE contest_entry_report ADD COLUMN judged_at BIGINT;
-- The court's list: filter[status], newest first.
CREATE INDEX entry_report_status_idx ON contest_entry_report (status_id, id);

-- One vote per juror and report: 1 copied, 2 not copied.
CREATE TABLE contest_entry_report_vote (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_entry_report_id BIGINT NOT NULL CONSTRAINT report_vote_report_fk REFERENCES contest_entry_report (id) ON DELETE CASCADE,
    juror_id                BIGINT NOT NULL CONSTRAINT report_vote_juror_fk REFERENCES app_user (id),
    vote                    SMALLINT NOT NULL CONSTRAINT report_vote_check CHECK (vote IN (1, 2)),
    created_at              BIGINT NOT NULL,
    CONSTRAINT report_vote_once_key UNIQUE (contest_entry_report_id, juror_id)
);
