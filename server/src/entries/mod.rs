//! Entries: designers' submissions to contests, their versions, ratings, status,
//! awards, final artworks and reports.

pub mod visibility;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
