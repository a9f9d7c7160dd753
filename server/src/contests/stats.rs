//! `GET /contests/{id}/filter-stats`: the counts behind the entries grid's filters.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;

use super::{launch::visible, store::stats as store};
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
    let counts = store::entry_counts(&state.db.pool, id, viewer_id).await?;
    let is_owner = viewer.as_ref().is_some_and(|v| v.id() == contest.created_by);
    Ok(Json(Data::new(FilterStats {
        all: counts.all,
        active: counts.active,
        eliminated: counts.eliminated,
        winners: counts.winners,
        designers: counts.designers,
        rated: is_owner.then_some(counts.rated),
        mine: viewer.is_some().then_some(counts.mine),
    })))
}
