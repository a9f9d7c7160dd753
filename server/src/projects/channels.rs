//! The project area's live channels, for the hub ([`crate::realtime::policy`]):
//!
//! - `project:{id}`: its owner, admins and designers ([`access::may_view_parts`]).
//! - `workroom:{id}`: project `{id}`'s owner, the designer whose bid was approved, admins
//!   ([`room::may_enter`]). The set only grows (a bid is approved once), so no subscriber
//!   ever outlives their right to it.
//! - `doc:workroom-brief:{id}`: the room's two parties and admins read and write
//!   ([`room::brief_document_access`]).

use futures::future::BoxFuture;
use vitrine_protocol::{Channel, ChannelKind, DocName};

use super::{access, room};
use crate::{
    accounts::auth::account_of,
    realtime::{
        docs::DocAccess,
        policy::{ChannelPolicy, Channels, DocKind, DocumentPolicy, Principal},
    },
    store::Db,
};

pub fn register(channels: &Channels) {
    channels.register(ChannelKind::Project, ProjectChannel);
    channels.register(ChannelKind::Workroom, WorkroomChannel);
    channels.register_document(DocKind::WorkroomBrief, WorkroomBrief);
}

struct ProjectChannel;

impl ChannelPolicy for ProjectChannel {
    fn may_subscribe<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, Result<bool, sqlx::Error>> {
        Box::pin(async move {
            let Channel::Project(id) = channel else { return Ok(false) };
            let owner = super::store::owner_of(&db.pool, *id).await?;
            Ok(match (owner, account_of(viewer)) {
                (Some(owner), Some(user)) => access::may_view_parts(user, owner),
                _ => false,
            })
        })
    }
}

struct WorkroomChannel;

impl ChannelPolicy for WorkroomChannel {
    fn may_subscribe<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, Result<bool, sqlx::Error>> {
        Box::pin(async move {
            match (channel, account_of(viewer)) {
                (Channel::Workroom(id), Some(user)) => room::may_enter(&db.pool, user, *id).await,
                _ => Ok(false),
            }
        })
    }
}

struct WorkroomBrief;

impl DocumentPolicy for WorkroomBrief {
    fn access<'a>(
        &'a self,
        db: &'a Db,
        viewer: Option<&'a Principal>,
        name: DocName,
    ) -> BoxFuture<'a, Result<DocAccess, sqlx::Error>> {
        Box::pin(async move {
            match (name, account_of(viewer)) {
                (DocName::WorkroomBrief(project), Some(user)) => {
                    room::brief_document_access(&db.pool, user, project).await
                }
                _ => Ok(DocAccess::None),
            }
        })
    }
}
