//! The contest area's live channels, for the hub ([`crate::realtime::policy`]):
//!
//! - `contest:{id}`: whoever may view the contest ([`visibility::may_view`]): anyone once
//!   it is paid (status 2+), a private one only signed-in users, an unpaid one only its
//!   owner and admins.
//! - `doc:contest-brief:{id}`: the contest's owner and admins write; whoever may read the
//!   whole brief reads ([`visibility::brief_document_access`]). Its text is the contest's
//!   description ([`BriefText`]): the document starts from it and every change writes it.

use futures::future::BoxFuture;
use sqlx::AnyConnection;
use vitrine_protocol::{Channel, ChannelKind, DocName};

use super::{store, visibility};
use crate::{
    accounts::auth::account_of,
    realtime::{
        docs::DocAccess,
        policy::{ChannelPolicy, Channels, DocKind, DocumentPolicy, Principal, TextMirror},
    },
    store::Db,
};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::Contest, ContestChannel);
    channels.register_document(DocKind::ContestBrief, ContestBrief);
    channels.register_text_mirror(DocKind::ContestBrief, BriefText);
}

/// Owner, status and privacy of a contest, as the visibility rules take them.
async fn contest_parts(db: &Db, id: i64) -> Result<Option<(i64, i64, bool)>, sqlx::Error> {
    let parts = store::visibility_parts(&db.pool, id).await?;
    Ok(parts.map(|(owner, status, private)| (owner, status, private != 0)))
}

struct ContestChannel;

impl ChannelPolicy for ContestChannel {
    fn may_subscribe<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, Result<bool, sqlx::Error>> {
        Box::pin(async move {
            let Channel::Contest(id) = channel else { return Ok(false) };
            Ok(match contest_parts(db, *id).await? {
                None => false,
                Some((owner, status, private)) => visibility::may_view(account_of(viewer), owner, status, private),
            })
        })
    }
}

struct ContestBrief;

impl DocumentPolicy for ContestBrief {
    fn access<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        name: DocName,
    ) -> BoxFuture<'a, Result<DocAccess, sqlx::Error>> {
        Box::pin(async move {
            let DocName::ContestBrief(id) = name else { return Ok(DocAccess::None) };
            Ok(match contest_parts(db, id).await? {
                None => DocAccess::None,
                Some((owner, status, private)) => {
                    visibility::brief_document_access(account_of(viewer), owner, status, private)
                }
            })
        })
    }
}

/// The brief document's text is the contest's REST description, both ways: opening an
/// empty document never loses the description, and an edit is the new description.
struct BriefText;

impl TextMirror for BriefText {
    fn initial_text<'a>(&'a self, db: &'a Db, name: DocName) -> BoxFuture<'a, Result<Option<String>, sqlx::Error>> {
        Box::pin(async move {
            let DocName::ContestBrief(id) = name else { return Ok(None) };
            store::description(&db.pool, id).await
        })
    }

    fn write_text<'a>(
        &'a self,
        conn: &'a mut AnyConnection,
        name: DocName,
        text: &'a str,
        now_ms: i64,
    ) -> BoxFuture<'a, Result<(), sqlx::Error>> {
        Box::pin(async move {
            let DocName::ContestBrief(id) = name else { return Ok(()) };
            store::set_description(conn, id, text, now_ms).await
        })
    }
}
