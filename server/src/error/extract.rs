//! Extractors whose rejections answer in the error envelope instead of axum's plain text.

use axum::{
    extract::{rejection::*, FromRequest, FromRequestParts},
    http::StatusCode,
};
use std::borrow::Cow;

use super::{catalogue, AppError};

/// `Json<T>` whose failures (bad JSON, wrong types, missing content type) are 422 envelopes.
/// Every body is a JSON object, as the document declares: a top-level array is refused,
/// though serde would read a struct from one (`[null, null]` as its first two fields).
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: serde::de::DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = req.into_parts();
        // The bytes under the body limit (kept in the extensions), then `Json` as before.
        let mut only_body = axum::extract::Request::new(body);
        *only_body.extensions_mut() = parts.extensions.clone();
        let bytes = bytes::Bytes::from_request(only_body, state).await.map_err(JsonRejection::from)?;
        let is_array = bytes.iter().find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r')) == Some(&b'[');
        let req = axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes));
        let axum::Json(value) = axum::Json::<T>::from_request(req, state).await?;
        if is_array {
            return Err(with_detail(
                StatusCode::UNPROCESSABLE_ENTITY,
                catalogue::BODY_INVALID,
                "Failed to deserialize the JSON body into the target type: expected a JSON object, found an array"
                    .into(),
            ));
        }
        Ok(ApiJson(value))
    }
}

/// `Query<T>` with enveloped rejections.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct ApiQuery<T>(pub T);

/// `Path<T>` with enveloped rejections (`/users/abc` is a 404, not a 400 in plain text).
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

fn with_detail(status: StatusCode, code: catalogue::Code, detail: String) -> AppError {
    AppError::Rule { status, code, message: Some(Cow::Owned(format!("{} {detail}", code.message))) }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        let status = match rejection {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            JsonRejection::BytesRejection(_) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        with_detail(status, catalogue::BODY_INVALID, rejection.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        with_detail(StatusCode::UNPROCESSABLE_ENTITY, catalogue::QUERY_INVALID, rejection.body_text())
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        // A path segment that does not parse names no resource that could exist.
        with_detail(StatusCode::NOT_FOUND, catalogue::PATH_INVALID, rejection.body_text())
    }
}

/// A body read as JSON, or as a URL-encoded form when the request says so
/// (`POST /oauth/token` takes both, as OAuth2 clients send forms).
#[derive(Debug)]
pub struct JsonOrForm<T>(pub T);

impl<S, T> FromRequest<S> for JsonOrForm<T>
where
    S: Send + Sync,
    T: serde::de::DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_form = req
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        if is_form {
            let axum::Form(value) = axum::Form::<T>::from_request(req, state).await.map_err(|rejection| {
                with_detail(StatusCode::UNPROCESSABLE_ENTITY, catalogue::BODY_INVALID, rejection.body_text())
            })?;
            Ok(Self(value))
        } else {
            let ApiJson(value) = ApiJson::<T>::from_request(req, state).await?;
            Ok(Self(value))
        }
    }
}
