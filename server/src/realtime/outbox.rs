//! Durable events: written in the transaction of the change they announce, with a
//! per-channel sequence, and read back as history for recovery.
//!
//! An area never calls [`append`] itself: it appends through its unit of work
//! ([`super::unit::Unit::append`]), which calls it and publishes the frames after the
//! commit. Should the process die between the two, the relay publishes the rows still
//! marked unpublished.

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;
use vitrine_protocol::{limits::HISTORY_MAX_EVENTS, Channel, ChannelEvents, EventFrame};

/// Writes one event for `channel` and returns it with its seq. Call inside the
/// transaction of the change the event announces.
#[instrument(skip_all, fields(channel = %channel, event_type))]
pub async fn append(
    conn: &mut AnyConnection,
    channel: &Channel,
    event_type: &str,
    data: serde_json::Value,
    now_ms: i64,
) -> Result<EventFrame, sqlx::Error> {
    let ch = channel.to_string();
    // The upsert locks the channel's head row until commit: writers to one channel
    // take turns, so seqs are consecutive and commit in order.
    let seq: i64 = sqlx::query_scalar(
        "INSERT INTO channel_head (channel, seq) VALUES ($1, 1) \
         ON CONFLICT (channel) DO UPDATE SET seq = channel_head.seq + 1 RETURNING seq",
    )
    .bind(&ch)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("INSERT INTO event (channel, seq, event_type, data, ts) VALUES ($1, $2, $3, $4, $5)")
        .bind(&ch)
        .bind(seq)
        .bind(event_type)
        .bind(data.to_string())
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    Ok(EventFrame { ch, seq: u64::try_from(seq).unwrap_or(0), event_type: event_type.to_owned(), ts: now_ms, data })
}

/// Takes the channel's head row lock (as [`append`] does) without writing an event, so a
/// transaction that will append to `channel` and also lock other rows can take its locks
/// in the order every writer uses: the channel's head first. A head that does not exist
/// yet is created at 0, so the next `append` still writes seq 1.
pub async fn lock_head(conn: &mut AnyConnection, channel: &Channel) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO channel_head (channel, seq) VALUES ($1, 0) \
         ON CONFLICT (channel) DO UPDATE SET seq = channel_head.seq",
    )
    .bind(channel.to_string())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct EventRow {
    channel: String,
    seq: i64,
    event_type: String,
    data: String,
    ts: i64,
}

impl From<EventRow> for EventFrame {
    fn from(row: EventRow) -> Self {
        EventFrame {
            ch: row.channel,
            seq: u64::try_from(row.seq).unwrap_or(0),
            event_type: row.event_type,
            ts: row.ts,
            data: serde_json::from_str(&row.data).unwrap_or(serde_json::Value::Null),
        }
    }
}

/// The last seq handed out on `channel`, 0 when it has none.
pub async fn head<'c>(db: impl Executor<'c, Database = Any>, channel: &str) -> Result<u64, sqlx::Error> {
    let seq: Option<i64> =
        sqlx::query_scalar("SELECT seq FROM channel_head WHERE channel = $1").bind(channel).fetch_optional(db).await?;
    Ok(seq.and_then(|s| u64::try_from(s).ok()).unwrap_or(0))
}

/// Events of `channel` with seq in `(after, up_to]`, oldest first.
pub async fn range<'c>(
    db: impl Executor<'c, Database = Any>,
    channel: &str,
    after: u64,
    up_to: u64,
) -> Result<Vec<EventFrame>, sqlx::Error> {
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT channel, seq, event_type, data, ts FROM event WHERE channel = $1 AND seq > $2 AND seq <= $3 ORDER BY seq",
    )
    .bind(channel)
    .bind(i64::try_from(after).unwrap_or(i64::MAX))
    .bind(i64::try_from(up_to).unwrap_or(i64::MAX))
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(EventFrame::from).collect())
}

/// What a client that saw up to `after` missed: every kept event after it, and
/// whether history still reaches back that far (`recovered`).
#[instrument(skip_all, fields(channel, after))]
pub async fn history(conn: &mut AnyConnection, channel: &str, after: u64) -> Result<ChannelEvents, sqlx::Error> {
    let head = head(&mut *conn, channel).await?;
    if after >= head {
        return Ok(ChannelEvents {
            ch: channel.to_owned(),
            head,
            recovered: after == head || head == 0,
            events: vec![],
        });
    }
    let missed = head - after;
    if missed > HISTORY_MAX_EVENTS as u64 {
        return Ok(ChannelEvents { ch: channel.to_owned(), head, recovered: false, events: vec![] });
    }
    let events = range(&mut *conn, channel, after, head).await?;
    // Complete only if nothing between `after` and the head was trimmed.
    let recovered = events.len() as u64 == missed;
    Ok(ChannelEvents { ch: channel.to_owned(), head, recovered, events: if recovered { events } else { vec![] } })
}

/// Marks exactly these events of `channel` as sent on the bus (not the seqs between
/// them, which another path may still be publishing).
pub async fn mark_published<'c>(
    db: impl Executor<'c, Database = Any>,
    channel: &str,
    seqs: &[u64],
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    if seqs.is_empty() {
        return Ok(());
    }
    let placeholders: Vec<String> = (0..seqs.len()).map(|n| format!("${}", n + 3)).collect();
    let sql = format!(
        "UPDATE event SET published_at = $1 WHERE channel = $2 AND seq IN ({}) AND published_at IS NULL",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(now_ms).bind(channel);
    for seq in seqs {
        query = query.bind(i64::try_from(*seq).unwrap_or(i64::MAX));
    }
    query.execute(db).await?;
    Ok(())
}

/// Events committed before `older_than_ms` that never went out on the bus.
pub async fn unpublished<'c>(
    db: impl Executor<'c, Database = Any>,
    older_than_ms: i64,
    limit: i64,
) -> Result<Vec<EventFrame>, sqlx::Error> {
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT channel, seq, event_type, data, ts FROM event WHERE published_at IS NULL AND ts < $1 ORDER BY id LIMIT $2",
    )
    .bind(older_than_ms)
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(EventFrame::from).collect())
}

/// Deletes published events past retention: older than `max_age_ms`, or more than
/// `keep` behind their channel's head. Returns how many went.
pub async fn trim<'c, E>(db: E, now_ms: i64, max_age_ms: i64, keep: i64) -> Result<u64, sqlx::Error>
where
    E: Executor<'c, Database = Any> + Copy,
{
    let by_age = sqlx::query("DELETE FROM event WHERE published_at IS NOT NULL AND ts < $1")
        .bind(now_ms - max_age_ms)
        .execute(db)
        .await?
        .rows_affected();
    let by_count = sqlx::query(
        "DELETE FROM event WHERE published_at IS NOT NULL \
         AND seq <= (SELECT h.seq FROM channel_head h WHERE h.channel = event.channel) - $1",
    )
    .bind(keep)
    .execute(db)
    .await?
    .rows_affected();
    Ok(by_age + by_count)
}
