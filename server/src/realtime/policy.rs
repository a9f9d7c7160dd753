//! Who may do what on a channel, decided by the area that owns the channel, never by the
//! hub. As in centrifuge's `OnSubscribe`, the hub asks and the application answers: each
//! area implements [`ChannelPolicy`] for its channel kinds (and [`DocumentPolicy`] for its
//! `doc:` documents) next to its REST rules, and start-up registers them on
//! [`Channels`]. A kind nobody registered is refused (fail closed).
//!
//! The rule the tests hold every policy to: a subscriber never receives anything it could
//! not fetch over REST, so a policy applies the same visibility rules as its area's REST
//! handlers (`docs/architecture.md`, "Adding a channel kind").
//!
//! Who the caller is comes from the registered [`Authenticator`] as a [`Principal`]: the
//! hub reads its id and name (presence, signals) and the token's expiry; the account
//! inside is the application's and is handed back to the policies untouched.

use std::{any::Any, collections::HashMap, fmt, sync::Arc, sync::OnceLock, sync::RwLock};

use futures::future::BoxFuture;
use sqlx::AnyConnection;
pub use vitrine_protocol::DocKind;
use vitrine_protocol::{Channel, ChannelKind, DocName};

use super::docs::DocAccess;
use crate::{error::AppError, store::Db};

/// An authenticated caller as the hub holds it.
#[derive(Clone)]
pub struct Principal {
    pub id: i64,
    pub username: String,
    /// The access token the connection authenticated with, for revocation.
    pub token_id: i64,
    /// When the token stops working, epoch ms.
    pub token_expires_at: i64,
    /// The application's own record of the caller, for its policies.
    pub account: Arc<dyn Any + Send + Sync>,
}

impl fmt::Debug for Principal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Principal").field("id", &self.id).field("token_id", &self.token_id).finish_non_exhaustive()
    }
}

/// Resolves a bearer token to its caller: `Ok(None)` for a token that does not work, an
/// error the REST side would answer too (an inactive account) otherwise.
pub trait Authenticator: Send + Sync + 'static {
    fn authenticate<'a>(
        &'a self,
        db: &'a Db,
        token: &'a str,
        now_ms: i64,
    ) -> BoxFuture<'a, Result<Option<Principal>, AppError>>;
}

/// Whether a signed-in caller may send a client frame (`typing`) on a channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignalRight {
    Denied,
    Allowed,
    /// Allowed, and stays allowed for the rest of the connection (the hub asks no more).
    Lasting,
}

/// The rules of one channel kind, implemented by the area that owns it.
pub trait ChannelPolicy: Send + Sync + 'static {
    /// May `viewer` (None: anonymous) receive what `channel` carries: subscribe to it and
    /// read its history over REST?
    fn may_subscribe<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, Result<bool, sqlx::Error>>;

    /// Does the channel show who watches it (presence lists and `presence` frames)?
    fn has_presence(&self, channel: &Channel) -> bool {
        channel.has_presence()
    }

    /// May `viewer` tell the channel they are typing? By default: on a channel with
    /// presence that they are subscribed to.
    fn may_signal<'a>(
        &'a self,
        _db: &'a Db,
        _viewer: &'a Principal,
        channel: &'a Channel,
        subscribed: bool,
    ) -> BoxFuture<'a, SignalRight> {
        let right = if subscribed && self.has_presence(channel) { SignalRight::Allowed } else { SignalRight::Denied };
        Box::pin(async move { right })
    }
}

/// The rules of one kind of collaborative document (`doc:{kind}:...`), implemented by
/// the area that owns the document's entity.
pub trait DocumentPolicy: Send + Sync + 'static {
    fn access<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        name: DocName,
    ) -> BoxFuture<'a, Result<DocAccess, sqlx::Error>>;
}

/// A document kind whose plain text its area also keeps in a table of its own (the
/// contest brief is the contest's REST description). The hub never touches that table:
/// an empty document starts from [`TextMirror::initial_text`], and each stored change
/// hands the document's new text to [`TextMirror::write_text`] inside the transaction
/// that stores it, so the document and the area's copy never disagree.
pub trait TextMirror: Send + Sync + 'static {
    /// The text an empty document starts from (None or blank: it starts empty).
    fn initial_text<'a>(&'a self, db: &'a Db, name: DocName) -> BoxFuture<'a, Result<Option<String>, sqlx::Error>>;

    /// Keeps `text` as the area's copy; `conn` is the transaction storing the change.
    fn write_text<'a>(
        &'a self,
        conn: &'a mut AnyConnection,
        name: DocName,
        text: &'a str,
        now_ms: i64,
    ) -> BoxFuture<'a, Result<(), sqlx::Error>>;
}

/// The policies registered at start-up, per channel kind and per document kind.
#[derive(Default)]
pub struct Channels {
    kinds: RwLock<HashMap<ChannelKind, Arc<dyn ChannelPolicy>>>,
    documents: RwLock<HashMap<DocKind, Arc<dyn DocumentPolicy>>>,
    text_mirrors: RwLock<HashMap<DocKind, Arc<dyn TextMirror>>>,
    authenticator: OnceLock<Arc<dyn Authenticator>>,
}

impl fmt::Debug for Channels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kinds: Vec<ChannelKind> = self.kinds.read().map(|k| k.keys().copied().collect()).unwrap_or_default();
        f.debug_struct("Channels").field("kinds", &kinds).finish_non_exhaustive()
    }
}

impl Channels {
    /// With the hub's own kind registered: `bench:`, published only through the
    /// server-side publish API and read by anyone. (`doc:` channels are the hub's too:
    /// they go to the policy of the document's kind.)
    pub fn new() -> Self {
        let channels = Self::default();
        channels.register(ChannelKind::Bench, Anyone);
        channels
    }

    /// Registers the policy of a channel kind (start-up; a second registration replaces).
    pub fn register(&self, kind: ChannelKind, policy: impl ChannelPolicy) {
        self.kinds.write().expect("channel policies poisoned").insert(kind, Arc::new(policy));
    }

    /// Registers the policy of a document kind.
    pub fn register_document(&self, kind: DocKind, policy: impl DocumentPolicy) {
        self.documents.write().expect("document policies poisoned").insert(kind, Arc::new(policy));
    }

    /// Registers the area that keeps a copy of a document kind's text.
    pub fn register_text_mirror(&self, kind: DocKind, mirror: impl TextMirror) {
        self.text_mirrors.write().expect("text mirrors poisoned").insert(kind, Arc::new(mirror));
    }

    /// Who keeps a copy of document `name`'s text, if anyone does.
    pub fn text_mirror(&self, name: DocName) -> Option<Arc<dyn TextMirror>> {
        self.text_mirrors.read().ok()?.get(&name.kind()).cloned()
    }

    /// Sets how tokens are resolved (start-up, once).
    pub fn set_authenticator(&self, authenticator: impl Authenticator) {
        let _ = self.authenticator.set(Arc::new(authenticator));
    }

    /// The policy of a channel's kind, if one was registered.
    pub fn policy(&self, channel: &Channel) -> Option<Arc<dyn ChannelPolicy>> {
        self.kinds.read().ok()?.get(&channel.kind()).cloned()
    }

    /// Whether every kind of channel and of document has a policy.
    pub fn missing(&self) -> Vec<String> {
        let kinds = self.kinds.read().map(|k| k.keys().copied().collect::<Vec<_>>()).unwrap_or_default();
        let documents = self.documents.read().map(|d| d.keys().copied().collect::<Vec<_>>()).unwrap_or_default();
        // `doc` channels go to the policy of the document's kind.
        let mut missing: Vec<String> = ChannelKind::ALL
            .iter()
            .filter(|k| **k != ChannelKind::Doc && !kinds.contains(k))
            .map(|k| format!("{k:?}"))
            .collect();
        missing.extend(DocKind::ALL.iter().filter(|k| !documents.contains(k)).map(|k| format!("doc {k:?}")));
        if self.authenticator.get().is_none() {
            missing.push("authenticator".to_owned());
        }
        missing
    }

    /// May `viewer` receive what `channel` carries? No policy: no.
    pub async fn may_subscribe(
        &self,
        db: &Db,
        viewer: Option<&Principal>,
        channel: &Channel,
    ) -> Result<bool, sqlx::Error> {
        if let Channel::Doc(name) = channel {
            return Ok(self.document_access(db, viewer, *name).await? != DocAccess::None);
        }
        match self.policy(channel) {
            Some(policy) => policy.may_subscribe(db, viewer, channel).await,
            None => Ok(false),
        }
    }

    /// Does `channel` show who watches it?
    pub fn has_presence(&self, channel: &Channel) -> bool {
        self.policy(channel).is_some_and(|policy| policy.has_presence(channel))
    }

    /// May `viewer` send a client frame on `channel`?
    pub async fn may_signal(&self, db: &Db, viewer: &Principal, channel: &Channel, subscribed: bool) -> SignalRight {
        match self.policy(channel) {
            Some(policy) => policy.may_signal(db, viewer, channel, subscribed).await,
            None => SignalRight::Denied,
        }
    }

    /// What `viewer` may do with document `name`. No policy: nothing.
    pub async fn document_access(
        &self,
        db: &Db,
        viewer: Option<&Principal>,
        name: DocName,
    ) -> Result<DocAccess, sqlx::Error> {
        let policy = self.documents.read().ok().and_then(|d| d.get(&name.kind()).cloned());
        match policy {
            Some(policy) => policy.access(db, viewer, name).await,
            None => Ok(DocAccess::None),
        }
    }

    /// Resolves a token; without an authenticator (a worker serves no sockets) none works.
    pub async fn authenticate(&self, db: &Db, token: &str, now_ms: i64) -> Result<Option<Principal>, AppError> {
        match self.authenticator.get() {
            Some(authenticator) => authenticator.authenticate(db, token, now_ms).await,
            None => Ok(None),
        }
    }
}

/// A channel anyone may read, signed in or not.
pub struct Anyone;

impl ChannelPolicy for Anyone {
    fn may_subscribe<'a>(
        &'a self,
        _: &'a Db,
        _: Option<&'a Principal>,
        _: &'a Channel,
    ) -> BoxFuture<'a, Result<bool, sqlx::Error>> {
        Box::pin(async { Ok(true) })
    }
}
