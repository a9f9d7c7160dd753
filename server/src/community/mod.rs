//! The community: designers' showcases (work shown apart from their portfolio) and the community
//! feed of what designers and clients did (contests doc, sections 1, 6 and 7).
//!
//! - [`activity`]: recording an activity in the action's own transaction, and
//!   announcing it live on the `community` channel after commit.
//! - [`feed`]: `GET /activities/community`, newest first, paged; [`store::feed`]: its SQL.
//! - [`showcases`]: `/externals/showcases` (list, create, show, update);
//!   [`store::showcases`]: its SQL.
//!
//! Who sees what: the feed is for designers and clients ([`may_follow`]; admins and
//! anonymous visitors are refused, over REST and on the hub alike). It shows only what
//! every designer and client may see elsewhere: activities of public, non-blind,
//! started contests, entries not withdrawn, showcases not hidden by an admin.

pub mod activity;
pub mod channels;
pub mod feed;
pub mod showcases;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    accounts::{domain::UserType, model::UserRow},
    state::AppState,
    store::Db,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(feed::list))
        .routes(routes!(showcases::list, showcases::create))
        .routes(routes!(showcases::show))
        .routes(routes!(showcases::update))
}

/// May `user` read the community feed and watch `community`? Designers and clients
/// (contests doc, section 6: "Community feed and liking: designers and clients only").
pub fn may_follow(user: &UserRow) -> bool {
    matches!(user.user_type(), UserType::Designer | UserType::Client) && user.is_active()
}

/// Whether `user` may read file `file_id` as a showcase's image: every signed-in user
/// when the showcase is visible; its designer and admins always (checked by `files`).
pub async fn may_read_file(db: &Db, _user: &UserRow, file_id: i64) -> Result<bool, sqlx::Error> {
    store::showcases::is_visible_image(&db.pool, file_id).await
}
