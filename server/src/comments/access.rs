//! What a comment, reaction or tag hangs on (a contest's board or one entry), who
//! may see it, and which channels hear about changes to it: the contest's side of the
//! thread model ([`crate::threads`]).
//!
//! A hidden contest or entry is a 404, as if absent. On a blind contest everything
//! about an entry goes to `user:{owner}` and `user:{designer}` only, never to the
//! contest's channel, which every viewer of the contest may watch.

use serde_json::json;
use sqlx::AnyConnection;
use vitrine_protocol::{event_type, Channel};

use super::{
    image_tags::ImageTagRequest,
    model::{CommentView, ImageTagView},
    store::{COMMENTS, REACTIONS, TAGS},
};
use crate::{
    accounts::{domain::UserType, CurrentUser},
    community::activity::{self, ActivityType},
    contests::{launch::visible, model::ContestRow},
    entries::{store as entries, visibility::may_view_entry},
    error::{codes, AppError},
    notifications::{texts, NewNotification, NotificationType, Text},
    state::AppState,
    threads::{
        comments::CommentThread,
        image_tags::{checked_tag, TagTarget, Tagged},
        model::EmojiReactions,
        reactions::{toggle, Reacted, ReactionTarget},
        rules::{Point, LIKE},
        store::CommentTable,
    },
};

/// The entry a piece of feedback belongs to.
#[derive(Debug, Clone)]
pub struct EntryRef {
    pub id: i64,
    pub contest_id: i64,
    /// The entry's designer.
    pub created_by: i64,
}

/// A contest's board, or one entry of it, that the caller may see.
#[derive(Debug, Clone)]
pub struct Target {
    pub contest: ContestRow,
    pub entry: Option<EntryRef>,
}

impl Target {
    pub fn contest_id(&self) -> i64 {
        self.contest.id
    }
    pub fn owner_id(&self) -> i64 {
        self.contest.created_by
    }
    pub fn entry_id(&self) -> Option<i64> {
        self.entry.as_ref().map(|e| e.id)
    }
    /// The entry's designer, for entry targets.
    pub fn designer_id(&self) -> Option<i64> {
        self.entry.as_ref().map(|e| e.created_by)
    }
    /// Is `user_id` the contest's owner or the entry's designer?
    pub fn is_party(&self, user_id: i64) -> bool {
        user_id == self.owner_id() || self.designer_id() == Some(user_id)
    }

    /// Where events about this board or entry go.
    pub fn channels(&self) -> Vec<Channel> {
        match &self.entry {
            Some(entry) if self.contest.is_blind != 0 => self.party_channels(entry),
            _ => vec![Channel::Contest(self.contest.id)],
        }
    }

    /// `user:{owner}` and `user:{designer}`: for what only those two may read.
    pub fn private_channels(&self) -> Vec<Channel> {
        match &self.entry {
            Some(entry) => self.party_channels(entry),
            None => vec![Channel::User(self.owner_id())],
        }
    }

    fn party_channels(&self, entry: &EntryRef) -> Vec<Channel> {
        let mut channels = vec![Channel::User(self.owner_id())];
        if entry.created_by != self.owner_id() {
            channels.push(Channel::User(entry.created_by));
        }
        channels
    }

    /// Who hears of a new comment: the owner of a board comment by someone else; on an
    /// entry, the designer when the owner writes and the owner when the designer writes.
    fn recipient(&self, author: i64) -> Option<(i64, NotificationType)> {
        match self.designer_id() {
            None => (author != self.owner_id()).then_some((self.owner_id(), NotificationType::ContestComment)),
            Some(designer) if author == self.owner_id() && designer != author => {
                Some((designer, NotificationType::EntryComment))
            }
            Some(designer) if author == designer => Some((self.owner_id(), NotificationType::EntryComment)),
            Some(_) => None,
        }
    }

    /// 403 unless the caller is the contest's owner or the entry's designer (image tags).
    pub fn require_party(&self, caller: &CurrentUser) -> Result<(), AppError> {
        match self.is_party(caller.id()) {
            true => Ok(()),
            false => Err(AppError::forbidden(codes::IMAGE_TAG_FORBIDDEN)),
        }
    }
}

/// An entry's reactions: designers and clients react (contests doc, section 6); admins
/// only read. A like (1) is a community activity, and taking it back removes it.
impl ReactionTarget for Target {
    /// `entry.reaction` on the entry's channels.
    fn reacted(&self) -> Reacted {
        let entry = self.entry_id().unwrap_or_default();
        let parent = ("contest_id", self.contest_id());
        Reacted {
            table: REACTIONS,
            parent,
            target: entry,
            event: event_type::ENTRY_REACTION,
            channels: self.channels(),
        }
    }

    fn may_react(&self, caller: &CurrentUser) -> Result<(), AppError> {
        match matches!(caller.user.user_type(), UserType::Designer | UserType::Client) {
            true => Ok(()),
            false => Err(AppError::forbidden(codes::REACTION_FORBIDDEN)),
        }
    }

    fn may_unreact(&self, _caller: &CurrentUser) -> Result<(), AppError> {
        Ok(())
    }

    async fn react(
        &self,
        state: &AppState,
        caller: &CurrentUser,
        emoji: i64,
        add: bool,
    ) -> Result<(bool, EmojiReactions), AppError> {
        let (contest, entry) = (self.contest_id(), self.entry_id().unwrap_or_default());
        let (changed, group, liked) =
            toggle(state, caller, &self.reacted(), emoji, add, async |tx, changed, now| {
                match (changed && emoji == LIKE, add) {
                    (true, true) => {
                        activity::record_entry(tx, ActivityType::EntryLiked, caller.id(), contest, entry, now).await
                    }
                    (true, false) => activity::remove_like(tx, caller.id(), entry).await.map(|()| None),
                    (false, _) => Ok(None),
                }
            })
            .await?;
        activity::announce(state, liked.as_slice()).await;
        Ok((changed, group))
    }
}

/// An entry's image tags, between the contest's owner and the entry's designer: they
/// tag and complete; they and admins read.
impl TagTarget for Target {
    type Tag = ImageTagView;
    type Request = ImageTagRequest;

    /// As only the two parties and admins may read tags, their events go to
    /// `user:{owner}` and `user:{designer}` on every contest.
    fn tagged(&self) -> Tagged {
        Tagged { table: TAGS, target: self.entry_id().unwrap_or_default(), channels: self.private_channels() }
    }

    fn may_tag(&self, caller: &CurrentUser) -> Result<(), AppError> {
        self.require_party(caller)
    }

    fn may_read_tags(&self, caller: &CurrentUser) -> Result<(), AppError> {
        match caller.is_admin() {
            true => Ok(()),
            false => self.require_party(caller),
        }
    }

    fn checked_tag(&self, req: &ImageTagRequest) -> Result<(Point, Option<i64>), AppError> {
        Ok((checked_tag(req.x, req.y, req.note.as_deref(), |_| {})?, None))
    }
}

/// A board's or an entry's comments: anyone who sees the contest writes; the author,
/// the contest's owner (who moderates their own contest) or an admin deletes.
impl CommentThread for Target {
    type Comment = CommentView;
    type View = CommentView;
    const TABLE: CommentTable = COMMENTS;

    fn keys(&self) -> (i64, Option<i64>) {
        (self.contest_id(), self.entry_id())
    }

    fn path(&self) -> String {
        match self.entry_id() {
            Some(entry) => format!("/contests/{}/entries/{entry}/comments", self.contest_id()),
            None => format!("/contests/{}/comments", self.contest_id()),
        }
    }

    fn channels(&self) -> Vec<Channel> {
        Target::channels(self)
    }

    fn may_write(&self, _caller: &CurrentUser) -> Result<(), AppError> {
        Ok(())
    }

    fn may_delete(&self, caller: &CurrentUser, author: i64) -> Result<(), AppError> {
        match caller.is_admin() || caller.id() == author || caller.id() == self.owner_id() {
            true => Ok(()),
            false => Err(AppError::forbidden(codes::COMMENT_DELETE_FORBIDDEN)),
        }
    }

    fn notice(&self, caller: &CurrentUser, comment: &CommentView) -> Option<NewNotification> {
        let (user_id, kind) = self.recipient(caller.id())?;
        let template = match (self.entry_id(), user_id == self.owner_id()) {
            (None, _) => texts::COMMENT_ON_CONTEST,
            (Some(_), true) => texts::COMMENT_ON_ENTRY_IN_CONTEST,
            (Some(_), false) => texts::COMMENT_ON_YOUR_ENTRY,
        };
        Some(NewNotification {
            user_id,
            kind,
            created_by: Some(caller.id()),
            trigger_entity_id: Some(comment.id),
            text: Text::new(template, json!({"username": caller.user.username, "contest": self.contest.title})),
            data: json!({"contest_id": self.contest_id(), "contest_entry_id": self.entry_id(), "id": comment.id}),
        })
    }

    async fn shown(&self, _: &mut AnyConnection, comments: Vec<CommentView>) -> Result<Vec<CommentView>, sqlx::Error> {
        Ok(comments)
    }
}

/// The board of contest `contest_id` (`entry_id` None) or one of its entries, when
/// `viewer` may see it: how the comment handlers find a thread
/// ([`crate::threads::routes`]).
pub async fn thread(
    state: &AppState,
    viewer: Option<&CurrentUser>,
    contest_id: i64,
    entry_id: Option<i64>,
) -> Result<Target, AppError> {
    match entry_id {
        None => board(state, viewer, contest_id).await,
        Some(entry_id) => entry(state, viewer, contest_id, entry_id).await,
    }
}

/// The board of contest `contest_id`, when `viewer` may see the contest.
pub async fn board(state: &AppState, viewer: Option<&CurrentUser>, contest_id: i64) -> Result<Target, AppError> {
    let contest = visible(state, viewer, contest_id).await?;
    Ok(Target { contest, entry: None })
}

/// Entry `entry_id` of contest `contest_id`, when `viewer` may see both: what the
/// reaction and image-tag handlers act on.
pub async fn entry(
    state: &AppState,
    viewer: Option<&CurrentUser>,
    contest_id: i64,
    entry_id: i64,
) -> Result<Target, AppError> {
    let contest = visible(state, viewer, contest_id).await?;
    let entry = entries::find(&state.db.pool, contest_id, entry_id)
        .await?
        .filter(|e| may_view_entry(viewer.map(|v| &v.user), contest.created_by, contest.is_blind != 0, e.created_by))
        .ok_or_else(|| AppError::not_found(codes::ENTRY_NOT_FOUND))?;
    let entry = EntryRef { id: entry.id, contest_id: entry.contest_id, created_by: entry.created_by };
    Ok(Target { contest, entry: Some(entry) })
}
