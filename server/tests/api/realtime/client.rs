//! `WsClient`: a WebSocket client speaking protocol v1 to a test server, in either
//! encoding. Every read waits at most [`WAIT`] and fails the test past it.

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use reqwest::StatusCode;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::{
    client_async,
    tungstenite::{client::IntoClientRequest, error::ProtocolError, http::header, Error as WsError, Message},
    WebSocketStream,
};
use vitrine_protocol::{ClientFrame, Encoding, ServerFrame};

use crate::helpers::TestApp;

/// How long a test waits for a frame it expects (a debug build on two busy cores).
pub const WAIT: Duration = Duration::from_secs(10);

/// How to open a connection.
#[derive(Debug, Clone, Default)]
pub struct Connect<'a> {
    pub token: Option<&'a str>,
    /// Where the token travels.
    pub token_in: TokenIn,
    pub encoding: Encoding,
    /// Shrinks the socket's receive buffer (SO_RCVBUF), for a client that stops reading.
    pub recv_buffer: Option<u32>,
    /// An `Authorization` header sent as is (another scheme than Bearer).
    pub authorization: Option<&'a str>,
    /// An `X-Forwarded-For` header, as a client forging its address would send it.
    pub forwarded_for: Option<&'a str>,
}

/// Where a connection's token travels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TokenIn {
    /// `Authorization: Bearer <token>`.
    #[default]
    Header,
    /// A second `Sec-WebSocket-Protocol` entry, `vitrine.bearer.<token>`, as browsers send it.
    Subprotocol,
    /// `?access_token=`, the old form (refused unless the server allows it).
    Query,
}

pub struct WsClient {
    stream: WebSocketStream<TcpStream>,
    pub encoding: Encoding,
}

impl WsClient {
    /// An anonymous `v1.json` connection.
    pub async fn anonymous(app: &TestApp) -> Self {
        Self::open(app, Connect::default()).await
    }

    /// A `v1.json` connection signed in with `token`.
    pub async fn signed_in(app: &TestApp, token: &str) -> Self {
        Self::open(app, Connect { token: Some(token), ..Connect::default() }).await
    }

    pub async fn open(app: &TestApp, how: Connect<'_>) -> Self {
        match Self::try_open(app, how).await {
            Ok(client) => client,
            Err(status) => panic!("upgrade refused with {status}"),
        }
    }

    /// Connects; a refused upgrade gives its HTTP status.
    pub async fn try_open(app: &TestApp, how: Connect<'_>) -> Result<Self, StatusCode> {
        let port = app.address.rsplit(':').next().expect("address has a port");
        let mut url = format!("ws://127.0.0.1:{port}/ws");
        let mut protocols = how.encoding.subprotocol().to_owned();
        let mut request_token = None;
        match (how.token, how.token_in) {
            (Some(token), TokenIn::Query) => url.push_str(&format!("?access_token={token}")),
            (Some(token), TokenIn::Subprotocol) => protocols.push_str(&format!(", vitrine.bearer.{token}")),
            (Some(token), TokenIn::Header) => request_token = Some(token),
            (None, _) => {}
        }
        let mut request = url.into_client_request().expect("valid ws URL");
        let headers = request.headers_mut();
        headers.insert(header::SEC_WEBSOCKET_PROTOCOL, protocols.parse().expect("a header value"));
        if let Some(value) = how.authorization {
            headers.insert(header::AUTHORIZATION, value.parse().expect("a header value"));
        }
        if let Some(value) = how.forwarded_for {
            headers.insert("x-forwarded-for", value.parse().expect("a header value"));
        }
        if let Some(token) = request_token {
            headers.insert(header::AUTHORIZATION, format!("Bearer {token}").parse().expect("token is a header value"));
        }

        let socket = TcpSocket::new_v4().expect("socket");
        if let Some(size) = how.recv_buffer {
            socket.set_recv_buffer_size(size).expect("SO_RCVBUF");
        }
        let stream = socket.connect(format!("127.0.0.1:{port}").parse().unwrap()).await.expect("TCP connect");
        stream.set_nodelay(true).expect("TCP_NODELAY");
        let (stream, response) = match tokio::time::timeout(WAIT, client_async(request, stream)).await {
            Err(_) => panic!("no upgrade answer within {WAIT:?}"),
            Ok(Err(WsError::Http(response))) => {
                return Err(StatusCode::from_u16(response.status().as_u16()).expect("status"))
            }
            Ok(Err(err)) => panic!("handshake failed: {err}"),
            Ok(Ok(pair)) => pair,
        };
        let chosen = response.headers().get(header::SEC_WEBSOCKET_PROTOCOL).and_then(|v| v.to_str().ok());
        assert_eq!(chosen, Some(how.encoding.subprotocol()), "the server names the subprotocol it took");
        Ok(Self { stream, encoding: how.encoding })
    }

    /// Sends a frame in this connection's encoding (text for JSON, binary for MessagePack).
    pub async fn send(&mut self, frame: &ClientFrame) {
        let bytes = self.encoding.encode_client(frame);
        let message = match self.encoding {
            Encoding::Json => Message::text(String::from_utf8(bytes).expect("JSON is UTF-8")),
            Encoding::Msgpack => Message::binary(bytes),
        };
        self.send_message(message).await;
    }

    /// Sends a raw WebSocket message (garbage, oversized frames).
    pub async fn send_message(&mut self, message: Message) {
        tokio::time::timeout(WAIT, self.stream.send(message)).await.expect("send in time").expect("send");
    }

    /// Queues a frame without flushing: several `feed`s then [`WsClient::flush`] arrive together.
    pub async fn feed(&mut self, frame: &ClientFrame) {
        let text = String::from_utf8(Encoding::Json.encode_client(frame)).unwrap();
        assert_eq!(self.encoding, Encoding::Json, "feed speaks JSON");
        self.stream.feed(Message::text(text)).await.expect("feed");
    }

    pub async fn flush(&mut self) {
        tokio::time::timeout(WAIT, self.stream.flush()).await.expect("flush in time").expect("flush");
    }

    /// The next frame, which must come within [`WAIT`]; panics on close.
    pub async fn expect(&mut self) -> ServerFrame {
        match self.next_or_close(WAIT).await {
            Ok(frame) => frame,
            Err(code) => panic!("connection closed ({code:?}) while a frame was expected"),
        }
    }

    /// Asserts that the next frame is `expected`.
    pub async fn expect_frame(&mut self, expected: &ServerFrame) {
        let frame = self.expect().await;
        assert_eq!(&frame, expected);
    }

    /// Asserts that the next frame, arriving within `wait`, is `expected`.
    pub async fn expect_frame_within(&mut self, expected: &ServerFrame, wait: Duration) {
        match self.next_or_close(wait).await {
            Ok(frame) => assert_eq!(&frame, expected),
            Err(code) => panic!("connection closed ({code:?}) while {expected:?} was expected"),
        }
    }

    /// The next frame, or the close code (None: closed without a code or a close frame).
    pub async fn next_or_close(&mut self, wait: Duration) -> Result<ServerFrame, Option<u16>> {
        loop {
            let message = match tokio::time::timeout(wait, self.stream.next()).await {
                Err(_) => panic!("nothing received within {wait:?}"),
                Ok(None) => return Err(None),
                Ok(Some(Err(WsError::ConnectionClosed | WsError::AlreadyClosed))) => return Err(None),
                // The server dropped the connection without a close frame.
                Ok(Some(Err(WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake)))) => return Err(None),
                Ok(Some(Err(WsError::Io(err)))) if err.kind() == std::io::ErrorKind::ConnectionReset => {
                    return Err(None)
                }
                Ok(Some(Err(err))) => panic!("read failed: {err}"),
                Ok(Some(Ok(message))) => message,
            };
            match message {
                Message::Text(text) => {
                    assert_eq!(self.encoding, Encoding::Json, "text frame on a {:?} connection", self.encoding);
                    return Ok(Encoding::Json.decode_server(text.as_bytes()).expect("server frame decodes"));
                }
                Message::Binary(bytes) => {
                    assert_eq!(self.encoding, Encoding::Msgpack, "binary frame on a {:?} connection", self.encoding);
                    return Ok(Encoding::Msgpack.decode_server(&bytes).expect("server frame decodes"));
                }
                Message::Close(frame) => return Err(frame.map(|f| u16::from(f.code))),
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => continue,
            }
        }
    }

    /// Waits for the server to close the connection and returns the close code,
    /// skipping frames still in flight. Panics on a frame other than `event`.
    pub async fn expect_close(&mut self) -> Option<u16> {
        loop {
            match self.next_or_close(WAIT).await {
                Ok(ServerFrame::Event(_)) => continue,
                Ok(frame) => panic!("expected the connection to close, got {frame:?}"),
                Err(code) => return code,
            }
        }
    }

    /// Waits for the server's close frame and returns its code and reason, skipping events
    /// in flight; None when the connection ended without one (a reset, a drop: 1006).
    pub async fn expect_close_frame(&mut self) -> Option<(u16, String)> {
        loop {
            let message = match tokio::time::timeout(WAIT, self.stream.next()).await {
                Err(_) => panic!("nothing received within {WAIT:?}"),
                Ok(Some(Ok(message))) => message,
                Ok(None | Some(Err(_))) => return None,
            };
            match message {
                Message::Close(frame) => return frame.map(|f| (u16::from(f.code), f.reason.to_string())),
                Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    }

    /// Subscribes and returns the answer (replayed events are not expected here).
    pub async fn sub(&mut self, ch: &str, since: Option<u64>, id: Option<&str>) -> ServerFrame {
        self.send(&ClientFrame::Sub { ch: ch.into(), since, id: id.map(Into::into) }).await;
        self.expect().await
    }

    /// Subscribes and asserts a `subscribed` on `ch` with `seq`; returns its presence list.
    pub async fn subscribe(&mut self, ch: &str, seq: u64) -> Option<Vec<vitrine_protocol::PresenceUser>> {
        match self.sub(ch, None, None).await {
            ServerFrame::Subscribed { ch: answered, seq: head, recovered: false, id: None, presence } => {
                assert_eq!((answered.as_str(), head), (ch, seq), "subscribed on {ch}");
                presence
            }
            other => panic!("expected subscribed on {ch}, got {other:?}"),
        }
    }

    /// Ping, then the next frame must be `pong`: the server handles frames in order, so
    /// nothing else was queued for this connection before the ping was read.
    pub async fn ping_pong(&mut self) {
        self.send(&ClientFrame::Ping).await;
        self.expect_frame(&ServerFrame::Pong).await;
    }

    /// Closes from the client side (a network drop as the server sees it).
    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}
