//! What the local Stripe holds: its objects by id, the replies of idempotent
//! requests by key, the webhook endpoint and every event it sent.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{SystemTime, UNIX_EPOCH},
};

use rand::{distributions::Alphanumeric, Rng};
use serde_json::Value;

/// An event as sent, and the status code the endpoint answered (None: unreachable).
#[derive(Debug, Clone)]
pub struct SentEvent {
    pub id: String,
    pub kind: String,
    /// The exact JSON body that was signed and sent.
    pub payload: String,
    pub status: Option<u16>,
}

/// The reply stored under an idempotency key: the path it answered, status and body.
#[derive(Debug, Clone)]
pub struct StoredReply {
    pub path: String,
    pub status: u16,
    pub body: Value,
}

#[derive(Default)]
pub struct Ledger {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Every object by its id (`cus_`, `seti_`, `pm_`, `pi_`, `ch_`, `re_`).
    objects: HashMap<String, Value>,
    /// Replies by idempotency key.
    replies: HashMap<String, StoredReply>,
    /// Keys whose first request is still being answered.
    in_flight: std::collections::HashSet<String>,
    /// Where events go, and their signing secret.
    webhook: Option<(String, String)>,
    events: Vec<SentEvent>,
}

/// A fresh Stripe-looking id: `prefix` then 24 letters and digits.
pub fn new_id(prefix: &str) -> String {
    let tail: String = rand::thread_rng().sample_iter(&Alphanumeric).take(24).map(char::from).collect();
    format!("{prefix}{tail}")
}

/// Seconds since the epoch, as Stripe's `created` fields.
pub fn now_secs() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

impl Ledger {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves plain data behind: keep serving it.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn get(&self, id: &str) -> Option<Value> {
        self.lock().objects.get(id).cloned()
    }

    pub fn put(&self, object: Value) -> Value {
        let id = object["id"].as_str().unwrap_or_default().to_owned();
        self.lock().objects.insert(id, object.clone());
        object
    }

    /// Applies `change` to a stored object and answers it as changed.
    pub fn update(&self, id: &str, change: impl FnOnce(&mut Value)) -> Option<Value> {
        let mut inner = self.lock();
        let object = inner.objects.get_mut(id)?;
        change(object);
        Some(object.clone())
    }

    /// Objects whose field `key` equals `value` and whose id starts with `prefix`.
    pub fn find(&self, prefix: &str, key: &str, value: &str) -> Vec<Value> {
        let inner = self.lock();
        let mut found: Vec<Value> = inner
            .objects
            .iter()
            .filter(|(id, o)| id.starts_with(prefix) && o[key].as_str() == Some(value))
            .map(|(_, o)| o.clone())
            .collect();
        found.sort_by_key(|o| o["created"].as_i64());
        found
    }

    pub fn count_prefix(&self, prefix: &str) -> usize {
        self.lock().objects.keys().filter(|id| id.starts_with(prefix)).count()
    }

    /// What a request with idempotency `key` meets: the reply stored under it, or
    /// `Err(())` while the key's first request is still being answered; `Ok(None)` makes
    /// this request the key's first, in flight until [`Ledger::remember_reply`].
    pub fn claim(&self, key: &str) -> Result<Option<StoredReply>, ()> {
        let mut inner = self.lock();
        if let Some(stored) = inner.replies.get(key) {
            return Ok(Some(stored.clone()));
        }
        match inner.in_flight.insert(key.to_owned()) {
            true => Ok(None),
            false => Err(()),
        }
    }

    pub fn remember_reply(&self, key: String, reply: StoredReply) {
        let mut inner = self.lock();
        inner.in_flight.remove(&key);
        inner.replies.insert(key, reply);
    }

    pub fn set_webhook(&self, url: String, secret: String) {
        self.lock().webhook = Some((url, secret));
    }

    pub fn webhook(&self) -> Option<(String, String)> {
        self.lock().webhook.clone()
    }

    pub fn record_event(&self, event: SentEvent) {
        self.lock().events.push(event);
    }

    pub fn set_event_status(&self, id: &str, status: Option<u16>) {
        if let Some(event) = self.lock().events.iter_mut().rev().find(|e| e.id == id) {
            event.status = status;
        }
    }

    pub fn events(&self) -> Vec<SentEvent> {
        self.lock().events.clone()
    }
}
