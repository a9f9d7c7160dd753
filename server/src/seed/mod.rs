//! Seeding: reference data (geography, launch catalogue) that every deployment
//! needs, applied after migrations; and demo accounts, only on `seed --demo`.
//! Both are idempotent: seeding twice changes nothing.

mod cards;
mod contests;
pub mod docs;
mod feed;
pub mod pictures;
pub mod profiles;
pub mod projects;
pub mod social;

use sqlx::Connection;
use tracing::instrument;

use crate::{
    accounts::{
        domain::{CreativeLevel, Password, UserType},
        secrets::hash_password,
        store::{self as accounts_store, NewUser},
    },
    catalogue, geo,
    store::{clock::Clock, Db},
};

/// Inserts reference data missing from the database, in one transaction.
#[instrument(skip_all)]
pub async fn reference(db: &Db) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let mut tx = conn.begin().await?;
    geo::seed(&mut tx).await?;
    catalogue::seed(&mut tx, db.backend).await?;
    crate::projects::seed(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}

/// The password of every demo account (kept by accounts, which refuses it for a real admin).
pub use crate::accounts::secrets::DEMO_PASSWORD;

/// (username, name, type, level)
pub const DEMO_ACCOUNTS: &[(&str, &str, UserType, Option<CreativeLevel>)] = &[
    ("demo-admin", "Ada Admin", UserType::Admin, None),
    ("demo-client", "Cleo Client", UserType::Client, None),
    ("demo-bronze", "Bruno Bronze", UserType::Designer, Some(CreativeLevel::Bronze)),
    ("demo-silver", "Sil Silver", UserType::Designer, Some(CreativeLevel::Silver)),
    ("demo-gold", "Goldie Gold", UserType::Designer, Some(CreativeLevel::Gold)),
    ("demo-gold-2", "Gail Gold", UserType::Designer, Some(CreativeLevel::Gold)),
];

/// Creates the demo accounts that do not exist yet; returns the usernames created.
#[instrument(skip_all)]
pub async fn demo(db: &Db, clock: &dyn Clock) -> anyhow::Result<Vec<&'static str>> {
    let password = Password::parse(DEMO_PASSWORD).map_err(|c| anyhow::anyhow!(c.message))?;
    let mut created = Vec::new();
    for (username, name, user_type, level) in DEMO_ACCOUNTS {
        if accounts_store::find_user_by_login(&db.pool, username).await?.is_some() {
            continue;
        }
        let hash = hash_password(&password).await?;
        let email = format!("{username}@vitrine.local");
        accounts_store::insert_user(
            &db.pool,
            &NewUser {
                username,
                email: &email,
                name,
                phone: Some("+1 555 0100"),
                password_hash: &hash,
                user_type_id: user_type.id(),
                creative_level_id: level.map(CreativeLevel::id),
                registration_step: 2,
                region_id: Some(1),
                country_id: Some(1),
                state_id: Some(5),
                city: Some("San Francisco"),
                paypal_email: (*user_type == UserType::Designer).then_some(email.as_str()),
                referral_source: None,
                rewardful_referral: None,
                now_ms: clock.now_ms(),
            },
        )
        .await?;
        created.push(*username);
    }
    projects::demo(db, clock).await?;
    social::seed(db, clock).await?;
    contests::seed(db, clock).await?;
    profiles::seed(db, clock).await?;
    feed::seed(db, clock).await?;
    cards::seed(db, clock).await?;
    docs::demo(db, clock).await?;
    Ok(created)
}
