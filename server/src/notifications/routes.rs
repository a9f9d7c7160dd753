//! HTTP handlers of the notification area: the list, the unread counters, marking
//! read (by ids, all, or everything about one contest, entry or project), and the
//! types a user muted.
//!
//! Marking read changes the badge counters, so it writes a `badge` event to the
//! caller's `user:{id}` channel in the same transaction and publishes it after commit.

use std::collections::BTreeSet;

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tracing::instrument;
use utoipa::{openapi::schema::Type, IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    badge,
    store::{self, Entity, NotificationRow},
    Badge,
};
use crate::{
    accounts::{model::FilePath, CurrentUser},
    api::{flag, loose_id, Data},
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    mail,
    realtime::unit::Unit,
    shared::page::Page,
    state::AppState,
};

pub const PER_PAGE: i64 = 20;
/// The most ids one mark-as-read call may name.
const MAX_IDS: usize = 500;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(unread_count))
        .routes(routes!(mark_read))
        .routes(routes!(mark_entity_read))
        .routes(routes!(show_preferences, update_preferences))
}

/// Who caused a notification.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatorView {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub profile_picture: Option<FilePath>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationView {
    pub id: i64,
    /// 1 to 22 (see the specifications' list of types).
    pub notification_type_id: i64,
    /// Epoch milliseconds; null while unread.
    pub read_at: Option<i64>,
    pub created_at: i64,
    pub created_by: Option<i64>,
    pub created_by_user: Option<CreatorView>,
    pub trigger_entity_id: Option<i64>,
    pub plain_content: String,
    /// What the click target needs: contest_id, contest_entry_id, project_id, bid_id, id, ...
    #[schema(value_type = Object)]
    pub data: Value,
}

impl From<NotificationRow> for NotificationView {
    fn from(row: NotificationRow) -> Self {
        let created_by_user = match (row.created_by, row.creator_username, row.creator_name) {
            (Some(id), Some(username), Some(name)) => Some(CreatorView {
                id,
                username,
                name,
                profile_picture: row.creator_profile_picture.map(|full_path| FilePath { full_path }),
            }),
            _ => None,
        };
        Self {
            id: row.id,
            notification_type_id: row.notification_type_id,
            read_at: row.read_at,
            created_at: row.created_at,
            created_by: row.created_by,
            created_by_user,
            trigger_entity_id: row.trigger_entity_id,
            plain_content: row.plain_content,
            data: serde_json::from_str(&row.data).unwrap_or(Value::Null),
        }
    }
}

/// The unread counters: `count` is what the bell shows (the client prints 9+ above 9).
#[derive(Debug, Serialize, ToSchema)]
pub struct Counters {
    pub count: i64,
    pub unread_notifications_count: i64,
    /// Unread notifications of new entries on the user's contests.
    pub new_entry_notification_count: i64,
    pub unread_messages_count: i64,
    /// Items in the tipping cart (the header's basket).
    pub cart_count: i64,
}

impl From<Badge> for Counters {
    fn from(b: Badge) -> Self {
        Self {
            count: b.unread_notifications_count,
            unread_notifications_count: b.unread_notifications_count,
            new_entry_notification_count: b.new_entry_notification_count,
            unread_messages_count: b.unread_messages_count,
            cart_count: b.cart_count,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 1-based page number.
    #[serde(default, deserialize_with = "crate::shared::page::page_number")]
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1: only unread notifications.
    #[serde(rename = "filter[unread]", default, deserialize_with = "flag")]
    #[param(rename = "filter[unread]", value_type = Option<crate::api::FlagDoc>, inline)]
    pub unread: Option<bool>,
}

/// The caller's notifications, 20 a page, newest first.
#[utoipa::path(get, path = "/notifications", tag = "notifications", params(ListQuery), security(("bearer" = [])),
    responses((status = 200, body = Page<NotificationView>), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
async fn list(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<NotificationView>>, AppError> {
    let page = query.page.unwrap_or(1).max(1);
    let unread = query.unread.unwrap_or(false);
    let mut conn = state.db.pool.acquire().await?;
    let (rows, total) = store::page(&mut conn, caller.id(), unread, page, PER_PAGE).await?;
    let filter = if unread { "filter[unread]=1&" } else { "" };
    let next_page_url = (page * PER_PAGE < total).then(|| format!("/notifications?{filter}page={}", page + 1));
    Ok(Json(Page {
        data: rows.into_iter().map(NotificationView::from).collect(),
        current_page: page,
        per_page: PER_PAGE,
        next_page_url,
        total,
    }))
}

/// The caller's unread counters (`data.count` for the bell).
#[utoipa::path(get, path = "/notifications/unread/count", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = Data<Counters>), (status = 401, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
async fn unread_count(State(state): State<AppState>, caller: CurrentUser) -> Result<Json<Data<Counters>>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(Data::new(badge(&mut conn, caller.id()).await?.into())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MarkReadRequest {
    /// The notifications to mark read: a list of ids, or one id (as a form might send it).
    #[schema(value_type = Option<MarkReadIds>)]
    pub ids: Option<Value>,
    /// 1: mark every notification of the caller read (`ids` is then ignored).
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub mark_all_read: Option<bool>,
}

/// How `ids` may be sent ([`parse_ids`] reads it; documentation only).
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum MarkReadIds {
    Many(Vec<i64>),
    One(i64),
}

/// The body for the document: [`MarkReadRequest`] with at least one of its two targets,
/// a non-empty `ids` or a `mark_all_read` that is set (as [`crate::api::flag`] reads it).
pub struct MarkReadBody;

impl utoipa::PartialSchema for MarkReadBody {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ArrayBuilder, ObjectBuilder, OneOfBuilder};
        let id = || crate::api::id_schema();
        let ids = OneOfBuilder::new()
            .item(ArrayBuilder::new().items(id()).min_items(Some(1)).max_items(Some(MAX_IDS)))
            .item(id());
        let set = crate::api::flag_set_schema();
        let target = AnyOfBuilder::new()
            .item(ObjectBuilder::new().property("ids", ids).required("ids"))
            .item(ObjectBuilder::new().property("mark_all_read", set).required("mark_all_read"));
        AllOfBuilder::new().item(utoipa::openapi::Ref::from_schema_name("MarkReadRequest")).item(target).into()
    }
}

impl ToSchema for MarkReadBody {
    // The request's own schema is named only through this one: register it with it.
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        crate::api::register_schema::<MarkReadRequest>(schemas);
    }
}

/// What marking read did.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarkReadAnswer {
    pub message: String,
    /// The counters after the change.
    pub data: Counters,
    /// How many notifications went from unread to read.
    pub marked: u64,
    /// Requested ids that are not the caller's notifications (missing or someone else's:
    /// the two are not told apart). They were not touched.
    pub not_found: Vec<i64>,
}

/// `ids` as a list of ids, lenient about numeric strings like the rest of the API.
fn parse_ids(ids: &Value) -> Result<Vec<i64>, AppError> {
    let invalid = || AppError::field("ids", codes::NOTIFICATION_IDS_INVALID);
    let items = match ids {
        Value::Array(items) => items.as_slice(),
        // A single id, as a form might send it.
        single @ (Value::Number(_) | Value::String(_)) => std::slice::from_ref(single),
        _ => return Err(invalid()),
    };
    if items.len() > MAX_IDS {
        return Err(AppError::field("ids", codes::TOO_LONG));
    }
    let parsed: Option<BTreeSet<i64>> = items
        .iter()
        .map(|v| match v {
            Value::Number(n) => whole_number(n),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        })
        .collect();
    Ok(parsed.ok_or_else(invalid)?.into_iter().collect())
}

/// An id as JSON Schema counts integers: `7` or `7.0` (never `7.5`, nor past `i64`).
fn whole_number(n: &serde_json::Number) -> Option<i64> {
    n.as_i64().or_else(|| {
        let f = n.as_f64()?;
        (f.fract() == 0.0 && f.abs() < 9.0e18).then_some(f as i64)
    })
}

/// Marks notifications read: `{"ids": [...]}` or `{"mark_all_read": 1}`. A notification
/// already read keeps its `read_at`. Ids that are not the caller's are left alone and
/// reported in `not_found` (a 200, so that one stale id does not fail a batch).
#[utoipa::path(put, path = "/notifications/mark-as-reads", tag = "notifications", request_body = MarkReadBody,
    security(("bearer" = [])),
    responses((status = 200, body = MarkReadAnswer), (status = 401, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
async fn mark_read(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<MarkReadRequest>,
) -> Result<Json<MarkReadAnswer>, AppError> {
    let all = req.mark_all_read.unwrap_or(false);
    let ids = match (&req.ids, all) {
        (_, true) => vec![],
        (Some(ids), false) => parse_ids(ids)?,
        (None, false) => vec![],
    };
    if !all && ids.is_empty() {
        return Err(AppError::field("ids", codes::NOTIFICATION_MARK_TARGET));
    }
    let user_id = caller.id();
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let (marked, not_found) = if all {
        (store::mark_all_read(&mut tx, user_id, now).await?, vec![])
    } else {
        let owned: BTreeSet<i64> = store::owned(&mut tx, user_id, &ids).await?.into_iter().collect();
        let not_found = ids.iter().copied().filter(|id| !owned.contains(id)).collect();
        let owned: Vec<i64> = owned.into_iter().collect();
        (store::mark_read(&mut tx, user_id, &owned, now).await?, not_found)
    };
    let counters = counters_after(&mut tx, user_id, marked, now).await?;
    tx.commit().await?;
    let message = if all { "All Notifications Marked as Read" } else { "Notification Marked as Read" };
    Ok(Json(MarkReadAnswer { message: message.into(), data: counters, marked, not_found }))
}

/// The counters after marking; when some were marked, the `badge` follows in the unit.
async fn counters_after(unit: &mut Unit, user_id: i64, marked: u64, now_ms: i64) -> Result<Counters, sqlx::Error> {
    let counters = badge(unit, user_id).await?;
    if marked > 0 {
        super::badges::changed(unit, user_id, now_ms).await?;
    }
    Ok(counters.into())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EntityMarkRequest {
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_id: Option<i64>,
    /// Narrows a contest to one of its entries.
    #[serde(default, deserialize_with = "loose_id")]
    pub contest_entry_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub project_id: Option<i64>,
}

/// The body of entity mark-as-reads for the document: [`EntityMarkRequest`] with its rule
/// across fields, one contest (optionally one of its entries), one entry, or one project.
pub struct EntityMarkTarget;

impl utoipa::PartialSchema for EntityMarkTarget {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder};
        let id = crate::api::id_schema;
        let absent = || ObjectBuilder::new().schema_type(Type::Null);
        let id_or_null = || <Option<i64> as utoipa::PartialSchema>::schema();
        AnyOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .property("contest_id", id())
                    .required("contest_id")
                    .property("contest_entry_id", id_or_null())
                    .property("project_id", absent()),
            )
            .item(
                ObjectBuilder::new()
                    .property("contest_entry_id", id())
                    .required("contest_entry_id")
                    .property("contest_id", id_or_null())
                    .property("project_id", absent()),
            )
            .item(
                ObjectBuilder::new()
                    .property("project_id", id())
                    .required("project_id")
                    .property("contest_id", absent())
                    .property("contest_entry_id", absent()),
            )
            .description(Some(
                "One contest (`contest_id`, narrowed to one of its entries by `contest_entry_id`), one entry \
                 (`contest_entry_id`), or one project (`project_id`): a project with a contest or an entry is refused.",
            ))
            .into()
    }
}

impl ToSchema for EntityMarkTarget {}

/// What marking an entity read did.
#[derive(Debug, Serialize, ToSchema)]
pub struct EntityMarkAnswer {
    pub message: String,
    pub data: Counters,
    pub marked: u64,
}

/// Marks read the caller's notifications about one contest (optionally one of its
/// entries) or one project, as opening its comments does.
#[utoipa::path(put, path = "/notifications/entities/mark-as-reads", tag = "notifications",
    request_body = EntityMarkTarget, security(("bearer" = [])),
    responses((status = 200, body = EntityMarkAnswer), (status = 401, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = caller.id()))]
async fn mark_entity_read(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiJson(req): ApiJson<EntityMarkRequest>,
) -> Result<Json<EntityMarkAnswer>, AppError> {
    let entity = match (req.contest_id, req.contest_entry_id, req.project_id) {
        (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => {
            return Err(AppError::field("project_id", codes::NOTIFICATION_ENTITY_AMBIGUOUS))
        }
        (contest_id, Some(contest_entry_id), None) => Entity::ContestEntry { contest_id, contest_entry_id },
        (Some(contest_id), None, None) => Entity::Contest(contest_id),
        (None, None, Some(project_id)) => Entity::Project(project_id),
        (None, None, None) => return Err(AppError::field("contest_id", codes::NOTIFICATION_ENTITY_REQUIRED)),
    };
    let user_id = caller.id();
    let now = state.now_ms();
    let mut tx = state.realtime.begin().await?;
    let marked = store::mark_entity_read(&mut tx, user_id, entity, now).await?;
    let counters = counters_after(&mut tx, user_id, marked, now).await?;
    tx.commit().await?;
    Ok(Json(EntityMarkAnswer { message: "All comments are marked as read".into(), data: counters, marked }))
}

/// A user's notification preferences.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Preferences {
    /// Types (1-22) still written and listed, but pushing no live badge.
    pub muted_notification_type_ids: Vec<i64>,
    /// 1 while the user receives launch e-mails (the Email Blast's new contests); 0 once they
    /// opted out, here or through a launch e-mail's unsubscribe link.
    #[schema(minimum = 0, maximum = 1)]
    pub receives_launch_mail: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PreferencesUpdate {
    /// The full list of muted types (1 to 22); it replaces the previous one.
    #[schema(required = true, schema_with = muted_types_schema)]
    pub muted_notification_type_ids: Option<Value>,
    /// 1 to receive launch e-mails, 0 to stop them; unchanged when absent.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>)]
    pub receives_launch_mail: Option<bool>,
}

/// `muted_notification_type_ids` for the document: a list of notification types, 1 to 22.
fn muted_types_schema() -> utoipa::openapi::schema::Array {
    let notification_type = crate::api::id_schema_with(|o| o.minimum(Some(1)).maximum(Some(22)));
    utoipa::openapi::schema::ArrayBuilder::new().items(notification_type).build()
}

/// Only the user themself reads or changes their preferences.
fn require_self(caller: &CurrentUser, id: i64) -> Result<(), AppError> {
    if caller.id() == id {
        Ok(())
    } else {
        Err(AppError::forbidden(codes::FORBIDDEN))
    }
}

/// The caller's muted notification types.
#[utoipa::path(get, path = "/users/{id}/notification-preferences", tag = "notifications", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<Preferences>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
async fn show_preferences(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Data<Preferences>>, AppError> {
    require_self(&caller, id)?;
    let mut conn = state.db.pool.acquire().await?;
    let muted = store::muted_types(&mut conn, id).await?;
    let launch_mail = mail::store::receives_launch_mail(&mut *conn, id).await?;
    Ok(Json(Data::new(Preferences { muted_notification_type_ids: muted, receives_launch_mail: launch_mail.into() })))
}

/// Replaces the caller's muted notification types.
#[utoipa::path(put, path = "/users/{id}/notification-preferences", tag = "notifications", params(("id" = i64, Path)),
    request_body = PreferencesUpdate, security(("bearer" = [])),
    responses((status = 200, body = Data<Preferences>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 422, body = ErrorEnvelope)))]
#[instrument(skip_all, fields(user_id = id))]
async fn update_preferences(
    State(state): State<AppState>,
    caller: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(req): ApiJson<PreferencesUpdate>,
) -> Result<Json<Data<Preferences>>, AppError> {
    require_self(&caller, id)?;
    const FIELD: &str = "muted_notification_type_ids";
    let Some(Value::Array(items)) = req.muted_notification_type_ids else {
        return Err(AppError::field(FIELD, codes::REQUIRED));
    };
    let types: Option<BTreeSet<i64>> = items
        .iter()
        .map(|v| v.as_number().and_then(whole_number).or_else(|| v.as_str()?.trim().parse().ok()))
        .collect();
    let types = types.filter(|t| t.iter().all(|id| (1..=22).contains(id)));
    let types: Vec<i64> =
        types.ok_or_else(|| AppError::field(FIELD, codes::NOTIFICATION_TYPE_INVALID))?.into_iter().collect();
    let mut tx = state.db.pool.begin().await?;
    store::set_muted_types(&mut tx, id, &types, state.now_ms()).await?;
    if let Some(receives) = req.receives_launch_mail {
        mail::store::set_receives_launch_mail(&mut *tx, id, receives).await?;
    }
    let receives_launch_mail = mail::store::receives_launch_mail(&mut *tx, id).await?.into();
    tx.commit().await?;
    Ok(Json(Data::new(Preferences { muted_notification_type_ids: types, receives_launch_mail })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_are_read_leniently_and_deduplicated() {
        assert_eq!(parse_ids(&json!([3, "1", 3])).unwrap(), vec![1, 3]);
        assert_eq!(parse_ids(&json!(7)).unwrap(), vec![7]);
        assert_eq!(parse_ids(&json!([2.0, 5])).unwrap(), vec![2, 5]);
        assert!(parse_ids(&json!([2.5])).is_err());
        assert!(parse_ids(&json!(["x"])).is_err());
        assert!(parse_ids(&json!({"id": 1})).is_err());
        assert!(parse_ids(&json!(vec![1; MAX_IDS + 1])).is_err());
    }
}
