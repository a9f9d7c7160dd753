//! The paced publisher: R events per second in total for S seconds, round-robin over the
//! channels, each event's data `{"id": <unique u64>, "sent_us": <wall clock µs>}`.
//!
//! The hub gets one `POST /api/publish` batch per 20 ms tick (what is due by then, at most
//! 1000); the peer has no batch, so it gets one `POST /publish` per event. Requests go one
//! after another, so events of a channel are sent in id order.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::bail;
use serde_json::json;
use vitrine_protocol::{limits::PUBLISH_BATCH_MAX, publish::PUBLISH_PATH, Publication, PublishRequest};

use crate::stats::Progress;

/// Time between two publishing rounds.
const TICK: Duration = Duration::from_millis(20);

/// Where publications go.
#[derive(Debug, Clone)]
pub enum Sink {
    /// The hub's publish API at `base` (`http://host:port`) with its key.
    Hub { base: String, api_key: String },
    /// The Socket.IO peer's `/publish` at `base`.
    Peer { base: String },
}

/// What the publisher got accepted.
#[derive(Debug, Default)]
pub struct Published {
    /// Events accepted, per channel index.
    pub per_channel: Vec<u64>,
    /// Events the target refused or that could not be sent.
    pub errors: u64,
}

impl Published {
    pub fn total(&self) -> u64 {
        self.per_channel.iter().sum()
    }
}

pub struct Publisher {
    sink: Sink,
    http: reqwest::Client,
}

impl Publisher {
    pub fn new(sink: Sink) -> Self {
        Publisher { sink, http: reqwest::Client::new() }
    }

    /// Publishes `rate` events/s over `channels` for `duration`.
    pub async fn run(&self, channels: &[String], rate: u32, duration: Duration, progress: &Progress) -> Published {
        let total = (f64::from(rate) * duration.as_secs_f64()).round() as u64;
        let batch_cap = match self.sink {
            Sink::Hub { .. } => PUBLISH_BATCH_MAX as u64,
            Sink::Peer { .. } => 1,
        };
        let mut published = Published { per_channel: vec![0; channels.len()], errors: 0 };
        let start = Instant::now();
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut next_id = 0u64;
        while next_id < total {
            tick.tick().await;
            let due = ((start.elapsed().as_secs_f64() * f64::from(rate)) as u64).min(total);
            while next_id < due {
                let ids = next_id..(next_id + batch_cap).min(due);
                next_id = ids.end;
                let events: Vec<(u64, usize)> = ids.map(|id| (id, (id % channels.len() as u64) as usize)).collect();
                match self.send(channels, &events, false).await {
                    Ok(()) => {
                        for (_, channel) in &events {
                            published.per_channel[*channel] += 1;
                        }
                        progress.published.fetch_add(events.len() as u64, Ordering::Relaxed);
                    }
                    Err(_) => published.errors += events.len() as u64,
                }
            }
        }
        published
    }

    /// Sends one probe event (`{"probe": true}`) on every channel.
    pub async fn probe(&self, channels: &[String]) -> anyhow::Result<()> {
        let events: Vec<(u64, usize)> = (0..channels.len()).map(|c| (0, c)).collect();
        match self.sink {
            Sink::Hub { .. } => self.send(channels, &events, true).await,
            Sink::Peer { .. } => {
                for event in events {
                    self.send(channels, &[event], true).await?;
                }
                Ok(())
            }
        }
    }

    async fn send(&self, channels: &[String], events: &[(u64, usize)], probe: bool) -> anyhow::Result<()> {
        let data = |id: u64| if probe { json!({"probe": true}) } else { json!({"id": id, "sent_us": crate::now_us()}) };
        let response = match &self.sink {
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
            Sink::Peer { base } => {
                let [(id, c)] = events else { bail!("the peer takes one event per request") };
                let body = json!({"channel": channels[*c], "data": data(*id)});
                self.http.post(format!("{base}/publish")).json(&body).send().await?
            }
        };
        if response.status() != reqwest::StatusCode::ACCEPTED {
            bail!("publish answered {}", response.status());
        }
        Ok(())
    }
}
