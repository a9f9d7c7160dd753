//! `GET /contests/{id}/filter-stats`: the counts behind the entries grid's filters.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;

use super::launch::visible;
use crate::{
    accounts::MaybeUser,
    api::Data,
    error::{ApiPath, AppError, ErrorEnvelope},
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct FilterStats {
    pub all: i64,
    pub active: i64,
    pub eliminated: i64,
    pub winners: i64,
    /// Distinct designers with an entry.
    pub designers: i64,
    /// Entries the owner has rated; only the owner sees it (ratings are private).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rated: Option<i64>,
    /// The caller's own entries, for a signed-in designer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mine: Option<i64>,
}

/// Entry counts of a contest by filter, for whoever may see the contest. On a blind
/// contest the totals are public (designers see how crowded it is), entries are not.
#[utoipa::path(get, path = "/contests/{id}/filter-stats", tag = "contests", params(("id" = i64, Path)),
    responses((status = 200, body = Data<FilterStats>), (status = 404, body = ErrorEnvelope)))]
pub async fn filter_stats(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<FilterStats>>, AppError> {
    let contest = visible(&state, viewer.as_ref(), id).await?;
    let viewer_id = viewer.as_ref().map(|v| v.id()).unwrap_or(0);
    let (all, active, eliminated, winners, designers, rated, mine): (i64, i64, i64, i64, i64, i64, i64) =
        sqlx::query_as(
            "SELECT COUNT(*), \
           COALESCE(SUM(CASE WHEN status_id = 1 THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN status_id = 2 THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN is_winner = 1 THEN 1 ELSE 0 END), 0), \
           COUNT(DISTINCT created_by), \
           COALESCE(SUM(CASE WHEN rating IS NOT NULL THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN created_by = $2 THEN 1 ELSE 0 END), 0) \
         FROM contest_entry WHERE contest_id = $1",
        )
        .bind(id)
        .bind(viewer_id)
        .fetch_one(&state.db.pool)
        .await?;
    let is_owner = viewer.as_ref().is_some_and(|v| v.id() == contest.created_by);
    Ok(Json(Data::new(FilterStats {
        all,
        active,
        eliminated,
        winners,
        designers,
        rated: is_owner.then_some(rated),
        mine: viewer.is_some().then_some(mine),
    })))
}
