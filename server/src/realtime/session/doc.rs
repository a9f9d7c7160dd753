//! A connection's side of the collaborative documents (`doc:` channels): subscribing
//! (access, loading, the server's sync step 1 and the awareness states), the y-protocols
//! messages of `doc` frames, and the awareness of the connection's clients when it leaves.

use std::{collections::HashSet, sync::Arc};

use vitrine_protocol::{DocName, ErrorCode, ServerFrame};
use yrs::sync::{Message, SyncMessage};

use super::{BusMessage, DocAccess, DocSub, Session, Subscription};
use crate::realtime::docs::{self as hub_docs, Accepted, DocEntry, DocError};

impl Session {
    /// `sub` on a `doc:` channel: answered `subscribed` (seq 0: documents have no events),
    /// then the server's sync step 1 and the awareness states it knows.
    pub(super) async fn subscribe_doc(&mut self, ch: String, name: DocName, id: Option<String>) {
        let access = match self.realtime.channels.document_access(&self.realtime.db, self.user.as_ref(), name).await {
            Ok(access) => access,
            Err(err) => {
                tracing::warn!(channel = %ch, error = %err, "document authorization query failed");
                DocAccess::None
            }
        };
        if access == DocAccess::None {
            return self.send_error(ErrorCode::ChannelForbidden, id, Some(ch)).await;
        }
        let entry = match self.subscriptions.get_mut(&ch).and_then(|s| s.doc.as_mut()) {
            Some(doc) => {
                doc.access = access;
                Arc::clone(&doc.entry)
            }
            None => match self.open_doc(&ch, name, access).await {
                Some(entry) => entry,
                None => return self.send_error(ErrorCode::DocUnavailable, id, Some(ch)).await,
            },
        };
        let _ =
            self.send(&ServerFrame::Subscribed { ch: ch.clone(), seq: 0, recovered: false, id, presence: None }).await;
        let _ = self.send(&ServerFrame::Doc { ch: ch.clone(), msg: entry.sync_step1().into() }).await;
        if let Some(awareness) = entry.awareness_message() {
            let _ = self.send(&ServerFrame::Doc { ch, msg: awareness.into() }).await;
        }
    }

    /// Joins the hub's channel, listens on the bus, then loads the document (in that
    /// order, so that no update stored meanwhile is missed). None when it cannot load.
    async fn open_doc(&mut self, ch: &str, name: DocName, access: DocAccess) -> Option<Arc<DocEntry>> {
        let joined = self.realtime.hub.subscribe(ch, self.handle.clone());
        if joined.first_local {
            if let Err(err) = self.realtime.broker.sync(ch).await {
                tracing::warn!(channel = %ch, error = %err, "bus subscribe failed");
            }
        }
        match self.realtime.hub.docs.open(ch, name, self.realtime.now_ms()).await {
            Ok(entry) => {
                let doc = DocSub { entry: Arc::clone(&entry), access, clients: HashSet::new() };
                self.subscriptions.insert(ch.to_owned(), Subscription { last_seq: 0, durable: false, doc: Some(doc) });
                Some(entry)
            }
            Err(err) => {
                tracing::warn!(channel = %ch, error = %err, "loading a document failed");
                let left = self.realtime.hub.unsubscribe(ch, self.conn_id);
                if left.last_local {
                    let _ = self.realtime.broker.sync(ch).await;
                    let hub = &self.realtime.hub;
                    hub.docs.release(ch, || hub.has_subscribers(ch));
                }
                None
            }
        }
    }

    /// A `doc` frame: one y-protocols message for a subscribed document.
    pub(super) async fn on_doc(&mut self, ch: String, msg: Vec<u8>, id: Option<String>) {
        let Some((entry, access)) =
            self.subscriptions.get(&ch).and_then(|s| s.doc.as_ref()).map(|d| (Arc::clone(&d.entry), d.access))
        else {
            let code = match vitrine_protocol::Channel::parse(&ch) {
                Ok(_) => ErrorCode::ChannelForbidden,
                Err(_) => ErrorCode::ChannelInvalid,
            };
            return self.send_error(code, id, Some(ch)).await;
        };
        let message = match hub_docs::untrusted::decode_message(&msg) {
            Ok(message) => message,
            Err(_) => {
                tracing::info!(channel = %ch, conn = self.conn_id, "unreadable document message refused");
                metrics::counter!("vitrine_doc_refused_total", "code" => "doc.invalid").increment(1);
                return self.send_error(ErrorCode::DocInvalid, id, Some(ch)).await;
            }
        };
        match message {
            Message::Sync(SyncMessage::SyncStep1(sv)) => {
                // Step 2 with what the client lacks, and the server's own step 1 so the
                // client sends what the server lacks (edits made offline).
                let _ = self.send(&ServerFrame::Doc { ch: ch.clone(), msg: entry.sync_step2(&sv).into() }).await;
                let _ = self.send(&ServerFrame::Doc { ch, msg: entry.sync_step1().into() }).await;
            }
            Message::Sync(SyncMessage::SyncStep2(update) | SyncMessage::Update(update)) => {
                self.on_doc_update(ch, &entry, access, update, id).await;
            }
            Message::Awareness(update) => {
                if let Some(doc) = self.subscriptions.get_mut(&ch).and_then(|s| s.doc.as_mut()) {
                    for (client, state) in &update.clients {
                        if &*state.json == "null" {
                            doc.clients.remove(&client.get());
                        } else {
                            doc.clients.insert(client.get());
                        }
                    }
                }
                self.publish_awareness(ch, msg).await;
            }
            Message::AwarenessQuery => {
                if let Some(awareness) = entry.awareness_message() {
                    let _ = self.send(&ServerFrame::Doc { ch, msg: awareness.into() }).await;
                }
            }
            Message::Auth(_) | Message::Custom(..) => {
                metrics::counter!("vitrine_doc_refused_total", "code" => "doc.invalid").increment(1);
                self.send_error(ErrorCode::DocInvalid, id, Some(ch)).await;
            }
        }
    }

    /// A step 2 or update: a writer's is stored, applied, published and acknowledged; a
    /// reader's is refused unless it changes nothing.
    async fn on_doc_update(
        &mut self,
        ch: String,
        entry: &Arc<DocEntry>,
        access: DocAccess,
        update: Vec<u8>,
        id: Option<String>,
    ) {
        let outcome = if access == DocAccess::Write {
            self.realtime.hub.docs.accept(entry, &update, self.realtime.now_ms()).await
        } else {
            match hub_docs::is_empty_update(&update) {
                // A reader answering the server's step 1 with nothing: not an edit.
                Ok(true) => Ok(None),
                Ok(false) => Err(DocError::ReadOnly),
                Err(err) => Err(err),
            }
        };
        match outcome {
            Ok(Some(Accepted { seq, update })) => {
                let (node, conn) = (self.realtime.hub.node_id, self.conn_id);
                let message = BusMessage::DocUpdate { ch: ch.clone(), seq, update: update.into(), node, conn };
                if let Err(err) = self.realtime.broker.publish(message.clone()).await {
                    // Stored, so other nodes read it back after the bus returns; this
                    // node's subscribers get it now.
                    tracing::warn!(channel = %ch, error = %err, "document update publish failed");
                    if let BusMessage::DocUpdate { ch, seq, update, node, conn } = message {
                        self.realtime.hub.dispatch_doc_update(ch, seq, update.0, (node, conn));
                    }
                }
                let _ = self.send(&ServerFrame::Ack { ch, id }).await;
            }
            // Nothing new (an empty step 2, or what the document had): acknowledged, from
            // a reader too, so every step 2 and update is answered.
            Ok(None) => {
                let _ = self.send(&ServerFrame::Ack { ch, id }).await;
            }
            Err(err) => {
                let code = err.code();
                tracing::info!(channel = %ch, conn = self.conn_id, code = %code, "document update refused");
                metrics::counter!("vitrine_doc_refused_total", "code" => code.as_str()).increment(1);
                self.send_error(code, id, Some(ch)).await;
            }
        }
    }

    async fn publish_awareness(&mut self, ch: String, msg: Vec<u8>) {
        let (node, conn) = (self.realtime.hub.node_id, self.conn_id);
        let message = BusMessage::DocAwareness { ch, msg: msg.into(), node, conn };
        if let Err(err) = self.realtime.broker.publish(message).await {
            tracing::debug!(error = %err, "awareness publish failed");
        }
    }

    /// The connection leaves a document: its clients' cursors go with it.
    pub(super) async fn doc_departure(&mut self, ch: &str, doc: &DocSub) {
        let clients: Vec<u64> = doc.clients.iter().copied().collect();
        if let Some(msg) = doc.entry.departure_message(&clients) {
            self.publish_awareness(ch.to_owned(), msg).await;
        }
    }
}
