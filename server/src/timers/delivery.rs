//! The winner's delivery window (48 hours from verification, status 7): a reminder
//! before it runs out, and a notice when it has.
//!
//! Each verified contest carries its next alarm in `delivery_alarm_at`: the reminder
//! time, then the deadline, then NULL. A worker that fires an alarm moves the column
//! on by compare-and-set against the value it read, so every alarm fires once however
//! many workers run, and a contest whose alarms all passed while no worker ran gets
//! only the deadline notice (a reminder after the fact helps nobody).

use sqlx::AnyConnection;
use tracing::instrument;

use super::due::{Pass, BATCH};
use crate::{
    contests::store::delivery::{self as delivery_store, DueAlarm},
    entries::store as entries_store,
    mail::{self, Mail},
    shared::locale::Language,
    store::Db,
};

/// How long before the delivery deadline the designer is reminded.
pub const REMIND_BEFORE_MS: i64 = crate::contests::status::DELIVERY_REMIND_BEFORE_MS;

/// Fires every delivery alarm due at `now_ms`, oldest first, [`BATCH`] per transaction.
#[instrument(skip_all)]
pub async fn run_due(db: &Db, link_base: &str, now_ms: i64) -> Result<Pass, sqlx::Error> {
    let mut pass = Pass::default();
    loop {
        let mut tx = db.pool.begin().await?;
        let due = delivery_store::due_alarms(&mut tx, db.backend, now_ms, BATCH).await?;
        let batch_len = due.len() as i64;
        for contest in due {
            let overdue = now_ms >= contest.delivery_due_at;
            let next = (!overdue).then_some(contest.delivery_due_at);
            if !delivery_store::advance_alarm(&mut tx, &contest, next).await? {
                pass.lost += 1;
                continue;
            }
            match overdue {
                false => remind(&mut tx, &contest, link_base, now_ms).await?,
                true => overdue_notice(&mut tx, &contest, link_base, now_ms).await?,
            }
            pass.performed += 1;
            let lag_ms = (now_ms - contest.delivery_alarm_at).max(0);
            metrics::histogram!("vitrine_timer_lag_seconds").record(lag_ms as f64 / 1000.0);
        }
        tx.commit().await?;
        if batch_len < BATCH {
            break;
        }
    }
    metrics::counter!("vitrine_timer_delivery_alarms_total").increment(pass.performed);
    Ok(pass)
}

/// The winner's e-mail address and language, and the holder's, when there is a winner.
type Party = (String, Language);

async fn parties(conn: &mut AnyConnection, contest: &DueAlarm) -> Result<Option<(Party, Party)>, sqlx::Error> {
    let found = entries_store::winner_and_holder_emails(conn, contest.id, contest.created_by).await?;
    Ok(found.map(|((designer, dl), (holder, hl))| {
        ((designer, Language::from_code(&dl)), (holder, Language::from_code(&hl)))
    }))
}

async fn remind(conn: &mut AnyConnection, contest: &DueAlarm, link_base: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    let Some(((designer, language), _)) = parties(conn, contest).await? else { return Ok(()) };
    let hours = ((contest.delivery_due_at - now_ms).max(0) as u64).div_ceil(3600 * 1000);
    let link = crate::contests::page_link(link_base, contest.id);
    let message = Mail::DeliveryReminder { title: contest.title.clone(), hours, link };
    mail::queue(&mut *conn, &designer, &message, language, now_ms).await?;
    Ok(())
}

async fn overdue_notice(
    conn: &mut AnyConnection,
    contest: &DueAlarm,
    link_base: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let Some(((designer, designer_language), (holder, holder_language))) = parties(conn, contest).await? else {
        return Ok(());
    };
    let title = contest.title.clone();
    let link = crate::contests::page_link(link_base, contest.id);
    let to_designer = Mail::DeliveryOverdueDesigner { title: title.clone(), link: link.clone() };
    mail::queue(&mut *conn, &designer, &to_designer, designer_language, now_ms).await?;
    let to_holder = Mail::DeliveryOverdueHolder { title, link };
    mail::queue(&mut *conn, &holder, &to_holder, holder_language, now_ms).await?;
    tracing::warn!(contest_id = contest.id, "final files overdue");
    Ok(())
}

/// The earliest delivery alarm still to fire, if any.
pub async fn next_alarm(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    delivery_store::next_alarm(&db.pool).await
}
