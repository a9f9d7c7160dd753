//! The macros that make a payable thing's routes, used by the area that sells it (its
//! `payment_routes.rs` or `payable.rs`), so the payments area lists no area's paths:
//! [`intent_routes!`] (payment intents: create, update, finalize), [`charge_route!`] (a
//! direct card charge) and [`paypal_routes!`] (a PayPal order: create, execute). Each
//! handler is a thin wrapper over the shared flow ([`super::intents`],
//! [`super::charges`], [`super::paypal::flow`]) with its path and OpenAPI description;
//! `$route` is the area's [`super::intents::PayRoute`].
//!
//! The module using them imports [`prelude`]: the names the handlers and their OpenAPI
//! descriptions use.

/// What a module making payment routes imports (`use crate::payments::routes::prelude::*`).
pub mod prelude {
    pub use axum::{extract::State, http::HeaderMap, http::StatusCode, Json};

    pub use crate::{
        accounts::CurrentUser,
        api::Data,
        error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
        payments::{
            charges::ChargeRequest,
            intents::{
                FinalizeRequest, IntentCreate, IntentPath, IntentRequest, IntentUpdate, IntentView, PayPalCreate,
            },
            paypal::flow::{ExecuteQuery, PayPalPaymentView},
        },
        shared::limits::{Action, ClientIp},
        state::AppState,
    };
}

/// Three handlers for one purpose: `$create` at `$base`, `$update` at
/// `$base/{intentId}`, `$finalize` at `$base/finalize/{intentId}`. `$body` documents the
/// create's body as the purpose reads it, `$update_body` the update's ([`IntentUpdate`] when
/// not given: a purpose that reads no field); the handlers read [`IntentRequest`]. Paths are
/// `tt` so utoipa sees plain string literals.
macro_rules! intent_routes {
    ($route:expr, $create:ident, $update:ident, $finalize:ident,
     $base:tt, $update_path:tt, $finalize_path:tt, ($($param:tt),*), $body:ident) => {
        $crate::payments::routes::intent_routes!($route, $create, $update, $finalize,
            $base, $update_path, $finalize_path, ($($param),*), $body, IntentUpdate);
    };
    ($route:expr, $create:ident, $update:ident, $finalize:ident,
     $base:tt, $update_path:tt, $finalize_path:tt, ($($param:tt),*), $body:ident, $update_body:ident) => {
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
            state.limits.check_user(Action::Payment, &ip, caller.id()).await?;
            crate::payments::intents::create(&state, &caller, $route, &path, &headers, req).await
        }

        /// Re-prices the open payment intent (before the card is confirmed).
        #[utoipa::path(put, path = $update_path, tag = "payments", params($($param,)* ("intentId" = String, Path)),
            request_body = $update_body, security(("bearer" = [])),
            responses((status = 200, body = Data<IntentView>), (status = 403, body = ErrorEnvelope),
                (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
        pub async fn $update(
            State(state): State<AppState>,
            caller: CurrentUser,
            ApiPath(path): ApiPath<IntentPath>,
            ApiJson(req): ApiJson<IntentRequest>,
        ) -> Result<Json<Data<IntentView>>, AppError> {
            crate::payments::intents::update(&state, &caller, $route, &path, req).await
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
            crate::payments::intents::finalize(&state, &caller, $route, &path, req).await
        }
    };
}

pub(crate) use intent_routes;

/// One direct-charge handler: `$name` at `$path` for `$route`.
macro_rules! charge_route {
    ($route:expr, $name:ident, $path:tt, ($($param:tt),*), $doc:ty) => {
        /// Charges the saved card at once (see the module docs): the amount is computed
        /// on the server, exactly as the purpose's payment intent; answered paid with
        /// its effect applied, or open when the card asks for authentication.
        ///
        /// Limited per client address and per user (`VITRINE_RATE_PAYMENT_*`).
        #[utoipa::path(post, path = $path, tag = "payments", params($($param),*), request_body = $doc,
            security(("bearer" = [])),
            responses((status = 201, body = Data<IntentView>), (status = 402, body = ErrorEnvelope),
                (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
                (status = 409, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
                (status = 429, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
        pub async fn $name(
            State(state): State<AppState>,
            caller: CurrentUser,
            ip: ClientIp,
            ApiPath(path): ApiPath<IntentPath>,
            headers: HeaderMap,
            ApiJson(req): ApiJson<ChargeRequest>,
        ) -> Result<(StatusCode, Json<Data<IntentView>>), AppError> {
            state.limits.check_user(Action::Payment, &ip, caller.id()).await?;
            crate::payments::charges::charge(&state, &caller, $route, &path, &headers, req).await
        }
    };
}

pub(crate) use charge_route;

/// Two handlers for one purpose: `$create` at `$base`, `$execute` at `$base/execute`.
/// `$body` documents the create's body as the purpose reads it (the handler reads
/// [`IntentRequest`]).
macro_rules! paypal_routes {
    ($route:expr, $create:ident, $execute:ident, $base:tt, $execute_path:tt, ($($param:tt),*), $body:ident) => {
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
            state.limits.check_user(Action::Payment, &ip, caller.id()).await?;
            let route = crate::payments::intents::PayRoute::paypal_route($route, &path);
            crate::payments::paypal::flow::create(&state, &caller, $route, &path, &route, &headers, req).await
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
            crate::payments::paypal::flow::execute(&state, &caller, $route, &path, query).await
        }
    };
}

pub(crate) use paypal_routes;
