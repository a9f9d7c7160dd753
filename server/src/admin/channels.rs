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
            let table = match entity {
                NotesEntity::Contest => "contest",
                NotesEntity::Project => "project",
                NotesEntity::User => "app_user",
            };
            let found: Option<i64> = sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE id = $1"))
                .bind(id)
                .fetch_optional(&db.pool)
                .await?;
            Ok(if found.is_some() { DocAccess::Write } else { DocAccess::None })
        })
    }
}
