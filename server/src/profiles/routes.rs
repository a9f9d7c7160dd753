//! Profile routes: the profile information with its expansions, the statistics that
//! choose the profile modal's tabs, winnings (the Reviews tab) and the user's settings.

use axum::{extract::State, Json};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::{
    model::{Country, ProfileStatistics, ProfileView, SettingsView, WinningView},
    store::{self, SettingsChange},
};
use crate::{
    accounts::{
        domain::UserType,
        model::{FilePath, UserView},
        store::find_user,
        CurrentUser, MaybeUser,
    },
    api::{flag, Data},
    designers::access::readable_designer,
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope, FieldErrors},
    shared::page::Page,
    state::AppState,
};

const PER_PAGE: i64 = 12;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IncludeQuery {
    /// Comma-separated expansions: `cover_pic`, `average_rating`, `experience`, `qualifications`.
    #[param(
        pattern = r"^ *(cover_pic|average_rating|experience|qualifications)? *(, *(cover_pic|average_rating|experience|qualifications)? *)*$"
    )]
    pub include: Option<String>,
}

/// A user's profile information, with the expansions asked for: a designer's is public
/// (anonymous visitors may view profiles), anyone else's for signed-in users (401 for a
/// visitor); its private fields (e-mail, phone, ...) only for the user themself and
/// admins; a deactivated account only for admins.
#[utoipa::path(get, path = "/users/{id}/profile-information", tag = "profiles", params(("id" = i64, Path), IncludeQuery),
    responses((status = 200, body = Data<ProfileView>), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn information(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<IncludeQuery>,
) -> Result<Json<Data<ProfileView>>, AppError> {
    let user = find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    let admin = caller.as_ref().is_some_and(CurrentUser::is_admin);
    if !user.is_active() && !admin {
        return Err(AppError::not_found(codes::USER_NOT_FOUND));
    }
    // Visitors read designers' profiles only; clients' and admins' are for members.
    if caller.is_none() && user.user_type() != UserType::Designer {
        return Err(AppError::unauthenticated());
    }
    let mut wanted = Vec::new();
    for part in query.include.as_deref().unwrap_or("").split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part {
            "cover_pic" | "average_rating" | "experience" | "qualifications" => wanted.push(part),
            _ => return Err(AppError::field("include", codes::NOT_FOUND_OPTION)),
        }
    }
    let private = admin || caller.as_ref().is_some_and(|c| c.id() == id);
    let mut conn = state.db.pool.acquire().await?;
    let country = match user.country_id {
        Some(cid) => store::country_name(&mut conn, cid).await?.map(|name| Country { id: cid, name }),
        None => None,
    };
    let view = UserView::of(user, private);
    let experience = match wanted.contains(&"experience") {
        true => Some(store::experience(&mut conn, id).await?),
        false => None,
    };
    let average_rating = match wanted.contains(&"average_rating") {
        true => Some(store::average_rating(&mut conn, id).await?),
        false => None,
    };
    Ok(Json(Data::new(ProfileView {
        cover: wanted
            .contains(&"cover_pic")
            .then(|| view.cover_pic.as_ref().map(|c| FilePath { full_path: c.full_path.clone() }))
            .flatten(),
        qualifications: wanted.contains(&"qualifications").then(|| view.qualification.clone()),
        average_rating,
        won_contests_count: experience.as_ref().map(|e| e.won_contests_count),
        entries_count: experience.as_ref().map(|e| e.entries_count),
        unique_client_count: experience.as_ref().map(|e| e.unique_client_count),
        repeat_client_count: experience.as_ref().map(|e| e.repeat_client_count),
        country,
        user: view,
    })))
}

/// A designer's counts that choose the profile modal's tabs (public).
#[utoipa::path(get, path = "/users/{id}/profile-statistics", tag = "profiles", params(("id" = i64, Path)),
    responses((status = 200, body = Data<ProfileStatistics>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn statistics(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<ProfileStatistics>>, AppError> {
    readable_designer(&state, id, caller.as_ref()).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(ProfileStatistics {
        portfolio_count: store::portfolio_count(&mut conn, id).await?,
        marketplace_count: crate::marketplace::store::available_count(&mut conn, id).await?,
        wining_count: store::winning_count(&mut conn, id).await?,
    })))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WinningsQuery {
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// `-created_at` (default), `created_at`, `-rating`, `rating`.
    #[param(pattern = r"^(-created_at|created_at|-rating|rating)?$")]
    pub sort: Option<String>,
}

/// A designer's winnings, with the rating each client gave the winner (the Reviews tab;
/// public).
#[utoipa::path(get, path = "/users/{id}/winnings", tag = "profiles", params(("id" = i64, Path), WinningsQuery),
    responses((status = 200, body = Page<WinningView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn winnings(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<WinningsQuery>,
) -> Result<Json<Page<WinningView>>, AppError> {
    readable_designer(&state, id, caller.as_ref()).await?;
    let order =
        store::winnings_order(query.sort.as_deref()).ok_or_else(|| AppError::field("sort", codes::WINNINGS_SORT))?;
    let page = query.page.unwrap_or(1).max(1);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::winnings(&mut conn, id, order, page, PER_PAGE).await?;
    let next_page_url = (page * PER_PAGE < total).then(|| {
        let sort = query.sort.as_deref().map(|s| format!("&sort={s}")).unwrap_or_default();
        format!("/users/{id}/winnings?page={}{sort}", page + 1)
    });
    Ok(Json(Page {
        data: rows.into_iter().map(WinningView::of).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url,
        total,
    }))
}

fn require_self(caller: &CurrentUser, id: i64) -> Result<(), AppError> {
    match caller.id() == id || caller.is_admin() {
        true => Ok(()),
        false => Err(AppError::forbidden(codes::FORBIDDEN)),
    }
}

/// A user's settings (the user themself and admins).
#[utoipa::path(get, path = "/users/{id}/settings", tag = "profiles", params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Data<SettingsView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn show_settings(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<SettingsView>>, AppError> {
    require_self(&caller, id)?;
    let mut conn = state.db.pool.acquire().await?;
    let row = store::settings(&mut conn, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    Ok(Json(Data::new(SettingsView::of(row))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SettingsRequest {
    /// `en` or `es`.
    #[schema(value_type = Option<LanguageDoc>, inline)]
    pub language: Option<String>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub receives_newsletter: Option<bool>,
    /// An image the user uploaded; 0 removes the picture.
    #[serde(default)]
    pub profile_picture_file_id: Option<i64>,
    /// An image the user uploaded; 0 removes the cover.
    #[serde(default)]
    pub cover_pic_file_id: Option<i64>,
    /// The web client's colour scheme, `A` to `H`.
    #[schema(value_type = Option<ThemeDoc>, inline)]
    pub theme: Option<String>,
}

crate::api::enum_doc!(
    /// A language of the web client.
    pub LanguageDoc: String = ["en", "es"]
);
crate::api::enum_doc!(
    /// A colour scheme of the web client ([`super::model::THEMES`]).
    pub ThemeDoc: String = super::model::THEMES
);

/// Changes a user's settings: language, newsletter, picture, cover and theme (the user
/// themself and admins). Pictures must be images the user uploaded.
#[utoipa::path(put, path = "/users/{id}/settings", tag = "profiles", params(("id" = i64, Path)), request_body = SettingsRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<SettingsView>), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
pub async fn update_settings(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<SettingsRequest>,
) -> Result<Json<Data<SettingsView>>, AppError> {
    require_self(&caller, id)?;
    find_user(&state.db.pool, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    let mut errors = FieldErrors::new();
    if req.language.as_deref().is_some_and(|l| !matches!(l, "en" | "es")) {
        errors.add("language", codes::NOT_FOUND_OPTION);
    }
    if req.theme.as_deref().is_some_and(|t| !super::model::THEMES.contains(&t)) {
        errors.add("theme", codes::NOT_FOUND_OPTION);
    }
    let mut change = SettingsChange {
        language: req.language.clone(),
        receives_newsletter: req.receives_newsletter,
        theme: req.theme.clone(),
        ..SettingsChange::default()
    };
    for (field, file_id, slot) in [
        ("profile_picture_file_id", req.profile_picture_file_id, &mut change.profile_picture),
        ("cover_pic_file_id", req.cover_pic_file_id, &mut change.cover_pic),
    ] {
        match file_id {
            None => {}
            Some(0) => *slot = Some(None),
            Some(file) => {
                let found = crate::files::store::find_file(&state.db.pool, file).await?;
                match found {
                    Some(f) if f.app_user_id == id && f.content_type.starts_with("image/") => {
                        *slot = Some(Some(format!("/files/{file}/content")))
                    }
                    _ => errors.add(field, codes::NOT_FOUND_OPTION),
                }
            }
        }
    }
    errors.into_result()?;
    let mut conn = state.db.pool.acquire().await?;
    store::update_settings(&mut conn, id, &change, state.now_ms()).await?;
    let row = store::settings(&mut conn, id).await?.ok_or_else(|| AppError::not_found(codes::USER_NOT_FOUND))?;
    Ok(Json(Data::new(SettingsView::of(row))))
}
