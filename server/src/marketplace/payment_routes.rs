//! The routes that sell full rights to an entry ([`super::payable`]): payment intents
//! (create, update, finalize) under the marketplace's path and under the contest's
//! (`purchase-design`), and PayPal under the marketplace's; made with the payments area's
//! route macros.

use utoipa::ToSchema;

use super::payable::PurchaseRoute;
use crate::payments::routes::{intent_routes, paypal_routes, prelude::*};

/// Creates a payment intent for the rights to a contest's entry.
#[derive(ToSchema)]
pub struct PurchaseDesignIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The contest's entry whose full rights are bought.
    pub entry_id: i64,
}

/// Re-prices an open payment intent for the rights to a contest's entry.
#[derive(ToSchema)]
pub struct PurchaseDesignIntentUpdate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The payment's entry when not given; another entry is another payment (409).
    pub entry_id: Option<i64>,
}

intent_routes!(
    &PurchaseRoute::Marketplace,
    create_marketplace,
    update_marketplace,
    finalize_marketplace,
    "/marketplace-contest-entries/{id}/payments/stripe/payment-intents",
    "/marketplace-contest-entries/{id}/payments/stripe/payment-intents/{intentId}",
    "/marketplace-contest-entries/{id}/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    IntentCreate
);

intent_routes!(
    &PurchaseRoute::ContestDesign,
    create_purchase_design,
    update_purchase_design,
    finalize_purchase_design,
    "/contests/{id}/purchase-design/payments/stripe/payment-intents",
    "/contests/{id}/purchase-design/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/purchase-design/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    PurchaseDesignIntentCreate,
    PurchaseDesignIntentUpdate
);

/// The PayPal routes (their handlers named as the payment intents' are).
pub mod paypal {
    use super::*;

    paypal_routes!(
        &PurchaseRoute::Marketplace,
        create_marketplace,
        execute_marketplace,
        "/marketplace-contest-entries/{id}/payments/paypal",
        "/marketplace-contest-entries/{id}/payments/paypal/execute",
        (("id" = i64, Path)),
        PayPalCreate
    );
}
