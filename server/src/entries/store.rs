//! SQL of the entries area.

use std::collections::HashMap;

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use super::model::{EntryFileView, EntryRow, ENTRY_COLUMNS, ENTRY_FROM};

pub async fn find<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
    id: i64,
) -> Result<Option<EntryRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE e.id = $1 AND e.contest_id = $2"))
        .bind(id)
        .bind(contest_id)
        .fetch_optional(db)
        .await
}

/// Takes the contest's row lock for the rest of the transaction (and the SQLite write
/// lock), so that entry numbers, limits and one-time actions on a contest are decided
/// one writer at a time. Answers the status it holds under the lock.
pub async fn lock_contest(conn: &mut AnyConnection, contest_id: i64, now_ms: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("UPDATE contest SET updated_at = $1 WHERE id = $2 RETURNING status_id")
        .bind(now_ms)
        .bind(contest_id)
        .fetch_optional(&mut *conn)
        .await
}

pub async fn is_blocked(conn: &mut AnyConnection, contest_id: i64, user_id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT app_user_id FROM contest_blocked_designer WHERE contest_id = $1 AND app_user_id = $2",
    )
    .bind(contest_id)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

pub async fn block(conn: &mut AnyConnection, contest_id: i64, user_id: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO contest_blocked_designer (contest_id, app_user_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (contest_id, app_user_id) DO NOTHING",
    )
    .bind(contest_id)
    .bind(user_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Entries by `user_id` in the contest that count towards the bronze limit
/// (all but withdrawn ones).
pub async fn count_by_designer(conn: &mut AnyConnection, contest_id: i64, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry WHERE contest_id = $1 AND created_by = $2 AND status_id < 3")
        .bind(contest_id)
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await
}

/// (entries, designers) of a contest, withdrawn entries aside.
pub async fn contest_totals(conn: &mut AnyConnection, contest_id: i64) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT COUNT(*), COUNT(DISTINCT created_by) FROM contest_entry WHERE contest_id = $1 AND status_id < 3",
    )
    .bind(contest_id)
    .fetch_one(&mut *conn)
    .await
}

/// Of `file_ids`, those that are not `user_id`'s files of `category` (or do not exist).
pub async fn unfit_files(
    conn: &mut AnyConnection,
    user_id: i64,
    category: Option<i64>,
    file_ids: &[i64],
) -> Result<Vec<i64>, sqlx::Error> {
    let mut unfit = Vec::new();
    for id in file_ids {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM file WHERE id = $1 AND app_user_id = $2 AND ($3 = 0 OR file_category_id = $3)",
        )
        .bind(id)
        .bind(user_id)
        .bind(category.unwrap_or(0))
        .fetch_optional(&mut *conn)
        .await?;
        if found.is_none() {
            unfit.push(*id);
        }
    }
    Ok(unfit)
}

/// A new entry's fields.
#[derive(Debug)]
pub struct NewEntry<'a> {
    pub contest_id: i64,
    pub created_by: i64,
    pub title: Option<&'a str>,
    pub description: Option<&'a str>,
    pub now_ms: i64,
}

/// Inserts the entry with the next number of its contest; call under [`lock_contest`].
#[instrument(skip_all, fields(contest_id = entry.contest_id))]
pub async fn insert(conn: &mut AnyConnection, entry: &NewEntry<'_>) -> Result<i64, sqlx::Error> {
    let number: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(number), 0) + 1 FROM contest_entry WHERE contest_id = $1")
            .bind(entry.contest_id)
            .fetch_one(&mut *conn)
            .await?;
    sqlx::query_scalar(
        "INSERT INTO contest_entry (contest_id, created_by, number, title, description, status_id, is_winner, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, 0, $6, $6) RETURNING id",
    )
    .bind(entry.contest_id)
    .bind(entry.created_by)
    .bind(number)
    .bind(entry.title)
    .bind(entry.description)
    .bind(entry.now_ms)
    .fetch_one(&mut *conn)
    .await
}

pub async fn attach_file(
    conn: &mut AnyConnection,
    entry_id: i64,
    file_id: i64,
    version: i64,
    kind: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO contest_entry_file (contest_entry_id, file_id, version, kind, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(entry_id)
    .bind(file_id)
    .bind(version)
    .bind(kind)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn touch(conn: &mut AnyConnection, entry_id: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest_entry SET updated_at = $1 WHERE id = $2")
        .bind(now_ms)
        .bind(entry_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub use crate::contests::store::has_artwork;

/// The images of `version` of an entry, and any final artwork.
pub async fn files_of(
    conn: &mut AnyConnection,
    entry_id: i64,
    version: i64,
) -> Result<Vec<EntryFileView>, sqlx::Error> {
    sqlx::query_as(
        "SELECT ef.file_id, ef.kind, ef.version, '/files/' || CAST(ef.file_id AS TEXT) || '/content' AS full_path, \
         f.sha256 AS hash FROM contest_entry_file ef JOIN file f ON f.id = ef.file_id \
         WHERE ef.contest_entry_id = $1 AND (ef.version = $2 OR ef.kind = 3) ORDER BY ef.kind, ef.id",
    )
    .bind(entry_id)
    .bind(version)
    .fetch_all(&mut *conn)
    .await
}

/// [`files_of`] for a page of entries in one query: entry id -> its files.
pub async fn files_of_entries(
    conn: &mut AnyConnection,
    entries: &[(i64, i64)],
) -> Result<HashMap<i64, Vec<EntryFileView>>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Row {
        contest_entry_id: i64,
        #[sqlx(flatten)]
        file: EntryFileView,
    }
    let mut by_entry: HashMap<i64, Vec<EntryFileView>> = HashMap::new();
    if entries.is_empty() {
        return Ok(by_entry);
    }
    let placeholders: Vec<String> = (1..=entries.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        "SELECT ef.contest_entry_id, ef.file_id, ef.kind, ef.version, '/files/' || CAST(ef.file_id AS TEXT) || '/content' AS full_path, \
         f.sha256 AS hash FROM contest_entry_file ef JOIN file f ON f.id = ef.file_id \
         WHERE ef.contest_entry_id IN ({}) ORDER BY ef.contest_entry_id, ef.kind, ef.id",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, Row>(&sql);
    for (entry_id, _) in entries {
        query = query.bind(*entry_id);
    }
    let current: HashMap<i64, i64> = entries.iter().copied().collect();
    for row in query.fetch_all(&mut *conn).await? {
        // The entry's current version, and final artwork whatever its version.
        if row.file.kind == 3 || current.get(&row.contest_entry_id) == Some(&row.file.version) {
            by_entry.entry(row.contest_entry_id).or_default().push(row.file);
        }
    }
    Ok(by_entry)
}

pub async fn set_rating(conn: &mut AnyConnection, entry_id: i64, rating: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest_entry SET rating = $1, updated_at = $2 WHERE id = $3")
        .bind(rating)
        .bind(now_ms)
        .bind(entry_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Moves entry `id` from status `from` to `to` (compare-and-set: false when it is no longer
/// in `from`). Which moves exist is `transitions::ENTRY`'s to say.
pub async fn move_status(
    conn: &mut AnyConnection,
    id: i64,
    from: i64,
    to: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE contest_entry SET status_id = $1, updated_at = $2 WHERE id = $3 AND status_id = $4")
        .bind(to)
        .bind(now_ms)
        .bind(id)
        .bind(from)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Ids of the designer's entries in the contest, withdrawn ones aside.
pub async fn designer_entry_ids(
    conn: &mut AnyConnection,
    contest_id: i64,
    user_id: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM contest_entry WHERE contest_id = $1 AND created_by = $2 AND status_id < 3 ORDER BY id",
    )
    .bind(contest_id)
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn mark_winner(conn: &mut AnyConnection, entry_id: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE contest_entry SET is_winner = 1, awarded_at = $1, updated_at = $1 WHERE id = $2")
        .bind(now_ms)
        .bind(entry_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn entry_exists(conn: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM contest_entry WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(found.is_some())
}

/// Where a file is attached: (contest owner, contest status, is_private, is_blind,
/// entry designer, file kind) for each entry holding it.
pub async fn file_attachments(
    conn: &mut AnyConnection,
    file_id: i64,
) -> Result<Vec<(i64, i64, i64, i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.created_by, c.status_id, c.is_private, c.is_blind, e.created_by, ef.kind \
         FROM contest_entry_file ef JOIN contest_entry e ON e.id = ef.contest_entry_id \
         JOIN contest c ON c.id = e.contest_id WHERE ef.file_id = $1",
    )
    .bind(file_id)
    .fetch_all(&mut *conn)
    .await
}

/// How a contest's entries are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Newest,
    Oldest,
    Rating,
    Likes,
}

impl Sort {
    fn order_by(self) -> &'static str {
        match self {
            Self::Newest => "e.id DESC",
            Self::Oldest => "e.id ASC",
            Self::Rating => "COALESCE(e.rating, 0) DESC, e.id DESC",
            Self::Likes => "likes_count DESC, e.id DESC",
        }
    }
}

/// Which entries of a contest a list shows.
#[derive(Debug, Clone)]
pub struct Filter {
    pub contest_id: i64,
    pub status_id: Option<i64>,
    pub designer_username: Option<String>,
    /// On a blind contest, a viewer who may not see every entry sees only their own
    /// (`Some(id)`), or none at all (`Some(0)` for anonymous viewers).
    pub only_designer: Option<i64>,
    /// `group=designer`: one card per designer, their newest matching entry.
    pub one_per_designer: bool,
}

/// One page of a contest's entries and the total matching.
#[instrument(skip_all, fields(contest_id = filter.contest_id))]
pub async fn page(
    conn: &mut AnyConnection,
    filter: &Filter,
    sort: Sort,
    page: i64,
    per_page: i64,
) -> Result<(Vec<EntryRow>, i64), sqlx::Error> {
    // Every condition binds a value even when it does not filter, so the placeholders
    // stay the same: `$2 = 0 OR ...`.
    let condition = "e.contest_id = $1 AND e.status_id < 3 AND ($2 = 0 OR e.status_id = $2) \
        AND ($3 = '' OR u.username = $3) AND ($4 = -1 OR e.created_by = $4) \
        AND ($5 = 0 OR e.id = (SELECT MAX(g.id) FROM contest_entry g WHERE g.contest_id = e.contest_id \
            AND g.created_by = e.created_by AND g.status_id < 3 AND ($2 = 0 OR g.status_id = $2)))";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {ENTRY_FROM} WHERE {condition}"))
        .bind(filter.contest_id)
        .bind(filter.status_id.unwrap_or(0))
        .bind(filter.designer_username.clone().unwrap_or_default())
        .bind(filter.only_designer.unwrap_or(-1))
        .bind(i64::from(filter.one_per_designer))
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query_as(&format!(
        "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE {condition} ORDER BY {} LIMIT $6 OFFSET $7",
        sort.order_by()
    ))
    .bind(filter.contest_id)
    .bind(filter.status_id.unwrap_or(0))
    .bind(filter.designer_username.clone().unwrap_or_default())
    .bind(filter.only_designer.unwrap_or(-1))
    .bind(i64::from(filter.one_per_designer))
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, total))
}

/// How many entries (withdrawn ones aside, of `status_id` when given) each designer
/// has in a contest: the counts a list grouped by designer shows.
pub async fn entries_per_designer(
    conn: &mut AnyConnection,
    contest_id: i64,
    status_id: Option<i64>,
) -> Result<HashMap<i64, i64>, sqlx::Error> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT created_by, COUNT(*) FROM contest_entry WHERE contest_id = $1 AND status_id < 3 \
         AND ($2 = 0 OR status_id = $2) GROUP BY created_by",
    )
    .bind(contest_id)
    .bind(status_id.unwrap_or(0))
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().collect())
}

/// Takes the award from a contest's winning entries; how many there were.
#[instrument(skip_all, fields(contest_id))]
pub async fn unaward_winners(conn: &mut AnyConnection, contest_id: i64, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE contest_entry SET is_winner = 0, awarded_at = NULL, updated_at = $1 WHERE contest_id = $2 AND is_winner = 1")
        .bind(now)
        .bind(contest_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}

/// Contests taking entries or deciding in which the designer has an entry.
#[instrument(skip_all, fields(user_id))]
pub async fn participating_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM contest c WHERE c.status_id IN (2, 3) \
         AND EXISTS (SELECT 1 FROM contest_entry e WHERE e.contest_id = c.id AND e.created_by = $1)",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await
}

/// The designer's winning entries.
#[instrument(skip_all, fields(user_id))]
pub async fn won_count(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM contest_entry WHERE created_by = $1 AND is_winner = 1")
        .bind(user_id)
        .fetch_one(conn)
        .await
}

/// Entries whose title or designer holds the text (the admin's search): at most 48, newest first; `like` is a `contains_pattern`, `id` matches the id.
#[instrument(skip_all)]
pub async fn search<'c>(
    db: impl Executor<'c, Database = Any>,
    like: &str,
    id: i64,
) -> Result<Vec<crate::store::search::SearchHitRow>, sqlx::Error> {
    let has = |column: &str| crate::store::search::contains(column, "$1");
    let sql = format!(
        "SELECT 'entry' AS kind, e.id, c.title || ' · #' || e.number AS title, u.username AS subtitle, \
        e.contest_id, e.status_id FROM contest_entry e JOIN contest c ON c.id = e.contest_id \
        JOIN app_user u ON u.id = e.created_by \
        WHERE e.id = $2 OR {} OR {} ORDER BY e.id DESC LIMIT 48",
        has("COALESCE(e.title, '')"),
        has("u.username")
    );
    sqlx::query_as(&sql).bind(like).bind(id).fetch_all(db).await
}

/// An e-mail address and its owner's language.
pub type Addressee = (String, String);

/// The e-mail address and language of contest `contest_id`'s winning designer (its first
/// winning entry's) and of `holder_id`, when the contest has a winner.
#[instrument(skip_all, fields(contest_id))]
pub async fn winner_and_holder_emails(
    conn: &mut AnyConnection,
    contest_id: i64,
    holder_id: i64,
) -> Result<Option<(Addressee, Addressee)>, sqlx::Error> {
    let row: Option<(String, String, String, String)> = sqlx::query_as(
        "SELECT d.email, d.language, h.email, h.language FROM contest_entry e JOIN app_user d ON d.id = e.created_by \
         JOIN app_user h ON h.id = $2 WHERE e.contest_id = $1 AND e.is_winner = 1 ORDER BY e.id LIMIT 1",
    )
    .bind(contest_id)
    .bind(holder_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(designer, designer_language, holder, holder_language)| {
        ((designer, designer_language), (holder, holder_language))
    }))
}
