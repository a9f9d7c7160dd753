-- Due work for the verification window is found by (status, deadline) too.
CREATE INDEX contest_verification_due_idx ON contest (status_id, verification_due_at);
CREATE INDEX contest_delivery_due_idx ON contest (status_id, delivery_due_at);
