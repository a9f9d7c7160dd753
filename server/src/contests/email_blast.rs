//! The Email Blast upgrade (`is_notified_via_email`): "On launch day we e-mail your
//! contest to the top-rated designers of its category." Sent from [`store::activate`],
//! the one place every path to Active passes (a payment, an admin's status change, an
//! approved start request), inside the activation's transaction: the compare-and-set
//! from Unpaid makes it once, and a rolled-back activation sends nothing.
//!
//! Who is "top-rated in the category" (docs/spec-decisions.md, Contests): active
//! designers of the two top levels (Gold, Platinum), and any active designer whose
//! rated entries in contests of the same type average four stars or more; at most
//! [`MAX_RECIPIENTS`], highest level first. Designers' project preferences are not
//! contest types, so they do not select anyone here.
//!
//! [`store::activate`]: super::store::activate

use sqlx::AnyConnection;

use super::store;
use crate::mail;

/// The most designers one launch e-mails.
pub const MAX_RECIPIENTS: i64 = 200;

/// Queues the launch mail to the category's top-rated designers if contest `id` bought
/// the upgrade; returns how many were queued.
pub async fn on_activated(conn: &mut AnyConnection, id: i64, now_ms: i64) -> Result<usize, sqlx::Error> {
    let Some((title, contest_type_id, type_title, prize_cents, notified)) = store::blast_subject(conn, id).await?
    else {
        return Ok(0);
    };
    if notified == 0 {
        return Ok(0);
    }
    let recipients = store::blast_recipients(conn, contest_type_id, MAX_RECIPIENTS).await?;
    let category = crate::catalogue::listing_title(contest_type_id, &type_title);
    let subject = format!("New {category}: {title}");
    let prize = match prize_cents {
        0 => String::new(),
        cents => format!(" The prize is ${}.", cents / 100),
    };
    let body = format!(
        "A new {category} has just launched on Vitrine and you are one of the top-rated designers of its category: \
         \"{title}\".{prize} Read the brief and enter from Browse Contests: /contests/{id}/entries"
    );
    for email in &recipients {
        mail::queue(&mut *conn, email, &subject, &body, now_ms).await?;
    }
    tracing::info!(contest_id = id, recipients = recipients.len(), "email blast queued");
    Ok(recipients.len())
}
