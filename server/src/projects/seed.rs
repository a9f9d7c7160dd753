//! Reference data of the projects area, seeded idempotently after the catalogue:
//! the brief questions of each seeded category and the services' slideshow images.
//! Rows already present (perhaps edited by an admin) are left alone.

use sqlx::AnyConnection;
use tracing::instrument;

use super::status::BUDGET_QUESTION;
use crate::catalogue::FieldType;

/// (field type, title, required, is_title, is_description, placeholder, options (title, left, right))
type QuestionSpec = (
    FieldType,
    &'static str,
    bool,
    bool,
    bool,
    Option<&'static str>,
    &'static [(&'static str, Option<&'static str>, Option<&'static str>)],
);

/// The brief every seeded category asks; ids are `category * 100 + position`.
const QUESTIONS: &[QuestionSpec] = &[
    (FieldType::Text, "Give your project a title", true, true, false, Some("e.g. Logo for Bright Bean Coffee"), &[]),
    (
        FieldType::Textarea,
        "Describe what you need",
        true,
        false,
        true,
        Some("What is it for, who is it for, what must it include?"),
        &[],
    ),
    (FieldType::Text, BUDGET_QUESTION, true, false, false, None, &[]),
    (
        FieldType::Checkbox,
        "Which styles do you like?",
        false,
        false,
        false,
        None,
        &[("Modern", None, None), ("Classic", None, None), ("Playful", None, None)],
    ),
    (FieldType::Slider, "How should it feel?", false, false, false, None, &[("Tone", Some("Serious"), Some("Fun"))]),
    (FieldType::File, "Attach reference files", false, false, false, None, &[]),
];

#[instrument(skip_all)]
pub async fn seed(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    let categories: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM project_category WHERE id <= 5").fetch_all(&mut *conn).await?;
    for category in categories {
        for (position, (field, title, required, is_title, is_description, placeholder, options)) in
            QUESTIONS.iter().enumerate()
        {
            let position = i64::try_from(position).unwrap_or(0);
            let id = category * 100 + position;
            sqlx::query(
                "INSERT INTO project_question (id, project_category_id, form_field_type_id, is_required, is_title, \
                 is_description, title, placeholder, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(id)
            .bind(category)
            .bind(*field as i64)
            .bind(i64::from(*required))
            .bind(i64::from(*is_title))
            .bind(i64::from(*is_description))
            .bind(*title)
            .bind(*placeholder)
            .bind(position)
            .execute(&mut *conn)
            .await?;
            for (option_position, (option, left, right)) in options.iter().enumerate() {
                let option_position = i64::try_from(option_position).unwrap_or(0);
                sqlx::query(
                    "INSERT INTO project_question_option (id, project_question_id, title, title_left, title_right, position) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING",
                )
                .bind(id * 100 + option_position)
                .bind(id)
                .bind(*option)
                .bind(*left)
                .bind(*right)
                .bind(option_position)
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    // Two slideshow images for each seeded service without any: files the web client
    // ships (web/public/images/services, drawn by scripts/seed_images.py).
    sqlx::query(
        "INSERT INTO project_service_image (project_service_id, file_path, position) \
         SELECT s.id, '/images/services/' || s.launch_slug || '-1.png', 0 FROM project_service s \
         WHERE s.id <= 15 AND NOT EXISTS (SELECT 1 FROM project_service_image i WHERE i.project_service_id = s.id)",
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO project_service_image (project_service_id, file_path, position) \
         SELECT s.id, '/images/services/' || s.launch_slug || '-2.png', 1 FROM project_service s \
         WHERE s.id <= 15 AND (SELECT COUNT(*) FROM project_service_image i WHERE i.project_service_id = s.id) = 1",
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}
