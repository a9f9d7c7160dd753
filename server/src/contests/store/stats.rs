//! The counts of a contest's entries behind the entries grid's filters.
//!
//! `contest_entry` is the entries area's table, but the entries area imports contests
//! (an entry is in a contest), so the contests area cannot ask it without a cycle: it
//! reads the counts itself, as its other queries about its entries do.

use sqlx::{Any, Executor};
use tracing::instrument;

/// A contest's entries counted by filter.
#[derive(Debug)]
pub struct EntryCounts {
    pub all: i64,
    pub active: i64,
    pub eliminated: i64,
    pub winners: i64,
    /// Designers with an entry.
    pub designers: i64,
    pub rated: i64,
    /// The viewer's own entries (0 for nobody).
    pub mine: i64,
}

#[instrument(skip_all, fields(contest_id))]
pub async fn entry_counts<'c>(
    db: impl Executor<'c, Database = Any>,
    contest_id: i64,
    viewer_id: i64,
) -> Result<EntryCounts, sqlx::Error> {
    let (all, active, eliminated, winners, designers, rated, mine): (i64, i64, i64, i64, i64, i64, i64) =
        sqlx::query_as(
            "SELECT COUNT(*), \
           COALESCE(SUM(CASE WHEN status_id = 1 THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN status_id = 2 THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN is_winner = 1 THEN 1 ELSE 0 END), 0), \
           COUNT(DISTINCT created_by), \
           COALESCE(SUM(CASE WHEN rating IS NOT NULL THEN 1 ELSE 0 END), 0), \
           COALESCE(SUM(CASE WHEN created_by = $2 THEN 1 ELSE 0 END), 0) \
         FROM contest_entry WHERE contest_id = $1",
        )
        .bind(contest_id)
        .bind(viewer_id)
        .fetch_one(db)
        .await?;
    Ok(EntryCounts { all, active, eliminated, winners, designers, rated, mine })
}
