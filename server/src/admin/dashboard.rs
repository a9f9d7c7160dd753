//! `GET /dashboard`: the signed-in user's dashboard figures in one call. The spec names
//! the call, not its answer; this is what each role's landing page needs at a glance:
//! an admin what waits for them ([`AdminQueue`]), a client their contests, projects and
//! cart, a designer their contests, wins and bids; everyone their unread counters.

use axum::{extract::State, Json};
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::queue::{self, AdminQueue};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    api::Data,
    error::{AppError, ErrorEnvelope},
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

async fn count(conn: &mut AnyConnection, sql: &str, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(sql).bind(user_id).fetch_one(conn).await
}

/// The caller's dashboard figures (every role; each sees only their own).
#[utoipa::path(get, path = "/dashboard", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Data<Dashboard>), (status = 401, body = ErrorEnvelope)))]
pub async fn show(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Data<Dashboard>>, AppError> {
    let id = caller.id();
    let mut conn = state.db.pool.acquire().await?;
    let unread_notifications =
        count(&mut conn, "SELECT COUNT(*) FROM notification WHERE app_user_id = $1 AND read_at IS NULL", id).await?;
    let unread_messages = count(
        &mut conn,
        "SELECT COUNT(*) FROM message WHERE recipient_id = $1 AND read_at IS NULL AND deleted_by_recipient_at IS NULL",
        id,
    )
    .await?;
    let user_type = caller.user.user_type();
    let admin = match user_type {
        UserType::Admin => Some(queue::counts(&mut conn).await?),
        _ => None,
    };
    let client = match user_type {
        UserType::Client => Some(ClientFigures {
            unstarted_contests: count(
                &mut conn,
                "SELECT COUNT(*) FROM contest WHERE created_by = $1 AND status_id = 1",
                id,
            )
            .await?,
            active_contests: count(
                &mut conn,
                "SELECT COUNT(*) FROM contest WHERE created_by = $1 AND status_id IN (2, 3)",
                id,
            )
            .await?,
            completed_contests: count(
                &mut conn,
                "SELECT COUNT(*) FROM contest WHERE created_by = $1 AND status_id >= 4",
                id,
            )
            .await?,
            open_projects: count(
                &mut conn,
                "SELECT COUNT(*) FROM project WHERE created_by = $1 AND status_id <= 5",
                id,
            )
            .await?,
            cart_items: count(&mut conn, "SELECT COUNT(*) FROM cart_item WHERE app_user_id = $1", id).await?,
        }),
        _ => None,
    };
    let designer = match user_type {
        UserType::Designer => Some(DesignerFigures {
            participating_contests: count(
                &mut conn,
                "SELECT COUNT(*) FROM contest c WHERE c.status_id IN (2, 3) \
                 AND EXISTS (SELECT 1 FROM contest_entry e WHERE e.contest_id = c.id AND e.created_by = $1)",
                id,
            )
            .await?,
            won_entries: count(&mut conn, "SELECT COUNT(*) FROM contest_entry WHERE created_by = $1 AND is_winner = 1", id)
                .await?,
            available_contests: count(&mut conn, "SELECT COUNT(*) FROM contest WHERE status_id = 2 AND $1 > 0", id).await?,
            open_bids: count(
                &mut conn,
                "SELECT COUNT(*) FROM bid b JOIN project p ON p.id = b.project_id WHERE b.created_by = $1 AND p.status_id = 1",
                id,
            )
            .await?,
            assigned_projects: count(
                &mut conn,
                "SELECT COUNT(*) FROM project p JOIN bid b ON b.id = p.approved_bid_id \
                 WHERE b.created_by = $1 AND p.status_id BETWEEN 2 AND 5",
                id,
            )
            .await?,
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
