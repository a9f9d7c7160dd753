//! A subscriber speaking the Vitrine hub protocol v1 (`GET /ws`, `sub`, `event` frames).
//!
//! Events are read through [`FastEvent`], which borrows from the frame and skips every field
//! the harness does not need: at hundreds of thousands of frames a second, decoding each
//! into a full `ServerFrame` would make the harness, not the server, the bottleneck.

use anyhow::bail;
use futures::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, http::HeaderValue, Message};
use vitrine_protocol::{limits::WS_PATH, ClientFrame, Encoding, ServerFrame};

use crate::stats::{ClientStats, OrderKey, Payload, Progress, Recorder};
pub use crate::Socket;

/// Connects to `{target}/ws` with `encoding`'s subprotocol, without subscribing.
pub async fn open(target: &str, encoding: Encoding) -> anyhow::Result<Socket> {
    let url = format!("{}{WS_PATH}", crate::ws_base(target));
    let mut request = url.as_str().into_client_request()?;
    request.headers_mut().insert("Sec-WebSocket-Protocol", HeaderValue::from_static(encoding.subprotocol()));
    crate::ws_connect(request).await
}

/// Connects and subscribes to `channel`, returning once the hub has answered `subscribed`.
pub async fn connect(target: &str, channel: &str, encoding: Encoding) -> anyhow::Result<Socket> {
    let mut socket = open(target, encoding).await?;
    let sub = ClientFrame::Sub { ch: channel.to_owned(), since: None, id: Some("lt".into()) };
    socket.send(frame(encoding, encoding.encode_client(&sub))).await?;
    while let Some(message) = socket.next().await {
        let message = message?;
        if !(message.is_text() || message.is_binary()) {
            continue;
        }
        match encoding.decode_server(&message.into_data()) {
            Ok(ServerFrame::Subscribed { .. }) => return Ok(socket),
            Ok(ServerFrame::Error { code, .. }) => bail!("subscribing to {channel} was refused: {code:?}"),
            _ => {}
        }
    }
    bail!("the hub closed the connection before answering the subscription")
}

fn frame(encoding: Encoding, bytes: Vec<u8>) -> Message {
    if encoding.is_binary() {
        Message::binary(bytes)
    } else {
        Message::text(String::from_utf8(bytes).expect("JSON frames are UTF-8"))
    }
}

/// The fields of an `event` frame the harness reads; the rest is skipped unparsed.
#[derive(Debug, Deserialize)]
pub struct FastEvent<'a> {
    #[serde(borrow)]
    pub op: &'a str,
    #[serde(default)]
    pub seq: u64,
    #[serde(default)]
    pub data: Payload,
}

/// Decodes an `event` frame; None for any other frame.
pub fn decode_event(encoding: Encoding, bytes: &[u8]) -> Option<(u64, Payload)> {
    let event: FastEvent = match encoding {
        Encoding::Json => serde_json::from_slice(bytes).ok()?,
        Encoding::Msgpack => rmp_serde::from_slice(bytes).ok()?,
    };
    (event.op == "event").then_some((event.seq, event.data))
}

/// Records every event until `stop` turns true or the connection ends.
pub async fn receive(
    mut socket: Socket,
    encoding: Encoding,
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
                Some(Ok(message)) if message.is_text() || message.is_binary() => {
                    let data = message.into_data();
                    if let Some((seq, payload)) = decode_event(encoding, &data) {
                        stats.record(&payload, OrderKey::Seq(seq), crate::now_us(), progress, recorder);
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
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return false,
            },
        }
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), socket.close(None)).await;
    true
}

/// Resolves once `stop` turns true (or its sender is gone). Receive loops pin it once:
/// made anew for every frame, its wait registration showed in the harness's profile.
pub(crate) async fn stopped(mut stop: watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
}

#[cfg(test)]
mod tests {
    use vitrine_protocol::EventFrame;

    use super::*;

    #[test]
    fn the_fast_decoder_reads_what_the_hub_encodes_in_both_encodings() {
        let frame = EventFrame {
            ch: "bench:x".into(),
            seq: 7,
            event_type: "bench".into(),
            ts: 1,
            data: serde_json::json!({"id": 42, "sent_us": 99, "extra": [1, 2]}),
        };
        for encoding in Encoding::ALL {
            let (seq, payload) = decode_event(encoding, &frame.encode(encoding)).expect("an event");
            assert_eq!((seq, payload.id, payload.sent_us), (7, Some(42), Some(99)));
        }
        let pong = Encoding::Json.encode_server(&ServerFrame::Pong);
        assert!(decode_event(Encoding::Json, &pong).is_none());
    }
}
