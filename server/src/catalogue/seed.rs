//! Idempotent insertion of the catalogue: rows already present (perhaps edited by
//! an admin) are left alone.

use sqlx::AnyConnection;
use tracing::instrument;

use super::{
    contest_types::{is_naming, questions_for, CONTEST_TYPES},
    pricing::{offers, packages_for, UpgradeKind, LENGTHS, PACKAGE_NAMES, RECOMMENDED_PACKAGE, UPGRADES},
    project_services::CATEGORIES,
};
use crate::store::Backend;

#[instrument(skip_all)]
pub async fn seed(conn: &mut AnyConnection, backend: Backend) -> Result<(), sqlx::Error> {
    seed_contest_types(conn).await?;
    seed_contest_pricing(conn).await?;
    seed_project_services(conn).await?;
    if backend == Backend::Postgres {
        // Explicit ids leave the serial sequences behind; move them past the seeded rows.
        for table in ["project_category", "project_sub_category", "project_service"] {
            sqlx::query(&format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM {table}), 1))"
            ))
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

async fn seed_contest_types(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    for (position, (id, title, slug, has_terms, quick_start, tip_only)) in CONTEST_TYPES.iter().enumerate() {
        let terms = has_terms.then(|| format!("By entering this {title} contest you confirm your entry is your own original work and you transfer full rights to the client if it wins."));
        let brief = format!("<p>Launch a {title} contest: describe what you need, choose a prize, and designers from around the world send you entries.</p>");
        sqlx::query(
            "INSERT INTO contest_type (id, title, launch_brief_slug, has_terms, participate_terms, brief_html, only_tip_start, is_quick_start, is_naming, position) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING",
        )
        .bind(*id)
        .bind(*title)
        .bind(*slug)
        .bind(i64::from(*has_terms))
        .bind(terms)
        .bind(brief)
        .bind(i64::from(*tip_only))
        .bind(i64::from(*quick_start))
        .bind(i64::from(is_naming(*id)))
        .bind(i64::try_from(position).unwrap_or(0))
        .execute(&mut *conn)
        .await?;

        for (index, question) in questions_for(*id, title).into_iter().enumerate() {
            let position = i64::try_from(index).unwrap_or(0);
            // Question ids are stable across deployments: type * 100 + position.
            let question_id = id * 100 + position;
            sqlx::query(
                "INSERT INTO contest_type_question (id, contest_type_id, form_field_type_id, is_required, is_title, is_description, is_quick_start, title, placeholder, html_content, position) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING",
            )
            .bind(question_id)
            .bind(*id)
            .bind(question.field as i64)
            .bind(i64::from(question.required))
            .bind(i64::from(question.is_title))
            .bind(i64::from(question.is_description))
            .bind(i64::from(question.quick_start))
            .bind(&question.title)
            .bind(question.placeholder)
            .bind(question.html)
            .bind(position)
            .execute(&mut *conn)
            .await?;
            for (option_index, option) in question.options.iter().enumerate() {
                let option_position = i64::try_from(option_index).unwrap_or(0);
                sqlx::query(
                    "INSERT INTO contest_type_question_option (id, contest_type_question_id, title, file_path, title_left, title_right, value, position) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
                )
                .bind(question_id * 100 + option_position)
                .bind(question_id)
                .bind(&option.title)
                .bind(option.file.as_deref())
                .bind(option.title_left)
                .bind(option.title_right)
                .bind(option.value)
                .bind(option_position)
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    Ok(())
}

/// Packages, upgrades (and which types offer them) and lengths; amounts in cents.
async fn seed_contest_pricing(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    for (id, ..) in CONTEST_TYPES {
        for (index, (name, (dollars, prize))) in PACKAGE_NAMES.iter().zip(packages_for(*id)).enumerate() {
            let position = i64::try_from(index).unwrap_or(0);
            // Package ids are stable across deployments: type * 10 + position.
            sqlx::query(
                "INSERT INTO contest_type_pricing (id, contest_type_id, name, amount_cents, winning_entry_amount_cents, is_recommended, position) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
            )
            .bind(id * 10 + position)
            .bind(*id)
            .bind(*name)
            .bind(dollars * 100)
            .bind(prize * 100)
            .bind(i64::from(index == RECOMMENDED_PACKAGE))
            .bind(position)
            .execute(&mut *conn)
            .await?;
        }
    }
    for (position, upgrade) in UPGRADES.iter().enumerate() {
        let is = |kind: UpgradeKind| i64::from(upgrade.kind == kind);
        sqlx::query(
            "INSERT INTO contest_upgrade (id, name, description, amount_cents, is_highlighted, is_featured, is_private, is_blind, \
             is_notified_via_email, is_rush, is_featured_blog_post, is_recommended, position) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING",
        )
        .bind(upgrade.id)
        .bind(upgrade.name)
        .bind(upgrade.description)
        .bind(upgrade.dollars * 100)
        .bind(is(UpgradeKind::Highlighted))
        .bind(is(UpgradeKind::Featured))
        .bind(is(UpgradeKind::Private))
        .bind(is(UpgradeKind::Blind))
        .bind(is(UpgradeKind::NotifiedViaEmail))
        .bind(is(UpgradeKind::Rush))
        .bind(is(UpgradeKind::FeaturedBlogPost))
        .bind(i64::from(upgrade.recommended))
        .bind(i64::try_from(position).unwrap_or(0))
        .execute(&mut *conn)
        .await?;
        for (type_id, ..) in CONTEST_TYPES.iter().filter(|t| offers(t.0, upgrade.kind)) {
            sqlx::query(
                "INSERT INTO contest_type_upgrade (contest_type_id, contest_upgrade_id) VALUES ($1, $2) \
                 ON CONFLICT (contest_type_id, contest_upgrade_id) DO NOTHING",
            )
            .bind(*type_id)
            .bind(upgrade.id)
            .execute(&mut *conn)
            .await?;
        }
    }
    for (position, (id, name, days, dollars, rush)) in LENGTHS.iter().enumerate() {
        sqlx::query(
            "INSERT INTO contest_length (id, name, days, amount_cents, is_rush, position) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(*id)
        .bind(*name)
        .bind(*days)
        .bind(dollars * 100)
        .bind(i64::from(*rush))
        .bind(i64::try_from(position).unwrap_or(0))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn seed_project_services(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    for (category_position, (category_id, title, slug, subs)) in CATEGORIES.iter().enumerate() {
        sqlx::query("INSERT INTO project_category (id, title, launch_slug, position) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING")
            .bind(*category_id)
            .bind(*title)
            .bind(*slug)
            .bind(i64::try_from(category_position).unwrap_or(0))
            .execute(&mut *conn)
            .await?;
        for (sub_position, (sub_id, sub_title, sub_slug, services)) in subs.iter().enumerate() {
            sqlx::query("INSERT INTO project_sub_category (id, project_category_id, title, launch_slug, position) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING")
                .bind(*sub_id)
                .bind(*category_id)
                .bind(*sub_title)
                .bind(*sub_slug)
                .bind(i64::try_from(sub_position).unwrap_or(0))
                .execute(&mut *conn)
                .await?;
            for (service_position, (service_id, service_title, service_slug, description, min, max)) in
                services.iter().enumerate()
            {
                sqlx::query(
                    "INSERT INTO project_service (id, project_category_id, project_sub_category_id, title, launch_slug, description, minimum_amount_cents, maximum_amount_cents, position) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING",
                )
                .bind(*service_id)
                .bind(*category_id)
                .bind(*sub_id)
                .bind(*service_title)
                .bind(*service_slug)
                .bind(*description)
                .bind(min * 100)
                .bind(max * 100)
                .bind(i64::try_from(service_position).unwrap_or(0))
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    Ok(())
}
