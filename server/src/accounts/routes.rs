//! HTTP handlers of the accounts area: sign-up, sign-in, sign-out, the current
//! user, password reset, and user profiles.

use std::collections::BTreeMap;

use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    auth::{CurrentUser, MaybeUser},
    domain::{DisplayName, EmailAddress, Password, UserType},
    model::UserView,
    registration::{check_shape, RegisterRequest},
    secrets::{hash_password, new_secret, secret_digest, verify_password},
    store::{self, NewUser, ProfileChange},
};
use crate::{
    api::{loose_id, Data, Message},
    error::{codes, ApiJson, ApiPath, AppError, ErrorEnvelope, FieldErrors, JsonOrForm},
    geo, mail,
    shared::{
        limits::{Action, ClientIp},
        throttle::ThrottleKey,
    },
    state::AppState,
    store::{
        is_unique_violation,
        one_time_tokens::{self, TokenRow},
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(issue_token))
        .routes(routes!(logout))
        .routes(routes!(current_user))
        .routes(routes!(request_password_reset))
        .routes(routes!(check_reset_link, reset_password))
        .routes(routes!(show_user, update_user))
        .routes(routes!(update_user_status))
        .routes(routes!(super::login_guid::request_guid))
        .routes(routes!(super::login_guid::token_by_guid))
}

/// Creates an account: a client (launch variant, `user_type_id` 2) or a designer (public sign-up).
///
/// Limited per client address and per e-mail address (`VITRINE_RATE_SIGN_UP_*`).
#[utoipa::path(post, path = "/oauth/register", tag = "accounts", request_body = super::registration::NewAccount,
    responses((status = 201, body = Data<UserView>), (status = 422, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all)]
async fn register(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(req): ApiJson<RegisterRequest>,
) -> Result<(StatusCode, Json<Data<UserView>>), AppError> {
    // Before the lookups below: answers about taken names must not come fast.
    state.limits.check(Action::SignUp, &ip, req.email.as_deref()).await?;
    let (registration, mut errors) = check_shape(&req);
    // PostgreSQL's text holds no NUL: a name with one is refused by its shape above, never
    // looked up (the lookup answered 500 on PostgreSQL).
    let lookable = |value: &&str| !value.contains('\0');
    if let Some(email) = req.email.as_deref().filter(lookable) {
        if let Some(username) = req.username.as_deref().filter(lookable) {
            let (username_taken, email_taken) = store::taken(&state.db.pool, username.trim(), email.trim()).await?;
            if username_taken && !errors.has("username") {
                errors.add("username", codes::USERNAME_UNIQUE);
            }
            if email_taken && !errors.has("email") {
                errors.add("email", codes::EMAIL_UNIQUE);
            }
        }
    }
    if let Some(reg) = &registration {
        check_geography(&state, reg.region_id, reg.country_id, reg.state_id, &mut errors).await?;
    }
    errors.into_result()?;
    let reg = registration.ok_or_else(|| anyhow::anyhow!("a registration without errors must parse"))?;

    let password_hash = hash_password(&reg.password).await?;
    let now = state.now_ms();
    let new_user = NewUser {
        username: reg.username.as_str(),
        email: reg.email.as_str(),
        name: &reg.name,
        phone: Some(&reg.phone),
        password_hash: &password_hash,
        user_type_id: reg.user_type.id(),
        creative_level_id: reg.creative_level().map(|l| l.id()),
        registration_step: reg.registration_step(),
        region_id: reg.region_id,
        country_id: reg.country_id,
        state_id: reg.state_id,
        city: reg.city.as_deref(),
        paypal_email: reg.paypal_email.as_ref().map(EmailAddress::as_str),
        referral_source: reg.referral_source.as_deref(),
        rewardful_referral: reg.rewardful_referral.as_deref(),
        now_ms: now,
    };
    // The check above races with concurrent sign-ups; the unique indexes decide.
    let id = store::insert_user(&state.db.pool, &new_user).await.map_err(|err| {
        if is_unique_violation(&err, "app_user_username_key") {
            AppError::field("username", codes::USERNAME_UNIQUE)
        } else if is_unique_violation(&err, "app_user_email_key") {
            AppError::field("email", codes::EMAIL_UNIQUE)
        } else {
            err.into()
        }
    })?;
    // A referral is credit for someone else: failing to record it must not fail the sign-up.
    let mut conn = state.db.pool.acquire().await?;
    if let Err(err) = super::referral::record_signup(&mut conn, id, reg.referral_source.as_deref(), now).await {
        tracing::warn!(user_id = id, error = %err, "referral not recorded");
    }
    drop(conn);
    let user = store::find_user(&state.db.pool, id).await?.ok_or_else(|| anyhow::anyhow!("user {id} vanished"))?;
    tracing::info!(user_id = id, user_type_id = user.user_type_id, "account registered");
    Ok((StatusCode::CREATED, Json(Data::new(UserView::of(user, true)))))
}

/// Region, country and state must exist and belong together; a country with states needs one.
async fn check_geography(
    state: &AppState,
    region_id: Option<i64>,
    country_id: Option<i64>,
    state_id: Option<i64>,
    errors: &mut FieldErrors,
) -> Result<(), AppError> {
    let Some(country_id) = country_id else { return Ok(()) };
    match geo::country_has_states(&state.db.pool, country_id).await? {
        None => errors.add("country_id", codes::NOT_FOUND_OPTION),
        Some(has_states) => match state_id {
            Some(state_id) if !geo::state_in_country(&state.db.pool, state_id, country_id).await? => {
                errors.add("state_id", codes::STATE_NOT_IN_COUNTRY)
            }
            None if has_states => errors.add("state_id", codes::REQUIRED),
            _ => {}
        },
    }
    if let Some(region_id) = region_id {
        let country = geo::country_region(&state.db.pool, country_id).await?;
        if country.is_some_and(|r| r != region_id) {
            errors.add("region_id", codes::NOT_FOUND_OPTION);
        }
    }
    Ok(())
}

/// The password grant. OAuth2 clients may also send `client_id`, `client_secret`
/// and `scope`; first-party sign-in needs none of them, so they are ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    /// Only `password` is supported (the default); another grant is a 400
    /// (`oauth.unsupported_grant_type`), as OAuth2 says.
    #[schema(value_type = Option<String>, pattern = "^password$")]
    pub grant_type: Option<String>,
    /// Username or e-mail (not blank).
    #[schema(required = true, value_type = String, pattern = "\\S")]
    pub username: Option<String>,
    /// 8 to 128 characters ([`Password::parse`]).
    #[schema(required = true, value_type = String, min_length = 8, max_length = 128)]
    pub password: Option<String>,
}

/// The standard OAuth2 token answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    pub access_token: String,
    pub token_type: &'static str,
    /// Seconds until the token expires.
    pub expires_in: u64,
}

/// Signs in with the password grant (username or e-mail), JSON or form-encoded.
///
/// Limited per client address and per login name (`VITRINE_RATE_SIGN_IN_*`), and after
/// repeated wrong passwords for one name (`auth.throttled`).
#[utoipa::path(post, path = "/oauth/token", tag = "accounts", request_body = TokenRequest,
    responses((status = 200, body = TokenResponse),
        (status = 400, description = "A grant other than `password` (`oauth.unsupported_grant_type`)", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all)]
async fn issue_token(
    State(state): State<AppState>,
    ip: ClientIp,
    JsonOrForm(req): JsonOrForm<TokenRequest>,
) -> Result<Json<TokenResponse>, AppError> {
    if req.grant_type.as_deref().unwrap_or("password") != "password" {
        return Err(AppError::rule(StatusCode::BAD_REQUEST, codes::UNSUPPORTED_GRANT));
    }
    let mut errors = FieldErrors::new();
    let login = req.username.as_deref().map(str::trim).unwrap_or("");
    if login.is_empty() {
        errors.add("username", codes::REQUIRED);
    }
    let password = req.password.as_deref().unwrap_or("");
    if let Err(code) = Password::parse(password) {
        errors.add("password", code);
    }
    errors.into_result()?;

    state.limits.check(Action::SignIn, &ip, Some(login)).await?;
    let now = state.now_ms();
    let user = store::find_user_by_login(&state.db.pool, login).await?;
    // Counted per account and client address: a stranger's wrong guesses slow down that
    // stranger, never the owner signing in from elsewhere.
    let key = match &user {
        Some(user) => ThrottleKey::user(user.id, ip.key()),
        None => ThrottleKey::unknown(login, ip.key()),
    };
    if let Some(wait_ms) = state.login_throttle.wait_ms(&key, now) {
        let wait = std::time::Duration::from_millis(u64::try_from(wait_ms).unwrap_or(0));
        return Err(AppError::too_many(codes::THROTTLED, wait));
    }
    if !verify_password(password, user.as_ref().map(|u| u.password_hash.as_str())).await {
        state.login_throttle.record_failure(&key, now);
        return Err(AppError::rule(StatusCode::UNAUTHORIZED, codes::INVALID_CREDENTIALS));
    }
    let user = user.ok_or_else(|| anyhow::anyhow!("verified without a user"))?;
    if !user.is_active() {
        return Err(AppError::rule(StatusCode::FORBIDDEN, codes::USER_INACTIVE));
    }
    state.login_throttle.record_success(&key);

    let token = new_secret();
    let ttl = state.settings.token_ttl();
    let expires_at = now.saturating_add(i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX));
    store::insert_access_token(&state.db.pool, user.id, &secret_digest(&token), now, expires_at).await?;
    tracing::info!(user_id = user.id, "signed in");
    Ok(Json(TokenResponse { access_token: token, token_type: "Bearer", expires_in: ttl.as_secs() }))
}

/// Signs out: the token used for this call stops working at once.
#[utoipa::path(get, path = "/oauth/logout", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
async fn logout(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Message>, AppError> {
    store::revoke_token(&state.db.pool, caller.token_id, state.now_ms()).await?;
    state.realtime.revoke_token(caller.token_id).await;
    Ok(Json(Message::new("You have been logged out.")))
}

/// The signed-in user, with private fields.
#[utoipa::path(get, path = "/oauth/users", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Data<UserView>), (status = 401, body = ErrorEnvelope)))]
async fn current_user(caller: CurrentUser) -> Json<Data<UserView>> {
    Json(Data::new(UserView::of(caller.user, true)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    /// The account's e-mail address (`local@domain.tld`, at most 254 characters).
    #[schema(value_type = String, required = true, max_length = 254, pattern = r"^\s*[^@\s\x00-\x1f\x7f-\x9f]+@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\s*$")]
    pub email: Option<String>,
}

/// Sends a password-reset link to the account's e-mail address.
///
/// Limited per client address and per e-mail address (`VITRINE_RATE_MAIL_*`).
#[utoipa::path(post, path = "/password/email", tag = "accounts", request_body = ResetRequest,
    responses((status = 200, body = Message), (status = 422, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all)]
async fn request_password_reset(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(req): ApiJson<ResetRequest>,
) -> Result<Json<Message>, AppError> {
    let email =
        EmailAddress::parse(req.email.as_deref().unwrap_or("")).map_err(|code| AppError::field("email", code))?;
    // The mail limit, counted before the lookup, keeps a mailbox from being flooded with links.
    state.limits.check(Action::Mail, &ip, Some(email.as_str())).await?;
    // Known and unknown addresses get the same answer (as the sign-in-link form does): the
    // form must not tell a stranger whether an address has an account here. Nothing is
    // mailed to an unknown one.
    let sent = Message::new("Please check your email.");
    let Some(user) = store::find_user_by_login(&state.db.pool, email.as_str())
        .await?
        .filter(|u| u.email.eq_ignore_ascii_case(email.as_str()))
    else {
        return Ok(Json(sent));
    };

    let token = new_secret();
    let now = state.now_ms();
    let expires_at = now + i64::try_from(state.settings.reset_ttl().as_millis()).unwrap_or(i64::MAX / 2);
    let link = format!("{}/password/reset/{token}", state.settings.link_base());
    let minutes = state.settings.reset_ttl().as_secs() / 60;
    let message = mail::Mail::PasswordReset { name: user.name.clone(), link, minutes };
    let mut tx = state.db.pool.begin().await?;
    store::insert_password_reset(&mut *tx, user.id, &secret_digest(&token), now, expires_at).await?;
    mail::queue(&mut *tx, &user.email, &message, user.language(), now).await?;
    tx.commit().await?;
    Ok(Json(sent))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResetLink {
    pub email: String,
    /// Epoch ms after which the link no longer works.
    pub expires_at: i64,
}

/// Validates a reset link before the form is shown.
#[utoipa::path(get, path = "/password/reset/{token}", tag = "accounts", params(("token" = String, Path)),
    responses((status = 200, body = Data<ResetLink>), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all)]
async fn check_reset_link(
    State(state): State<AppState>,
    ApiPath(token): ApiPath<String>,
) -> Result<Json<Data<ResetLink>>, AppError> {
    let (reset, user) = live_reset(&state, &token).await?;
    Ok(Json(Data::new(ResetLink { email: user.email, expires_at: reset.expires_at })))
}

async fn live_reset(state: &AppState, token: &str) -> Result<(TokenRow, super::model::UserRow), AppError> {
    let reset = one_time_tokens::find(&state.db.pool, one_time_tokens::PASSWORD_RESET, &secret_digest(token))
        .await?
        .ok_or_else(|| AppError::not_found(codes::RESET_LINK_INVALID))?;
    if reset.used_at.is_some() || reset.expires_at <= state.now_ms() {
        return Err(AppError::unprocessable(codes::RESET_LINK_EXPIRED));
    }
    let user = store::find_user(&state.db.pool, reset.subject_id)
        .await?
        .ok_or_else(|| AppError::not_found(codes::RESET_LINK_INVALID))?;
    Ok((reset, user))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPasswordRequest {
    pub password: Option<String>,
    pub confirm_password: Option<String>,
}

/// Sets a new password through a reset link; every session of the account ends.
///
/// Limited per client address as a sign-in (`VITRINE_RATE_SIGN_IN_PER_IP`): the link is
/// the credential.
#[utoipa::path(post, path = "/password/reset/{token}", tag = "accounts", params(("token" = String, Path)), request_body = NewPasswordRequest,
    responses((status = 200, body = Message), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope)))]
#[instrument(skip_all)]
async fn reset_password(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiPath(token): ApiPath<String>,
    ApiJson(req): ApiJson<NewPasswordRequest>,
) -> Result<Json<Message>, AppError> {
    state.limits.check(Action::SignIn, &ip, None).await?;
    let mut errors = FieldErrors::new();
    let password =
        Password::parse(req.password.as_deref().unwrap_or("")).map_err(|code| errors.add("password", code)).ok();
    match req.confirm_password.as_deref() {
        None | Some("") => errors.add("confirm_password", codes::REQUIRED),
        Some(confirm) if Some(confirm) != req.password.as_deref() => {
            errors.add("confirm_password", codes::PASSWORD_CONFIRMATION)
        }
        Some(_) => {}
    }
    let (reset, user) = live_reset(&state, &token).await?;
    errors.into_result()?;
    let password = password.ok_or_else(|| anyhow::anyhow!("a valid password must parse"))?;

    let hash = hash_password(&password).await?;
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    if !one_time_tokens::consume(&mut *tx, one_time_tokens::PASSWORD_RESET, reset.id, now).await? {
        return Err(AppError::unprocessable(codes::RESET_LINK_EXPIRED));
    }
    store::set_password_hash(&mut *tx, user.id, &hash, now).await?;
    store::revoke_user_tokens(&mut *tx, user.id, now).await?;
    // Every other link sent before the change was for the old password: void them all.
    store::void_live_resets(&mut *tx, user.id, now).await?;
    store::void_live_guids(&mut *tx, user.id, now).await?;
    tx.commit().await?;
    state.realtime.revoke_user(user.id).await;
    tracing::info!(user_id = user.id, "password reset");
    Ok(Json(Message::new("Password changed successfully")))
}

/// A user's profile. E-mail, phone and PayPal address only for themself and admins;
/// deactivated accounts only for admins. Visitors see designers' profiles only: any other
/// id asks them to sign in (401), as docs/spec-decisions.md ("Public profiles") decided.
#[utoipa::path(get, path = "/users/{id}", tag = "accounts", params(("id" = i64, Path)),
    responses((status = 200, body = Data<UserView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
async fn show_user(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<UserView>>, AppError> {
    let user = store::find_user(&state.db.pool, id).await?;
    // A visitor learns nothing of clients and admins, not even whether the id exists.
    if caller.is_none() && !user.as_ref().is_some_and(|u| u.user_type() == UserType::Designer) {
        return Err(AppError::unauthenticated());
    }
    let user = user.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    let is_admin = caller.as_ref().is_some_and(CurrentUser::is_admin);
    if !user.is_active() && !is_admin {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    let private = is_admin || caller.as_ref().is_some_and(|c| c.id() == id);
    Ok(Json(Data::new(UserView::of(user, private))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProfileUpdate {
    #[schema(pattern = r"\S", max_length = 100)]
    pub name: Option<String>,
    #[schema(pattern = r"\S", max_length = 30)]
    pub phone: Option<String>,
    #[schema(max_length = 100)]
    pub city: Option<String>,
    #[schema(max_length = 5000)]
    pub about_self: Option<String>,
    #[schema(max_length = 5000)]
    pub featured_bio: Option<String>,
    /// An e-mail address, or blank to keep none.
    #[schema(
        max_length = 254,
        pattern = r"^\s*([^@\s\x00-\x1f\x7f-\x9f]+@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)?\s*$"
    )]
    pub paypal_email: Option<String>,
    #[serde(default, deserialize_with = "loose_id")]
    pub region_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<crate::geo::CountryDoc>, inline)]
    pub country_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub state_id: Option<i64>,
    /// Free key/value pairs shown as Qualifications on the profile.
    pub qualification: Option<BTreeMap<String, String>>,
}

const MAX_ABOUT: usize = 5000;

/// Updates a profile: the user themself or an admin.
#[utoipa::path(put, path = "/users/{id}", tag = "accounts", params(("id" = i64, Path)), request_body = ProfileUpdate, security(("bearer" = [])),
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
async fn update_user(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<ProfileUpdate>,
) -> Result<Json<Data<UserView>>, AppError> {
    if caller.id() != id && !caller.is_admin() {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    let user = store::find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    let mut errors = FieldErrors::new();
    let name = req.name.as_deref().and_then(|raw| {
        DisplayName::parse(raw).map(DisplayName::into_string).map_err(|code| errors.add("name", code)).ok()
    });
    for (field, value, max) in [
        ("phone", &req.phone, 30),
        ("city", &req.city, 100),
        ("about_self", &req.about_self, MAX_ABOUT),
        ("featured_bio", &req.featured_bio, MAX_ABOUT),
    ] {
        match value.as_deref() {
            Some(v) if v.chars().count() > max => errors.add(field, codes::TOO_LONG),
            Some(v) if v.trim().is_empty() && field == "phone" => errors.add(field, codes::REQUIRED),
            _ => {}
        }
    }
    if let Some(paypal) = req.paypal_email.as_deref().filter(|p| !p.trim().is_empty()) {
        if let Err(code) = EmailAddress::parse(paypal) {
            errors.add("paypal_email", code);
        }
    }
    let country_id = req.country_id.or(user.country_id);
    if req.country_id.is_some() || req.state_id.is_some() {
        check_geography(&state, req.region_id, country_id, req.state_id.or(user.state_id), &mut errors).await?;
    }
    errors.into_result()?;

    // A client who completes their personal information leaves the /personal-info step.
    let completes_profile = user.registration_step < 2
        && country_id.is_some()
        && (req.name.is_some() || req.phone.is_some() || req.country_id.is_some());
    let change = ProfileChange {
        name,
        phone: req.phone.map(|v| v.trim().to_owned()),
        city: req.city,
        about_self: req.about_self,
        featured_bio: req.featured_bio,
        paypal_email: req.paypal_email.map(|v| v.trim().to_owned()),
        region_id: req.region_id,
        country_id: req.country_id,
        state_id: req.state_id,
        qualification: req.qualification.map(|q| serde_json::to_string(&q)).transpose().map_err(anyhow::Error::from)?,
        registration_step: completes_profile.then_some(2),
    };
    store::update_profile(&state.db.pool, id, &change, state.now_ms()).await?;
    let user = store::find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    Ok(Json(Data::new(UserView::of(user, true))))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusUpdate {
    /// 1 active, 0 deactivated.
    #[serde(default, deserialize_with = "crate::api::flag")]
    #[schema(required = true, value_type = crate::api::FlagDoc, inline)]
    pub is_active: Option<bool>,
}

/// Activates or deactivates an account (admins). Deactivation ends every session.
#[utoipa::path(put, path = "/users/{id}/statuses", tag = "accounts", params(("id" = i64, Path)), request_body = StatusUpdate, security(("bearer" = [])),
    responses((status = 200, body = Data<UserView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
async fn update_user_status(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<StatusUpdate>,
) -> Result<Json<Data<UserView>>, AppError> {
    caller.require_admin()?;
    let active = req.is_active.ok_or_else(|| AppError::field("is_active", codes::REQUIRED))?;
    if id == caller.id() && !active {
        return Err(AppError::forbidden(codes::FORBIDDEN));
    }
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    if !store::set_active(&mut *tx, id, active, now).await? {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    if !active {
        store::revoke_user_tokens(&mut *tx, id, now).await?;
    }
    tx.commit().await?;
    let user = store::find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    if !active {
        state.realtime.revoke_user(id).await;
    }
    tracing::info!(user_id = id, active, by = caller.id(), "account status changed");
    Ok(Json(Data::new(UserView::of(user, true))))
}
