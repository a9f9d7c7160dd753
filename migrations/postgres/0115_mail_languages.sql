-- Mail in the recipient's language (#52): the outbox keeps the HTML part beside the text
-- one (NULL: a text-only message from before) and the List-Unsubscribe target of a blast.
ALTER TABLE mail_outbox ADD COLUMN html_body TEXT;
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe TEXT;
-- The Email Blast's opt-out: 0 once the designer unsubscribed from launch e-mails, and the
-- random key that signs their unsubscribe link (made with their first launch e-mail).
ALTER TABLE app_user ADD COLUMN receives_launch_mail SMALLINT NOT NULL DEFAULT 1;
ALTER TABLE app_user ADD COLUMN unsubscribe_key TEXT;
