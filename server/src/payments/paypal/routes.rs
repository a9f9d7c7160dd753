//! The PayPal routes of every purpose: create (POST `.../payments/paypal`, a PayPal
//! Orders v2 order) and execute (GET `.../payments/paypal/execute?token=...&PayerID=...`,
//! which captures it), each a thin wrapper over [`super::flow`] with its path and
//! OpenAPI description.

use axum::{extract::State, http::HeaderMap, http::StatusCode, Json};

use super::flow::{self, ExecuteQuery, PayPalPaymentView};
use crate::{
    accounts::CurrentUser,
    api::Data,
    error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    payments::intents::{
        IntentPath, IntentRequest, Kind, PayPalBudgetCreate, PayPalCartCreate, PayPalCreate, PayPalExtendCreate,
        PayPalPrizeCreate, PayPalUpgradeCreate,
    },
    shared::limits::{Action, ClientIp},
    state::AppState,
};

/// The purpose's PayPal path with its ids, as the web client calls it.
fn route_of(kind: Kind, path: &IntentPath) -> String {
    let id = path.id;
    match kind {
        Kind::ContestLaunch => format!("/contests/{id}/payments/paypal"),
        Kind::ContestUpgrade => format!("/contests/{id}/upgrades/payments/paypal"),
        Kind::ContestExtend => format!("/contests/{id}/extends/payments/paypal"),
        Kind::ContestPrize => format!("/contests/{id}/increase-prize/payments/paypal"),
        Kind::AdditionalDesign => format!("/contests/{id}/entries/{}/payments/paypal", path.entry_id.unwrap_or(0)),
        Kind::BidApproval => format!("/projects/{id}/bids/{}/approve/payments/paypal", path.bid_id.unwrap_or(0)),
        Kind::BudgetIncrease => format!("/projects/{id}/increase-budget/payments/paypal"),
        Kind::Cart => "/carts/payments/paypal".to_owned(),
        Kind::Subscription => format!("/subscriptions/{id}/payments/paypal"),
        Kind::MarketplacePurchase => format!("/marketplace-contest-entries/{id}/payments/paypal"),
        // The specification names no PayPal path under the contest: the marketplace's serves.
        Kind::PurchaseDesign => "/marketplace-contest-entries/payments/paypal".to_owned(),
    }
}

/// Two handlers for one purpose: `$create` at `$base`, `$execute` at `$base/execute`.
/// `$body` documents the create's body as the purpose reads it (the handler reads
/// [`IntentRequest`]).
macro_rules! paypal_routes {
    ($kind:expr, $create:ident, $execute:ident, $base:tt, $execute_path:tt, ($($param:tt),*), $body:ident) => {
        /// Creates the PayPal payment (a PayPal order), priced on the server; the browser
        /// then goes to its `approval_url`. An idempotency key (body or `Idempotency-Key`) is optional here:
        /// with one, a retried create is the same payment.
        ///
        /// Limited per client address and per user (`VITRINE_RATE_PAYMENT_*`).
        #[utoipa::path(post, path = $base, tag = "payments", params($($param),*), request_body = $body,
            security(("bearer" = [])),
            responses((status = 201, body = Data<PayPalPaymentView>), (status = 403, body = ErrorEnvelope),
                (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
                (status = 429, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
        pub async fn $create(
            State(state): State<AppState>,
            caller: CurrentUser,
            ip: ClientIp,
            ApiPath(path): ApiPath<IntentPath>,
            headers: HeaderMap,
            ApiJson(req): ApiJson<IntentRequest>,
        ) -> Result<(StatusCode, Json<Data<PayPalPaymentView>>), AppError> {
            state.limits.check_user(Action::Payment, &ip, caller.id())?;
            let route = route_of($kind, &path);
            flow::create(&state, &caller, $kind, &path, &route, &headers, req).await
        }

        /// Captures the PayPal order the payer approved (the return URL's `token`, the
        /// order id, and `PayerID`), once: the effect and hub events of a card payment
        /// follow. Repeated or raced, it settles once; the others answer 409.
        #[utoipa::path(get, path = $execute_path, tag = "payments", params($($param,)* ExecuteQuery),
            security(("bearer" = [])),
            responses((status = 200, body = Data<PayPalPaymentView>), (status = 403, body = ErrorEnvelope),
                (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
                (status = 502, body = ErrorEnvelope)))]
        pub async fn $execute(
            State(state): State<AppState>,
            caller: CurrentUser,
            ApiPath(path): ApiPath<IntentPath>,
            ApiQuery(query): ApiQuery<ExecuteQuery>,
        ) -> Result<Json<Data<PayPalPaymentView>>, AppError> {
            flow::execute(&state, &caller, $kind, &path, query).await
        }
    };
}

paypal_routes!(
    Kind::ContestLaunch,
    create_launch,
    execute_launch,
    "/contests/{id}/payments/paypal",
    "/contests/{id}/payments/paypal/execute",
    (("id" = i64, Path)),
    PayPalCreate
);

paypal_routes!(
    Kind::ContestUpgrade,
    create_upgrade,
    execute_upgrade,
    "/contests/{id}/upgrades/payments/paypal",
    "/contests/{id}/upgrades/payments/paypal/execute",
    (("id" = i64, Path)),
    PayPalUpgradeCreate
);

paypal_routes!(
    Kind::ContestExtend,
    create_extend,
    execute_extend,
    "/contests/{id}/extends/payments/paypal",
    "/contests/{id}/extends/payments/paypal/execute",
    (("id" = i64, Path)),
    PayPalExtendCreate
);

paypal_routes!(
    Kind::ContestPrize,
    create_prize,
    execute_prize,
    "/contests/{id}/increase-prize/payments/paypal",
    "/contests/{id}/increase-prize/payments/paypal/execute",
    (("id" = i64, Path)),
    PayPalPrizeCreate
);

paypal_routes!(
    Kind::AdditionalDesign,
    create_design,
    execute_design,
    "/contests/{id}/entries/{entryId}/payments/paypal",
    "/contests/{id}/entries/{entryId}/payments/paypal/execute",
    (("id" = i64, Path), ("entryId" = i64, Path)),
    PayPalCreate
);

paypal_routes!(
    Kind::BidApproval,
    create_bid,
    execute_bid,
    "/projects/{id}/bids/{bidId}/approve/payments/paypal",
    "/projects/{id}/bids/{bidId}/approve/payments/paypal/execute",
    (("id" = i64, Path), ("bidId" = i64, Path)),
    PayPalCreate
);

paypal_routes!(
    Kind::BudgetIncrease,
    create_budget,
    execute_budget,
    "/projects/{id}/increase-budget/payments/paypal",
    "/projects/{id}/increase-budget/payments/paypal/execute",
    (("id" = i64, Path)),
    PayPalBudgetCreate
);

paypal_routes!(
    Kind::Cart,
    create_cart,
    execute_cart,
    "/carts/payments/paypal",
    "/carts/payments/paypal/execute",
    (),
    PayPalCartCreate
);

paypal_routes!(
    Kind::Subscription,
    create_subscription,
    execute_subscription,
    "/subscriptions/{id}/payments/paypal",
    "/subscriptions/{id}/payments/paypal/execute",
    (("id" = i64, Path)),
    PayPalCreate
);

paypal_routes!(
    Kind::MarketplacePurchase,
    create_marketplace,
    execute_marketplace,
    "/marketplace-contest-entries/{id}/payments/paypal",
    "/marketplace-contest-entries/{id}/payments/paypal/execute",
    (("id" = i64, Path)),
    PayPalCreate
);
