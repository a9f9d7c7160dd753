//! `DocEditor`: a Yjs replica (yrs) that edits a hub document over a real WebSocket,
//! speaking the y-protocols messages inside `doc` frames as any Yjs client would.

use vitrine_protocol::{ClientFrame, DocBytes, ErrorCode, ServerFrame};
use yrs::{
    sync::{Message, SyncMessage},
    updates::{decoder::Decode, encoder::Encode},
    Doc, GetString, ReadTxn, StateVector, Text, Transact, Update,
};

use super::client::{Connect, WsClient};
use crate::helpers::TestApp;

/// The text the tests edit (a root `Y.Text`).
pub const TEXT: &str = "t";

pub struct DocEditor {
    pub ws: WsClient,
    pub doc: Doc,
    pub ch: String,
    next_id: u64,
    /// Ids of `ack`s received and not yet expected.
    acks: Vec<Option<String>>,
    /// `error` frames received and not yet expected.
    errors: Vec<(Option<String>, ErrorCode)>,
    /// The server's latest sync step 1, not answered yet.
    server_sv: Option<StateVector>,
    /// Awareness messages received.
    pub awareness: Vec<yrs::sync::AwarenessUpdate>,
    /// Sync step 2 messages received (each answers a step 1 of ours).
    step2s: usize,
}

impl DocEditor {
    /// Connects as `token` (None: anonymous), subscribes to `ch` and syncs both ways.
    pub async fn open(app: &TestApp, token: Option<&str>, ch: &str) -> Self {
        Self::open_with(app, token, ch, Doc::new()).await
    }

    /// As [`DocEditor::open`], with a replica that already holds state (an editor back online).
    pub async fn open_with(app: &TestApp, token: Option<&str>, ch: &str, doc: Doc) -> Self {
        let ws = WsClient::open(app, Connect { token, ..Connect::default() }).await;
        let mut editor = Self {
            ws,
            doc,
            ch: ch.into(),
            next_id: 0,
            acks: vec![],
            errors: vec![],
            server_sv: None,
            awareness: vec![],
            step2s: 0,
        };
        match editor.ws.sub(ch, None, Some("open")).await {
            ServerFrame::Subscribed { ch: answered, seq: 0, recovered: false, .. } => assert_eq!(answered, ch),
            other => panic!("expected subscribed on {ch}, got {other:?}"),
        }
        editor.sync().await;
        editor
    }

    /// Subscribes and returns the answer (for refusals).
    pub async fn try_sub(app: &TestApp, token: Option<&str>, ch: &str) -> ServerFrame {
        let mut ws = WsClient::open(app, Connect { token, ..Connect::default() }).await;
        ws.sub(ch, None, Some("try")).await
    }

    /// Sends sync step 1, applies the server's step 2, and answers the server's step 1
    /// with what the server lacks; a non-empty answer waits for its `ack`.
    pub async fn sync(&mut self) {
        let sv = self.doc.transact().state_vector();
        let answered = self.step2s;
        self.send_msg(Message::Sync(SyncMessage::SyncStep1(sv)).encode_v1(), None).await;
        // The server's step 1 (sent on subscribing) comes before the step 2 answering ours.
        self.until(|e| e.step2s > answered && e.server_sv.is_some()).await;
        let server_sv = self.server_sv.take().expect("server state vector");
        let missing = self.doc.transact().encode_diff_v1(&server_sv);
        if !Update::decode_v1(&missing).unwrap().is_empty() {
            let id = self.send_msg(Message::Sync(SyncMessage::SyncStep2(missing)).encode_v1(), None).await;
            self.expect_ack(&id).await;
        }
    }

    /// Sends a y-protocols message; returns the frame id.
    pub async fn send_msg(&mut self, msg: Vec<u8>, id: Option<String>) -> String {
        let id = id.unwrap_or_else(|| {
            self.next_id += 1;
            format!("m{}", self.next_id)
        });
        self.ws.send(&ClientFrame::Doc { ch: self.ch.clone(), msg: DocBytes(msg), id: Some(id.clone()) }).await;
        id
    }

    /// Inserts `text` at `index` in the local replica; returns the update (not sent).
    pub fn insert(&self, index: u32, text: &str) -> Vec<u8> {
        let root = self.doc.get_or_insert_text(TEXT);
        let before = self.doc.transact().state_vector();
        root.insert(&mut self.doc.transact_mut(), index, text);
        self.doc.transact().encode_diff_v1(&before)
    }

    /// Sends an update; returns the frame id.
    pub async fn send_update(&mut self, update: Vec<u8>) -> String {
        self.send_msg(Message::Sync(SyncMessage::Update(update)).encode_v1(), None).await
    }

    /// Inserts, sends and waits until the server acknowledged it.
    pub async fn type_text(&mut self, index: u32, text: &str) {
        let update = self.insert(index, text);
        let id = self.send_update(update).await;
        self.expect_ack(&id).await;
    }

    pub fn text(&self) -> String {
        let root = self.doc.get_or_insert_text(TEXT);
        root.get_string(&self.doc.transact())
    }

    /// Reads and handles one frame.
    async fn read_one(&mut self) {
        match self.ws.expect().await {
            ServerFrame::Doc { ch, msg } => {
                assert_eq!(ch, self.ch);
                match Message::decode_v1(msg.as_slice()).expect("server sends valid y-protocols") {
                    Message::Sync(SyncMessage::SyncStep1(sv)) => self.server_sv = Some(sv),
                    Message::Sync(SyncMessage::SyncStep2(update)) => {
                        self.step2s += 1;
                        self.doc.transact_mut().apply_update(Update::decode_v1(&update).unwrap()).unwrap();
                    }
                    Message::Sync(SyncMessage::Update(update)) => {
                        self.doc.transact_mut().apply_update(Update::decode_v1(&update).unwrap()).unwrap();
                    }
                    Message::Awareness(update) => self.awareness.push(update),
                    other => panic!("unexpected y-protocols message {other:?}"),
                }
            }
            ServerFrame::Ack { ch, id } => {
                assert_eq!(ch, self.ch);
                self.acks.push(id);
            }
            ServerFrame::Error { id, code, .. } => self.errors.push((id, code)),
            other => panic!("unexpected frame {other:?}"),
        }
    }

    /// Handles frames until `done` holds.
    pub async fn until(&mut self, done: impl Fn(&Self) -> bool) {
        while !done(self) {
            self.read_one().await;
        }
    }

    pub async fn expect_ack(&mut self, id: &str) {
        loop {
            if let Some(at) = self.acks.iter().position(|a| a.as_deref() == Some(id)) {
                self.acks.remove(at);
                return;
            }
            if let Some((_, code)) = self.errors.iter().find(|(e, _)| e.as_deref() == Some(id)) {
                panic!("{id} was refused with {code}");
            }
            self.read_one().await;
        }
    }

    /// Waits for the refusal of frame `id` and returns its code.
    pub async fn expect_error(&mut self, id: &str) -> ErrorCode {
        loop {
            if let Some(at) = self.errors.iter().position(|(e, _)| e.as_deref() == Some(id)) {
                return self.errors.remove(at).1;
            }
            assert!(!self.acks.iter().any(|a| a.as_deref() == Some(id)), "{id} was acknowledged");
            self.read_one().await;
        }
    }

    /// Waits until the replica's text is `expected`.
    pub async fn expect_text(&mut self, expected: &str) {
        self.until(|e| e.text() == expected).await;
    }

    /// Ping, then handle frames until the pong: everything the server sent before is in.
    pub async fn settle(&mut self) {
        self.ws.send(&ClientFrame::Ping).await;
        loop {
            match self.ws.expect().await {
                ServerFrame::Pong => return,
                ServerFrame::Doc { msg, .. } => {
                    if let Message::Sync(SyncMessage::SyncStep2(u) | SyncMessage::Update(u)) =
                        Message::decode_v1(msg.as_slice()).unwrap()
                    {
                        self.doc.transact_mut().apply_update(Update::decode_v1(&u).unwrap()).unwrap();
                    }
                }
                ServerFrame::Ack { id, .. } => self.acks.push(id),
                ServerFrame::Error { id, code, .. } => self.errors.push((id, code)),
                other => panic!("unexpected frame {other:?}"),
            }
        }
    }
}
