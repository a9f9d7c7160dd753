//! The routes that sell an additional design ([`super::payable`]): a payment intent
//! (create, update, finalize), a direct card charge and PayPal, made with the payments
//! area's route macros.

use super::payable::AdditionalRoute;
use crate::payments::routes::{charge_route, intent_routes, paypal_routes, prelude::*};

intent_routes!(
    &AdditionalRoute,
    create_design,
    update_design,
    finalize_design,
    "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents",
    "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path), ("entryId" = i64, Path)),
    IntentCreate
);

charge_route!(
    &AdditionalRoute,
    charge_design,
    "/contests/{id}/entries/{entryId}/payments/stripe",
    (("id" = i64, Path), ("entryId" = i64, Path)),
    ChargeRequest
);

/// The PayPal routes (their handlers named as the payment intents' are).
pub mod paypal {
    use super::*;

    paypal_routes!(
        &AdditionalRoute,
        create_design,
        execute_design,
        "/contests/{id}/entries/{entryId}/payments/paypal",
        "/contests/{id}/entries/{entryId}/payments/paypal/execute",
        (("id" = i64, Path), ("entryId" = i64, Path)),
        PayPalCreate
    );
}
