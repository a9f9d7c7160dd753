//! The routes that sell a raise of a project's budget ([`super::payable`]): a payment
//! intent (create, update, finalize) and PayPal, made with the payments area's route
//! macros; the bodies they document are here.

use utoipa::ToSchema;

use super::payable::BudgetRoute;
use crate::payments::routes::{intent_routes, paypal_routes, prelude::*};

/// Creates a payment intent for a raise of a project's budget.
#[derive(ToSchema)]
pub struct BudgetIntentCreate {
    /// Not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: String,
    /// The new budget in whole dollars: more than the current one, at most 1,000,000.
    #[schema(minimum = 1, maximum = 1000000)]
    pub budget: i64,
}

/// Creates a PayPal payment for a raise of a project's budget.
#[derive(ToSchema)]
pub struct PayPalBudgetCreate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The new budget in whole dollars: more than the current one, at most 1,000,000.
    #[schema(minimum = 1, maximum = 1000000)]
    pub budget: i64,
}

/// Re-prices an open payment intent for a raise of a project's budget.
#[derive(ToSchema)]
pub struct BudgetIntentUpdate {
    /// Optional; not blank, at most 255 characters.
    #[schema(pattern = "^[ -~]*[!-~][ -~]*$", max_length = 255)]
    pub idempotency_key: Option<String>,
    /// The new budget in whole dollars: more than the current one, at most 1,000,000.
    #[schema(minimum = 1, maximum = 1000000)]
    pub budget: i64,
}

intent_routes!(
    &BudgetRoute,
    create_budget,
    update_budget,
    finalize_budget,
    "/projects/{id}/increase-budget/payments/stripe/payment-intents",
    "/projects/{id}/increase-budget/payments/stripe/payment-intents/{intentId}",
    "/projects/{id}/increase-budget/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    BudgetIntentCreate,
    BudgetIntentUpdate
);

/// The PayPal routes (their handlers named as the payment intents' are).
pub mod paypal {
    use super::*;

    paypal_routes!(
        &BudgetRoute,
        create_budget,
        execute_budget,
        "/projects/{id}/increase-budget/payments/paypal",
        "/projects/{id}/increase-budget/payments/paypal/execute",
        (("id" = i64, Path)),
        PayPalBudgetCreate
    );
}
