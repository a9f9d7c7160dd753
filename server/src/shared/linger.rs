//! `LingeringListener`: closes every accepted connection gracefully ("lingering close", as
//! nginx and Apache do), so that what the server wrote last reaches a peer that is still
//! sending.
//!
//! Closing a TCP socket with received bytes still unread makes the kernel send a reset
//! (RFC 1122 4.2.2.13), and the peer's stack may throw away what it had not read yet. That
//! is what happened to a WebSocket client sending a message over the limit: the server
//! refused it at the frame header, wrote the 1009 close frame and dropped the socket with
//! the rest of the message unread, and the client saw 1006 instead of 1009. So when a
//! connection's last handle is dropped, its socket is half-closed (a FIN after the last
//! byte written) and read and discarded until the peer closes too, for at most [`LINGER`]
//! and [`LINGER_BYTES`], so that a peer cannot hold it open or feed it forever.

use std::{
    io,
    net::SocketAddr,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use axum::serve::Listener;
use tokio::{
    io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf},
    net::TcpStream,
};

/// How long a closed connection waits for its peer to close its side.
pub const LINGER: Duration = Duration::from_secs(2);
/// How much a closed connection reads and throws away before it gives up on its peer:
/// more than any message a WebSocket client may have been sending when refused (1 MiB
/// limit, several times over) with room to spare.
pub const LINGER_BYTES: usize = 16 * 1024 * 1024;
/// Read buffer of a lingering socket: small, since nothing is kept and thousands of
/// sockets may be closing at once (a node closing every connection with 4009).
const DRAIN_CHUNK: usize = 2048;

/// A listener whose connections close gracefully (see the module's documentation).
pub struct LingeringListener<L>(pub L);

impl<L> Listener for LingeringListener<L>
where
    L: Listener<Io = TcpStream, Addr = SocketAddr>,
{
    type Io = LingeringStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (stream, addr) = self.0.accept().await;
        (LingeringStream { inner: Some(stream) }, addr)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

/// An accepted connection; dropping it starts its lingering close.
pub struct LingeringStream {
    /// Always Some until dropped.
    inner: Option<TcpStream>,
}

impl LingeringStream {
    /// The socket, for its options.
    pub fn tcp(&self) -> &TcpStream {
        self.inner.as_ref().expect("a live connection holds its stream")
    }

    fn stream(&mut self) -> Pin<&mut TcpStream> {
        Pin::new(self.inner.as_mut().expect("a live connection holds its stream"))
    }
}

impl Drop for LingeringStream {
    fn drop(&mut self) {
        let Some(stream) = self.inner.take() else { return };
        // Outside a runtime (never in the server) the socket just closes.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(linger(stream));
        }
    }
}

/// Half-closes, then reads and discards until the peer closes, [`LINGER`] passes or
/// [`LINGER_BYTES`] have been read; the socket closes when this returns.
async fn linger(mut stream: TcpStream) {
    let _ = stream.shutdown().await;
    let deadline = tokio::time::Instant::now() + LINGER;
    let mut chunk = [0u8; DRAIN_CHUNK];
    let mut left = LINGER_BYTES;
    while left > 0 {
        match tokio::time::timeout_at(deadline, stream.read(&mut chunk)).await {
            Ok(Ok(read)) if read > 0 => left = left.saturating_sub(read),
            // The peer closed (0), the connection failed, or time is up.
            _ => return,
        }
    }
}

impl AsyncRead for LingeringStream {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.stream().poll_read(cx, buf)
    }
}

impl AsyncWrite for LingeringStream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.stream().poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.stream().poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.as_ref().is_some_and(|s| s.is_write_vectored())
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.stream().poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.stream().poll_shutdown(cx)
    }
}
