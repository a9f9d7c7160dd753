//! The same subscriber speaking Engine.IO v4 over a raw WebSocket to the Socket.IO peer.
//!
//! Wire (see `shared/peers/socketio/README.md`): the server opens with `0{...}`; the client
//! sends `40` and gets `40{...}`; `42["join","bench:x"]` joins a room; events arrive as
//! `42["event",{"ch":...,"data":...}]`; the server's ping `2` is answered `3`.
//! Socket.IO does not answer a join, so the run primes each room with probe events until
//! every subscriber has seen one (see `scenarios::pubsub`).

use anyhow::bail;
use futures::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use crate::hub::stopped;
use crate::stats::{ClientStats, OrderKey, Payload, Progress, Recorder};
use crate::Socket;

/// Connects to the peer and opens the default namespace, without joining a room.
pub async fn open(target: &str) -> anyhow::Result<Socket> {
    let url = format!("{}/socket.io/?EIO=4&transport=websocket", crate::ws_base(target));
    let mut socket = crate::ws_connect(url.as_str()).await?;
    while let Some(message) = socket.next().await {
        let Message::Text(text) = message? else { continue };
        match text.as_str() {
            t if t.starts_with("40") => return Ok(socket),
            t if t.starts_with('0') => socket.send(Message::text("40")).await?,
            "2" => socket.send(Message::text("3")).await?,
            t if t.starts_with("44") => bail!("the peer refused the namespace: {t}"),
            _ => {}
        }
    }
    bail!("the peer closed the connection during the Engine.IO handshake")
}

/// Connects, opens the default namespace and joins `channel`.
pub async fn connect(target: &str, channel: &str) -> anyhow::Result<Socket> {
    let mut socket = open(target).await?;
    let join = serde_json::to_string(&("join", channel))?;
    socket.send(Message::text(format!("42{join}"))).await?;
    Ok(socket)
}

#[derive(Deserialize)]
struct Body {
    #[serde(default)]
    data: Payload,
}

/// The payload of a `42["event",{...}]` packet; None for anything else.
fn decode_event(text: &str) -> Option<Payload> {
    let packet = text.strip_prefix("42")?;
    let (name, body): (&str, Body) = serde_json::from_str(packet).ok()?;
    (name == "event").then_some(body.data)
}

/// Records every `event` until `stop` turns true or the connection ends.
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
                Some(Ok(Message::Text(text))) => {
                    if text.as_str() == "2" {
                        if socket.send(Message::text("3")).await.is_err() {
                            stats.dropped = true;
                            return;
                        }
                    } else if let Some(payload) = decode_event(text.as_str()) {
                        stats.record(&payload, OrderKey::Id, crate::now_us(), progress, recorder);
                    }
                }
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
                Some(Ok(Message::Text(text))) if text.as_str() == "2" => {
                    if socket.send(Message::text("3")).await.is_err() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_read_and_other_packets_ignored() {
        let payload = decode_event(r#"42["event",{"ch":"bench:a","data":{"id":3,"sent_us":9}}]"#).unwrap();
        assert_eq!((payload.id, payload.sent_us), (Some(3), Some(9)));
        assert!(decode_event(r#"42["other",{}]"#).is_none());
        assert!(decode_event("2").is_none());
    }
}
