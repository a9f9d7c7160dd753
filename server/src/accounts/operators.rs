//! The operators' CLI beyond `admin create` ([`super::first_admin`]): `vitrine-server admin
//! reset-password | promote | demote | disable | enable | list`, so an operator recovers a
//! locked-out admin, or hands the console on, without editing the database.
//!
//! An account is named by its username or e-mail address (either case). The rules that keep a
//! deployment administrable hold here: a new password follows the sign-up rules and is never
//! the published demo password; the last active admin is never demoted or disabled. A new
//! password, a disabled account, ends every sign-in of the account (its tokens, its pending
//! reset and sign-in links).

use super::{
    domain::{CreativeLevel, Password, UserType},
    model::UserRow,
    secrets::{hash_password, DEMO_PASSWORD},
    store,
};
use crate::store::{clock::Clock, Db};

/// Why a command changed nothing, in words for the operator at the terminal.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    #[error("no account has the username or e-mail address {0:?}")]
    NoSuchUser(String),
    #[error("password: {0}")]
    InvalidPassword(&'static str),
    #[error("the password is the published demo password; choose another")]
    DemoPassword,
    #[error("{0} is not an admin")]
    NotAdmin(String),
    #[error("{0} is the last active admin: promote or enable another admin first")]
    LastAdmin(String),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

impl From<sqlx::Error> for OperatorError {
    fn from(err: sqlx::Error) -> Self {
        Self::Store(err.into())
    }
}

/// What a command did: changed the account, or found it already so (commands are idempotent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Changed,
    AlreadySo,
}

/// The account `login` names.
pub async fn find(db: &Db, login: &str) -> Result<UserRow, OperatorError> {
    store::find_user_by_login(&db.pool, login).await?.ok_or_else(|| OperatorError::NoSuchUser(login.to_owned()))
}

/// Sets a new password and ends every sign-in of the account.
pub async fn reset_password(db: &Db, login: &str, password: &str, clock: &dyn Clock) -> Result<UserRow, OperatorError> {
    let password = Password::parse(password).map_err(|code| OperatorError::InvalidPassword(code.message))?;
    if password.expose() == DEMO_PASSWORD {
        return Err(OperatorError::DemoPassword);
    }
    let user = find(db, login).await?;
    let hash = hash_password(&password).await?;
    let now = clock.now_ms();
    let mut tx = db.pool.begin().await?;
    store::set_password_hash(&mut *tx, user.id, &hash, now).await?;
    end_sign_ins(&mut tx, user.id, now).await?;
    tx.commit().await?;
    Ok(user)
}

/// Makes the account an admin (a designer keeps its level, for `demote`).
pub async fn promote(db: &Db, login: &str, clock: &dyn Clock) -> Result<(UserRow, Outcome), OperatorError> {
    let user = find(db, login).await?;
    if user.is_admin() {
        return Ok((user, Outcome::AlreadySo));
    }
    store::admins::set_user_type(&db.pool, user.id, UserType::Admin.id(), clock.now_ms()).await?;
    Ok((user, Outcome::Changed))
}

/// Makes an admin what it was before: a designer when it has a designer's level, else a client.
pub async fn demote(db: &Db, login: &str, clock: &dyn Clock) -> Result<(UserRow, UserType), OperatorError> {
    let user = find(db, login).await?;
    if !user.is_admin() {
        return Err(OperatorError::NotAdmin(user.username));
    }
    refuse_last_admin(db, &user).await?;
    let to = match user.creative_level_id.and_then(CreativeLevel::from_id) {
        Some(_) => UserType::Designer,
        None => UserType::Client,
    };
    store::admins::set_user_type(&db.pool, user.id, to.id(), clock.now_ms()).await?;
    Ok((user, to))
}

/// Disables (`active` false) or enables the account; disabling ends its sign-ins.
pub async fn set_active(
    db: &Db,
    login: &str,
    active: bool,
    clock: &dyn Clock,
) -> Result<(UserRow, Outcome), OperatorError> {
    let user = find(db, login).await?;
    if user.is_active() == active {
        return Ok((user, Outcome::AlreadySo));
    }
    if !active && user.is_admin() {
        refuse_last_admin(db, &user).await?;
    }
    let now = clock.now_ms();
    let mut tx = db.pool.begin().await?;
    store::set_active(&mut *tx, user.id, active, now).await?;
    if !active {
        end_sign_ins(&mut tx, user.id, now).await?;
    }
    tx.commit().await?;
    Ok((user, Outcome::Changed))
}

/// Every admin account, active or not.
pub async fn list(db: &Db) -> Result<Vec<UserRow>, OperatorError> {
    Ok(store::admins::list_admins(&db.pool, UserType::Admin.id()).await?)
}

async fn refuse_last_admin(db: &Db, user: &UserRow) -> Result<(), OperatorError> {
    if user.is_active() && store::admins::other_active_admins(&db.pool, UserType::Admin.id(), user.id).await? == 0 {
        return Err(OperatorError::LastAdmin(user.username.clone()));
    }
    Ok(())
}

/// Tokens revoked, pending reset and sign-in links voided.
async fn end_sign_ins(tx: &mut sqlx::Transaction<'_, sqlx::Any>, user_id: i64, now: i64) -> Result<(), sqlx::Error> {
    store::revoke_user_tokens(&mut **tx, user_id, now).await?;
    store::void_live_resets(&mut **tx, user_id, now).await?;
    store::void_live_guids(&mut **tx, user_id, now).await
}
