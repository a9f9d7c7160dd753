//! SQL of project invitations (`project_invite`) and the invite dialog's suggestions.

use sqlx::AnyConnection;
use tracing::instrument;

use crate::projects::invites::{CreativeRow, InvitedView, Suggestions};

impl Suggestions {
    /// The WHERE fragment over designer `u`; `$2` is the project's owner.
    fn filter(self) -> &'static str {
        match self {
            Self::MyWinners => {
                "(EXISTS (SELECT 1 FROM contest_entry e JOIN contest c ON c.id = e.contest_id \
                  WHERE e.created_by = u.id AND e.is_winner = 1 AND c.created_by = $2) \
                 OR EXISTS (SELECT 1 FROM bid b JOIN project p ON p.approved_bid_id = b.id \
                  WHERE b.created_by = u.id AND p.created_by = $2))"
            }
            Self::Gold => "u.creative_level_id >= 3 AND $2 = $2",
            Self::BronzeAndSilver => "u.creative_level_id IN (1, 2) AND $2 = $2",
            Self::Other => "$2 = $2",
        }
    }
}

/// One page of a suggestion list, best creatives first, each flagged when already
/// invited to the project and with the average of their rated wins; and how many the list holds.
#[instrument(skip_all, fields(project_id))]
pub async fn suggestions(
    conn: &mut AnyConnection,
    kind: Suggestions,
    project_id: i64,
    owner_id: i64,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<CreativeRow>), sqlx::Error> {
    let from = format!("FROM app_user u WHERE u.user_type_id = 3 AND u.is_active = 1 AND {}", kind.filter());
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from} AND $1 = $1"))
        .bind(project_id)
        .bind(owner_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<CreativeRow> = sqlx::query_as(&format!(
        "SELECT u.id, u.username, u.name, u.creative_level_id, u.profile_picture, \
         CASE WHEN EXISTS (SELECT 1 FROM project_invite i WHERE i.project_id = $1 AND i.app_user_id = u.id) THEN 1 ELSE 0 END AS invited, \
         (SELECT CAST(AVG(CAST(e.rating AS DOUBLE PRECISION)) AS DOUBLE PRECISION) FROM contest_entry e \
         JOIN contest c ON c.id = e.contest_id WHERE e.created_by = u.id AND e.is_winner = 1 AND c.status_id >= 5 \
         AND e.rating IS NOT NULL) AS average_rating \
         {from} ORDER BY u.creative_level_id DESC, u.id LIMIT $3 OFFSET $4"
    ))
    .bind(project_id)
    .bind(owner_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    Ok((total, rows))
}

/// Everyone invited to the project, first invited first.
#[instrument(skip_all, fields(project_id))]
pub async fn invited(conn: &mut AnyConnection, project_id: i64) -> Result<Vec<InvitedView>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.app_user_id AS user_id, u.username, i.created_at FROM project_invite i \
         JOIN app_user u ON u.id = i.app_user_id WHERE i.project_id = $1 ORDER BY i.created_at, i.app_user_id",
    )
    .bind(project_id)
    .fetch_all(&mut *conn)
    .await
}

/// Invites the user; false when they were invited already.
#[instrument(skip_all, fields(project_id, user_id))]
pub async fn invite(
    conn: &mut AnyConnection,
    project_id: i64,
    user_id: i64,
    invited_by: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let added = sqlx::query(
        "INSERT INTO project_invite (project_id, app_user_id, invited_by, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (project_id, app_user_id) DO NOTHING",
    )
    .bind(project_id)
    .bind(user_id)
    .bind(invited_by)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(added == 1)
}
