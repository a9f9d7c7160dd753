//! A mail catcher on loopback: enough SMTP for lettre (greeting, EHLO/HELO, MAIL, RCPT,
//! DATA, RSET, NOOP, QUIT), keeping each accepted message. It stands where Mailpit stands
//! in docker-compose, for the suites that follow a mailed link end to end: the API suite
//! (one server, a relay that refuses and comes back) and the fault suite's deployment
//! check (a reset link asked through the proxy of the native cluster).

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc, Mutex,
};

use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::{TcpListener, TcpStream},
};

#[derive(Clone, Default)]
pub struct Catcher {
    received: Arc<Mutex<Vec<String>>>,
    refusals: Arc<AtomicUsize>,
}

impl Catcher {
    /// Listens on `127.0.0.1:0` in a background task; answers the port.
    pub async fn start(&self) -> std::io::Result<u16> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let port = listener.local_addr()?.port();
        let catcher = self.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(catcher.clone().session(socket));
            }
        });
        Ok(port)
    }

    /// The next `count` recipients are refused with `451` (a relay that is down for a while).
    pub fn refuse_next(&self, count: usize) {
        self.refusals.store(count, Ordering::SeqCst);
    }

    /// Every accepted message so far (headers and body, as sent in DATA), oldest first.
    pub fn received(&self) -> Vec<String> {
        self.received.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    async fn session(self, socket: TcpStream) {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let _ = write.write_all(b"220 catcher ESMTP\r\n").await;
        while let Ok(Some(line)) = lines.next_line().await {
            let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "EHLO" => b"250-catcher\r\n250 8BITMIME\r\n",
                "HELO" | "MAIL" | "RSET" | "NOOP" => b"250 OK\r\n",
                "RCPT" => {
                    let refuse = self.refusals.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
                    if refuse.is_ok() {
                        b"451 4.3.0 try again later\r\n"
                    } else {
                        b"250 OK\r\n"
                    }
                }
                "DATA" => {
                    let _ = write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await;
                    let mut data = String::new();
                    while let Ok(Some(line)) = lines.next_line().await {
                        if line == "." {
                            break;
                        }
                        data.push_str(&line);
                        data.push('\n');
                    }
                    self.received.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(data);
                    b"250 queued\r\n"
                }
                "QUIT" => {
                    let _ = write.write_all(b"221 bye\r\n").await;
                    return;
                }
                _ => b"502 not implemented\r\n",
            };
            if write.write_all(reply).await.is_err() {
                return;
            }
        }
    }
}
