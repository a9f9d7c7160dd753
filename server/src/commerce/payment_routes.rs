//! The routes that sell the tipping cart and a subscription ([`super::payable`]): a
//! payment intent (create, update, finalize), the cart's direct card charge, and PayPal,
//! made with the payments area's route macros; the bodies they document are here.

use utoipa::ToSchema;

use super::payable::{CartRoute, SubscriptionRoute};
use crate::payments::routes::{charge_route, intent_routes, paypal_routes, prelude::*};

/// The rule across a cart's place: a country with states (the United States) needs
/// `state_id` ([`super::carts::taxed_state`]), any other country does not.
fn with_place_rule(
    fields: utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder};
    let country = |ids: Vec<i64>| crate::api::id_schema_with(|o| o.enum_values(Some(ids)));
    let (with_states, without): (Vec<i64>, Vec<i64>) =
        crate::geo::COUNTRIES.iter().map(|c| c.0).partition(|id| *id == crate::geo::UNITED_STATES);
    AllOfBuilder::new()
        .item(fields)
        .item(
            AnyOfBuilder::new().item(ObjectBuilder::new().property("country_id", country(without))).item(
                ObjectBuilder::new()
                    .property("country_id", country(with_states))
                    .property("state_id", crate::api::id_schema_with(|o| o.minimum(Some(1)).maximum(Some(51))))
                    .required("state_id"),
            ),
        )
        .into()
}

/// Creates a payment intent for the caller's cart, taxed for the payment form's place:
/// `state_id` is required with the United States (1).
pub struct CartIntentCreate;

impl utoipa::PartialSchema for CartIntentCreate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        with_place_rule(CartIntentFields::schema())
    }
}

impl ToSchema for CartIntentCreate {}

/// Creates a PayPal payment for the caller's cart: `state_id` is required with the United
/// States (1).
pub struct PayPalCartCreate;

impl utoipa::PartialSchema for PayPalCartCreate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        with_place_rule(CartPlaceFields::schema())
    }
}

impl ToSchema for PayPalCartCreate {}

/// Re-prices an open payment intent for the caller's cart, taxed for the payment form's
/// place: `state_id` is required with the United States (1).
pub struct CartIntentUpdate;

impl utoipa::PartialSchema for CartIntentUpdate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        with_place_rule(CartPlaceFields::schema())
    }
}

impl ToSchema for CartIntentUpdate {}

/// The fields of [`CartIntentCreate`].
#[derive(ToSchema)]
pub struct CartIntentFields {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The payment form's country.
    #[schema(value_type = crate::geo::CountryDoc, inline)]
    pub country_id: i64,
    /// The state whose sales tax applies (1 to 51, the US states); required when the
    /// country has states (the United States, 1).
    #[schema(minimum = 1, maximum = 51)]
    pub state_id: Option<i64>,
}

/// The fields of [`PayPalCartCreate`] and [`CartIntentUpdate`], whose key is optional.
#[derive(ToSchema)]
pub struct CartPlaceFields {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The payment form's country.
    #[schema(value_type = crate::geo::CountryDoc, inline)]
    pub country_id: i64,
    /// The state whose sales tax applies (1 to 51, the US states); required when the
    /// country has states (the United States, 1).
    #[schema(minimum = 1, maximum = 51)]
    pub state_id: Option<i64>,
}

/// The body of a cart's charge for the document: [`ChargeRequest`] with the payment form's
/// country required, and its state with the United States (the rule of a cart's place),
/// and optionally the items the payer saw.
pub struct CartCharge;

impl utoipa::PartialSchema for CartCharge {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AllOfBuilder, ArrayBuilder, ObjectBuilder};
        let country = crate::api::id_schema_with(|o| o.enum_values(Some(crate::geo::COUNTRIES.iter().map(|c| c.0))));
        let items = ArrayBuilder::new().items(crate::api::id_schema()).description(Some(
            "The cart item ids the payer saw. Optional; when given they must be the cart's payable items \
             exactly (409 `cart.changed` otherwise), so an item added in another tab is not paid unseen.",
        ));
        let fields =
            ObjectBuilder::new().property("country_id", country).required("country_id").property("items", items);
        with_place_rule(
            AllOfBuilder::new().item(utoipa::openapi::Ref::from_schema_name("ChargeRequest")).item(fields).into(),
        )
    }
}

impl ToSchema for CartCharge {}

intent_routes!(
    &CartRoute,
    create_cart,
    update_cart,
    finalize_cart,
    "/carts/payments/stripe/payment-intents",
    "/carts/payments/stripe/payment-intents/{intentId}",
    "/carts/payments/stripe/payment-intents/finalize/{intentId}",
    (),
    CartIntentCreate,
    CartIntentUpdate
);

intent_routes!(
    &SubscriptionRoute,
    create_subscription,
    update_subscription,
    finalize_subscription,
    "/subscriptions/{id}/payments/stripe/payment-intents",
    "/subscriptions/{id}/payments/stripe/payment-intents/{intentId}",
    "/subscriptions/{id}/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    IntentCreate
);

charge_route!(&CartRoute, charge_cart, "/carts/payments/stripe", (), CartCharge);

/// The PayPal routes (their handlers named as the payment intents' are).
pub mod paypal {
    use super::*;

    paypal_routes!(
        &CartRoute,
        create_cart,
        execute_cart,
        "/carts/payments/paypal",
        "/carts/payments/paypal/execute",
        (),
        PayPalCartCreate
    );

    paypal_routes!(
        &SubscriptionRoute,
        create_subscription,
        execute_subscription,
        "/subscriptions/{id}/payments/paypal",
        "/subscriptions/{id}/payments/paypal/execute",
        (("id" = i64, Path)),
        PayPalCreate
    );
}
