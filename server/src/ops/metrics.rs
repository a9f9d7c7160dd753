//! Metrics: one Prometheus recorder per process, the page that shows it, and the HTTP request
//! middleware.
//!
//! The recorder is global (the `metrics` facade is), so several apps in one test
//! process share it; that is why it is installed once, lazily.
//!
//! The page ([`page`]: `/metrics` and `/healthz`) is served on a listener of its own, never the
//! public one: the server's `VITRINE_METRICS_BIND`, the worker's `VITRINE_WORKER_METRICS_BIND`.
//! What the metrics show (routes, volumes, failures) is for the deployment's monitoring only.

use std::{sync::OnceLock, time::Instant};

use axum::{
    extract::{MatchedPath, Request},
    http::header,
    middleware::Next,
    response::Response,
    routing::get,
    Router,
};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Latency buckets in seconds, from a fast cache hit to a slow report.
const LATENCY_BUCKETS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];

/// Installs the recorder if no other recorder is installed yet.
pub fn install() {
    HANDLE.get_or_init(|| {
        PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
            .ok()?
            .install_recorder()
            .ok()
    });
}

/// The text exposition, or an empty page when another recorder owns the process.
pub fn render() -> String {
    install();
    HANDLE.get().and_then(Option::as_ref).map(PrometheusHandle::render).unwrap_or_default()
}

/// The private metrics page: `/metrics` (Prometheus text) and `/healthz`.
pub fn page() -> Router {
    Router::new()
        .route("/metrics", get(|| async { ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], render()) }))
        .route("/healthz", get(|| async { "ok" }))
}

/// Serves [`page`] on `listener` until `stop` turns true.
pub async fn serve_page(
    listener: tokio::net::TcpListener,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<()> {
    use anyhow::Context;
    axum::serve(listener, page())
        .with_graceful_shutdown(async move {
            let _ = stop.wait_for(|stopped| *stopped).await;
        })
        .await
        .context("the metrics page")
}

/// Counts requests and observes their latency by route template and status.
pub async fn track_requests(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned())
        .unwrap_or_else(|| "unmatched".to_owned());
    let method = request.method().as_str().to_owned();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route), ("status", status)];
    metrics::counter!("vitrine_http_requests_total", &labels).increment(1);
    metrics::histogram!("vitrine_http_request_duration_seconds", &labels).record(started.elapsed().as_secs_f64());
    response
}
