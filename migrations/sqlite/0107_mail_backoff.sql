-- A failed delivery waits before the next attempt (mail::sender backs off); NULL: due now.
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at BIGINT;
