//! The payment-intent routes of every purpose: create (POST), update (PUT
//! `.../{intentId}`) and finalize (POST `.../finalize/{intentId}`), each a thin
//! wrapper over [`super::intents`] with its path and OpenAPI description.

use axum::{extract::State, http::HeaderMap, http::StatusCode, Json};

use super::intents::{
    self, BudgetIntentCreate, CartIntentCreate, ExtendIntentCreate, FinalizeRequest, IntentCreate, IntentPath,
    IntentRequest, IntentView, Kind, PrizeIntentCreate, PurchaseDesignIntentCreate, UpgradeIntentCreate,
};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{ApiJson, ApiPath, AppError, ErrorEnvelope},
    shared::limits::{Action, ClientIp},
    state::AppState,
};

/// Three handlers for one purpose: `$create` at `$base`, `$update` at
/// `$base/{intentId}`, `$finalize` at `$base/finalize/{intentId}`. `$body` documents the
/// create's body as the purpose reads it (the handler reads [`IntentRequest`]). Paths are `tt` so
/// utoipa sees plain string literals.
macro_rules! intent_routes {
    ($kind:expr, $create:ident, $update:ident, $finalize:ident,
     $base:tt, $update_path:tt, $finalize_path:tt, ($($param:tt),*), $body:ident) => {
        /// Creates the payment intent; the amount is computed on the server.
        ///
        /// Limited per client address and per user (`VITRINE_RATE_PAYMENT_*`).
        #[utoipa::path(post, path = $base, tag = "payments", params($($param),*), request_body = $body,
            security(("bearer" = [])),
            responses((status = 201, body = Data<IntentView>), (status = 403, body = ErrorEnvelope),
                (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
                (status = 429, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
        pub async fn $create(
            State(state): State<AppState>,
            caller: CurrentUser,
            ip: ClientIp,
            ApiPath(path): ApiPath<IntentPath>,
            headers: HeaderMap,
            ApiJson(req): ApiJson<IntentRequest>,
        ) -> Result<(StatusCode, Json<Data<IntentView>>), AppError> {
            state.limits.check_user(Action::Payment, &ip, caller.id())?;
            intents::create(&state, &caller, $kind, &path, &headers, req).await
        }

        /// Re-prices the open payment intent (before the card is confirmed).
        #[utoipa::path(put, path = $update_path, tag = "payments", params($($param,)* ("intentId" = String, Path)),
            request_body = IntentRequest, security(("bearer" = [])),
            responses((status = 200, body = Data<IntentView>), (status = 403, body = ErrorEnvelope),
                (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
        pub async fn $update(
            State(state): State<AppState>,
            caller: CurrentUser,
            ApiPath(path): ApiPath<IntentPath>,
            ApiJson(req): ApiJson<IntentRequest>,
        ) -> Result<Json<Data<IntentView>>, AppError> {
            intents::update(&state, &caller, $kind, &path, req).await
        }

        /// Sets the saved card to charge; the browser then confirms with Stripe.js.
        #[utoipa::path(post, path = $finalize_path, tag = "payments", params($($param,)* ("intentId" = String, Path)),
            request_body = FinalizeRequest, security(("bearer" = [])),
            responses((status = 200, body = Data<IntentView>), (status = 403, body = ErrorEnvelope),
                (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
        pub async fn $finalize(
            State(state): State<AppState>,
            caller: CurrentUser,
            ApiPath(path): ApiPath<IntentPath>,
            ApiJson(req): ApiJson<FinalizeRequest>,
        ) -> Result<Json<Data<IntentView>>, AppError> {
            intents::finalize(&state, &caller, $kind, &path, req).await
        }
    };
}

intent_routes!(
    Kind::ContestLaunch,
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
    Kind::ContestUpgrade,
    create_upgrade,
    update_upgrade,
    finalize_upgrade,
    "/contests/{id}/upgrades/payments/stripe/payment-intents",
    "/contests/{id}/upgrades/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/upgrades/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    UpgradeIntentCreate
);

intent_routes!(
    Kind::ContestExtend,
    create_extend,
    update_extend,
    finalize_extend,
    "/contests/{id}/extends/payments/stripe/payment-intents",
    "/contests/{id}/extends/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/extends/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    ExtendIntentCreate
);

intent_routes!(
    Kind::ContestPrize,
    create_prize,
    update_prize,
    finalize_prize,
    "/contests/{id}/increase-prize/payments/stripe/payment-intents",
    "/contests/{id}/increase-prize/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/increase-prize/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    PrizeIntentCreate
);

intent_routes!(
    Kind::AdditionalDesign,
    create_design,
    update_design,
    finalize_design,
    "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents",
    "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path), ("entryId" = i64, Path)),
    IntentCreate
);

intent_routes!(
    Kind::BidApproval,
    create_bid,
    update_bid,
    finalize_bid,
    "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents",
    "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/{intentId}",
    "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path), ("bidId" = i64, Path)),
    IntentCreate
);

intent_routes!(
    Kind::BudgetIncrease,
    create_budget,
    update_budget,
    finalize_budget,
    "/projects/{id}/increase-budget/payments/stripe/payment-intents",
    "/projects/{id}/increase-budget/payments/stripe/payment-intents/{intentId}",
    "/projects/{id}/increase-budget/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    BudgetIntentCreate
);

intent_routes!(
    Kind::Cart,
    create_cart,
    update_cart,
    finalize_cart,
    "/carts/payments/stripe/payment-intents",
    "/carts/payments/stripe/payment-intents/{intentId}",
    "/carts/payments/stripe/payment-intents/finalize/{intentId}",
    (),
    CartIntentCreate
);

intent_routes!(
    Kind::Subscription,
    create_subscription,
    update_subscription,
    finalize_subscription,
    "/subscriptions/{id}/payments/stripe/payment-intents",
    "/subscriptions/{id}/payments/stripe/payment-intents/{intentId}",
    "/subscriptions/{id}/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    IntentCreate
);

intent_routes!(
    Kind::MarketplacePurchase,
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
    Kind::PurchaseDesign,
    create_purchase_design,
    update_purchase_design,
    finalize_purchase_design,
    "/contests/{id}/purchase-design/payments/stripe/payment-intents",
    "/contests/{id}/purchase-design/payments/stripe/payment-intents/{intentId}",
    "/contests/{id}/purchase-design/payments/stripe/payment-intents/finalize/{intentId}",
    (("id" = i64, Path)),
    PurchaseDesignIntentCreate
);
