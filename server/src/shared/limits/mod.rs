//! Abuse limits: how often one client address, and one account, may sign in, sign up,
//! have mail sent, or start a payment, and how many bytes and pixels one user may upload (`VITRINE_RATE_*`, [`crate::config::limits`]).
//!
//! Each [`Action`] has two keyed GCRA limiters (the `governor` crate): one keyed by the
//! client address ([`ClientIp`], IPv6 by its /64), one by the account (the login name or
//! e-mail address of an anonymous call, `user:{id}` for a signed-in one). A call passes
//! when both have room; a refused call answers 429 `rate.limited` with `Retry-After`, and
//! is refused before anything happens: no mail queued, no payment created.
//!
//! The limiters run on the server's clock (tests move it instead of sleeping). With Redis
//! configured, the actions and the views are counted there ([`shared`]), so N nodes allow
//! what one does; without it, or while Redis does not answer, in the process. Upload bytes
//! stay per process: they are charged chunk by chunk as a body streams, and one request is
//! capped by its size limit anyway.
//! The areas call [`Limits::check`] at the top of each limited handler; the handler's
//! OpenAPI operation declares the 429, which `openapi_answers` describes with its header.

pub mod client_ip;
pub mod shared;

use std::{
    hash::Hash,
    net::IpAddr,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use governor::{
    clock::Clock as GovernorClock, middleware::NoOpMiddleware, state::keyed::DashMapStateStore, Quota, RateLimiter,
};

pub use client_ip::ClientIp;
pub use shared::SharedCounts;

use crate::{
    config::{LimitSettings, ProxyRange, Rate},
    error::{codes, AppError},
    store::clock::SharedClock,
};

/// What a limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Password sign-in, sign-in by e-mailed link, a new password through a reset link.
    SignIn,
    /// Creating an account.
    SignUp,
    /// A call that e-mails someone: password reset, sign-in link, coupon invite.
    Mail,
    /// Starting a payment: payment intents, direct charges, PayPal payments, saved cards.
    Payment,
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Self::SignIn => "sign_in",
            Self::SignUp => "sign_up",
            Self::Mail => "mail",
            Self::Payment => "payment",
        }
    }
}

/// The limiters' view of the server clock: time since the epoch.
#[derive(Debug, Clone)]
struct ServerClock(SharedClock);

impl GovernorClock for ServerClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        Duration::from_millis(u64::try_from(self.0.now_ms()).unwrap_or(0))
    }
}

type Keyed<K> = RateLimiter<K, DashMapStateStore<K>, ServerClock, NoOpMiddleware<Duration>>;

fn keyed<K: Hash + Eq + Clone>(rate: Rate, clock: &ServerClock) -> Keyed<K> {
    // `count` calls per `period`, in bursts of up to `count`: one call comes back every
    // period / count. Both are above zero (`Rate` refuses less).
    let burst = std::num::NonZeroU32::new(rate.count).unwrap_or(std::num::NonZeroU32::MIN);
    let every = (rate.period / rate.count.max(1)).max(Duration::from_nanos(1));
    let quota = Quota::with_period(every).unwrap_or_else(|| Quota::per_second(burst)).allow_burst(burst);
    RateLimiter::new(quota, DashMapStateStore::default(), clock.clone())
}

/// One action's two limiters, and their rates (for the cells in Redis).
struct Pair {
    per_ip: Keyed<IpAddr>,
    per_account: Keyed<String>,
    ip_rate: Rate,
    account_rate: Rate,
}

impl Pair {
    fn new(ip_rate: Rate, account_rate: Rate, clock: &ServerClock) -> Self {
        Self { per_ip: keyed(ip_rate, clock), per_account: keyed(account_rate, clock), ip_rate, account_rate }
    }
}

/// Checks between two sweeps of keys whose buckets are full again (memory stays bounded
/// by the keys of the last period, whatever an attacker sprays).
const SWEEP_EVERY: u64 = 4096;

/// Every action's limiters, and the proxies believed about the client's address.
pub struct Limits {
    /// False when `VITRINE_RATE_LIMITS=off` (test and load harnesses): nothing is limited.
    enabled: bool,
    /// Proxies whose forwarded-for headers name the client ([`ClientIp`]).
    trusted_proxies: Vec<ProxyRange>,
    clock: ServerClock,
    sign_in: Pair,
    sign_up: Pair,
    mail: Pair,
    payment: Pair,
    /// Upload bytes per user: one cell per byte, charged chunk by chunk as a body streams.
    upload_bytes: Keyed<i64>,
    /// Upload pixels per user: one cell per pixel a picture's header announces.
    upload_pixels: Keyed<i64>,
    /// Views that count, per visitor and page (`{page}:{id}`, `user:{id}` or an address).
    views: Keyed<(String, String)>,
    views_rate: Rate,
    /// The cells in Redis every node shares, when Redis is configured.
    shared: Option<SharedCounts>,
    /// Checks so far, to sweep every [`SWEEP_EVERY`].
    checks: AtomicU64,
}

impl std::fmt::Debug for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits").field("enabled", &self.enabled).finish_non_exhaustive()
    }
}

impl Limits {
    pub fn new(settings: &LimitSettings, clock: SharedClock) -> Self {
        let clock = ServerClock(clock);
        let s = settings;
        Self {
            enabled: s.enabled,
            trusted_proxies: s.trusted_proxies.clone(),
            sign_in: Pair::new(s.sign_in_per_ip, s.sign_in_per_account, &clock),
            sign_up: Pair::new(s.sign_up_per_ip, s.sign_up_per_account, &clock),
            mail: Pair::new(s.mail_per_ip, s.mail_per_account, &clock),
            payment: Pair::new(s.payment_per_ip, s.payment_per_account, &clock),
            upload_bytes: keyed(s.upload_bytes_per_user, &clock),
            upload_pixels: keyed(s.upload_pixels_per_user, &clock),
            views: keyed(s.views_per_visitor, &clock),
            views_rate: s.views_per_visitor,
            shared: None,
            clock,
            checks: AtomicU64::new(0),
        }
    }

    /// Counts the actions and views in Redis from now on (`VITRINE_REDIS_URL`).
    pub fn counted_in(mut self, shared: SharedCounts) -> Self {
        self.shared = Some(shared);
        self
    }

    pub fn trusted_proxies(&self) -> &[ProxyRange] {
        &self.trusted_proxies
    }

    fn pair(&self, action: Action) -> &Pair {
        match action {
            Action::SignIn => &self.sign_in,
            Action::SignUp => &self.sign_up,
            Action::Mail => &self.mail,
            Action::Payment => &self.payment,
        }
    }

    /// One `action` by the client at `ip` for `account` (None when the call names no
    /// account, as a sign-in link does): Ok, or 429 `rate.limited` with the wait.
    pub async fn check(&self, action: Action, ip: &ClientIp, account: Option<&str>) -> Result<(), AppError> {
        if !self.enabled {
            return Ok(());
        }
        let account = account.map(|a| a.trim().to_lowercase()).filter(|a| !a.is_empty());
        if let Some(shared) = &self.shared {
            match self.check_shared(shared, action, ip, account.as_deref()).await {
                Ok(outcome) => return outcome,
                Err(error) => shared_failed(&error),
            }
        }
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.sweep();
        }
        let pair = self.pair(action);
        if let Err(not_until) = pair.per_ip.check_key(&ip.key()) {
            return Err(self.refuse(action, "ip", not_until.wait_time_from(self.clock.now())));
        }
        if let Some(account) = account {
            if let Err(not_until) = pair.per_account.check_key(&account) {
                return Err(self.refuse(action, "account", not_until.wait_time_from(self.clock.now())));
            }
        }
        Ok(())
    }

    /// [`Limits::check`] against the cells in Redis: the outcome, or Redis's error.
    async fn check_shared(
        &self,
        shared: &SharedCounts,
        action: Action,
        ip: &ClientIp,
        account: Option<&str>,
    ) -> Result<Result<(), AppError>, fred::error::Error> {
        let (pair, now) = (self.pair(action), self.clock.0.now_ms());
        let ip_cell = format!("{}:ip:{}", action.name(), ip.key());
        if let Some(wait) = shared.take(&ip_cell, pair.ip_rate, 1, now).await? {
            return Ok(Err(self.refuse(action, "ip", wait)));
        }
        if let Some(account) = account {
            let account_cell = format!("{}:account:{account}", action.name());
            if let Some(wait) = shared.take(&account_cell, pair.account_rate, 1, now).await? {
                return Ok(Err(self.refuse(action, "account", wait)));
            }
        }
        Ok(Ok(()))
    }

    /// [`Limits::check`] for a signed-in user.
    pub async fn check_user(&self, action: Action, ip: &ClientIp, user_id: i64) -> Result<(), AppError> {
        self.check(action, ip, Some(&format!("user:{user_id}"))).await
    }

    /// `bytes` more of an upload by `user_id`: Ok, or 429 `rate.limited` with the wait
    /// once the user's bytes of the last period pass `VITRINE_RATE_UPLOAD_BYTES_PER_USER`.
    /// Called for each chunk as it arrives, so a refused upload stops where it is.
    pub fn check_upload_bytes(&self, user_id: i64, bytes: usize) -> Result<(), AppError> {
        let Some(cells) = std::num::NonZeroU32::new(u32::try_from(bytes).unwrap_or(u32::MAX)) else {
            return Ok(());
        };
        if !self.enabled {
            return Ok(());
        }
        match self.upload_bytes.check_key_n(&user_id, cells) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(self.refuse_upload("upload_bytes", not_until.wait_time_from(self.clock.now()))),
            // A chunk larger than a whole period's allowance can never pass.
            Err(_) => Err(self.refuse_upload("upload_bytes", Duration::from_secs(60))),
        }
    }

    /// `pixels` more pictures by `user_id`, as their headers announce them: Ok, or 429
    /// `rate.limited` with the wait once the user's pixels of the last period pass
    /// `VITRINE_RATE_UPLOAD_PIXELS_PER_USER`. Called once a request's files are read and
    /// before any of them is decoded, so a refused upload costs no decoding.
    pub fn check_upload_pixels(&self, user_id: i64, pixels: u64) -> Result<(), AppError> {
        let Some(cells) = std::num::NonZeroU32::new(u32::try_from(pixels).unwrap_or(u32::MAX)) else {
            return Ok(());
        };
        if !self.enabled {
            return Ok(());
        }
        match self.upload_pixels.check_key_n(&user_id, cells) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(self.refuse_upload("upload_pixels", not_until.wait_time_from(self.clock.now()))),
            Err(_) => Err(self.refuse_upload("upload_pixels", Duration::from_secs(60))),
        }
    }

    /// Whether this view of `page` (such as `contest:12`) counts: the visitor's first in
    /// the window of `VITRINE_RATE_VIEWS_PER_VISITOR`. The visitor is the signed-in user,
    /// else the client's address ([`ClientIp::key`]), so reloading a page, or posting its
    /// view in a loop, adds one view, not thousands. Never an error: a view that does not
    /// count is answered like one that does.
    pub async fn view_counts(&self, page: &str, ip: &ClientIp, user_id: Option<i64>) -> bool {
        if !self.enabled {
            return true;
        }
        let visitor = match user_id {
            Some(id) => format!("user:{id}"),
            None => ip.key().to_string(),
        };
        if let Some(shared) = &self.shared {
            match shared.take(&format!("views:{page}:{visitor}"), self.views_rate, 1, self.clock.0.now_ms()).await {
                Ok(refused) => return refused.is_none(),
                Err(error) => shared_failed(&error),
            }
        }
        self.views.check_key(&(page.to_owned(), visitor)).is_ok()
    }

    fn refuse_upload(&self, action: &'static str, wait: Duration) -> AppError {
        metrics::counter!("vitrine_rate_limited_total", "action" => action, "key" => "account").increment(1);
        tracing::info!(action, wait_ms = wait.as_millis() as u64, "rate limited");
        AppError::too_many(codes::RATE_LIMITED, wait)
    }

    fn refuse(&self, action: Action, key: &'static str, wait: Duration) -> AppError {
        metrics::counter!("vitrine_rate_limited_total", "action" => action.name(), "key" => key).increment(1);
        tracing::info!(action = action.name(), key, wait_ms = wait.as_millis() as u64, "rate limited");
        AppError::too_many(codes::RATE_LIMITED, wait)
    }

    /// Whether the actions and views are counted in Redis.
    pub fn is_shared(&self) -> bool {
        self.shared.is_some()
    }

    fn sweep(&self) {
        for pair in [&self.sign_in, &self.sign_up, &self.mail, &self.payment] {
            pair.per_ip.retain_recent();
            pair.per_account.retain_recent();
        }
        self.upload_bytes.retain_recent();
        self.upload_pixels.retain_recent();
        self.views.retain_recent();
    }
}

/// Redis did not answer a limit: the process's own limiters decide this call.
fn shared_failed(error: &fred::error::Error) {
    metrics::counter!("vitrine_rate_shared_errors_total").increment(1);
    tracing::warn!(%error, "rate limits: Redis did not answer, this node counts on its own");
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::{config::Settings, store::clock::ManualClock};

    fn limits(adjust: impl FnOnce(&mut LimitSettings)) -> (Limits, Arc<ManualClock>) {
        let mut settings = Settings::for_database("sqlite::memory:").limits;
        adjust(&mut settings);
        let clock = ManualClock::starting_now();
        (Limits::new(&settings, clock.clone()), clock)
    }

    fn ip(text: &str) -> ClientIp {
        ClientIp(text.parse().unwrap())
    }

    fn wait_of(err: AppError) -> Duration {
        match err {
            AppError::TooMany { retry_after, .. } => retry_after,
            other => panic!("expected 429, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn an_account_is_limited_from_any_address_and_recovers() {
        let (limits, clock) = limits(|s| s.sign_in_per_account = "2/1m".parse().unwrap());
        limits.check(Action::SignIn, &ip("10.0.0.1"), Some("Ana")).await.unwrap();
        limits.check(Action::SignIn, &ip("10.0.0.2"), Some("ana ")).await.unwrap();
        let wait = wait_of(limits.check(Action::SignIn, &ip("10.0.0.3"), Some("ANA")).await.unwrap_err());
        assert_eq!(wait, Duration::from_secs(30), "one call comes back every period / count");
        limits.check(Action::SignIn, &ip("10.0.0.3"), Some("bob")).await.unwrap();
        limits.check(Action::SignUp, &ip("10.0.0.3"), Some("ana")).await.unwrap();
        clock.advance_ms(30_000);
        limits.check(Action::SignIn, &ip("10.0.0.3"), Some("ana")).await.unwrap();
    }

    #[tokio::test]
    async fn an_address_is_limited_for_any_account_and_ipv6_by_its_prefix() {
        let (limits, _clock) = limits(|s| s.payment_per_ip = "2/1h".parse().unwrap());
        limits.check_user(Action::Payment, &ip("2001:db8::1"), 1).await.unwrap();
        limits.check_user(Action::Payment, &ip("2001:db8::2"), 2).await.unwrap();
        assert!(limits.check_user(Action::Payment, &ip("2001:db8::ffff"), 3).await.is_err(), "same /64");
        limits.check_user(Action::Payment, &ip("2001:db8:0:1::1"), 3).await.unwrap();
    }

    #[test]
    fn a_user_uploads_so_many_bytes_a_period() {
        let (limits, clock) = limits(|s| s.upload_bytes_per_user = "1000/1m".parse().unwrap());
        limits.check_upload_bytes(1, 600).unwrap();
        limits.check_upload_bytes(1, 400).unwrap();
        assert!(limits.check_upload_bytes(1, 1).is_err());
        assert!(limits.check_upload_bytes(1, 5000).is_err(), "more than a period's allowance");
        limits.check_upload_bytes(2, 1000).unwrap();
        limits.check_upload_bytes(1, 0).unwrap();
        clock.advance_ms(6_000);
        limits.check_upload_bytes(1, 100).unwrap();
    }

    #[tokio::test]
    async fn a_visitor_counts_once_a_window_per_page() {
        let (limits, clock) = limits(|s| s.views_per_visitor = "1/1h".parse().unwrap());
        let anon = ip("203.0.113.5");
        assert!(limits.view_counts("contest:1", &anon, None).await);
        assert!(!limits.view_counts("contest:1", &anon, None).await);
        assert!(limits.view_counts("contest:2", &anon, None).await, "another page");
        assert!(limits.view_counts("contest:1", &anon, Some(7)).await, "a signed-in visitor is their own");
        assert!(!limits.view_counts("contest:1", &ip("198.51.100.1"), Some(7)).await, "from any address");
        clock.advance_ms(3_600_000);
        assert!(limits.view_counts("contest:1", &anon, None).await);
    }

    #[tokio::test]
    async fn off_limits_nothing() {
        let (limits, _clock) = limits(|s| {
            s.enabled = false;
            s.mail_per_ip = "1/1h".parse().unwrap();
        });
        for _ in 0..10 {
            limits.check(Action::Mail, &ip("10.0.0.1"), Some("a@example.com")).await.unwrap();
        }
    }
}
