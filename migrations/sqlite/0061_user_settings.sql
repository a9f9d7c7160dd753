-- A user's settings (projects doc, section 7: GET and PUT /users/{id}/settings): the
-- interface language the e-mails and the web client use, and whether they want the
-- product's newsletter. Pictures and texts of the profile stay on app_user.
ALTER TABLE app_user ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE app_user ADD COLUMN receives_newsletter SMALLINT NOT NULL DEFAULT 1;
