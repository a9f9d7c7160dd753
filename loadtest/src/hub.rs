//! A subscriber speaking the Vitrine hub protocol v1 (`GET /ws`, `sub`, `event` frames).

use anyhow::{bail, Context};
use futures::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, http::HeaderValue, Message};
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use vitrine_protocol::{limits::WS_PATH, ClientFrame, Encoding, ServerFrame};

use crate::stats::{ClientStats, OrderKey, Progress};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Connects to `{target}/ws` with `encoding`'s subprotocol and subscribes to `channel`,
/// returning once the hub has answered `subscribed`.
pub async fn connect(target: &str, channel: &str, encoding: Encoding) -> anyhow::Result<Socket> {
    let url = format!("{}{WS_PATH}", crate::ws_base(target));
    let mut request = url.as_str().into_client_request()?;
    request.headers_mut().insert("Sec-WebSocket-Protocol", HeaderValue::from_static(encoding.subprotocol()));
    let (mut socket, _) = connect_async(request).await.with_context(|| format!("connecting to {url}"))?;
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

/// Records every event until `stop` turns true or the connection ends.
pub async fn receive(
    mut socket: Socket,
    encoding: Encoding,
    stats: &mut ClientStats,
    progress: &Progress,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            () = stopped(&mut stop) => break,
            message = socket.next() => match message {
                Some(Ok(message)) if message.is_text() || message.is_binary() => {
                    if let Ok(ServerFrame::Event(event)) = encoding.decode_server(&message.into_data()) {
                        stats.record(&event.data, OrderKey::Seq(event.seq), crate::now_us(), progress);
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

/// Resolves once `stop` turns true (or its sender is gone); holds no borrow across awaits.
pub(crate) async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
}
