//! Commerce: what clients buy besides a contest launch, and the discounts on it.
//! Money is integer cents everywhere; the API shows US dollars.
//!
//! - [`coupons`]: a contest type's coupons, their six rules, the 24-hour window, the
//!   discount ([`coupons::apply`]) and its use ([`coupons::redeem`]); [`coupon_routes`].
//! - [`referrals`]: referral codes, visit cookies, sign-ups credited within 720 hours.
//! - [`subscriptions`]: unlimited contests and upgrades, pending until paid
//!   ([`subscriptions::activate`]); [`subscription_routes`].
//! - [`carts`]: the tipping cart and its total with tax ([`carts::payable`]); paying
//!   it turns it into tips ([`carts::paid`]); [`cart_routes`].
//! - [`tips`]: paid tips awaiting approval, decisions, stats; [`tip_routes`].
//!
//! - [`store`]: all its SQL: coupons kept by admins, referral codes and visits, and by
//!   topic what the rules above read and write.
//! - [`payable`]: the cart and a subscription as the payments area sells them (priced
//!   and applied here); [`payment_routes`]: their payment routes. Nothing here talks to
//!   a payment provider.

pub mod cart_routes;
pub mod carts;
pub mod coupon_routes;
pub mod coupons;
pub mod payable;
pub mod payment_routes;
pub mod referrals;
pub mod store;
pub mod subscription_routes;
pub mod subscriptions;
pub mod tip_routes;
pub mod tips;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(coupon_routes::create, coupon_routes::list))
        .routes(routes!(coupon_routes::delete))
        .routes(routes!(coupon_routes::validate))
        .routes(routes!(referrals::mine))
        .routes(routes!(referrals::visit))
        .routes(routes!(subscription_routes::mine))
        .routes(routes!(subscription_routes::active))
        .routes(routes!(subscription_routes::purchase))
        .routes(routes!(subscription_routes::set))
        .routes(routes!(cart_routes::add, cart_routes::list))
        .routes(routes!(cart_routes::update, cart_routes::remove))
        .routes(routes!(cart_routes::total))
        .routes(routes!(cart_routes::send_free_awards))
        .routes(routes!(tip_routes::list))
        .routes(routes!(tip_routes::mine))
        .routes(routes!(tip_routes::decide))
        .routes(routes!(tip_routes::stats))
        .routes(routes!(payment_routes::create_cart))
        .routes(routes!(payment_routes::update_cart))
        .routes(routes!(payment_routes::finalize_cart))
        .routes(routes!(payment_routes::create_subscription))
        .routes(routes!(payment_routes::update_subscription))
        .routes(routes!(payment_routes::finalize_subscription))
        .routes(routes!(payment_routes::charge_cart))
        .routes(routes!(payment_routes::paypal::create_cart))
        .routes(routes!(payment_routes::paypal::execute_cart))
        .routes(routes!(payment_routes::paypal::create_subscription))
        .routes(routes!(payment_routes::paypal::execute_subscription))
}
