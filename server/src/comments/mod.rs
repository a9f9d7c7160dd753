//! Comments on a contest's board and on entries, reactions to entries, and image
//! tags (feedback points on an entry's image).

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
