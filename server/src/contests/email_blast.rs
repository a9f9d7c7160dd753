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
//! contest types, so they do not select anyone here. A designer who unsubscribed (the
//! link in each launch e-mail, [`mail::unsubscribe`]) is left out.
//!
//! [`store::activate`]: super::store::activate

use sqlx::AnyConnection;

use super::store;
use crate::{mail, shared::locale::Language};

/// The most designers one launch e-mails.
pub const MAX_RECIPIENTS: i64 = 200;

/// Queues the launch mail to the category's top-rated designers if contest `id` bought
/// the upgrade, each in their language with links on `link_base`; returns how many were queued.
pub async fn on_activated(
    conn: &mut AnyConnection,
    id: i64,
    now_ms: i64,
    link_base: &str,
) -> Result<usize, sqlx::Error> {
    let Some((title, contest_type_id, type_title, prize_cents, notified)) = store::blast_subject(conn, id).await?
    else {
        return Ok(0);
    };
    if notified == 0 {
        return Ok(0);
    }
    let recipients = store::blast_recipients(conn, contest_type_id, MAX_RECIPIENTS).await?;
    let english_category = crate::catalogue::listing_title(contest_type_id, &type_title);
    let link = super::page_link(link_base, id);
    for (user_id, email, language) in &recipients {
        let unsubscribe = mail::unsubscribe::link(conn, link_base, *user_id).await?;
        let language = Language::from_code(language);
        // The types' titles are the catalogue's (English) names; Spanish names the kind of contest.
        let category = match language {
            Language::En => english_category.clone(),
            Language::Es => format!("concurso de {type_title}"),
        };
        let message =
            mail::Mail::EmailBlast { category, title: title.clone(), prize_cents, link: link.clone(), unsubscribe };
        mail::queue(&mut *conn, email, &message, language, now_ms).await?;
    }
    tracing::info!(contest_id = id, recipients = recipients.len(), "email blast queued");
    Ok(recipients.len())
}
