//! The admin area's live channels, for the hub ([`crate::realtime::policy`]):
//!
//! - `admin`: admins.
//! - `broadcast`: anyone, signed in or not: it carries only what `GET /broadcast-banners`
//!   shows every visitor.
//! - `doc:notes:{entity}:{id}`: admins only, on an entity that exists.

use futures::future::BoxFuture;
use vitrine_protocol::{ChannelKind, DocName, NotesEntity};

use crate::{
    accounts::{auth::account_of, auth::UserRule, model::UserRow},
    realtime::{
        docs::DocAccess,
        policy::{Anyone, Channels, DocKind, DocumentPolicy, Principal},
    },
    store::Db,
};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::Admin, UserRule(UserRow::is_admin));
    channels.register(ChannelKind::Broadcast, Anyone);
    channels.register_document(DocKind::Notes, Notes);
}

struct Notes;

impl DocumentPolicy for Notes {
    fn access<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        name: DocName,
    ) -> BoxFuture<'a, Result<DocAccess, sqlx::Error>> {
        Box::pin(async move {
            let DocName::Notes(entity, id) = name else { return Ok(DocAccess::None) };
            if !account_of(viewer).is_some_and(UserRow::is_admin) {
                return Ok(DocAccess::None);
            }
            // The entity is read through the store of the area that owns it.
            let found = match entity {
                NotesEntity::Contest => crate::contests::store::find(&db.pool, id).await?.is_some(),
                NotesEntity::Project => crate::projects::store::find(&db.pool, id).await?.is_some(),
                NotesEntity::User => crate::accounts::store::find_user(&db.pool, id).await?.is_some(),
            };
            Ok(if found { DocAccess::Write } else { DocAccess::None })
        })
    }
}
