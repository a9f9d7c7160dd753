//! The users calls of section 7 no other area serves: a user's contest lists (all,
//! won-but-uncredited, completed), their earnings, and the referral cookie. The spec names
//! the paths only; what each answers is our design. (A user's settings are the profiles
//! area's: `crate::profiles`.)

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;

use super::payouts::{self, Payout};
use crate::{
    accounts::{domain::UserType, store::find_user, CurrentUser},
    api::Data,
    contests::store as contests,
    error::{codes, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::page::{Page, PageQuery},
    state::AppState,
};

pub const PER_PAGE: i64 = 48;
/// Referral and cookie duration (contests document, section 9).
pub const COOKIE_HOURS: i64 = 720;

/// The user themself or an admin; the user must exist.
async fn self_or_admin(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
) -> Result<crate::accounts::model::UserRow, AppError> {
    if caller.id() != id && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserContest {
    pub id: i64,
    pub title: String,
    pub status_id: i64,
    pub contest_type_id: i64,
    pub created_at: i64,
    /// US cents of each winning entry's prize.
    pub winning_entry_amount_cents: i64,
}

impl From<contests::UserContestRow> for UserContest {
    fn from(r: contests::UserContestRow) -> Self {
        Self {
            id: r.id,
            title: r.title,
            status_id: r.status_id,
            contest_type_id: r.contest_type_id,
            created_at: r.created_at,
            winning_entry_amount_cents: r.winning_entry_amount_cents,
        }
    }
}

/// Which contests of a user a list shows.
#[derive(Clone, Copy)]
enum Which {
    All,
    Uncredited,
    Completed,
}

async fn contests_of(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
    which: Which,
    page: Option<i64>,
    path: &str,
) -> Result<Json<Page<UserContest>>, AppError> {
    let user = self_or_admin(state, caller, id).await?;
    // A client's contests are those launched; a designer's those entered (won, for the
    // uncredited and completed lists).
    let whose = match (user.user_type(), which) {
        (UserType::Designer, Which::All) => contests::Whose::Entered,
        (UserType::Designer, _) => contests::Whose::Won,
        _ => contests::Whose::Launched,
    };
    let stage = match which {
        Which::All => contests::Stage::Any,
        Which::Uncredited => contests::Stage::Uncredited,
        Which::Completed => contests::Stage::Completed,
    };
    let page = page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (total, rows) = contests::of_user(&mut conn, id, whose, stage, PER_PAGE, (page - 1) * PER_PAGE).await?;
    Ok(Json(Page {
        data: rows.into_iter().map(UserContest::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url: (page * PER_PAGE < total).then(|| format!("/users/{id}/{path}?page={}", page + 1)),
        total,
    }))
}

/// A user's contests: a client's launched, a designer's entered; newest first (the user and admins).
#[utoipa::path(get, path = "/users/{id}/contests", tag = "accounts", params(("id" = i64, Path), PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<UserContest>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn contests(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<Page<UserContest>>, AppError> {
    contests_of(&state, &caller, id, Which::All, q.page, "contests").await
}

/// Contests awarded but not yet credited (statuses 5 to 8): a designer's wins, a client's awards.
#[utoipa::path(get, path = "/users/{id}/contests/uncredited", tag = "accounts", params(("id" = i64, Path), PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<UserContest>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn uncredited(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<Page<UserContest>>, AppError> {
    contests_of(&state, &caller, id, Which::Uncredited, q.page, "contests/uncredited").await
}

/// Contests completed and credited (status 9): a designer's wins, a client's contests.
#[utoipa::path(get, path = "/users/{id}/contests/completed", tag = "accounts", params(("id" = i64, Path), PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<UserContest>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn completed(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<Page<UserContest>>, AppError> {
    contests_of(&state, &caller, id, Which::Completed, q.page, "contests/completed").await
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Earnings {
    /// Credited work not yet paid out, US cents.
    pub owed_cents: i64,
    /// Paid out, US cents.
    pub paid_cents: i64,
    /// Each credited piece of work, owed first.
    pub payouts: Vec<Payout>,
}

/// A designer's earnings: what is owed after crediting and what was paid (the designer and admins).
#[utoipa::path(get, path = "/users/{id}/transactions/earnings", tag = "accounts", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<Earnings>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn earnings(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Earnings>>, AppError> {
    self_or_admin(&state, &caller, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let payouts = payouts::of_designer(&mut conn, id).await?;
    let sum = |status: i64| payouts.iter().filter(|p| p.status_id == status).map(|p| p.amount_cents).sum();
    Ok(Json(Data::new(Earnings { owed_cents: sum(1), paid_cents: sum(2), payouts })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralCookie {
    /// 32 random digits.
    pub value: String,
    pub max_age_hours: i64,
}

/// A fresh value for the referral tracking cookie and how long it lasts (720 hours);
/// anyone may ask (visitors arrive through referral links before signing up).
#[utoipa::path(get, path = "/users/cookies", tag = "accounts", responses((status = 200, body = Data<ReferralCookie>)))]
pub async fn cookies() -> Json<Data<ReferralCookie>> {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    let digits: String = (0..32).map(|_| char::from(b'0' + rng.gen_range(0..10u8))).collect();
    Json(Data::new(ReferralCookie { value: digits, max_age_hours: COOKIE_HOURS }))
}
