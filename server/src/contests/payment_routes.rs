//! The routes that sell what [`super::payable`] prices: a contest's launch, upgrades, an
//! extension and a prize raise, each paid with a payment intent (create, update,
//! finalize), upgrades and extensions also with a direct card charge, and each with
//! PayPal. Made with the payments area's route macros; the bodies each documents are here.

use utoipa::ToSchema;

use super::payable::{ContestRoute, PRIZE_INCREASES};
use crate::payments::routes::{charge_route, intent_routes, paypal_routes, prelude::*};

// The body of a create as each purpose reads it, for the document: the handler reads
// `IntentRequest`. The idempotency key may come as the `Idempotency-Key` header instead; the
// document names the body's field, which every client sends.

/// Creates a payment intent for a contest's upgrades.
#[derive(ToSchema)]
pub struct UpgradeIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The upgrades to buy (a list, never null).
    #[schema(required = false)]
    pub upgrade_ids: Vec<i64>,
}

/// Creates a payment intent for a contest's extension.
#[derive(ToSchema)]
pub struct ExtendIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// Whole days, 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub days: i64,
}

crate::api::enum_doc!(
    /// An increase of a contest's prize, in whole dollars ([`PRIZE_INCREASES`]).
    pub PrizeIncreaseDoc: i64 = PRIZE_INCREASES
);

/// Creates a payment intent for a raise of a contest's prize.
#[derive(ToSchema)]
pub struct PrizeIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// Whole dollars, one of 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000.
    #[schema(value_type = PrizeIncreaseDoc, inline)]
    pub amount: i64,
}

/// Creates a PayPal payment for a contest's upgrades.
#[derive(ToSchema)]
pub struct PayPalUpgradeCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The upgrades to buy (a list, never null).
    #[schema(required = false)]
    pub upgrade_ids: Vec<i64>,
}

/// Creates a PayPal payment for a contest's extension.
#[derive(ToSchema)]
pub struct PayPalExtendCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Whole days, 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub days: i64,
}

/// Creates a PayPal payment for a raise of a contest's prize.
#[derive(ToSchema)]
pub struct PayPalPrizeCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Whole dollars, one of 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000.
    #[schema(value_type = PrizeIncreaseDoc, inline)]
    pub amount: i64,
}

/// Re-prices an open payment intent for a contest's upgrades.
#[derive(ToSchema)]
pub struct UpgradeIntentUpdate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The upgrades to buy (a list, never null).
    #[schema(required = false)]
    pub upgrade_ids: Vec<i64>,
}

/// Re-prices an open payment intent for a contest's extension.
#[derive(ToSchema)]
pub struct ExtendIntentUpdate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Whole days, 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub days: i64,
}

/// Re-prices an open payment intent for a raise of a contest's prize.
#[derive(ToSchema)]
pub struct PrizeIntentUpdate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// Whole dollars, one of 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000.
    #[schema(value_type = PrizeIncreaseDoc, inline)]
    pub amount: i64,
}

/// The body of an upgrades' charge for the document: [`ChargeRequest`] with the upgrades
/// to buy.
pub struct UpgradeCharge;

impl utoipa::PartialSchema for UpgradeCharge {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AllOfBuilder, ArrayBuilder, ObjectBuilder};
        let upgrades = ArrayBuilder::new()
            .items(crate::api::id_schema())
            .description(Some("The upgrades to buy (a list, never null)."));
        AllOfBuilder::new()
            .item(utoipa::openapi::Ref::from_schema_name("ChargeRequest"))
            .item(ObjectBuilder::new().property("upgrade_ids", upgrades))
            .into()
    }
}

impl ToSchema for UpgradeCharge {}

/// The body of an extension's charge for the document: [`ChargeRequest`] with `days` (1 to
/// 10) required.
pub struct ExtendCharge;

impl utoipa::PartialSchema for ExtendCharge {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let days = crate::api::id_schema_with(|o| o.minimum(Some(1)).maximum(Some(10)));
        crate::api::requiring("ChargeRequest", vec![("days", days)])
    }
}

impl ToSchema for ExtendCharge {}

intent_routes!(
    &ContestRoute::Launch,
    create_launch,
    update_launch,
    finalize_launch,
    "/contests/{id}/payments/stripe/payment-intents",
    "/contests/{id}/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    IntentCreate
);

intent_routes!(
    &ContestRoute::Upgrade,
    create_upgrade,
    update_upgrade,
    finalize_upgrade,
    "/contests/{id}/upgrades/payments/stripe/payment-intents",
    "/contests/{id}/upgrades/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/upgrades/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    UpgradeIntentCreate,
    UpgradeIntentUpdate
);

intent_routes!(
    &ContestRoute::Extend,
    create_extend,
    update_extend,
    finalize_extend,
    "/contests/{id}/extends/payments/stripe/payment-intents",
    "/contests/{id}/extends/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/extends/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    ExtendIntentCreate,
    ExtendIntentUpdate
);

intent_routes!(
    &ContestRoute::Prize,
    create_prize,
    update_prize,
    finalize_prize,
    "/contests/{id}/increase-prize/payments/stripe/payment-intents",
    "/contests/{id}/increase-prize/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/increase-prize/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    PrizeIntentCreate,
    PrizeIntentUpdate
);

charge_route!(
    &ContestRoute::Upgrade,
    charge_upgrade,
    "/contests/{id}/upgrades/payments/stripe",
    (("id" = i64, Path)),
    UpgradeCharge
);

charge_route!(
    &ContestRoute::Extend,
    charge_extend,
    "/contests/{id}/extends/payments/stripe",
    (("id" = i64, Path)),
    ExtendCharge
);

/// The PayPal routes (their handlers named as the payment intents' are).
pub mod paypal {
    use super::*;

    paypal_routes!(
        &ContestRoute::Launch,
        create_launch,
        execute_launch,
        "/contests/{id}/payments/paypal",
        "/contests/{id}/payments/paypal/execute",
        (("id" = i64, Path)),
        PayPalCreate
    );

    paypal_routes!(
        &ContestRoute::Upgrade,
        create_upgrade,
        execute_upgrade,
        "/contests/{id}/upgrades/payments/paypal",
        "/contests/{id}/upgrades/payments/paypal/execute",
        (("id" = i64, Path)),
        PayPalUpgradeCreate
    );

    paypal_routes!(
        &ContestRoute::Extend,
        create_extend,
        execute_extend,
        "/contests/{id}/extends/payments/paypal",
        "/contests/{id}/extends/payments/paypal/execute",
        (("id" = i64, Path)),
        PayPalExtendCreate
    );

    paypal_routes!(
        &ContestRoute::Prize,
        create_prize,
        execute_prize,
        "/contests/{id}/increase-prize/payments/paypal",
        "/contests/{id}/increase-prize/payments/paypal/execute",
        (("id" = i64, Path)),
        PayPalPrizeCreate
    );
}
