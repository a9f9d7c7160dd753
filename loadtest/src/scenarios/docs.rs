//! `docs`: D collaborative documents x E editors, each editor typing U small edits a second
//! into a Yjs text (`yrs` replicas in this process). Reports the update latency from one
//! editor to the others (p50/p99), convergence (every replica of a document ends with the
//! same text) and the server's memory per open document (RSS growth from /proc).
//!
//! Latency needs no clock in the payload: an editor notes, per edit, its own Yjs clock after
//! the edit and when it sent it; a receiving replica, after applying anything, reads its
//! state vector and takes every sender's edits it now covers. The same holds for any server
//! that relays Yjs updates, so both wires are measured alike:
//!
//! - Vitrine: `doc:notes:user:{id}` channels (admin notes on D fresh users), y-protocols in
//!   `doc` frames, signed in as an admin. Replicas share sockets (the hub allows 32 per user
//!   and 50 frames a second per socket): each socket carries one editor of up to 20 documents.
//! - Hocuspocus (`--peer hocuspocus`): its wire, the document name (a var-string) before each
//!   y-protocols message, an auth message first; one socket per editor and document group too.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use anyhow::{bail, Context};
use futures::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use serde::Serialize;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, http::HeaderValue, Message as WsMessage};
use vitrine_protocol::{ClientFrame, DocBytes, Encoding, ServerFrame};
use yrs::{
    encoding::write::Write as _,
    sync::{Message, SyncMessage},
    updates::{
        decoder::Decode,
        encoder::{Encode, Encoder, EncoderV1},
    },
    Doc, GetString, ReadTxn, Text, Transact, Update,
};

use super::common::rss_sum_kib;
use crate::cli::{DocsArgs, DocsPeer};
use crate::report::Latency;

/// Documents one socket carries (each an editor's replica). Every socket signs in as
/// the one demo admin (notes are admins' documents), and the hub allows one user 32
/// sockets a node: 100 documents x 5 editors / 20 = 25 sockets.
const DOCS_PER_SOCKET: usize = 20;
/// Replicas a socket opens at a time: the next batch once this one has synced and a
/// second has passed. The hub allows a socket 50 client frames a second (a bucket of
/// 50, counted as the hub reads them); opening a replica costs two (`sub`, sync step 1)
/// and answering the hub's sync step 1 a third. All 20 at once overran it, and the hub
/// refused one frame per socket (`rate.limited`). A client keeps to the limit, as a
/// browser opening a document or two does by itself.
const OPENED_PER_BATCH: usize = 10;
/// The Y.Text every replica edits.
const TEXT: &str = "t";
const PASSWORD: &str = "loadtest-Passw0rd!";

/// Per (document, Yjs client): (clock after the edit, when it was sent), in order.
type Sent = Arc<Mutex<HashMap<(usize, u64), Vec<(u32, Instant)>>>>;

#[derive(Debug, Serialize)]
pub struct DocsReport {
    pub scenario: &'static str,
    pub server: &'static str,
    pub target: String,
    pub documents: usize,
    pub editors: usize,
    pub updates_per_second_per_editor: f64,
    pub duration_s: f64,
    pub updates_sent: u64,
    pub updates_received: u64,
    pub latency_ms: Latency,
    pub documents_converged: usize,
    pub documents_diverged: usize,
    pub server_rss_before_kib: Option<u64>,
    pub server_rss_open_kib: Option<u64>,
    pub server_rss_end_kib: Option<u64>,
    /// RSS growth from before opening to all documents open and synced, per document.
    pub memory_per_document_kib: Option<f64>,
    pub refusals: u64,
}

impl DocsReport {
    pub fn table(&self) -> String {
        let kib = |v: Option<f64>| v.map(|v| format!("{v:.1}")).unwrap_or_else(|| "-".into());
        format!(
            "docs: {} via {}\n  {} documents x {} editors x {} updates/s for {:.0} s\n  updates sent {}, received {}\n  latency editor -> others: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n  converged {} / {} (diverged {})\n  server memory per open document: {} KiB\n  refusals: {}",
            self.server,
            self.target,
            self.documents,
            self.editors,
            self.updates_per_second_per_editor,
            self.duration_s,
            self.updates_sent,
            self.updates_received,
            self.latency_ms.p50,
            self.latency_ms.p99,
            self.latency_ms.max,
            self.documents_converged,
            self.documents,
            self.documents_diverged,
            kib(self.memory_per_document_kib),
            self.refusals,
        )
    }
}

/// One editor's copy of one document.
struct Replica {
    index: usize,
    /// The hub channel or the Hocuspocus document name.
    name: String,
    doc: Doc,
    synced: bool,
    /// Per sender client: how many of its sent edits this replica has seen.
    seen: HashMap<u64, usize>,
}

/// What every socket task shares.
struct Shared {
    sent: Sent,
    latency_us: Mutex<Histogram<u64>>,
    updates_sent: std::sync::atomic::AtomicU64,
    updates_received: std::sync::atomic::AtomicU64,
    refusals: std::sync::atomic::AtomicU64,
}

pub async fn run(args: &DocsArgs) -> anyhow::Result<DocsReport> {
    anyhow::ensure!(args.documents > 0 && args.editors > 1, "need documents and at least two editors");
    let run_id = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_millis() % 1_000_000_000;
    let (names, token) = match args.peer {
        None => vitrine_documents(args, run_id).await?,
        Some(DocsPeer::Hocuspocus) => ((0..args.documents).map(|i| format!("lt-{run_id}-{i}")).collect(), None),
    };
    let pids = args.server_pid.clone();
    let rss_before = rss_sum_kib(&pids);
    let shared = Arc::new(Shared {
        sent: Arc::new(Mutex::new(HashMap::new())),
        latency_us: Mutex::new(Histogram::new_with_bounds(1, 120_000_000, 3)?),
        updates_sent: 0.into(),
        updates_received: 0.into(),
        refusals: 0.into(),
    });

    // Open every socket and sync every replica before anyone types.
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::unbounded_channel::<()>();
    let (go_tx, go_rx) = tokio::sync::watch::channel(false);
    let mut tasks = Vec::new();
    for _editor in 0..args.editors {
        for chunk in (0..args.documents).collect::<Vec<_>>().chunks(DOCS_PER_SOCKET) {
            let replicas: Vec<Replica> = chunk
                .iter()
                .map(|&index| Replica {
                    index,
                    name: names[index].clone(),
                    doc: Doc::new(),
                    synced: false,
                    seen: HashMap::new(),
                })
                .collect();
            let (shared, args, token, ready, go) =
                (shared.clone(), args.clone(), token.clone(), ready_tx.clone(), go_rx.clone());
            tasks.push(tokio::spawn(async move { socket_task(args, token, replicas, shared, ready, go).await }));
        }
    }
    drop(ready_tx);
    for _ in 0..tasks.len() {
        tokio::time::timeout(Duration::from_secs(60), ready_rx.recv())
            .await
            .context("documents did not open and sync within 60 s")?;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_open = rss_sum_kib(&pids);
    let _ = go_tx.send(true);

    let mut finals: HashMap<usize, Vec<String>> = HashMap::new();
    for task in tasks {
        for (index, text) in task.await.context("socket task")?? {
            finals.entry(index).or_default().push(text);
        }
    }
    let rss_end = rss_sum_kib(&pids);
    let converged =
        finals.values().filter(|texts| texts.len() == args.editors && texts.windows(2).all(|w| w[0] == w[1])).count();
    let latency = Latency::from_micros(&shared.latency_us.lock().unwrap_or_else(|e| e.into_inner()));
    let per_doc = match (rss_before, rss_open) {
        (Some(before), Some(open)) => Some(open.saturating_sub(before) as f64 / args.documents as f64),
        _ => None,
    };
    use std::sync::atomic::Ordering::Relaxed;
    Ok(DocsReport {
        scenario: "docs",
        server: match args.peer {
            None => "vitrine",
            Some(DocsPeer::Hocuspocus) => "hocuspocus",
        },
        target: args.target.clone(),
        documents: args.documents,
        editors: args.editors,
        updates_per_second_per_editor: args.rate,
        duration_s: args.duration,
        updates_sent: shared.updates_sent.load(Relaxed),
        updates_received: shared.updates_received.load(Relaxed),
        latency_ms: latency,
        documents_converged: converged,
        documents_diverged: args.documents - converged,
        server_rss_before_kib: rss_before,
        server_rss_open_kib: rss_open,
        server_rss_end_kib: rss_end,
        memory_per_document_kib: per_doc,
        refusals: shared.refusals.load(Relaxed),
    })
}

/// Signs in as the admin and makes D users whose notes are the documents.
async fn vitrine_documents(args: &DocsArgs, run_id: u128) -> anyhow::Result<(Vec<String>, Option<String>)> {
    let base = crate::ws_base(&args.target).replacen("ws", "http", 1);
    let http = reqwest::Client::new();
    let post = |path: &str, body: Value| http.post(format!("{base}{path}")).json(&body).send();
    let token = |answer: Value| answer["access_token"].as_str().map(str::to_owned);
    let signed_in: Value = post(
        "/oauth/token",
        json!({"grant_type": "password", "username": args.admin_login, "password": args.admin_password}),
    )
    .await?
    .json()
    .await?;
    let admin = token(signed_in).context("the admin could not sign in (seed --demo makes demo-admin)")?;
    let mut names = Vec::with_capacity(args.documents);
    for i in 0..args.documents {
        let username = format!("ltdoc{run_id}x{i}");
        let payload = json!({
            "email": format!("{username}@example.com"), "phone": "555-0100", "name": format!("Docs {i}"),
            "username": username, "password": PASSWORD, "agree_terms": 1, "user_type_id": 2,
        });
        let answer: Value = post("/oauth/register", payload).await?.json().await?;
        let id = answer["data"]["id"].as_i64().with_context(|| format!("sign-up refused: {answer}"))?;
        names.push(format!("doc:notes:user:{id}"));
    }
    Ok((names, Some(admin)))
}

/// One socket: opens and syncs its replicas, waits for the start, types, drains, and
/// returns each replica's final text.
async fn socket_task(
    args: DocsArgs,
    token: Option<String>,
    mut replicas: Vec<Replica>,
    shared: Arc<Shared>,
    ready: tokio::sync::mpsc::UnboundedSender<()>,
    mut go: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<Vec<(usize, String)>> {
    let hocuspocus = args.peer == Some(DocsPeer::Hocuspocus);
    let mut socket = if hocuspocus {
        crate::ws_connect(crate::ws_base(&args.target).into_client_request()?).await?
    } else {
        let mut request = format!("{}/ws", crate::ws_base(&args.target)).into_client_request()?;
        let headers = request.headers_mut();
        headers.insert("Sec-WebSocket-Protocol", HeaderValue::from_static(Encoding::Msgpack.subprotocol()));
        if let Some(token) = &token {
            headers.insert("Authorization", HeaderValue::from_str(&format!("Bearer {token}"))?);
        }
        crate::ws_connect(request).await?
    };
    let by_name: HashMap<String, usize> = replicas.iter().enumerate().map(|(i, r)| (r.name.clone(), i)).collect();
    let mut opened = 0usize;
    let mut batch_opened_at: Option<Instant> = None;
    let mut announced = false;
    let mut typing_until: Option<Instant> = None;
    let mut drain_until: Option<Instant> = None;
    let per_socket_rate = args.rate * replicas.len() as f64;
    let mut ticker = tokio::time::interval(Duration::from_secs_f64(1.0 / per_socket_rate.max(0.001)));
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut turn = 0usize;
    // xorshift, seeded per socket: where edits land only needs to vary.
    let mut rng_state =
        ((replicas[0].index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) ^ replicas[0].doc.client_id().get() | 1;
    loop {
        let batch_due = batch_opened_at.is_none_or(|at| at.elapsed() >= Duration::from_secs(1));
        if opened < replicas.len() && batch_due && replicas[..opened].iter().all(|r| r.synced) {
            let batch = opened..(opened + OPENED_PER_BATCH).min(replicas.len());
            opened = batch.end;
            batch_opened_at = Some(Instant::now());
            for replica in &replicas[batch] {
                let sv = replica.doc.transact().state_vector();
                let step1 = Message::Sync(SyncMessage::SyncStep1(sv)).encode_v1();
                if hocuspocus {
                    socket.send(WsMessage::binary(hocuspocus_auth(&replica.name))).await?;
                    socket.send(WsMessage::binary(hocuspocus_frame(&replica.name, &step1))).await?;
                } else {
                    let sub = ClientFrame::Sub { ch: replica.name.clone(), since: None, id: None };
                    socket.send(WsMessage::binary(Encoding::Msgpack.encode_client(&sub))).await?;
                    socket.send(WsMessage::binary(doc_frame(&replica.name, step1))).await?;
                }
            }
        }
        if !announced && replicas.iter().all(|r| r.synced) {
            announced = true;
            let _ = ready.send(());
        }
        if let Some(end) = drain_until {
            if Instant::now() >= end {
                break;
            }
        }
        tokio::select! {
            changed = go.changed(), if typing_until.is_none() && drain_until.is_none() => {
                if changed.is_ok() && *go.borrow() {
                    typing_until = Some(Instant::now() + Duration::from_secs_f64(args.duration));
                }
            }
            _ = ticker.tick(), if typing_until.is_some() => {
                if typing_until.is_some_and(|end| Instant::now() >= end) {
                    typing_until = None;
                    drain_until = Some(Instant::now() + Duration::from_secs_f64(args.drain));
                    continue;
                }
                let count = replicas.len();
                let replica = &mut replicas[turn % count];
                turn += 1;
                rng_state ^= rng_state << 13;
                rng_state ^= rng_state >> 7;
                rng_state ^= rng_state << 17;
                let update = edit(replica, rng_state, &shared.sent);
                let message = Message::Sync(SyncMessage::Update(update)).encode_v1();
                let frame = if hocuspocus { hocuspocus_frame(&replica.name, &message) } else { doc_frame(&replica.name, message) };
                socket.send(WsMessage::binary(frame)).await?;
                shared.updates_sent.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            _ = tokio::time::sleep(Duration::from_millis(100)), if drain_until.is_some() || opened < replicas.len() => {}
            incoming = socket.next() => {
                let Some(incoming) = incoming else { bail!("the server closed the socket") };
                let bytes = match incoming? {
                    WsMessage::Binary(bytes) => bytes.to_vec(),
                    WsMessage::Text(text) => text.as_bytes().to_vec(),
                    _ => continue,
                };
                let (name, message) = if hocuspocus {
                    match split_hocuspocus(&bytes) {
                        Some(pair) => pair,
                        None => continue,
                    }
                } else {
                    match Encoding::Msgpack.decode_server(&bytes) {
                        Ok(ServerFrame::Doc { ch, msg }) => (ch, msg.0),
                        Ok(ServerFrame::Error { code, .. }) => {
                            shared.refusals.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            tracing_refusal(&code.to_string());
                            continue;
                        }
                        _ => continue,
                    }
                };
                let Some(&at) = by_name.get(&name) else { continue };
                let replica = &mut replicas[at];
                let Ok(message) = Message::decode_v1(&message) else { continue };
                match message {
                    Message::Sync(SyncMessage::SyncStep1(sv)) => {
                        let diff = replica.doc.transact().encode_diff_v1(&sv);
                        let reply = Message::Sync(SyncMessage::SyncStep2(diff)).encode_v1();
                        let frame = if hocuspocus { hocuspocus_frame(&replica.name, &reply) } else { doc_frame(&replica.name, reply) };
                        socket.send(WsMessage::binary(frame)).await?;
                    }
                    Message::Sync(SyncMessage::SyncStep2(update)) => {
                        apply(replica, &update, &shared, false);
                        replica.synced = true;
                    }
                    Message::Sync(SyncMessage::Update(update)) => apply(replica, &update, &shared, true),
                    _ => {}
                }
            }
        }
    }
    let _ = socket.close(None).await;
    Ok(replicas.iter().map(|r| (r.index, r.doc.get_or_insert_text(TEXT).get_string(&r.doc.transact()))).collect())
}

fn tracing_refusal(code: &str) {
    eprintln!("docs: the server refused a frame: {code}");
}

/// Types a few characters at a pseudo-random place; notes the edit for the latency.
fn edit(replica: &mut Replica, random: u64, sent: &Sent) -> Vec<u8> {
    let text = replica.doc.get_or_insert_text(TEXT);
    let before = replica.doc.transact().state_vector();
    {
        let mut txn = replica.doc.transact_mut();
        let len = text.len(&txn);
        let at = (random % (u64::from(len) + 1)) as u32;
        text.insert(&mut txn, at, "abc ");
    }
    let txn = replica.doc.transact();
    let client = replica.doc.client_id().get();
    let clock = txn.state_vector().get(&replica.doc.client_id());
    sent.lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry((replica.index, client))
        .or_default()
        .push((clock, Instant::now()));
    txn.encode_diff_v1(&before)
}

/// Applies a received update and records the latency of every edit it completes.
fn apply(replica: &mut Replica, update: &[u8], shared: &Shared, live: bool) {
    let Ok(decoded) = Update::decode_v1(update) else { return };
    if replica.doc.transact_mut().apply_update(decoded).is_err() {
        return;
    }
    if live {
        shared.updates_received.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    let now = Instant::now();
    let own = replica.doc.client_id().get();
    let sv = replica.doc.transact().state_vector();
    let sent = shared.sent.lock().unwrap_or_else(|e| e.into_inner());
    let mut histogram = shared.latency_us.lock().unwrap_or_else(|e| e.into_inner());
    for (client, clock) in sv.iter() {
        let client = client.get();
        if client == own {
            continue;
        }
        let Some(edits) = sent.get(&(replica.index, client)) else { continue };
        let seen = replica.seen.entry(client).or_default();
        while *seen < edits.len() && edits[*seen].0 <= *clock {
            let took = now.duration_since(edits[*seen].1).as_micros() as u64;
            histogram.saturating_record(took.max(1));
            *seen += 1;
        }
    }
}

fn doc_frame(ch: &str, msg: Vec<u8>) -> Vec<u8> {
    Encoding::Msgpack.encode_client(&ClientFrame::Doc { ch: ch.to_owned(), msg: DocBytes(msg), id: None })
}

/// Hocuspocus: the document name, then the y-protocols message.
fn hocuspocus_frame(name: &str, message: &[u8]) -> Vec<u8> {
    let mut encoder = EncoderV1::new();
    encoder.write_string(name);
    let mut bytes = encoder.to_vec();
    bytes.extend_from_slice(message);
    bytes
}

/// Hocuspocus's auth message: type 2, token (0), any token.
fn hocuspocus_auth(name: &str) -> Vec<u8> {
    let mut encoder = EncoderV1::new();
    encoder.write_string(name);
    encoder.write_var(2u32);
    encoder.write_var(0u32);
    encoder.write_string("loadtest");
    encoder.to_vec()
}

/// The document name and the y-protocols message of a Hocuspocus frame. Its "sync reply"
/// type (4) carries a sync message as type 0 does.
fn split_hocuspocus(bytes: &[u8]) -> Option<(String, Vec<u8>)> {
    // A lib0 var-string: a LEB128 length, then UTF-8.
    let (mut len, mut shift, mut at) = (0usize, 0u32, 0usize);
    loop {
        let byte = *bytes.get(at)?;
        at += 1;
        len |= usize::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            break;
        }
        shift += 7;
        if shift > 28 {
            return None;
        }
    }
    let name = std::str::from_utf8(bytes.get(at..at + len)?).ok()?.to_owned();
    let mut rest = bytes[at + len..].to_vec();
    if rest.first() == Some(&4) {
        rest[0] = 0;
    }
    Some((name, rest))
}

/// `docs-table`: the reports side by side, with each figure's ratio to the first (ours).
pub fn markdown_table(paths: &[std::path::PathBuf]) -> anyhow::Result<String> {
    let reports: Vec<Value> = paths
        .iter()
        .map(|p| Ok(serde_json::from_str(&std::fs::read_to_string(p).with_context(|| p.display().to_string())?)?))
        .collect::<anyhow::Result<_>>()?;
    let first = reports.first().context("no report")?;
    let num = |r: &Value, path: &[&str]| path.iter().fold(r, |v, k| &v[*k]).as_f64();
    let mut out = format!(
        "### docs: {} documents x {} editors x {} edits/s each, {} s\n\n| server | latency p50 ms | latency p99 ms | converged | diverged | memory per open document KiB | p99 ratio | memory ratio |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n",
        first["documents"], first["editors"], first["updates_per_second_per_editor"], first["duration_s"]
    );
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}x", a / b),
        _ => "-".into(),
    };
    for r in &reports {
        let show = |v: Option<f64>| v.map(|v| format!("{v:.2}")).unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r["server"].as_str().unwrap_or("?"),
            show(num(r, &["latency_ms", "p50"])),
            show(num(r, &["latency_ms", "p99"])),
            r["documents_converged"],
            r["documents_diverged"],
            show(num(r, &["memory_per_document_kib"])),
            ratio(num(r, &["latency_ms", "p99"]), num(first, &["latency_ms", "p99"])),
            ratio(num(r, &["memory_per_document_kib"]), num(first, &["memory_per_document_kib"])),
        ));
    }
    Ok(out)
}
