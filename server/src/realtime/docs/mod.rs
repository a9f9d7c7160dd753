//! Collaborative documents on the hub (`doc:` channels): Yjs documents (through `yrs`,
//! the Rust port) that the hub authorises, stores, serves and fans out like events.
//!
//! - [`Docs`]: this node's open documents. A document is loaded when its first local
//!   subscriber arrives and dropped when the last one leaves.
//! - [`store`]: the update log and snapshots in the database; [`text`]: plain text in
//!   and out. Who may read and write a document is the owning area's rule
//!   ([`super::policy::DocumentPolicy`]); an area that keeps a document's text as well (the
//!   contest brief is the contest's description) registers a
//!   [`super::policy::TextMirror`], which seeds the document and is written with each change.
//!
//! A writer's update is checked (size, decodes as a Yjs update), applied to the node's
//! copy, and what the copy gained (in the server's own encoding, checked readable by the
//! browser's Yjs) is stored with the next seq and published on the bus; `ack` follows
//! the store. An update the copy cannot integrate whole, or that adds to the editor's rich
//! text an element, attribute or mark outside the editor's schema ([`schema`]: a `<script>`,
//! an `onerror`, a `javascript:` link), is refused `doc.invalid` and changes nothing.
//! Every node listening applies it (a node that already has it skips it) and sends it
//! to its local subscribers except the one that sent it. A node that sees a seq jump
//! (Redis dropped a message, or it was down) reads the document back from the database
//! after a short grace and sends its subscribers what they missed. Awareness (cursors,
//! names) travels the same way but is never stored: each node keeps the latest state of
//! every client so that someone opening the document sees who is there.

#[cfg(test)]
mod accept_tests;
mod js_readable;
pub(crate) mod new_doc;
pub mod schema;
#[cfg(test)]
mod schema_tests;
pub mod store;
pub mod text;
pub mod untrusted;

use std::{
    collections::{BTreeSet, HashMap},
    sync::{Arc, Mutex, MutexGuard, PoisonError},
    time::Duration,
};

use dashmap::DashMap;
use vitrine_protocol::{
    limits::{MAX_DOC_BYTES, MAX_DOC_UPDATE_BYTES},
    DocName, ErrorCode,
};
use yrs::{
    sync::{awareness::AwarenessUpdateEntry, AwarenessUpdate, Message, SyncMessage},
    updates::{
        decoder::Decode,
        encoder::{Encode, Encoder, EncoderV1},
    },
    ClientID, Doc, ReadTxn, StateVector, Transact, Update,
};

pub use new_doc::new_doc;

use super::policy::Channels;
use crate::store::Db;

/// Updates stored after the last snapshot past which this node compacts the document.
pub const COMPACT_AFTER: usize = 200;

/// How long a seq gap may last before the document is read back from the database
/// (the missing update is usually just behind on the bus).
const GAP_GRACE: Duration = Duration::from_millis(100);

/// What a user may do with a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DocAccess {
    None,
    Read,
    Write,
}

/// Why a document change was refused; nothing changed in any case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocError {
    ReadOnly,
    Invalid,
    TooLarge,
    Unavailable,
}

impl DocError {
    pub fn code(self) -> ErrorCode {
        match self {
            DocError::ReadOnly => ErrorCode::DocReadOnly,
            DocError::Invalid => ErrorCode::DocInvalid,
            DocError::TooLarge => ErrorCode::DocTooLarge,
            DocError::Unavailable => ErrorCode::DocUnavailable,
        }
    }
}

/// One document open on this node.
pub struct DocEntry {
    pub ch: String,
    pub name: DocName,
    /// Set once the stored state has been read in.
    loaded: tokio::sync::OnceCell<()>,
    /// Serialises this node's writers (store, then apply) on the document.
    writer: tokio::sync::Mutex<()>,
    state: Mutex<DocState>,
}

impl std::fmt::Debug for DocEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DocEntry").field("ch", &self.ch).finish_non_exhaustive()
    }
}

struct DocState {
    doc: Doc,
    /// Every seq up to this one is in `doc`.
    applied: u64,
    /// Seqs past `applied` that are in `doc` too (a gap is waiting before them).
    ahead: BTreeSet<u64>,
    /// A read-back from the database is scheduled.
    filling: bool,
    /// Bytes stored for the document (snapshot and log), for the size limit.
    bytes: usize,
    /// Updates this node knows to be stored after the last snapshot.
    log_len: usize,
    /// The latest awareness state of each client: (clock, JSON).
    awareness: HashMap<u64, (u32, Arc<str>)>,
    /// `doc` may hold part of a refused update (or was emptied after yrs panicked): it must
    /// be read back from the database before anyone is handed it.
    broken: bool,
}

impl DocState {
    /// Records that `seq` is in the document; true when it was not before.
    fn note(&mut self, seq: u64) -> bool {
        if seq <= self.applied || self.ahead.contains(&seq) {
            return false;
        }
        self.ahead.insert(seq);
        while self.ahead.first() == Some(&(self.applied + 1)) {
            self.applied += 1;
            self.ahead.pop_first();
        }
        true
    }

    fn has_gap(&self) -> bool {
        !self.ahead.is_empty()
    }
}

impl DocEntry {
    fn new(ch: String, name: DocName) -> Self {
        Self {
            ch,
            name,
            loaded: tokio::sync::OnceCell::new(),
            writer: tokio::sync::Mutex::new(()),
            state: Mutex::new(DocState {
                doc: new_doc(),
                applied: 0,
                ahead: BTreeSet::new(),
                filling: false,
                bytes: 0,
                log_len: 0,
                awareness: HashMap::new(),
                broken: false,
            }),
        }
    }

    fn state(&self) -> MutexGuard<'_, DocState> {
        // yrs does not panic on the inputs it is given here (they were decoded first);
        // a poisoned lock still holds a usable document.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What a client with state vector `sv` lacks, as a y-protocols sync step 2.
    pub fn sync_step2(&self, sv: &StateVector) -> Vec<u8> {
        let diff = self.state().doc.transact().encode_diff_v1(sv);
        Message::Sync(SyncMessage::SyncStep2(diff)).encode_v1()
    }

    /// The server's sync step 1: its state vector, so the client sends what it lacks.
    pub fn sync_step1(&self) -> Vec<u8> {
        let sv = self.state().doc.transact().state_vector();
        Message::Sync(SyncMessage::SyncStep1(sv)).encode_v1()
    }

    /// The whole document encoded as one update (tests, the REST text).
    pub fn encoded_state(&self) -> Vec<u8> {
        self.state().doc.transact().encode_state_as_update_v1(&StateVector::default())
    }

    /// The document's plain text (see [`text`]).
    pub fn plain_text(&self) -> String {
        text::plain_text(&self.state().doc)
    }

    /// Keeps the newest awareness state of each client in `update`.
    pub fn note_awareness(&self, update: &AwarenessUpdate) {
        let mut state = self.state();
        for (client, entry) in &update.clients {
            let id = client.get();
            let newer = state.awareness.get(&id).is_none_or(|(clock, _)| entry.clock >= *clock);
            if !newer {
                continue;
            }
            if &*entry.json == "null" {
                state.awareness.remove(&id);
            } else {
                state.awareness.insert(id, (entry.clock, Arc::clone(&entry.json)));
            }
        }
    }

    /// Every known client's awareness state as one y-protocols awareness message.
    pub fn awareness_message(&self) -> Option<Vec<u8>> {
        let state = self.state();
        if state.awareness.is_empty() {
            return None;
        }
        let clients = state
            .awareness
            .iter()
            .map(|(id, (clock, json))| {
                (ClientID::new(*id), AwarenessUpdateEntry { clock: *clock, json: Arc::clone(json) })
            })
            .collect();
        Some(Message::Awareness(AwarenessUpdate { clients }).encode_v1())
    }

    /// An awareness message saying that `clients` left (their states become null).
    pub fn departure_message(&self, clients: &[u64]) -> Option<Vec<u8>> {
        let state = self.state();
        let clients: HashMap<ClientID, AwarenessUpdateEntry> = clients
            .iter()
            .filter_map(|id| {
                let (clock, _) = state.awareness.get(id)?;
                Some((ClientID::new(*id), AwarenessUpdateEntry { clock: clock + 1, json: Arc::from("null") }))
            })
            .collect();
        (!clients.is_empty()).then(|| Message::Awareness(AwarenessUpdate { clients }).encode_v1())
    }
}

/// This node's open documents.
#[derive(Debug)]
pub struct Docs {
    open: DashMap<String, Arc<DocEntry>>,
    db: Db,
    /// The areas' registrations: who keeps a copy of a document's text.
    channels: Arc<Channels>,
}

/// A y-protocols update message carrying `update`.
pub fn update_message(update: &[u8]) -> Vec<u8> {
    Message::Sync(SyncMessage::Update(update.to_vec())).encode_v1()
}

impl Docs {
    pub fn new(db: Db, channels: Arc<Channels>) -> Self {
        Self { open: DashMap::new(), db, channels }
    }

    /// Documents open on this node.
    pub fn open_count(&self) -> usize {
        self.open.len()
    }

    pub fn get(&self, ch: &str) -> Option<Arc<DocEntry>> {
        self.open.get(ch).map(|e| Arc::clone(&e))
    }

    /// The open document `ch`, loading it first if needed. Call after the subscriber is
    /// registered with the hub and the bus listens: no update can then slip between the
    /// database read and the live stream.
    pub async fn open(&self, ch: &str, name: DocName, now_ms: i64) -> anyhow::Result<Arc<DocEntry>> {
        let entry =
            Arc::clone(&self.open.entry(ch.to_owned()).or_insert_with(|| Arc::new(DocEntry::new(ch.to_owned(), name))));
        entry.loaded.get_or_try_init(|| self.load_into(&entry, now_ms)).await?;
        metrics::gauge!("vitrine_docs_open").set(self.open.len() as f64);
        Ok(entry)
    }

    async fn load_into(&self, entry: &DocEntry, now_ms: i64) -> anyhow::Result<()> {
        let mut stored = store::load(&self.db, &entry.ch).await?;
        if stored.head == 0 {
            if let Some(seed) = self.seed_for(entry.name).await? {
                store::seed(&self.db, &entry.ch, &seed, now_ms).await?;
                stored = store::load(&self.db, &entry.ch).await?;
            }
        }
        let mut state = entry.state();
        {
            let mut txn = state.doc.transact_mut();
            for update in &stored.updates {
                txn.apply_update(Update::decode_v1(update)?)?;
            }
        }
        state.applied = state.applied.max(stored.head);
        let applied = state.applied;
        state.ahead.retain(|seq| *seq > applied);
        state.bytes = stored.bytes;
        state.log_len = stored.log_len;
        Ok(())
    }

    /// What an empty document starts from: the text its area keeps (the contest brief
    /// starts from the description REST had, so opening the editor never loses it).
    async fn seed_for(&self, name: DocName) -> Result<Option<Vec<u8>>, sqlx::Error> {
        let Some(mirror) = self.channels.text_mirror(name) else { return Ok(None) };
        let initial = mirror.initial_text(&self.db, name).await?;
        Ok(initial.filter(|d| !d.trim().is_empty()).map(|d| text::seed(&d)))
    }

    /// Drops `ch` from memory unless a local subscriber still has it open.
    pub fn release(&self, ch: &str, still_used: impl Fn() -> bool) {
        self.open.remove_if(ch, |_, _| !still_used());
        metrics::gauge!("vitrine_docs_open").set(self.open.len() as f64);
    }

    /// Applies a writer's update to the node's copy, then stores and returns what the
    /// copy gained (None: it gained nothing, and nothing was stored). What is stored and
    /// published is the server's own encoding of the change, never the writer's bytes:
    /// an update that decodes but that the copy cannot integrate whole (it names parts
    /// the document lacks, or numbers a JavaScript Yjs cannot read) is refused, so no
    /// reader's Yjs is handed something it fails on, nor is an update outside the editor's
    /// schema ([`schema`]). On error nothing changed.
    pub async fn accept(
        &self,
        entry: &Arc<DocEntry>,
        update: &[u8],
        now_ms: i64,
    ) -> Result<Option<Accepted>, DocError> {
        if update.len() > MAX_DOC_UPDATE_BYTES {
            return Err(DocError::TooLarge);
        }
        // Checked before anything is touched (yrs updates are not `Send`: decoded again below).
        if untrusted::decode_update(update)?.is_empty() {
            return Ok(None);
        }
        let _turn = entry.writer.lock().await;
        if entry.state().broken {
            // An earlier read-back failed: try again before judging anything against the copy.
            self.rebuild(entry).await;
            if entry.state().broken {
                return Err(DocError::Unavailable);
            }
        }
        let mirror = self.channels.text_mirror(entry.name);
        let applied = integrate(entry, update, mirror.is_some());
        let (gained, text_now) = match applied {
            Ok(Some(gained)) => gained,
            Ok(None) => return Ok(None),
            Err(err) => {
                // Refused before the copy was touched, or the copy is set aside (`broken`)
                // and read back from the database, so it holds exactly what it held before.
                if entry.state().broken {
                    self.rebuild(entry).await;
                }
                return Err(err);
            }
        };
        if entry.state().bytes + gained.len() > MAX_DOC_BYTES {
            self.rebuild(entry).await;
            return Err(DocError::TooLarge);
        }
        let unavailable = |err: sqlx::Error| {
            tracing::warn!(doc = %entry.ch, error = %err, "storing a document update failed");
            DocError::Unavailable
        };
        let stored = async {
            let mut tx = self.db.pool.begin().await?;
            let seq = store::append(&mut tx, &entry.ch, &gained, now_ms).await?;
            if let (Some(text), Some(mirror)) = (&text_now, &mirror) {
                // The area's copy of the text, written in the same transaction.
                mirror.write_text(&mut tx, entry.name, text, now_ms).await?;
            }
            tx.commit().await?;
            Ok::<_, sqlx::Error>(seq)
        }
        .await;
        let seq = match stored {
            Ok(seq) => seq,
            Err(err) => {
                // The copy holds a change the database does not: read it back.
                self.rebuild(entry).await;
                return Err(unavailable(err));
            }
        };
        {
            let mut state = entry.state();
            state.note(seq);
            state.bytes += gained.len();
            state.log_len += 1;
        }
        metrics::counter!("vitrine_doc_updates_stored_total").increment(1);
        if entry.state().log_len >= COMPACT_AFTER {
            entry.state().log_len = 0;
            let (db, ch) = (self.db.clone(), entry.ch.clone());
            tokio::spawn(async move {
                match store::compact(&db, &ch, now_ms).await {
                    Ok(upto) => tracing::debug!(doc = %ch, upto, "document compacted"),
                    Err(err) => tracing::warn!(doc = %ch, error = %err, "document compaction failed"),
                }
            });
        }
        Ok(Some(Accepted { seq, update: gained }))
    }

    /// Makes a stored document's text `text` (a REST write of what the document holds):
    /// the change is an ordinary update, stored, applied and returned for publishing as
    /// (entry, seq, update). None when nothing is stored yet (opening seeds from REST) or
    /// the text is already that.
    pub async fn replace_text(
        &self,
        ch: &str,
        name: DocName,
        text_now: &str,
        now_ms: i64,
    ) -> anyhow::Result<Option<(Arc<DocEntry>, u64, Vec<u8>)>> {
        if store::load(&self.db, ch).await?.head == 0 {
            return Ok(None);
        }
        let entry = self.open(ch, name, now_ms).await?;
        if entry.plain_text() == text_now {
            return Ok(None);
        }
        // Made on a scratch copy with its own client id, so the server's copy only changes
        // through `accept` (stored first).
        let scratch = new_doc();
        scratch.transact_mut().apply_update(Update::decode_v1(&entry.encoded_state())?)?;
        let update = text::replace(&scratch, text_now);
        let accepted = self.accept(&entry, &update, now_ms).await.map_err(|err| anyhow::anyhow!("{:?}", err))?;
        Ok(accepted.map(|Accepted { seq, update }| (entry, seq, update)))
    }

    /// Reads the document back from the database into a fresh copy (after a write that
    /// failed half-way), so the copy holds exactly what is stored.
    async fn rebuild(&self, entry: &DocEntry) {
        match store::load(&self.db, &entry.ch).await.map_err(anyhow::Error::from).and_then(|stored| {
            let doc = new_doc();
            {
                let mut txn = doc.transact_mut();
                for update in &stored.updates {
                    txn.apply_update(Update::decode_v1(update)?)?;
                }
            }
            Ok((doc, stored))
        }) {
            Ok((doc, stored)) => {
                let mut state = entry.state();
                state.doc = doc;
                state.broken = false;
                state.applied = stored.head;
                state.ahead.clear();
                state.bytes = stored.bytes;
                state.log_len = stored.log_len;
            }
            Err(err) => tracing::warn!(doc = %entry.ch, error = %err, "rebuilding a document failed"),
        }
    }

    /// Applies an update another node (or this one) published with `seq`. Returns
    /// whether a read-back must be scheduled (a seq is missing before it).
    pub fn apply_published(&self, ch: &str, seq: u64, update: &[u8]) -> bool {
        let Some(entry) = self.get(ch) else { return false };
        let mut state = entry.state();
        if !state.note(seq) {
            return false;
        }
        match Update::decode_v1(update) {
            Ok(decoded) => {
                if let Err(err) = state.doc.transact_mut().apply_update(decoded) {
                    tracing::warn!(doc = %ch, seq, error = %err, "published update does not apply");
                }
            }
            Err(err) => tracing::warn!(doc = %ch, seq, error = %err, "published update does not decode"),
        }
        let schedule = state.has_gap() && !state.filling && entry.loaded.initialized();
        if schedule {
            state.filling = true;
        }
        schedule
    }

    /// After [`GAP_GRACE`], if seqs are still missing, reads the document from the
    /// database; returns what this node's copy lacked, as an update for its subscribers.
    pub async fn fill_gap(&self, ch: &str) -> Option<Vec<u8>> {
        tokio::time::sleep(GAP_GRACE).await;
        self.read_back(ch, true).await
    }

    /// The channels of the documents open here (a bus catch-up reads them all back).
    pub fn channels(&self) -> Vec<String> {
        self.open.iter().map(|e| e.key().clone()).collect()
    }

    /// Reads the document from the database into this node's copy (with `only_if_gap`,
    /// only while a seq is missing); returns what the copy lacked.
    pub async fn read_back(&self, ch: &str, only_if_gap: bool) -> Option<Vec<u8>> {
        let entry = self.get(ch)?;
        if only_if_gap && !entry.state().has_gap() {
            entry.state().filling = false;
            return None;
        }
        let stored = match store::load(&self.db, ch).await {
            Ok(stored) => stored,
            Err(err) => {
                tracing::warn!(doc = %ch, error = %err, "document read-back failed");
                entry.state().filling = false;
                return None;
            }
        };
        metrics::counter!("vitrine_doc_gap_fills_total").increment(1);
        let mut state = entry.state();
        let before = state.doc.transact().state_vector();
        {
            let mut txn = state.doc.transact_mut();
            for update in &stored.updates {
                if let Ok(decoded) = Update::decode_v1(update) {
                    let _ = txn.apply_update(decoded);
                }
            }
        }
        state.applied = state.applied.max(stored.head);
        let applied = state.applied;
        state.ahead.retain(|seq| *seq > applied);
        state.bytes = stored.bytes;
        state.log_len = stored.log_len;
        state.filling = false;
        let missed = state.doc.transact().encode_diff_v1(&before);
        let empty = Update::decode_v1(&missed).map(|u| u.is_empty()).unwrap_or(true);
        (!empty).then_some(missed)
    }
}

/// A writer's update as the document took it: its seq and what the document gained,
/// in the server's encoding (what is stored and what every other reader receives).
#[derive(Debug, Clone)]
pub struct Accepted {
    pub seq: u64,
    pub update: Vec<u8>,
}

/// Applies `update` to the node's copy and answers what the copy gained (None: nothing)
/// with, when `with_text` (an area keeps a copy of the text), the document's new text. An error leaves the copy as it
/// was, or sets it aside (`broken`, an empty copy standing in) for the caller to read back
/// from the database; a panic in yrs is one of those errors.
#[allow(clippy::type_complexity)]
fn integrate(entry: &DocEntry, update: &[u8], with_text: bool) -> Result<Option<(Vec<u8>, Option<String>)>, DocError> {
    // The writer's bytes first: a JavaScript client never sends what its Yjs cannot read.
    js_readable::check(update).map_err(|why| {
        tracing::info!(doc = %entry.ch, ?why, "document update refused: a JavaScript Yjs would not read it");
        DocError::Invalid
    })?;
    let decoded = untrusted::decode_update(update)?;
    let mut state = entry.state();
    // Refused before the copy is touched: what would certainly stay pending (a gap in a
    // client's clocks, a deletion of what neither the copy nor the update holds). yrs keeps
    // pending parts in the document's store, so applying such an update would change the
    // copy even though it is refused. Costs one pass over the update, none over the document.
    if let Err(why) = complete_against(&decoded, &state.doc.transact().state_vector()) {
        tracing::info!(doc = %entry.ch, why, "document update refused: it names parts the document lacks");
        return Err(DocError::Invalid);
    }
    // What the update adds to the editor's rich text, read as the transaction commits.
    let watch = schema::Watch::start(&state.doc);
    let mut txn = state.doc.transact_mut();
    // yrs can panic on an update whose parts contradict each other (an arithmetic overflow
    // deleting a corrupted range): that is a refused update, not a dead connection.
    let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| txn.apply_update(decoded)));
    let outcome = match applied {
        Ok(Ok(())) if txn.store().pending_update().is_none() && txn.store().pending_ds().is_none() => {
            Ok(txn.has_changes())
        }
        // Parts the document lacks that the cheap check above cannot see (an origin or a
        // parent): y-protocols would keep them pending forever.
        Ok(Ok(())) => Err("it names parts the document lacks"),
        Ok(Err(_)) => Err("it does not apply"),
        Err(_) => {
            // The store is in a state yrs did not expect: committing this transaction (its
            // drop) could panic again, so it is leaked (with the copy it holds), and the
            // copy is replaced below.
            std::mem::forget(txn);
            state.doc = new_doc();
            state.broken = true;
            tracing::warn!(doc = %entry.ch, "document update refused: yrs failed applying it");
            return Err(DocError::Invalid);
        }
    };
    let gained = match outcome {
        Ok(changed) => {
            // Committing (GC, formatting clean-up) runs yrs code too: a panic there is caught
            // like one while applying, and the transaction's fields (its lock) are released.
            // What the copy gained is read after the commit, so that it holds the formatting
            // the commit tidied away as every receiving Yjs would (see `new_doc`).
            let committed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                txn.commit();
                let tidied = !txn.cleanups().is_empty();
                let gained = (changed || tidied).then(|| txn.encode_update_v1());
                drop(txn);
                (gained, tidied)
            }));
            let Ok((gained, tidied)) = committed else {
                state.doc = new_doc();
                state.broken = true;
                tracing::warn!(doc = %entry.ch, "document update refused: yrs failed committing it");
                return Err(DocError::Invalid);
            };
            let gained = match (gained, tidied) {
                (Some(gained), true) => match tidy_to_rest(&state.doc, gained) {
                    Ok(gained) => Some(gained),
                    Err(why) => {
                        tracing::info!(doc = %entry.ch, why, "document update refused");
                        state.doc = new_doc();
                        state.broken = true;
                        return Err(DocError::Invalid);
                    }
                },
                (gained, _) => gained,
            };
            if let Err(why) = watch.verdict() {
                // Applied and committed: the copy is set aside and read back, like any
                // refusal found after applying.
                tracing::info!(doc = %entry.ch, why, "document update refused: outside the editor's schema");
                state.doc = new_doc();
                state.broken = true;
                return Err(DocError::Invalid);
            }
            match gained {
                Some(gained) => gained,
                None => return Ok(None),
            }
        }
        Err(why) => {
            // The copy may hold part of the update (and its pending parts): it is not used
            // again; the caller reads the document back from the database.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(txn)));
            state.doc = new_doc();
            state.broken = true;
            tracing::info!(doc = %entry.ch, why, "document update refused");
            return Err(DocError::Invalid);
        }
    };
    // What every reader will be handed must be what their Yjs reads as the server did.
    if let Err(why) = js_readable::check(&gained) {
        tracing::info!(doc = %entry.ch, ?why, "document update refused: a JavaScript Yjs cannot read it");
        state.doc = new_doc();
        state.broken = true;
        return Err(DocError::Invalid);
    }
    if gained.len() > MAX_DOC_UPDATE_BYTES {
        state.doc = new_doc();
        state.broken = true;
        return Err(DocError::TooLarge);
    }
    let text = with_text.then(|| text::plain_text(&state.doc));
    Ok(Some((gained, text)))
}

/// How many times [`tidy_to_rest`] tidies before it gives up on an update.
const MAX_TIDY_ROUNDS: usize = 4;

/// After the copy tidied formatting while taking an update (`gained` is what it took, with
/// the tidying): tidies what a Yjs opening the whole document would still tidy, until nothing
/// is left to, and answers everything the copy gained as one update.
///
/// A receiving Yjs tidies only around what a change touched, and one that opens the document
/// tidies the start of every text: a tidied mark can leave a mark at a text's start that only
/// the opener would delete (`**ab**cd` with `ab` deleted leaves "not bold" before `cd`). Left
/// there, every opener would hold a deletion that the listeners, the server and the store lack.
/// Rare (only updates whose formatting the copy had to tidy come here), so the document is
/// encoded whole for it.
fn tidy_to_rest(doc: &Doc, gained: Vec<u8>) -> Result<Vec<u8>, &'static str> {
    let mut parts = vec![gained];
    for _ in 0..MAX_TIDY_ROUNDS {
        let left = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| opener_would_tidy(doc)))
            .map_err(|_| "yrs failed tidying it")?
            .ok_or("its tidied document does not read back")?;
        if left.is_empty() {
            let parts = parts.iter().map(|part| Update::decode_v1(part)).collect::<Result<Vec<_>, _>>();
            return Ok(Update::merge_updates(parts.map_err(|_| "its tidying does not decode")?).encode_v1());
        }
        let mut deletion = EncoderV1::new();
        yrs::encoding::write::Write::write_var(&mut deletion, 0u32);
        left.encode(&mut deletion);
        let deletion = Update::decode_v1(&deletion.to_vec()).map_err(|_| "its tidying does not decode")?;
        let tidied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut txn = doc.transact_mut();
            let applied = txn.apply_update(deletion);
            txn.commit();
            applied.map(|()| txn.encode_update_v1())
        }))
        .map_err(|_| "yrs failed tidying it")?
        .map_err(|_| "its tidying does not apply")?;
        parts.push(tidied);
    }
    Err("its formatting is never tidy")
}

/// What a Yjs opening `doc` whole would tidy away (None: it does not read back).
fn opener_would_tidy(doc: &Doc) -> Option<yrs::IdSet> {
    let state = doc.transact().encode_state_as_update_v1(&StateVector::default());
    let opener = new_doc();
    let mut txn = opener.transact_mut();
    txn.apply_update(Update::decode_v1(&state).ok()?).ok()?;
    txn.commit();
    Some(txn.cleanups().clone())
}

/// Checks that every part `update` inserts or deletes either is in a document with state
/// vector `sv` or comes in `update` itself, without gaps: what yrs would otherwise keep
/// pending. Origins and parents are not checked here (yrs's own pending check does).
fn complete_against(update: &Update, sv: &StateVector) -> Result<(), &'static str> {
    let mut reach: HashMap<ClientID, u32> = HashMap::new();
    for (client, ranges) in update.insertions(true).iter() {
        let mut ranges: Vec<(u32, u32)> = ranges.iter().map(|r| (r.start, r.end)).collect();
        ranges.sort_unstable();
        let mut next = sv.get(client);
        for (start, end) in ranges {
            if start > next {
                return Err("a gap in a client's clocks");
            }
            next = next.max(end);
        }
        reach.insert(*client, next);
    }
    for (client, ranges) in update.delete_set().iter() {
        let next = reach.get(client).copied().unwrap_or_else(|| sv.get(client));
        if ranges.iter().any(|r| r.end > next) {
            return Err("a deletion of what nobody has");
        }
    }
    Ok(())
}

/// Whether an encoded update changes nothing (an editor with nothing new answers step 2 so).
pub fn is_empty_update(update: &[u8]) -> Result<bool, DocError> {
    if update.len() > MAX_DOC_UPDATE_BYTES {
        return Err(DocError::TooLarge);
    }
    Ok(untrusted::decode_update(update)?.is_empty())
}
