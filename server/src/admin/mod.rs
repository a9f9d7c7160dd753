//! The admin console's server side, and the remaining calls of the specification that
//! belong to no other area.
//!
//! - [`banners`]: broadcast banners, pushed live on the public `broadcast` channel.
//! - [`dashboard`]: `GET /dashboard`, every role's figures; [`queue`]: what waits for
//!   admins, counted, and the `admin.queue` event that moves the dashboard live.
//! - [`lists`]: all contests, all users, the search box. [`flagged`]: flagged clients.
//! - [`payouts`]: outgoing transactions (owed to designers, marked paid). [`sales`]:
//!   marketplace sales (full rights bought: what, buyer, designer, amount, when).
//! - [`books`]: the ledger's account totals, for reconciling.
//! - [`notes`]: admin notes on contests, projects, users. [`tags`]: designer tags.
//! - [`contest_admin`]: manual upgrades, removing upgrades and winners, disabling extensions.
//! - [`shares`], [`coupon_invites`], [`feedback`], [`project_invoices`]: contest shares,
//!   coupons e-mailed to clients, client feedback, project invoices.
//! - [`account_calls`]: analytics events, permissions, the seamless session, username reset.
//! - [`user_calls`]: a user's contest lists and earnings; the referral cookie.
//! - [`store`]: the SQL of admin's own tables. What admin reads or writes of another
//!   area's table goes through that area's store.

pub mod account_calls;
pub mod banners;
pub mod books;
pub mod channels;
pub mod contest_admin;
pub mod coupon_invites;
pub mod dashboard;
pub mod feedback;
pub mod flagged;
pub mod lists;
pub mod notes;
pub mod payouts;
pub mod project_invoices;
pub mod queue;
pub mod sales;
pub mod shares;
pub mod store;
pub mod tags;
pub mod user_calls;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(banners::list, banners::create))
        .routes(routes!(banners::update, banners::delete))
        .routes(routes!(dashboard::show))
        .routes(routes!(lists::contests))
        .routes(routes!(lists::users))
        .routes(routes!(lists::search))
        .routes(routes!(flagged::list))
        .routes(routes!(flagged::flag, flagged::unflag))
        .routes(routes!(payouts::list))
        .routes(routes!(books::books))
        .routes(routes!(payouts::mark_paid))
        .routes(routes!(payouts::send_paypal))
        .routes(routes!(sales::list))
        .routes(routes!(notes::list, notes::create))
        .routes(routes!(notes::show, notes::update, notes::delete))
        .routes(routes!(tags::list, tags::create))
        .routes(routes!(tags::show, tags::update, tags::delete))
        .routes(routes!(tags::of_user, tags::set_for_user))
        .routes(routes!(contest_admin::upgrades_manually))
        .routes(routes!(contest_admin::remove_upgrades))
        .routes(routes!(contest_admin::remove_winners))
        .routes(routes!(contest_admin::disable_extends))
        .routes(routes!(shares::create, shares::list))
        .routes(routes!(shares::delete))
        .routes(routes!(shares::open))
        .routes(routes!(coupon_invites::send))
        .routes(routes!(feedback::questions))
        .routes(routes!(feedback::answer_contest))
        .routes(routes!(feedback::answer_project))
        .routes(routes!(feedback::list))
        .routes(routes!(project_invoices::issue_token))
        .routes(routes!(project_invoices::download))
        .routes(routes!(account_calls::analytics_event))
        .routes(routes!(account_calls::permissions))
        .routes(routes!(account_calls::seamless))
        .routes(routes!(account_calls::username_reset))
        .routes(routes!(user_calls::contests))
        .routes(routes!(user_calls::uncredited))
        .routes(routes!(user_calls::completed))
        .routes(routes!(user_calls::earnings))
        .routes(routes!(user_calls::cookies))
}
