//! `PrivateRedis`: a `redis-server` of the test's own on a free loopback port, which the
//! Redis fault kills and starts again on the same port. The shared Redis on 6379 is
//! never touched.

use std::{process::Stdio, time::Duration};

use anyhow::Context;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
    process::{Child, Command},
};

pub struct PrivateRedis {
    pub port: u16,
    dir: tempfile::TempDir,
    child: Option<Child>,
}

impl PrivateRedis {
    pub async fn start() -> anyhow::Result<Self> {
        let mut redis = Self { port: crate::free_port(), dir: tempfile::tempdir()?, child: None };
        redis.spawn().await?;
        Ok(redis)
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Kills the server at once (SIGKILL: no goodbye to its clients).
    pub async fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill().await;
        }
    }

    /// Starts it again on the same port, empty (nothing persisted, as in production).
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        self.kill().await;
        self.spawn().await
    }

    async fn spawn(&mut self) -> anyhow::Result<()> {
        let child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &self.port.to_string(), "--save", "", "--appendonly", "no"])
            .arg("--dir")
            .arg(self.dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .context("starting redis-server (apt-get install -y redis-server)")?;
        self.child = Some(child);
        crate::wait_until("private redis answers PING", Duration::from_secs(10), || ping(self.port)).await?;
        Ok(())
    }
}

async fn ping(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)).await else { return false };
    if stream.write_all(b"PING\r\n").await.is_err() {
        return false;
    }
    let mut answer = [0u8; 7];
    stream.read_exact(&mut answer).await.is_ok() && &answer == b"+PONG\r\n"
}
