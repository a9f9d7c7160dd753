//! `marketplace`: the product under load as people use it. Clients and designers sign up
//! over REST; each client launches a contest and an administrator activates it; anonymous
//! watchers follow every contest over the hub (`contest:{id}`); designers enter every
//! contest, then in rounds comment on the board and on their entry while each contest
//! holder reacts to an entry. Then every client browses as a client choosing a designer:
//! each designer's profile information, statistics, portfolio, reviews (winnings) and
//! entries for sale, the marketplace's search and a contest's entries for sale.
//!
//! Reported: REST latency per call, and live latency per event type from the start of
//! the REST call that caused the event to its delivery to each watcher. Within a contest
//! actions run one after another, so the n-th action of a type matches the n-th event of
//! that type on the contest's channel.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context};
use futures::{stream, StreamExt};
use hdrhistogram::Histogram;
use reqwest::multipart::{Form, Part};
use reqwest::Method;
use serde_json::{json, Value};
use tokio::sync::watch;
use vitrine_protocol::{Encoding, ServerFrame};

use super::common::{progress_bar, sample_usage, UsageSampler};
use crate::cli::MarketplaceArgs;
use crate::report::{Latency, LiveType, MarketReport, RestCall};
use crate::stats::{Progress, Recorder};
use crate::{hub, now_us};

const PASSWORD: &str = "loadtest-Passw0rd!";
/// REST calls in flight at once during sign-up (password hashing is the cost there).
const SIGNUP_CONCURRENCY: usize = 4;
/// A complete 1x1 transparent PNG (an entry's main image).
const PNG_1X1: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];
/// The upload category of an entry's main image.
const ENTRY_IMAGE_CATEGORY: i64 = 5;

/// REST client that times every call under its route's name.
struct Rest {
    http: reqwest::Client,
    base: String,
    calls: Mutex<BTreeMap<String, (Histogram<u64>, u64)>>,
}

impl Rest {
    fn new(base: String) -> Self {
        Rest { http: reqwest::Client::new(), base, calls: Mutex::new(BTreeMap::new()) }
    }

    fn note(&self, call: &str, took_us: u64, ok: bool) {
        let mut calls = self.calls.lock().unwrap_or_else(|e| e.into_inner());
        let entry = calls.entry(call.to_owned()).or_insert_with(|| {
            (Histogram::new_with_bounds(1, 60_000_000, 3).expect("static histogram bounds are valid"), 0)
        });
        entry.0.saturating_record(took_us.max(1));
        if !ok {
            entry.1 += 1;
        }
    }

    /// Sends `request`, timed as `call`; the JSON body of a 2xx answer, or an error.
    async fn send(&self, call: &str, request: reqwest::RequestBuilder) -> anyhow::Result<Value> {
        let began = Instant::now();
        let outcome = async {
            let response = request.send().await?;
            let status = response.status();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            anyhow::Ok((status, body))
        }
        .await;
        let took = began.elapsed().as_micros() as u64;
        match outcome {
            Ok((status, body)) if status.is_success() => {
                self.note(call, took, true);
                Ok(body)
            }
            Ok((status, body)) => {
                self.note(call, took, false);
                bail!("{call} answered {status}: {body}")
            }
            Err(err) => {
                self.note(call, took, false);
                Err(err.context(call.to_owned()))
            }
        }
    }

    fn json(&self, method: Method, path: &str, body: &Value, token: Option<&str>) -> reqwest::RequestBuilder {
        let request = self.http.request(method, format!("{}{path}", self.base)).json(body);
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    async fn token(&self, login: &str, password: &str) -> anyhow::Result<String> {
        let body = json!({"grant_type": "password", "username": login, "password": password});
        let answer = self.send("POST /oauth/token", self.json(Method::POST, "/oauth/token", &body, None)).await?;
        Ok(answer["access_token"].as_str().context("no access_token")?.to_owned())
    }

    /// Signs up and signs in: (id, token).
    async fn sign_up(&self, payload: Value) -> anyhow::Result<(i64, String)> {
        let username = payload["username"].as_str().unwrap_or_default().to_owned();
        let answer =
            self.send("POST /oauth/register", self.json(Method::POST, "/oauth/register", &payload, None)).await?;
        let id = answer["data"]["id"].as_i64().context("no user id")?;
        Ok((id, self.token(&username, PASSWORD).await?))
    }

    fn report(&self) -> Vec<RestCall> {
        let calls = self.calls.lock().unwrap_or_else(|e| e.into_inner());
        calls
            .iter()
            .map(|(call, (h, errors))| RestCall {
                call: call.clone(),
                count: h.len(),
                errors: *errors,
                latency_ms: Latency::from_micros(h),
            })
            .collect()
    }
}

fn client_payload(username: &str) -> Value {
    json!({
        "email": format!("{username}@example.com"), "phone": "555-0100", "name": format!("Client {username}"),
        "username": username, "password": PASSWORD, "agree_terms": 1, "user_type_id": 2,
    })
}

fn designer_payload(username: &str) -> Value {
    json!({
        "email": format!("{username}@example.com"), "region_id": 1, "country_id": 1, "state_id": 5,
        "city": "Oakland", "name": format!("Designer {username}"), "username": username, "phone": "555-0101",
        "password": PASSWORD, "confirm_password": PASSWORD, "paypal_email": format!("{username}@pay.example.com"),
        "agree_terms": 1, "agree_age_requirements": 1, "user_type_id": 3,
    })
}

/// The logo brief (contest type 1) with every required answer.
fn logo_brief(n: usize) -> Value {
    json!({
        "contest_type_id": 1,
        "contest_type_questions": [
            {"id": 101, "answer": format!("Load Test Roastery {n}")},
            {"id": 102, "answer": "A roastery for night owls."},
            {"id": 103, "answer_options": [10300]},
            {"id": 107, "answer_slider_options": [{"id": 10700, "value": 50}]},
            {"id": 110, "answer": "500 px"},
            {"id": 111, "answer": "500 px"},
        ],
        "is_quick_start": 0, "is_tip": 0, "is_added_queue": 0, "agree_terms": 1,
    })
}

/// What one contest's actions caused, in order: (event type, REST call start µs).
type Actions = Vec<(&'static str, u64)>;
/// What one watcher saw: (event type, delivery µs, seq).
type Seen = Vec<(String, u64, u64)>;

pub async fn run(args: &MarketplaceArgs) -> anyhow::Result<MarketReport> {
    ensure!(args.contests > 0 && args.designers > 0, "contests and designers must be positive");
    let target = args.conn.target.clone();
    let encoding: Encoding = args.conn.encoding.into();
    crate::raise_fd_limit((args.contests * args.watchers) as u64 + crate::SPARE_FDS);
    let rest = Arc::new(Rest::new(crate::http_base(&target)));
    let progress = Arc::new(Progress::default());
    let recorder = Arc::new(Recorder::new());
    let (stop_tx, stop_rx) = watch::channel(false);
    let bar = progress_bar("marketplace", args.contests * args.watchers, progress.clone(), stop_rx.clone());

    // People.
    let admin = rest.token(&args.admin_login, &args.admin_password).await.context(
        "signing in the administrator (start the server after `vitrine-server seed --demo`, or pass --admin-login)",
    )?;
    let tag = now_us() % 1_000_000;
    let payloads: Vec<(bool, Value)> = (0..args.contests)
        .map(|i| (false, client_payload(&format!("lt{tag}c{i}"))))
        .chain((0..args.designers).map(|j| (true, designer_payload(&format!("lt{tag}d{j}")))))
        .collect();
    let people: Vec<(bool, (i64, String))> = stream::iter(payloads)
        .map(|(designer, payload)| {
            let rest = rest.clone();
            async move { anyhow::Ok((designer, rest.sign_up(payload).await?)) }
        })
        .buffered(SIGNUP_CONCURRENCY)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let clients: Vec<String> = people.iter().filter(|(d, _)| !d).map(|(_, (_, t))| t.clone()).collect();
    let designer_ids: Vec<i64> = people.iter().filter(|(d, _)| *d).map(|(_, (id, _))| *id).collect();
    let designers: Vec<String> = people.iter().filter(|(d, _)| *d).map(|(_, (_, t))| t.clone()).collect();

    // Contests, launched and activated.
    let mut contests = Vec::with_capacity(args.contests);
    for (n, client) in clients.iter().enumerate() {
        let launched =
            rest.send("POST /contests", rest.json(Method::POST, "/contests", &logo_brief(n), Some(client))).await?;
        let id = launched["data"]["id"].as_i64().context("no contest id")?;
        let path = format!("/contests/{id}/statuses");
        let activate = rest.json(Method::PUT, &path, &json!({"status_id": 2}), Some(&admin));
        rest.send("PUT /contests/{id}/statuses", activate).await?;
        contests.push(id);
    }

    // Watchers.
    let mut watchers = Vec::new();
    for (index, &contest) in contests.iter().enumerate() {
        for _ in 0..args.watchers {
            let (target, progress, stop) = (target.clone(), progress.clone(), stop_rx.clone());
            watchers.push(tokio::spawn(async move {
                let ch = format!("contest:{contest}");
                match hub::connect(&target, &ch, encoding).await {
                    Ok(socket) => {
                        progress.connected.fetch_add(1, Ordering::Relaxed);
                        Some((index, watch_contest(socket, encoding, &progress, stop).await))
                    }
                    Err(_) => {
                        progress.failed.fetch_add(1, Ordering::Relaxed);
                        None
                    }
                }
            }));
        }
    }
    let wanted = args.contests * args.watchers;
    while progress.connected.load(Ordering::Relaxed) + progress.failed.load(Ordering::Relaxed) < wanted {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Activity: contests in parallel, each contest's actions in turn.
    let usage = UsageSampler::start(&args.conn.server_pid);
    recorder.start(now_us());
    let rss_peak = Arc::new(std::sync::atomic::AtomicU64::new(0));
    tokio::spawn(sample_usage(args.conn.server_pid.clone(), rss_peak.clone(), recorder.clone(), stop_rx.clone()));
    let acting = Instant::now();
    let actions: Vec<Actions> = futures::future::join_all(contests.iter().zip(&clients).map(|(&contest, owner)| {
        let (rest, designers, recorder, progress) =
            (rest.clone(), designers.clone(), recorder.clone(), progress.clone());
        let pace = Pace { contest, think: Duration::from_millis(args.think_ms) };
        let rounds = args.rounds;
        async move { activity(&rest, pace, owner, &designers, rounds, &recorder, &progress).await }
    }))
    .await;

    let writes = actions.iter().map(Vec::len).sum::<usize>();
    let writes_per_sec = writes as f64 / acting.elapsed().as_secs_f64().max(1e-3);

    // Reads: clients browse designers' profiles and the marketplace, all at once.
    futures::future::join_all(clients.iter().map(|client| browse(&rest, client, &designer_ids, &contests))).await;

    // Drain: until every watcher has every expected event, or the drain runs out.
    let expected_per_contest: Vec<u64> = actions.iter().map(|a| a.len() as u64).collect();
    let expected: u64 = expected_per_contest.iter().sum::<u64>() * args.watchers as u64;
    let drain_until = Instant::now() + Duration::from_secs_f64(args.drain);
    while progress.delivered.load(Ordering::Relaxed) < expected && Instant::now() < drain_until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let server_usage = usage.finish(rss_peak.load(Ordering::Relaxed));
    let _ = stop_tx.send(true);

    // Match the n-th event of a type to the n-th action of that type, per contest.
    let mut per_type: BTreeMap<String, (u64, u64, Histogram<u64>)> = BTreeMap::new();
    let (mut lost, mut duplicated, mut out_of_order) = (0u64, 0u64, 0u64);
    for (shard, watcher) in watchers.into_iter().enumerate() {
        let Some((contest, (seen, dup, ooo))) = watcher.await? else { continue };
        duplicated += dup;
        out_of_order += ooo;
        let mut by_type: HashMap<&str, Vec<u64>> = HashMap::new();
        for (kind, at, _) in &seen {
            by_type.entry(kind.as_str()).or_default().push(*at);
        }
        let mut started: HashMap<&str, Vec<u64>> = HashMap::new();
        for (kind, at) in &actions[contest] {
            started.entry(kind).or_default().push(*at);
        }
        for (kind, starts) in &started {
            let delivered = by_type.get(kind).map_or(&[][..], |v| v.as_slice());
            let slot = per_type.entry((*kind).to_owned()).or_insert_with(|| {
                (0, 0, Histogram::new_with_bounds(1, 60_000_000, 3).expect("static histogram bounds are valid"))
            });
            slot.0 += starts.len() as u64;
            slot.1 += delivered.len().min(starts.len()) as u64;
            lost += starts.len().saturating_sub(delivered.len()) as u64;
            for (start, at) in starts.iter().zip(delivered) {
                let latency = at.saturating_sub(*start).max(1);
                slot.2.saturating_record(latency);
                recorder.record_latency(shard, *at, latency);
            }
        }
    }
    bar.finish_and_clear();
    Ok(MarketReport {
        scenario: "marketplace".into(),
        server: args.conn.server_name().into(),
        target,
        encoding: encoding.subprotocol().into(),
        users_signed_up: people.len(),
        contests: contests.len(),
        watchers_requested: wanted,
        watchers_established: progress.connected.load(Ordering::Relaxed),
        watchers_failed: progress.failed.load(Ordering::Relaxed),
        think_ms: args.think_ms,
        writes_per_sec,
        rest: rest.report(),
        live: per_type
            .into_iter()
            .map(|(event_type, (expected, delivered, h))| LiveType {
                event_type,
                expected,
                delivered,
                latency_ms: Latency::from_micros(&h),
            })
            .collect(),
        lost,
        duplicated,
        out_of_order,
        server_usage,
        timeline: recorder.timeline(),
    })
}

/// One contest's activity; returns the events it should have caused, in order.
/// How a contest's people pace their actions: `think` between two of them, spread over
/// 0.5x to 1.5x by a hash of the contest and the action's number (repeatable, and the
/// contests drift apart instead of acting in step); the first action comes 0x to 1x
/// `think` after the start, so the contests do not all begin in the same millisecond.
#[derive(Debug, Clone, Copy)]
struct Pace {
    contest: i64,
    think: Duration,
}

impl Pace {
    async fn before(&self, action: u64) {
        if self.think.is_zero() {
            return;
        }
        let mut x =
            (self.contest as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ action.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 31;
        x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 29;
        let fraction = (x % 1000) as f64 / 1000.0;
        let spread = if action == 0 { fraction } else { 0.5 + fraction };
        tokio::time::sleep(self.think.mul_f64(spread)).await;
    }
}

async fn activity(
    rest: &Rest,
    pace: Pace,
    owner: &str,
    designers: &[String],
    rounds: usize,
    recorder: &Recorder,
    progress: &Progress,
) -> Actions {
    let contest = pace.contest;
    let mut acted = 0u64;
    let mut actions = Actions::new();
    let mut note = |kind: &'static str, started: u64| {
        actions.push((kind, started));
        recorder.record_published(now_us(), 1);
        progress.published.fetch_add(1, Ordering::Relaxed);
    };
    let mut entries = Vec::new();
    for designer in designers {
        pace.before(acted).await;
        acted += 1;
        let form = Form::new()
            .text("file_category_id", ENTRY_IMAGE_CATEGORY.to_string())
            .part("files[]", Part::bytes(PNG_1X1.to_vec()).file_name("entry.png"));
        let upload = rest.http.post(format!("{}/files", rest.base)).multipart(form).bearer_auth(designer);
        let Ok(file) = rest.send("POST /files", upload).await else { continue };
        let Some(file_id) = file["data"][0]["id"].as_i64() else { continue };
        let body = json!({"main_file_id": file_id, "title": "Night owl", "description": "A moon over a bean."});
        let started = now_us();
        let path = format!("/contests/{contest}/entries");
        let call = rest.json(Method::POST, &path, &body, Some(designer));
        if let Ok(entry) = rest.send("POST /contests/{id}/entries", call).await {
            note("entry.created", started);
            if let Some(id) = entry["data"]["id"].as_i64() {
                entries.push((designer.clone(), id));
            }
        }
    }
    for round in 0..rounds {
        for (designer, entry) in &entries {
            pace.before(acted).await;
            acted += 1;
            let started = now_us();
            let path = format!("/contests/{contest}/comments");
            let body = json!({"comment": format!("Round {round}: which colours do you prefer?")});
            if rest
                .send("POST /contests/{id}/comments", rest.json(Method::POST, &path, &body, Some(designer)))
                .await
                .is_ok()
            {
                note("comment.created", started);
            }
            pace.before(acted).await;
            acted += 1;
            let started = now_us();
            let path = format!("/contests/{contest}/entries/{entry}/comments");
            let body = json!({"comment": format!("Round {round}: a warmer variant.")});
            let call = rest.json(Method::POST, &path, &body, Some(designer));
            if rest.send("POST /contests/{id}/entries/{id}/comments", call).await.is_ok() {
                note("comment.created", started);
            }
        }
        // The holder reacts once per entry over the rounds (a repeat changes nothing).
        if let Some((_, entry)) = entries.get(round) {
            pace.before(acted).await;
            acted += 1;
            let started = now_us();
            let path = format!("/contests/{contest}/entries/{entry}/reactions");
            let call = rest.json(Method::POST, &path, &json!({"emoji_reaction_id": 1}), Some(owner));
            if rest.send("POST /contests/{id}/entries/{id}/reactions", call).await.is_ok() {
                note("entry.reaction", started);
            }
        }
    }
    actions
}

/// A client choosing a designer: every designer's profile (information with its expansions,
/// statistics, portfolio, reviews, entries for sale), then the marketplace (search, and each
/// contest's entries for sale). Timed per route in the report's REST table; a failed read is
/// counted there as an error.
async fn browse(rest: &Rest, client: &str, designers: &[i64], contests: &[i64]) {
    for id in designers {
        let reads = [
            (
                "GET /users/{id}/profile-information",
                format!("/users/{id}/profile-information?include=cover_pic,average_rating,experience,qualifications"),
            ),
            ("GET /users/{id}/profile-statistics", format!("/users/{id}/profile-statistics")),
            ("GET /users/{id}/portfolios", format!("/users/{id}/portfolios?sort=-created_at&page=1")),
            ("GET /users/{id}/winnings", format!("/users/{id}/winnings?sort=-rating&page=1")),
            ("GET /users/{id}/marketplace-entries", format!("/users/{id}/marketplace-entries?sort=-created_at&page=1")),
        ];
        for (call, path) in reads {
            let _ = rest.send(call, rest.http.get(format!("{}{path}", rest.base)).bearer_auth(client)).await;
        }
    }
    let search = rest.http.get(format!("{}/marketplace-contests/search?page=1", rest.base)).bearer_auth(client);
    let _ = rest.send("GET /marketplace-contests/search", search).await;
    for contest in contests {
        let path = format!("{}/marketplace-contests/{contest}/entries?page=1", rest.base);
        let _ = rest.send("GET /marketplace-contests/{id}/entries", rest.http.get(path).bearer_auth(client)).await;
    }
}

/// Records every event on the contest until `stop`: (events, duplicates, out of order).
async fn watch_contest(
    mut socket: crate::Socket,
    encoding: Encoding,
    progress: &Progress,
    stop: watch::Receiver<bool>,
) -> (Seen, u64, u64) {
    let (mut seen, mut duplicated, mut out_of_order, mut last_seq) = (Seen::new(), 0, 0, 0u64);
    let stop = hub::stopped(stop);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            message = socket.next() => match message {
                Some(Ok(message)) if message.is_text() || message.is_binary() => {
                    let Ok(ServerFrame::Event(event)) = encoding.decode_server(&message.into_data()) else { continue };
                    let at = now_us();
                    if event.seq <= last_seq {
                        if seen.iter().any(|(_, _, s)| *s == event.seq) { duplicated += 1 } else { out_of_order += 1 }
                        continue;
                    }
                    last_seq = event.seq;
                    progress.delivered.fetch_add(1, Ordering::Relaxed);
                    seen.push((event.event_type, at, event.seq));
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            },
        }
    }
    (seen, duplicated, out_of_order)
}
