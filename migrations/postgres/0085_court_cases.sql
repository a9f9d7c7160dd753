-- One design-court case per reported entry (docs/spec-decisions.md, "Court"): a report
-- filed while the entry already has an open case joins that case instead of opening a
-- second one. The case is the first report (case_report_id NULL); a joined report points
-- at it, is judged with it, and is not listed on its own.
ALTER TABLE contest_entry_report ADD COLUMN case_report_id BIGINT
    CONSTRAINT report_case_fk REFERENCES contest_entry_report (id) ON DELETE CASCADE;
CREATE INDEX entry_report_case_idx ON contest_entry_report (contest_entry_id, status_id, case_report_id);
