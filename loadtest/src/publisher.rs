//! The paced publisher: R events per second in total for S seconds, round-robin over the
//! channels, each event's data `{"id": <unique u64>, "sent_us": <wall clock µs>}`.
//!
//! Every 5 ms tick sends what is due by then (at 20 ms, each tick's burst of deliveries
//! queued behind itself and set the fan-out's median latency). The hub gets one
//! `POST /api/publish` batch per tick (at most 1000 events). The peers have no batch (Socket.IO: one `POST /publish`
//! per event) or a small one (Sockudo: `batch_events`, 10 per call), so their events go
//! over [`PEER_LANES`] lanes in parallel, a channel always on the same lane, one request
//! after another within a lane: each channel's events are sent in id order everywhere.

use std::fmt::Write;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::bail;
use futures::future::join_all;
use futures::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use vitrine_protocol::{limits::PUBLISH_BATCH_MAX, publish::PUBLISH_PATH, Publication, PublishRequest};

use crate::pusher;
use crate::stats::{Progress, Recorder};

/// Time between two publishing rounds.
const TICK: Duration = Duration::from_millis(5);
/// Parallel request lanes to a peer.
const PEER_LANES: usize = 8;
/// Events per Sockudo `batch_events` call (Pusher's own limit is 10).
const PUSHER_BATCH: usize = 10;

/// Where publications go.
#[derive(Debug, Clone)]
pub enum Sink {
    /// The hub's publish API at `base` (`http://host:port`) with its key.
    Hub { base: String, api_key: String },
    /// The Socket.IO peer's `/publish` at `base`.
    SocketIo { base: String },
    /// Sockudo's signed `batch_events` at `base`.
    Pusher { base: String, app: pusher::App },
    /// The `limit` peer at `target` (`ws://host:port`): one WebSocket, one text frame of
    /// `<channel>\t<payload>` lines per batch.
    Limit { target: String },
}

/// What the publisher got accepted.
#[derive(Debug, Default)]
pub struct Published {
    /// Events accepted, per channel index.
    pub per_channel: Vec<u64>,
    /// Events the target refused or that could not be sent.
    pub errors: u64,
    /// The last refusal, to show why.
    pub last_error: Option<String>,
    /// Events never sent: the target took them slower than the rate, past twice the duration.
    pub cut_short: u64,
}

impl Published {
    pub fn total(&self) -> u64 {
        self.per_channel.iter().sum()
    }
}

pub struct Publisher {
    sink: Sink,
    http: reqwest::Client,
    /// The `limit` peer's publishing socket, opened on first use.
    socket: tokio::sync::Mutex<Option<crate::Socket>>,
}

impl Publisher {
    pub fn new(sink: Sink) -> Self {
        Publisher { sink, http: reqwest::Client::new(), socket: tokio::sync::Mutex::new(None) }
    }

    /// Publishes `rate` events/s over `channels` for `duration`.
    pub async fn run(
        &self,
        channels: &[String],
        rate: u32,
        duration: Duration,
        (progress, recorder): (&Progress, &Recorder),
    ) -> Published {
        let total = (f64::from(rate) * duration.as_secs_f64()).round() as u64;
        let mut published = Published { per_channel: vec![0; channels.len()], ..Published::default() };
        let start = Instant::now();
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut next_id = 0u64;
        // A target slower than the asked rate falls behind; past twice the duration the
        // run stops publishing (what was not published is not expected either).
        let give_up = duration.mul_f64(2.0);
        while next_id < total {
            if start.elapsed() > give_up {
                published.cut_short = total - next_id;
                break;
            }
            tick.tick().await;
            let due = ((start.elapsed().as_secs_f64() * f64::from(rate)) as u64).min(total);
            let events: Vec<(u64, usize)> =
                (next_id..due).map(|id| (id, (id % channels.len() as u64) as usize)).collect();
            next_id = due;
            for (events, result) in self.send_due(channels, events).await {
                match result {
                    Ok(()) => {
                        for (_, channel) in &events {
                            published.per_channel[*channel] += 1;
                        }
                        progress.published.fetch_add(events.len() as u64, Ordering::Relaxed);
                        recorder.record_published(crate::now_us(), events.len() as u64);
                    }
                    Err(err) => {
                        published.errors += events.len() as u64;
                        published.last_error = Some(err.to_string());
                    }
                }
            }
        }
        published
    }

    /// Sends the events due this tick: request by request, lanes in parallel.
    async fn send_due(
        &self,
        channels: &[String],
        events: Vec<(u64, usize)>,
    ) -> Vec<(Vec<(u64, usize)>, anyhow::Result<()>)> {
        let requests_in_lane: Vec<Vec<Vec<(u64, usize)>>> = match self.sink {
            Sink::Hub { .. } | Sink::Limit { .. } => {
                vec![events.chunks(PUBLISH_BATCH_MAX).map(<[_]>::to_vec).collect()]
            }
            Sink::SocketIo { .. } | Sink::Pusher { .. } => {
                let per_request = if matches!(self.sink, Sink::Pusher { .. }) { PUSHER_BATCH } else { 1 };
                let mut lanes: Vec<Vec<(u64, usize)>> = vec![Vec::new(); PEER_LANES];
                for event in events {
                    lanes[event.1 % PEER_LANES].push(event);
                }
                lanes.into_iter().map(|lane| lane.chunks(per_request).map(<[_]>::to_vec).collect()).collect()
            }
        };
        let lanes = requests_in_lane.into_iter().map(|requests| async move {
            let mut results = Vec::with_capacity(requests.len());
            for request in requests {
                let result = self.send(channels, &request, false).await;
                results.push((request, result));
            }
            results
        });
        join_all(lanes).await.into_iter().flatten().collect()
    }

    /// Sends one probe event (`{"probe": true}`) on every channel.
    pub async fn probe(&self, channels: &[String]) -> anyhow::Result<()> {
        let events: Vec<(u64, usize)> = (0..channels.len()).map(|c| (0, c)).collect();
        let chunk = match self.sink {
            Sink::Hub { .. } | Sink::Limit { .. } => PUBLISH_BATCH_MAX,
            Sink::SocketIo { .. } => 1,
            Sink::Pusher { .. } => PUSHER_BATCH,
        };
        for request in events.chunks(chunk) {
            self.send(channels, request, true).await?;
        }
        Ok(())
    }

    async fn send(&self, channels: &[String], events: &[(u64, usize)], probe: bool) -> anyhow::Result<()> {
        let data = |id: u64| if probe { json!({"probe": true}) } else { json!({"id": id, "sent_us": crate::now_us()}) };
        let response = match &self.sink {
            Sink::Limit { target } => {
                // Connect before stamping: the first batch must not carry the handshake.
                let mut socket = self.socket.lock().await;
                if socket.is_none() {
                    *socket = Some(crate::limit::connect_publisher(target).await?);
                }
                let mut lines = String::with_capacity(events.len() * 64);
                for &(id, c) in events {
                    let _ = writeln!(lines, "{}\t{}", channels[c], data(id));
                }
                let sent = socket.as_mut().expect("opened above").send(Message::text(lines)).await;
                if let Err(err) = sent {
                    *socket = None;
                    bail!("the limit peer's publishing socket failed: {err}");
                }
                return Ok(());
            }
            Sink::Hub { base, api_key } => {
                let batch = events
                    .iter()
                    .map(|&(id, c)| Publication {
                        channel: channels[c].clone(),
                        event_type: "bench".into(),
                        data: data(id),
                    })
                    .collect();
                let body = PublishRequest::Batch { batch };
                self.http.post(format!("{base}{PUBLISH_PATH}")).bearer_auth(api_key).json(&body).send().await?
            }
            Sink::SocketIo { base } => {
                let [(id, c)] = events else { bail!("the Socket.IO peer takes one event per request") };
                let body = json!({"channel": channels[*c], "data": data(*id)});
                self.http.post(format!("{base}/publish")).json(&body).send().await?
            }
            Sink::Pusher { base, app } => {
                let batch: Vec<_> = events
                    .iter()
                    .map(|&(id, c)| json!({"name": "event", "channel": channels[c], "data": data(id).to_string()}))
                    .collect();
                let body = json!({ "batch": batch }).to_string();
                let path = format!("/apps/{}/batch_events", app.id);
                let query = pusher::signed_query(app, &path, &body, crate::now_us() / 1_000_000);
                self.http
                    .post(format!("{base}{path}?{query}"))
                    .header("content-type", "application/json")
                    .body(body)
                    .send()
                    .await?
            }
        };
        let status = response.status();
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            bail!("publish answered {status}: {}", text.chars().take(200).collect::<String>());
        }
        Ok(())
    }
}
