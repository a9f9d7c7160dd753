-- A user's theme (projects doc, section 9: "Themes A to H, default A"): the web client's
-- colour scheme, kept with the other settings of GET and PUT /users/{id}/settings.
ALTER TABLE app_user ADD COLUMN theme TEXT NOT NULL DEFAULT 'A';
