//! Who may read and who may write a document. Each rule belongs to the area that owns
//! the document's entity, as REST applies it; this only dispatches on the name:
//!
//! - `doc:workroom-brief:{id}`: the room's two parties and admins read and write
//!   ([`crate::projects::room::brief_document_access`]).
//! - `doc:contest-brief:{id}`: the contest's owner and admins write; whoever may read
//!   the whole brief reads ([`crate::contests::visibility::brief_document_access`]).
//! - `doc:notes:{entity}:{id}`: admins only, on an entity that exists
//!   ([`crate::accounts::model::UserRow::is_admin`]).

use sqlx::{Any, Executor, Row};
use vitrine_protocol::{DocName, NotesEntity};

use super::DocAccess;
use crate::accounts::model::UserRow;

/// What `user` (None: anonymous) may do with document `name`.
pub async fn decide<'c, E>(db: E, user: Option<&UserRow>, name: DocName) -> Result<DocAccess, sqlx::Error>
where
    E: Executor<'c, Database = Any> + Copy,
{
    Ok(match name {
        DocName::WorkroomBrief(project) => match user {
            None => DocAccess::None,
            Some(user) => crate::projects::room::brief_document_access(db, user, project).await?,
        },
        DocName::ContestBrief(contest) => {
            let row = sqlx::query("SELECT created_by, status_id, is_private FROM contest WHERE id = $1")
                .bind(contest)
                .fetch_optional(db)
                .await?;
            match row {
                None => DocAccess::None,
                Some(row) => {
                    let owner: i64 = row.try_get("created_by")?;
                    let status: i64 = row.try_get("status_id")?;
                    let private: i64 = row.try_get("is_private")?;
                    crate::contests::visibility::brief_document_access(user, owner, status, private != 0)
                }
            }
        }
        DocName::Notes(entity, id) => {
            if !user.is_some_and(UserRow::is_admin) {
                return Ok(DocAccess::None);
            }
            let table = match entity {
                NotesEntity::Contest => "contest",
                NotesEntity::Project => "project",
                NotesEntity::User => "app_user",
            };
            let found: Option<i64> = sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE id = $1"))
                .bind(id)
                .fetch_optional(db)
                .await?;
            if found.is_some() {
                DocAccess::Write
            } else {
                DocAccess::None
            }
        }
    })
}
