//! Who may subscribe to which channel. The rule the tests hold us to: a subscriber
//! never receives anything it could not fetch over REST, so these are the same
//! visibility rules the REST areas apply.
//!
//! - `contest:{id}`: anyone, once the contest is paid (status 2+); a private contest
//!   only to signed-in users; an unpaid one only to its owner and admins.
//! - `project:{id}`: its owner, admins and designers.
//! - `bid:{id}`: the project's owner, that bidder, admins.
//! - `workroom:{id}`: project `{id}`'s owner, the designer whose bid was approved,
//!   admins ([`crate::projects::room`]). The set only grows (a bid is approved once),
//!   so no subscriber ever outlives their right to it.
//! - `user:{id}`: that user only. `court`: gold designers and admins ([`crate::court::may_sit`]).
//!   `admin`: admins. `marketplace`: every signed-in user (as `/marketplace-contests/search`).
//!   `community`: designers and clients ([`crate::community::may_follow`]), as
//!   `GET /activities/community`.
//! - `bench:{name}`: anyone (published only through the server-side publish API).
//! - `broadcast`: anyone, signed in or not: it carries only what `GET /broadcast-banners`
//!   shows every visitor.
//! - `doc:{document}`: whoever may read the document ([`super::docs::access`]).

use sqlx::{Any, Executor, Row};
use vitrine_protocol::Channel;

use crate::accounts::{domain::UserType, model::UserRow};

/// May `user` (None: anonymous) receive what `channel` carries?
pub async fn may_subscribe<'c, E>(db: E, user: Option<&UserRow>, channel: &Channel) -> Result<bool, sqlx::Error>
where
    E: Executor<'c, Database = Any> + Copy,
{
    let is_admin = user.is_some_and(UserRow::is_admin);
    Ok(match channel {
        Channel::Bench(_) | Channel::Broadcast => true,
        Channel::Admin => is_admin,
        // Whoever may browse the marketplace (every signed-in user) hears what leaves it.
        Channel::Marketplace => user.is_some(),
        Channel::Court => user.is_some_and(crate::court::may_sit),
        Channel::Community => user.is_some_and(crate::community::may_follow),
        Channel::User(id) => user.is_some_and(|u| u.id == *id),
        Channel::Contest(id) => {
            let row = sqlx::query("SELECT created_by, status_id, is_private FROM contest WHERE id = $1")
                .bind(*id)
                .fetch_optional(db)
                .await?;
            match row {
                None => false,
                Some(row) => {
                    let owner: i64 = row.try_get("created_by")?;
                    let status: i64 = row.try_get("status_id")?;
                    let private: i64 = row.try_get("is_private")?;
                    crate::contests::visibility::may_view(user, owner, status, private != 0)
                }
            }
        }
        Channel::Project(id) => {
            let owner: Option<i64> =
                sqlx::query_scalar("SELECT created_by FROM project WHERE id = $1").bind(*id).fetch_optional(db).await?;
            match owner {
                None => false,
                Some(owner) => is_admin || user.is_some_and(|u| u.id == owner || u.user_type() == UserType::Designer),
            }
        }
        Channel::Workroom(id) => match user {
            None => false,
            Some(user) => crate::projects::room::may_enter(db, user, *id).await?,
        },
        // The document's own rule, decided by the area that owns its entity.
        Channel::Doc(name) => super::docs::access::decide(db, user, *name).await? != super::docs::DocAccess::None,
        Channel::Bid(id) => {
            let row = sqlx::query("SELECT b.created_by AS bidder, p.created_by AS owner FROM bid b JOIN project p ON p.id = b.project_id WHERE b.id = $1")
                .bind(*id)
                .fetch_optional(db)
                .await?;
            match row {
                None => false,
                Some(row) => {
                    let bidder: i64 = row.try_get("bidder")?;
                    let owner: i64 = row.try_get("owner")?;
                    is_admin || user.is_some_and(|u| u.id == bidder || u.id == owner)
                }
            }
        }
    })
}
