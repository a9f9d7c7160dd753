//! `Gate`: a TCP forwarder between the nodes and PostgreSQL that the test controls.
//!
//! "PostgreSQL away" must never mean stopping the machine's shared PostgreSQL cluster, so
//! the nodes reach their database through this gate instead. Open, it copies bytes both
//! ways. Closed, it cuts every live connection and answers each new one by closing it at
//! once, which is what a database that went away looks like to a client: the pool's
//! connections fail mid-query and new ones cannot be made.

use std::{net::SocketAddr, sync::Arc};

use tokio::{
    net::{TcpListener, TcpStream},
    sync::watch,
    task::JoinHandle,
};

pub struct Gate {
    pub port: u16,
    open: Arc<watch::Sender<bool>>,
    accept: JoinHandle<()>,
}

impl Gate {
    /// Listens on a free loopback port, forwarding to `upstream`; starts open.
    pub async fn start(upstream: SocketAddr) -> anyhow::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let port = listener.local_addr()?.port();
        let open = Arc::new(watch::channel(true).0);
        let accept = tokio::spawn(accept_loop(listener, upstream, Arc::clone(&open)));
        Ok(Self { port, open, accept })
    }

    /// Cuts every connection through the gate and refuses new ones until [`Gate::open`].
    pub fn close(&self) {
        self.open.send_replace(false);
    }

    pub fn open(&self) {
        self.open.send_replace(true);
    }
}

impl Drop for Gate {
    fn drop(&mut self) {
        self.close();
        self.accept.abort();
    }
}

async fn accept_loop(listener: TcpListener, upstream: SocketAddr, open: Arc<watch::Sender<bool>>) {
    while let Ok((client, _)) = listener.accept().await {
        if !*open.borrow() {
            // Closed: the connection ends before the database's first byte.
            drop(client);
            continue;
        }
        tokio::spawn(forward(client, upstream, open.subscribe()));
    }
}

/// Copies both ways until either side ends or the gate closes (which drops both).
async fn forward(mut client: TcpStream, upstream: SocketAddr, mut open: watch::Receiver<bool>) {
    let Ok(mut server) = TcpStream::connect(upstream).await else { return };
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    tokio::select! {
        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
        _ = open.wait_for(|open| !*open) => {}
    }
}
