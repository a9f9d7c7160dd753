//! `vitrine-server admin create`: an admin account for a deployment that was not seeded with
//! the demo accounts (whose password is published in the README).
//!
//! The same rules as sign-up hold (username, e-mail, password length, both unique), and the
//! demo password is refused: an admin is the one account that must not be guessable. The
//! password never comes from the command line, where `ps` and shell history would keep it;
//! `main.rs` reads it from standard input or `VITRINE_ADMIN_PASSWORD`.

use super::{
    domain::{DisplayName, EmailAddress, Password, UserType, Username},
    secrets::{hash_password, DEMO_PASSWORD},
    store::{self, NewUser},
};
use crate::store::{clock::Clock, Db};

/// What `admin create` was given.
#[derive(Debug)]
pub struct NewAdmin<'a> {
    pub username: &'a str,
    pub email: &'a str,
    /// The name shown on the account; the username when not given.
    pub name: Option<&'a str>,
    pub password: &'a str,
}

/// Why an admin could not be created, in words for the operator at the terminal.
#[derive(Debug, thiserror::Error)]
pub enum CreateAdminError {
    #[error("{field}: {message}")]
    Invalid { field: &'static str, message: &'static str },
    #[error("the password is the published demo password; choose another")]
    DemoPassword,
    #[error("the username {0:?} is already taken")]
    UsernameTaken(String),
    #[error("the e-mail address {0:?} already has an account")]
    EmailTaken(String),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

/// Creates the admin and returns its id; changes nothing when a rule is broken.
pub async fn create(db: &Db, admin: &NewAdmin<'_>, clock: &dyn Clock) -> Result<i64, CreateAdminError> {
    let invalid = |field: &'static str| {
        move |code: crate::error::Code| CreateAdminError::Invalid { field, message: code.message }
    };
    let username = Username::parse(admin.username).map_err(invalid("username"))?;
    let email = EmailAddress::parse(admin.email).map_err(invalid("email"))?;
    let password = Password::parse(admin.password).map_err(invalid("password"))?;
    if password.expose() == DEMO_PASSWORD {
        return Err(CreateAdminError::DemoPassword);
    }
    let (username_taken, email_taken) =
        store::taken(&db.pool, username.as_str(), email.as_str()).await.map_err(anyhow::Error::from)?;
    if username_taken {
        return Err(CreateAdminError::UsernameTaken(username.as_str().to_owned()));
    }
    if email_taken {
        return Err(CreateAdminError::EmailTaken(email.as_str().to_owned()));
    }
    let hash = hash_password(&password).await?;
    let name = match admin.name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(raw) => DisplayName::parse(raw).map_err(invalid("name"))?.into_string(),
        None => username.as_str().to_owned(),
    };
    let id = store::insert_user(
        &db.pool,
        &NewUser {
            username: username.as_str(),
            email: email.as_str(),
            name: &name,
            phone: None,
            password_hash: &hash,
            user_type_id: UserType::Admin.id(),
            creative_level_id: None,
            // An admin has nothing to complete: the second step is the finished profile.
            registration_step: 2,
            region_id: None,
            country_id: None,
            state_id: None,
            city: None,
            paypal_email: None,
            referral_source: None,
            rewardful_referral: None,
            now_ms: clock.now_ms(),
        },
    )
    .await
    .map_err(anyhow::Error::from)?;
    Ok(id)
}
