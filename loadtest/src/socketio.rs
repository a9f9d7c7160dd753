//! The same subscriber speaking Engine.IO v4 over a raw WebSocket to the Socket.IO peer.
//!
//! Wire (see `shared/peers/socketio/README.md`): the server opens with `0{...}`; the client
//! sends `40` and gets `40{...}`; `42["join","bench:x"]` joins a room; events arrive as
//! `42["event",{"ch":...,"data":...}]`; the server's ping `2` is answered `3`.
//! Socket.IO does not answer a join, so the run primes each room with probe events until
//! every subscriber has seen one (see `scenarios::fanout`).

use anyhow::{bail, Context};
use futures::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::watch;
use tokio_tungstenite::{connect_async, tungstenite::Message};

use crate::hub::{stopped, Socket};
use crate::stats::{ClientStats, OrderKey, Progress};

/// Connects to the peer, opens the default namespace and joins `channel`.
pub async fn connect(target: &str, channel: &str) -> anyhow::Result<Socket> {
    let url = format!("{}/socket.io/?EIO=4&transport=websocket", crate::ws_base(target));
    let (mut socket, _) = connect_async(url.as_str()).await.with_context(|| format!("connecting to {url}"))?;
    let mut namespace_open = false;
    while let Some(message) = socket.next().await {
        let Message::Text(text) = message? else { continue };
        match text.as_str() {
            t if t.starts_with("40") => {
                namespace_open = true;
                break;
            }
            t if t.starts_with('0') => socket.send(Message::text("40")).await?,
            "2" => socket.send(Message::text("3")).await?,
            t if t.starts_with("44") => bail!("the peer refused the namespace: {t}"),
            _ => {}
        }
    }
    if !namespace_open {
        bail!("the peer closed the connection during the Engine.IO handshake");
    }
    let join = serde_json::to_string(&("join", channel))?;
    socket.send(Message::text(format!("42{join}"))).await?;
    Ok(socket)
}

/// Records every `event` until `stop` turns true or the connection ends.
pub async fn receive(
    mut socket: Socket,
    stats: &mut ClientStats,
    progress: &Progress,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            () = stopped(&mut stop) => break,
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    let text = text.as_str();
                    if text == "2" {
                        if socket.send(Message::text("3")).await.is_err() {
                            stats.dropped = true;
                            return;
                        }
                    } else if let Some(packet) = text.strip_prefix("42") {
                        if let Ok((name, body)) = serde_json::from_str::<(String, Value)>(packet) {
                            if name == "event" {
                                stats.record(&body["data"], OrderKey::Id, crate::now_us(), progress);
                            }
                        }
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
