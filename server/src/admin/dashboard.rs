//! `GET /dashboard`: the signed-in user's dashboard figures in one call. The spec names
//! the call, not its answer; this is what each role's landing page needs at a glance:
//! an admin what waits for them ([`AdminQueue`]), a client their contests, projects and
//! cart, a designer their contests, wins and bids; everyone their unread counters.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;

use super::queue::{self, AdminQueue};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::Data,
    contests::store as contests,
    entries::store as entries,
    error::{AppError, ErrorEnvelope},
    projects::store as projects,
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientFigures {
    /// Contests not yet started (status 1).
    pub unstarted_contests: i64,
    /// Contests taking entries or deciding (statuses 2 and 3).
    pub active_contests: i64,
    /// Contests past their decision (statuses 4 to 9).
    pub completed_contests: i64,
    /// Projects not yet completed (statuses 1 to 5).
    pub open_projects: i64,
    /// Items in the tipping cart.
    pub cart_items: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DesignerFigures {
    /// Contests taking entries or deciding in which the designer has an entry.
    pub participating_contests: i64,
    /// The designer's winning entries.
    pub won_entries: i64,
    /// Contests open to entries now.
    pub available_contests: i64,
    /// The designer's bids on projects still taking bids.
    pub open_bids: i64,
    /// Projects assigned to the designer and not yet completed.
    pub assigned_projects: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Dashboard {
    pub user_type_id: i64,
    pub unread_notifications: i64,
    pub unread_messages: i64,
    /// Admins only.
    pub admin: Option<AdminQueue>,
    /// Clients only.
    pub client: Option<ClientFigures>,
    /// Designers only.
    pub designer: Option<DesignerFigures>,
}

/// The caller's dashboard figures (every role; each sees only their own).
#[utoipa::path(get, path = "/dashboard", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Data<Dashboard>), (status = 401, body = ErrorEnvelope)))]
pub async fn show(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Data<Dashboard>>, AppError> {
    let id = caller.id();
    let mut conn = state.db.pool.acquire().await?;
    let unread_notifications = crate::notifications::store::unread_count(&mut conn, id).await?;
    let unread_messages = crate::messages::store::unread_count(&mut conn, id).await?;
    let user_type = caller.user.user_type();
    let admin = match user_type {
        UserType::Admin => Some(queue::counts(&mut conn).await?),
        _ => None,
    };
    let client = match user_type {
        UserType::Client => {
            let (unstarted_contests, active_contests, completed_contests) =
                contests::client_counts(&mut conn, id).await?;
            Some(ClientFigures {
                unstarted_contests,
                active_contests,
                completed_contests,
                open_projects: projects::open_count_of_client(&mut conn, id).await?,
                cart_items: crate::commerce::store::cart_item_count(&mut *conn, id).await?,
            })
        }
        _ => None,
    };
    let designer = match user_type {
        UserType::Designer => Some(DesignerFigures {
            participating_contests: entries::participating_count(&mut conn, id).await?,
            won_entries: entries::won_count(&mut conn, id).await?,
            available_contests: contests::open_count(&mut conn, id).await?,
            open_bids: crate::bids::store::open_count(&mut conn, id).await?,
            assigned_projects: projects::assigned_count(&mut conn, id).await?,
        }),
        _ => None,
    };
    Ok(Json(Data::new(Dashboard {
        user_type_id: caller.user.user_type_id,
        unread_notifications,
        unread_messages,
        admin,
        client,
        designer,
    })))
}
