//! `RedisServer`: a private `redis-server` child on a free port, killed on drop, that a
//! test may stop and start again on the same port. Never the shared instance.

use std::process::Stdio;

use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

use super::client::WAIT;

pub struct RedisServer {
    pub port: u16,
    child: Option<Child>,
}

impl RedisServer {
    /// Starts one on a port nobody uses, and waits until it accepts connections.
    ///
    /// A port found free by binding `:0` can be taken again before redis-server binds it;
    /// a server that does not come up is tried again on another port.
    pub async fn start() -> Self {
        const ATTEMPTS: usize = 5;
        for _ in 0..ATTEMPTS {
            let port = std::net::TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().unwrap().port();
            let mut server = Self { port, child: None };
            if server.launch().await {
                return server;
            }
            eprintln!("redis-server on port {port} did not come up; trying another port");
        }
        panic!("no redis-server came up in {ATTEMPTS} attempts, each on a fresh free port");
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Kills the process (no goodbye to clients, as in a crash) and waits for it to exit.
    pub async fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().await.expect("redis-server killed");
        }
    }

    /// Starts it (again) on the same port; returns once it logs that it is ready.
    pub async fn restart(&mut self) {
        assert!(self.launch().await, "redis-server on port {} did not become ready", self.port);
    }

    /// Stops it if it runs, starts it on its port and says whether it became ready.
    async fn launch(&mut self) -> bool {
        self.stop().await;
        let mut child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("redis-server is on PATH (the Redis suite needs it)");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut lines = BufReader::new(stdout).lines();
        let ready = async {
            while let Some(line) = lines.next_line().await.expect("read redis-server output") {
                if line.contains("Ready to accept connections") {
                    return true;
                }
            }
            false
        };
        if !tokio::time::timeout(WAIT, ready).await.unwrap_or(false) {
            return false;
        }
        // Keep draining its output so that it never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        self.child = Some(child);
        true
    }
}
