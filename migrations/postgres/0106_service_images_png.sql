-- The seeded slideshow images of project services pointed at /images/services/*.jpg,
-- which nothing served. The web client now ships them as PNG (scripts/seed_images.py);
-- seeded rows follow. Images an admin set elsewhere are left alone.
UPDATE project_service_image
SET file_path = SUBSTR(file_path, 1, LENGTH(file_path) - 4) || '.png'
WHERE file_path LIKE '/images/services/%.jpg';
