//! The routes that sell a bid's approval ([`super::payable`]): a payment intent (create,
//! update, finalize) and PayPal, made with the payments area's route macros.

use super::payable::BidRoute;
use crate::payments::routes::{intent_routes, paypal_routes, prelude::*};

intent_routes!(
    &BidRoute,
    create_bid,
    update_bid,
    finalize_bid,
    "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents",
    "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/{intentId}",
    "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path), ("bidId" = i64, Path)),
    IntentCreate
);

/// The PayPal routes (their handlers named as the payment intents' are).
pub mod paypal {
    use super::*;

    paypal_routes!(
        &BidRoute,
        create_bid,
        execute_bid,
        "/projects/{id}/bids/{bidId}/approve/payments/paypal",
        "/projects/{id}/bids/{bidId}/approve/payments/paypal/execute",
        (("id" = i64, Path), ("bidId" = i64, Path)),
        PayPalCreate
    );
}
