//! The `limit` peer: the smallest server that does the job the hub does in `fanout` and
//! `broadcast`, to tell how far the hub is from what this machine can do at all.
//!
//! One thread, one `mio` poll (epoll), no protocol and no JSON: a subscriber opens
//! `GET /sub/<channel>` as a WebSocket and is subscribed before the upgrade is answered;
//! the publisher opens `GET /pub` and sends text frames of lines `<channel>\t<payload>\n`.
//! Each payload is framed once (a WebSocket text frame header in front of the bytes the
//! publisher sent) and the same bytes are appended to every subscriber's output buffer;
//! buffers are flushed once per poll round, as many frames per `write` as have queued. It
//! never drops: a slow reader's buffer grows. Nothing else (no auth, no keepalive, no
//! ordering numbers, no history), so its figures are the floor of a delivery's cost: the
//! kernel's loopback path plus a copy.
//!
//! The harness side ([`connect`], [`receive`]) and the publisher (`publisher::Sink::Limit`)
//! speak it like the other peers; `vitrine-loadtest limit-server --bind ...` runs it.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::SocketAddr;

use futures::StreamExt;
use mio::net::{TcpListener, TcpStream};
use mio::{Events, Interest, Poll, Token};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::{handshake::derive_accept_key, Message};

use crate::hub::stopped;
use crate::stats::{ClientStats, OrderKey, Payload, Progress, Recorder};
use crate::Socket;

const LISTENER: Token = Token(usize::MAX);
/// Longest upgrade request accepted, bytes.
const MAX_REQUEST: usize = 8 * 1024;

enum Role {
    /// Waiting for the upgrade request.
    Handshake,
    Subscriber,
    Publisher,
}

struct Conn {
    stream: TcpStream,
    role: Role,
    input: Vec<u8>,
    output: Vec<u8>,
    /// Interest includes WRITABLE (the socket refused part of `output`).
    waiting_writable: bool,
}

/// The server: connections in a slab, subscribers by channel.
struct Server {
    poll: Poll,
    conns: Vec<Option<Conn>>,
    free: Vec<usize>,
    channels: HashMap<Vec<u8>, Vec<usize>>,
    /// Connections with output queued since the last flush.
    dirty: Vec<usize>,
}

/// Serves on `bind` until the process is stopped. Prints `limit peer on <addr>` once listening.
pub fn serve(bind: SocketAddr) -> io::Result<()> {
    let mut listener = TcpListener::bind(bind)?;
    let poll = Poll::new()?;
    poll.registry().register(&mut listener, LISTENER, Interest::READABLE)?;
    println!("limit peer on {}", listener.local_addr()?);
    let mut server = Server { poll, conns: Vec::new(), free: Vec::new(), channels: HashMap::new(), dirty: Vec::new() };
    let mut events = Events::with_capacity(1024);
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        match server.poll.poll(&mut events, None) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
        for event in &events {
            if event.token() == LISTENER {
                server.accept(&listener)?;
                continue;
            }
            let id = event.token().0;
            if event.is_readable() || event.is_read_closed() || event.is_error() {
                server.read(id, &mut buffer);
            }
            if event.is_writable() {
                server.mark_dirty(id);
            }
        }
        server.flush();
    }
}

impl Server {
    fn accept(&mut self, listener: &TcpListener) -> io::Result<()> {
        loop {
            match listener.accept() {
                Ok((mut stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    let id = self.free.pop().unwrap_or_else(|| {
                        self.conns.push(None);
                        self.conns.len() - 1
                    });
                    self.poll.registry().register(&mut stream, Token(id), Interest::READABLE)?;
                    self.conns[id] = Some(Conn {
                        stream,
                        role: Role::Handshake,
                        input: Vec::new(),
                        output: Vec::new(),
                        waiting_writable: false,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(()),
                // Out of descriptors and the like: the connection is refused, the server goes on.
                Err(_) => return Ok(()),
            }
        }
    }

    fn read(&mut self, id: usize, buffer: &mut [u8]) {
        loop {
            let Some(conn) = self.conns.get_mut(id).and_then(Option::as_mut) else { return };
            match conn.stream.read(buffer) {
                Ok(0) => return self.close(id),
                Ok(n) => {
                    if matches!(conn.role, Role::Subscriber) {
                        // Subscribers only ever send a close: read and forget.
                        continue;
                    }
                    conn.input.extend_from_slice(&buffer[..n]);
                    if !self.process(id) {
                        return self.close(id);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => return self.close(id),
            }
        }
    }

    /// Handles what `id` has sent so far; false closes it.
    fn process(&mut self, id: usize) -> bool {
        let Some(conn) = self.conns[id].as_mut() else { return false };
        if matches!(conn.role, Role::Handshake) {
            let Some(end) = conn.input.windows(4).position(|w| w == b"\r\n\r\n") else {
                return conn.input.len() <= MAX_REQUEST;
            };
            let request = String::from_utf8_lossy(&conn.input[..end]).into_owned();
            conn.input.drain(..end + 4);
            let Some((role, channel, key)) = parse_upgrade(&request) else { return false };
            conn.output.extend_from_slice(
                format!(
                    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                     Sec-WebSocket-Accept: {}\r\n\r\n",
                    derive_accept_key(key.as_bytes())
                )
                .as_bytes(),
            );
            conn.role = role;
            if let Some(channel) = channel {
                self.channels.entry(channel.into_bytes()).or_default().push(id);
            }
            self.mark_dirty(id);
        }
        let Some(conn) = self.conns[id].as_mut() else { return false };
        if !matches!(conn.role, Role::Publisher) {
            return true;
        }
        let mut input = std::mem::take(&mut conn.input);
        let mut used = 0;
        let mut open = true;
        while let Some((opcode, payload, length)) = client_frame(&mut input[used..]) {
            used += length;
            match opcode {
                0x1 | 0x2 => self.publish(payload_range(&input, used, length, payload)),
                0x8 => {
                    open = false;
                    break;
                }
                _ => {}
            }
        }
        input.drain(..used);
        if let Some(conn) = self.conns[id].as_mut() {
            conn.input = input;
        }
        open
    }

    /// Fans each `<channel>\t<payload>` line out: one frame, copied to every subscriber.
    fn publish(&mut self, lines: &[u8]) {
        let mut frame = Vec::with_capacity(256);
        for line in lines.split(|&b| b == b'\n') {
            let Some(tab) = line.iter().position(|&b| b == b'\t') else { continue };
            let (channel, payload) = (&line[..tab], &line[tab + 1..]);
            let Some(subscribers) = self.channels.get(channel) else { continue };
            frame.clear();
            server_frame_header(&mut frame, payload.len());
            frame.extend_from_slice(payload);
            for &sub in subscribers {
                if let Some(conn) = self.conns[sub].as_mut() {
                    if conn.output.is_empty() {
                        self.dirty.push(sub);
                    }
                    conn.output.extend_from_slice(&frame);
                }
            }
        }
    }

    fn mark_dirty(&mut self, id: usize) {
        self.dirty.push(id);
    }

    /// Writes every queued output; what the socket refuses waits for WRITABLE.
    fn flush(&mut self) {
        let mut dirty = std::mem::take(&mut self.dirty);
        dirty.sort_unstable();
        dirty.dedup();
        for &id in &dirty {
            let Some(conn) = self.conns.get_mut(id).and_then(Option::as_mut) else { continue };
            let mut written = 0;
            let mut failed = false;
            while written < conn.output.len() {
                match conn.stream.write(&conn.output[written..]) {
                    Ok(0) => {
                        failed = true;
                        break;
                    }
                    Ok(n) => written += n,
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => {
                        failed = true;
                        break;
                    }
                }
            }
            if failed {
                self.close(id);
                continue;
            }
            conn.output.drain(..written);
            let want_writable = !conn.output.is_empty();
            if want_writable != conn.waiting_writable {
                let interest = if want_writable { Interest::READABLE | Interest::WRITABLE } else { Interest::READABLE };
                let _ = self.poll.registry().reregister(&mut conn.stream, Token(id), interest);
                conn.waiting_writable = want_writable;
            }
        }
        dirty.clear();
        // Keep the allocation for the next round.
        if self.dirty.is_empty() {
            self.dirty = dirty;
        }
    }

    fn close(&mut self, id: usize) {
        let Some(mut conn) = self.conns.get_mut(id).and_then(Option::take) else { return };
        let _ = self.poll.registry().deregister(&mut conn.stream);
        if matches!(conn.role, Role::Subscriber) {
            for subscribers in self.channels.values_mut() {
                if let Some(at) = subscribers.iter().position(|&s| s == id) {
                    subscribers.swap_remove(at);
                    break;
                }
            }
        }
        self.free.push(id);
    }
}

/// The role, channel and `Sec-WebSocket-Key` of an upgrade request; None if it is not one.
fn parse_upgrade(request: &str) -> Option<(Role, Option<String>, String)> {
    let mut lines = request.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let (method, path) = (first.next()?, first.next()?);
    if method != "GET" {
        return None;
    }
    let key = lines.find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim().eq_ignore_ascii_case("sec-websocket-key").then(|| value.trim().to_owned())
    })?;
    let path = path.split('?').next()?;
    if path == "/pub" {
        return Some((Role::Publisher, None, key));
    }
    let channel = path.strip_prefix("/sub/").filter(|c| !c.is_empty())?;
    Some((Role::Subscriber, Some(channel.to_owned()), key))
}

/// One complete client frame at the start of `input`, unmasked in place: its opcode, the
/// payload's start and length within the frame, and the frame's whole length.
fn client_frame(input: &mut [u8]) -> Option<(u8, (usize, usize), usize)> {
    if input.len() < 2 {
        return None;
    }
    let opcode = input[0] & 0x0f;
    let masked = input[1] & 0x80 != 0;
    let (length, mut at) = match input[1] & 0x7f {
        126 => (u16::from_be_bytes(input.get(2..4)?.try_into().ok()?) as usize, 4),
        127 => (u64::from_be_bytes(input.get(2..10)?.try_into().ok()?) as usize, 10),
        n => (n as usize, 2),
    };
    let mask: Option<[u8; 4]> = if masked {
        let m = input.get(at..at + 4)?.try_into().ok()?;
        at += 4;
        Some(m)
    } else {
        None
    };
    let total = at.checked_add(length)?;
    if input.len() < total {
        return None;
    }
    if let Some(mask) = mask {
        for (i, b) in input[at..total].iter_mut().enumerate() {
            *b ^= mask[i % 4];
        }
    }
    Some((opcode, (at, length), total))
}

/// The payload of the frame that ended at `used` (see [`client_frame`]).
fn payload_range(input: &[u8], used: usize, frame_length: usize, (start, length): (usize, usize)) -> &[u8] {
    let frame_start = used - frame_length;
    &input[frame_start + start..frame_start + start + length]
}

/// A final, unmasked text frame's header for a payload of `length` bytes.
fn server_frame_header(out: &mut Vec<u8>, length: usize) {
    out.push(0x81);
    if length < 126 {
        out.push(length as u8);
    } else if length <= usize::from(u16::MAX) {
        out.push(126);
        out.extend_from_slice(&(length as u16).to_be_bytes());
    } else {
        out.push(127);
        out.extend_from_slice(&(length as u64).to_be_bytes());
    }
}

// --- The harness side --------------------------------------------------------------------

/// Subscribes to `channel`: the peer subscribes before it answers the upgrade.
pub async fn connect(target: &str, channel: &str) -> anyhow::Result<Socket> {
    crate::ws_connect(format!("{}/sub/{channel}", crate::ws_base(target)).as_str()).await
}

/// The publisher's connection.
pub async fn connect_publisher(target: &str) -> anyhow::Result<Socket> {
    crate::ws_connect(format!("{}/pub", crate::ws_base(target)).as_str()).await
}

/// Records every frame (a bench payload) until `stop` turns true or the connection ends.
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
                    if let Ok(payload) = serde_json::from_str::<Payload>(text.as_str()) {
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
    // The peer answers no close frame: drop the socket.
}

/// Holds a connection open until `stop` turns true; false if it dropped.
pub async fn hold(mut socket: Socket, stop: watch::Receiver<bool>) -> bool {
    let stop = stopped(stop);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => return true,
            message = socket.next() => match message {
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upgrades_are_read_by_path() {
        let sub = "GET /sub/bench:a HTTP/1.1\r\nHost: x\r\nSec-WebSocket-Key: abc==";
        let (role, channel, key) = parse_upgrade(sub).unwrap();
        assert!(matches!(role, Role::Subscriber) && channel.as_deref() == Some("bench:a") && key == "abc==");
        assert!(matches!(parse_upgrade("GET /pub HTTP/1.1\r\nsec-websocket-key: k").unwrap().0, Role::Publisher));
        assert!(parse_upgrade("GET /sub/ HTTP/1.1\r\nSec-WebSocket-Key: k").is_none());
        assert!(parse_upgrade("GET /pub HTTP/1.1\r\nHost: x").is_none());
    }

    #[test]
    fn masked_client_frames_are_unmasked_and_server_frames_sized() {
        let payload = b"bench:a\t{\"id\":1}\n";
        let mask = [1u8, 2, 3, 4];
        let mut frame = vec![0x81, 0x80 | payload.len() as u8];
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        let (opcode, range, total) = client_frame(&mut frame).unwrap();
        assert_eq!((opcode, total), (1, frame.len()));
        assert_eq!(payload_range(&frame, total, total, range), payload);
        assert!(client_frame(&mut frame[..5].to_vec()).is_none(), "a partial frame waits");
        let mut header = Vec::new();
        server_frame_header(&mut header, 300);
        assert_eq!(header, [0x81, 126, 1, 44]);
    }
}
