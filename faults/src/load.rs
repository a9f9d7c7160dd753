//! `Load`: a publisher that posts one event at a time through the proxy to the publish
//! API, round-robin over the channels, and records every answer: accepted (202) per
//! channel, and every other answer by status and envelope code.

use std::{
    collections::BTreeMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::{sync::watch, task::JoinHandle};

use crate::cluster::api_key;

#[derive(Debug, Default, Clone)]
pub struct LoadStats {
    /// 202 answers per channel (index into the channels).
    pub accepted: Vec<u64>,
    /// Every other answer: `(status, envelope code)` -> count; status 0 = no answer.
    pub refused: BTreeMap<(u16, String), u64>,
}

impl LoadStats {
    pub fn accepted_total(&self) -> u64 {
        self.accepted.iter().sum()
    }

    /// Answers `503 server.unavailable` (the database out of reach).
    pub fn unavailable(&self) -> u64 {
        self.refused.get(&(503, "server.unavailable".to_owned())).copied().unwrap_or(0)
    }
}

pub struct Load {
    stats: Arc<Mutex<LoadStats>>,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Load {
    /// Publishes to `channels` through `base_url`, pausing `every` between requests.
    pub fn start(base_url: &str, channels: &[String], every: Duration) -> Self {
        let stats = Arc::new(Mutex::new(LoadStats { accepted: vec![0; channels.len()], ..Default::default() }));
        let (stop, stop_rx) = watch::channel(false);
        let task = tokio::spawn(run(base_url.to_owned(), channels.to_vec(), every, Arc::clone(&stats), stop_rx));
        Self { stats, stop, task }
    }

    pub fn stats(&self) -> LoadStats {
        self.stats.lock().expect("load stats").clone()
    }

    pub async fn stop(self) -> LoadStats {
        self.stop.send_replace(true);
        let _ = self.task.await;
        let stats = self.stats.lock().expect("load stats").clone();
        stats
    }
}

async fn run(
    base_url: String,
    channels: Vec<String>,
    every: Duration,
    stats: Arc<Mutex<LoadStats>>,
    mut stop: watch::Receiver<bool>,
) {
    // Generous: a request may wait for a pool connection while the database is away.
    let client = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().expect("an HTTP client");
    let url = format!("{base_url}/api/publish");
    let mut n: u64 = 0;
    while !*stop.borrow() {
        let index = (n % channels.len() as u64) as usize;
        let body = serde_json::json!({"channel": channels[index], "type": "fault.tick", "data": {"n": n}});
        let answer = client.post(&url).bearer_auth(api_key()).json(&body).send().await;
        let outcome = match answer {
            Ok(response) if response.status().as_u16() == 202 => None,
            Ok(response) => {
                let status = response.status().as_u16();
                let body: serde_json::Value = response.json().await.unwrap_or_default();
                let code = body["error"]["code"].as_str().unwrap_or("(no envelope)").to_owned();
                Some((status, code))
            }
            Err(err) => Some((0, if err.is_timeout() { "timeout".to_owned() } else { "transport".to_owned() })),
        };
        {
            let mut s = stats.lock().expect("load stats");
            match outcome {
                None => s.accepted[index] += 1,
                Some(key) => *s.refused.entry(key).or_default() += 1,
            }
        }
        n += 1;
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = stop.changed() => {}
        }
    }
}
