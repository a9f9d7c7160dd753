//! `Application`: build it from settings, learn its port, run it until stopped.
//!
//! Building connects the database (and Redis when configured), applies migrations
//! and reference data, and binds the listener, so a test can start the real server
//! on `127.0.0.1:0` and talk HTTP to it.

use std::{future::Future, sync::Arc, time::Duration};

use anyhow::Context;
use tokio::{net::TcpListener, sync::watch};

use crate::{
    accounts::LoginThrottle,
    config::{Settings, WorkerMode},
    http, mail, ops,
    realtime::{policy::Channels, relay, Realtime},
    seed,
    shared::limits::{Limits, SharedCounts},
    state::AppState,
    store::{
        clock::{SharedClock, SystemClock},
        Db,
    },
    timers,
};

pub struct Application {
    listener: TcpListener,
    /// The private listener of `/metrics` (`VITRINE_METRICS_BIND`), if any.
    metrics_listener: Option<TcpListener>,
    state: AppState,
}

/// Every area registers the rules of its channels on the hub (`docs/architecture.md`,
/// "Adding a channel kind"); the hub itself knows none of them.
pub fn register_channels(channels: &Channels) {
    channels.set_authenticator(crate::accounts::auth::Tokens);
    crate::contests::channels::register(channels);
    crate::projects::channels::register(channels);
    crate::bids::channels::register(channels);
    crate::messages::channels::register(channels);
    crate::court::channels::register(channels);
    crate::community::channels::register(channels);
    crate::marketplace::channels::register(channels);
    crate::admin::channels::register(channels);
}

/// Every area that sells through the payments area registers what it sells
/// (`docs/architecture.md`, "Adding a payable thing"); the payments area itself knows
/// none of them. Process-wide and idempotent: every application built in one process (the
/// tests build many) registers the same kinds.
pub fn register_payables() {
    crate::payments::payable::register(&crate::contests::payable::KINDS);
    crate::payments::payable::register(&[crate::entries::additional::payable::KIND]);
    crate::payments::payable::register(&[crate::bids::payable::KIND]);
    crate::payments::payable::register(&[crate::projects::payable::KIND]);
    crate::payments::payable::register(&crate::commerce::payable::KINDS);
    crate::payments::payable::register(&[crate::marketplace::payable::KIND]);
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Arc::new(SystemClock)).await
    }

    /// As [`Application::build`], with a clock of the caller's (tests move time).
    pub async fn build_with_clock(settings: Settings, clock: SharedClock) -> anyhow::Result<Self> {
        settings.validate_for_serving()?;
        let stand_ins = settings.stand_in_providers();
        if settings.is_deployed() && !stand_ins.is_empty() {
            // Only VITRINE_PAYMENTS_TEST_MODE lets a deployed server get here (config::deployment).
            tracing::warn!(
                providers = ?stand_ins,
                "VITRINE_PAYMENTS_TEST_MODE: this DEPLOYED server takes FAKE payments from in-process \
                 test providers; nothing is charged and nobody is paid. Set the providers' keys for real money."
            );
        }
        if !settings.limits.enabled {
            tracing::warn!("VITRINE_RATE_LIMITS=off: sign-in, sign-up, mail and payments are not rate limited");
        }
        ops::metrics::install();
        let db = Db::connect(&settings.effective_database_url(), settings.db_pool).await?;
        db.migrate().await?;
        seed::reference(&db).await.context("seeding reference data")?;
        let settings = Arc::new(settings);
        let realtime = Realtime::start(db.clone(), Arc::clone(&settings), clock.clone()).await?;
        register_channels(&realtime.channels);
        register_payables();
        // Events that change what waits for admins make the admin area recount.
        realtime.ring_on_publish(crate::admin::queue::concerns_admins, realtime.admin_queue.clone());
        let listener = TcpListener::bind(settings.bind)
            .await
            .with_context(|| format!("cannot bind VITRINE_BIND={}", settings.bind))?;
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
        let metrics_listener = match settings.metrics_bind {
            Some(addr) => Some(
                TcpListener::bind(addr).await.with_context(|| format!("cannot bind VITRINE_METRICS_BIND={addr}"))?,
            ),
            None => None,
        };
        let stripe = Arc::new(crate::payments::Stripe::from_settings(&settings, port).await?);
        let paypal = Arc::new(crate::payments::paypal::PayPal::from_settings(&settings).await?);
        let storage = crate::files::Storage::from_settings(&settings)?;
        storage.check().await?;
        tracing::info!(?storage, "file storage");
        let limits = Limits::new(&settings.limits, clock.clone());
        // One allowance for every node: with Redis, the limits are counted there.
        let limits = Arc::new(match realtime.broker.redis_client() {
            Some(redis) => limits.counted_in(SharedCounts::with_prefix(redis, settings.limits.redis_prefix.clone())),
            None => limits,
        });
        let state = AppState {
            limits,
            stripe,
            paypal,
            db,
            settings,
            clock,
            realtime,
            login_throttle: Arc::new(LoginThrottle::default()),
            storage,
        };
        Ok(Self { listener, metrics_listener, state })
    }

    /// The port actually bound (useful with port 0).
    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    /// The port of the private metrics listener, when `VITRINE_METRICS_BIND` opened one.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_listener.as_ref().and_then(|l| l.local_addr().ok()).map(|a| a.port())
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` completes, then drains open requests for up to the grace period.
    pub async fn run_until_stopped(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let Self { listener, metrics_listener, state } = self;
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut background = tokio::task::JoinSet::new();
        background.spawn(relay::run_until_stopped(
            state.realtime.clone(),
            state.db.clone(),
            state.clock.clone(),
            stop_rx.clone(),
        ));
        if state.settings.worker == WorkerMode::Inproc {
            let retention = timers::housekeeping::Retention::from_settings(&state.settings);
            background.spawn(timers::run_until_stopped(
                state.db.clone(),
                state.realtime.clone(),
                state.clock.clone(),
                retention,
                state.storage.clone(),
                state.settings.link_base().to_owned(),
                stop_rx.clone(),
            ));
        }
        background.spawn(crate::notifications::badges::run_until_stopped(
            state.realtime.clone(),
            state.clock.clone(),
            stop_rx.clone(),
        ));
        background.spawn(crate::admin::queue::run_until_stopped(state.clone(), stop_rx.clone()));
        if let Some(metrics_listener) = metrics_listener {
            tracing::info!(address = %metrics_listener.local_addr()?, "serving /metrics (private)");
            let stop = stop_rx.clone();
            background.spawn(async move {
                if let Err(err) = ops::metrics::serve_page(metrics_listener, stop).await {
                    tracing::error!(error = %err, "the metrics listener failed");
                }
            });
        }
        if let Some(url) = &state.settings.smtp_url {
            let relay = mail::sender::relay(url)?;
            background.spawn(mail::sender::run(state.clone(), relay, stop_rx.clone()));
        }

        let grace = Duration::from_secs(state.settings.shutdown_grace_secs);
        let realtime = state.realtime.clone();
        let shutdown_realtime = realtime.clone();
        let app = http::router(state);
        tracing::info!(address = %listener.local_addr()?, "serving");
        let mut stopped = stop_rx.clone();
        // Nagle would hold a socket's next small frame until the previous one is
        // acknowledged: live events are small and latency is what they are for.
        // A connection's last bytes (a WebSocket close frame above all) must reach a peer
        // that is still sending: see `shared::linger`.
        let listener = crate::shared::linger::LingeringListener(listener);
        let listener = axum::serve::ListenerExt::tap_io(listener, |stream| {
            if let Err(err) = stream.tcp().set_nodelay(true) {
                tracing::debug!(error = %err, "could not set TCP_NODELAY");
            }
        });
        let server = axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
            .with_graceful_shutdown(async move {
                shutdown.await;
                tracing::info!("shutting down: no new connections");
                shutdown_realtime.close_all_for_restart();
                let _ = stop_tx.send(true);
            });
        let drained = async {
            let _ = stopped.changed().await;
            tokio::time::sleep(grace).await;
        };
        tokio::select! {
            result = server => result.context("server failed")?,
            _ = drained => tracing::warn!("grace period over; closing remaining connections"),
        }
        background.shutdown().await;
        realtime.broker.shutdown().await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_channel_and_document_kind_has_a_policy() {
        let channels = Channels::new();
        assert!(!channels.missing().is_empty(), "the hub alone knows no area's channel");
        register_channels(&channels);
        assert_eq!(channels.missing(), Vec::<String>::new());
    }

    #[test]
    fn every_stored_purpose_has_a_payable_kind() {
        register_payables();
        let mut names = crate::payments::payable::names();
        names.sort_unstable();
        let expected = [
            "additional_design",
            "bid_approval",
            "budget_increase",
            "cart",
            "contest_extend",
            "contest_launch",
            "contest_prize",
            "contest_upgrade",
            "marketplace_purchase",
            "subscription",
        ];
        assert_eq!(names, expected);
    }
}
