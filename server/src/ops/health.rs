//! `/healthz` (the process answers), `/readyz` (its database and bus answer). `/metrics` is
//! not here: it is served on the private metrics listener (`ops::metrics::page`).
//!
//! `/readyz` is what an orchestrator (compose health checks, Kubernetes) uses to stop
//! sending traffic to a node: 503 while the database does not answer within
//! [`PROBE_TIMEOUT`], or while the bus cannot deliver (see [`crate::realtime::Broker::ping`]).

use std::time::Duration;

use axum::{extract::State, http::StatusCode, response::IntoResponse, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The longest a readiness probe waits for the database: a pool waiting for a
/// connection that cannot be made would otherwise hold the probe for its whole
/// acquire timeout.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(readyz))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
}

/// Liveness: the process is up and serving.
#[utoipa::path(get, path = "/healthz", tag = "operations", responses((status = 200, body = Health)))]
async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    pub status: &'static str,
    pub database: &'static str,
    /// `memory` or `redis`.
    pub bus: &'static str,
    pub bus_ok: bool,
    pub database_ok: bool,
}

/// Readiness: the database and (when configured) Redis answer; 503 otherwise.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses((status = 200, body = Readiness), (status = 503, body = Readiness)))]
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    let database = async { tokio::time::timeout(PROBE_TIMEOUT, state.db.ping()).await.unwrap_or(false) };
    let (database_ok, bus_ok) = tokio::join!(database, state.realtime.broker.ping());
    let ready = database_ok && bus_ok;
    let body = Readiness {
        status: if ready { "ok" } else { "unavailable" },
        database: match state.db.backend {
            crate::store::Backend::Sqlite => "sqlite",
            crate::store::Backend::Postgres => "postgres",
        },
        bus: state.realtime.broker.kind(),
        bus_ok,
        database_ok,
    };
    (if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE }, Json(body))
}
