//! The same subscriber speaking the Pusher protocol 7 to the Sockudo peer, and the signed
//! publish call (see `shared/peers/sockudo/README.md`).
//!
//! Wire: connect `ws://host:port/app/<key>?protocol=7`, wait for
//! `pusher:connection_established`; `{"event":"pusher:subscribe","data":{"channel":..}}` is
//! answered `pusher_internal:subscription_succeeded`; events arrive as
//! `{"event":"event","channel":..,"data":"<the published JSON, as a string>"}`; the server's
//! `pusher:ping` is answered `pusher:pong`. Pusher channel names allow no `:`, so peers get
//! `bench-...` channels.

use std::borrow::Cow;

use anyhow::bail;
use futures::{SinkExt, StreamExt};
use hmac::{Hmac, Mac};
use md5::Digest;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use crate::hub::stopped;
use crate::stats::{ClientStats, OrderKey, Payload, Progress, Recorder};
use crate::Socket;

/// The app Sockudo is started with (`SOCKUDO_DEFAULT_APP_*`, as in the peer's README).
#[derive(Debug, Clone)]
pub struct App {
    pub id: String,
    pub key: String,
    pub secret: String,
}

impl Default for App {
    fn default() -> Self {
        App { id: "app1".into(), key: "key1".into(), secret: "secret1".into() }
    }
}

#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow)]
    event: Cow<'a, str>,
    #[serde(default, borrow)]
    data: Option<Data<'a>>,
}

/// `data` is a string for events and most protocol messages, an object for a few.
#[derive(Deserialize)]
#[serde(untagged)]
enum Data<'a> {
    Text(#[serde(borrow)] Cow<'a, str>),
    #[allow(dead_code)]
    Other(serde::de::IgnoredAny),
}

const PONG: &str = r#"{"event":"pusher:pong","data":{}}"#;

/// Connects to the app and waits for `pusher:connection_established`.
pub async fn open(target: &str, app: &App) -> anyhow::Result<Socket> {
    let url = format!("{}/app/{}?protocol=7&client=vitrine-loadtest&version=1.0", crate::ws_base(target), app.key);
    let mut socket = crate::ws_connect(url.as_str()).await?;
    while let Some(message) = socket.next().await {
        let Message::Text(text) = message? else { continue };
        let Ok(envelope) = serde_json::from_str::<Envelope>(text.as_str()) else { continue };
        match envelope.event.as_ref() {
            "pusher:connection_established" => return Ok(socket),
            "pusher:error" => bail!("the peer refused the connection: {}", text.as_str()),
            "pusher:ping" => socket.send(Message::text(PONG)).await?,
            _ => {}
        }
    }
    bail!("the peer closed the connection before establishing it")
}

/// Connects and subscribes to `channel`, returning once the subscription succeeded.
pub async fn connect(target: &str, channel: &str, app: &App) -> anyhow::Result<Socket> {
    let mut socket = open(target, app).await?;
    let subscribe = json!({"event": "pusher:subscribe", "data": {"channel": channel}});
    socket.send(Message::text(subscribe.to_string())).await?;
    while let Some(message) = socket.next().await {
        let Message::Text(text) = message? else { continue };
        let Ok(envelope) = serde_json::from_str::<Envelope>(text.as_str()) else { continue };
        match envelope.event.as_ref() {
            "pusher_internal:subscription_succeeded" => return Ok(socket),
            "pusher:error" | "pusher:subscription_error" => bail!("subscribing was refused: {}", text.as_str()),
            "pusher:ping" => socket.send(Message::text(PONG)).await?,
            _ => {}
        }
    }
    bail!("the peer closed the connection before answering the subscription")
}

/// What one text frame is to a subscriber.
enum Incoming {
    Event(Payload),
    Ping,
    Other,
}

fn decode(text: &str) -> Incoming {
    let Ok(envelope) = serde_json::from_str::<Envelope>(text) else { return Incoming::Other };
    match (envelope.event.as_ref(), envelope.data) {
        ("event", Some(Data::Text(data))) => match serde_json::from_str::<Payload>(&data) {
            Ok(payload) => Incoming::Event(payload),
            Err(_) => Incoming::Other,
        },
        ("pusher:ping", _) => Incoming::Ping,
        _ => Incoming::Other,
    }
}

/// Records every event until `stop` turns true or the connection ends.
pub async fn receive(
    mut socket: Socket,
    stats: &mut ClientStats,
    (progress, recorder): (&Progress, &Recorder),
    stop: watch::Receiver<bool>,
) {
    let stop = stopped(stop);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => match decode(text.as_str()) {
                    Incoming::Event(payload) => {
                        stats.record(&payload, OrderKey::Id, crate::now_us(), progress, recorder);
                    }
                    Incoming::Ping => {
                        if socket.send(Message::text(PONG)).await.is_err() {
                            stats.dropped = true;
                            return;
                        }
                    }
                    Incoming::Other => {}
                },
                Some(Ok(_)) => {}
                Some(Err(_)) | None => {
                    stats.dropped = true;
                    return;
                }
            },
        }
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), socket.close(None)).await;
}

/// Holds a connection open, answering pings, until `stop` turns true; false if it dropped.
pub async fn hold(mut socket: Socket, stop: watch::Receiver<bool>) -> bool {
    let stop = stopped(stop);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    if matches!(decode(text.as_str()), Incoming::Ping) && socket.send(Message::text(PONG)).await.is_err() {
                        return false;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return false,
            },
        }
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), socket.close(None)).await;
    true
}

/// The query string of a signed `POST path` with `body` at `timestamp` (seconds):
/// auth parameters sorted by name, then `auth_signature`, the hex HMAC-SHA256 with the
/// app secret of `"POST\n<path>\n<sorted parameters>"`.
pub fn signed_query(app: &App, path: &str, body: &str, timestamp: u64) -> String {
    let body_md5 = hex::encode(md5::Md5::digest(body.as_bytes()));
    let params = format!("auth_key={}&auth_timestamp={timestamp}&auth_version=1.0&body_md5={body_md5}", app.key);
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(app.secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("POST\n{path}\n{params}").as_bytes());
    format!("{params}&auth_signature={}", hex::encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_pings_and_other_messages_are_told_apart() {
        let event = r#"{"event":"event","channel":"bench-a","data":"{\"id\":5,\"sent_us\":8}"}"#;
        assert!(matches!(decode(event), Incoming::Event(p) if p.id == Some(5) && p.sent_us == Some(8)));
        assert!(matches!(decode(r#"{"event":"pusher:ping","data":{}}"#), Incoming::Ping));
        assert!(matches!(
            decode(r#"{"event":"pusher_internal:subscription_succeeded","channel":"x"}"#),
            Incoming::Other
        ));
    }

    #[test]
    fn the_signature_follows_pushers_rule() {
        // Pusher's documented example: key 278d425bdf160c739803, secret 7ad3773142a6692b25b8,
        // body {"name":"foo","channels":["project-3"],"data":"{\"some\":\"data\"}"}, timestamp 1353088179.
        let app = App { id: "3".into(), key: "278d425bdf160c739803".into(), secret: "7ad3773142a6692b25b8".into() };
        let body = r#"{"name":"foo","channels":["project-3"],"data":"{\"some\":\"data\"}"}"#;
        let query = signed_query(&app, "/apps/3/events", body, 1353088179);
        assert!(query.contains("body_md5=ec365a775a4cd0599faeb73354201b6f"), "{query}");
        assert!(
            query.ends_with("auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c"),
            "{query}"
        );
    }
}
