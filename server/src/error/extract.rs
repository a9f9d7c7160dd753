//! Extractors whose rejections answer in the error envelope instead of axum's plain text.

use axum::{
    extract::{rejection::*, FromRequest, FromRequestParts},
    http::StatusCode,
};
use std::borrow::Cow;

use super::{codes, AppError};

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
        let req = axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes.clone()));
        let value = match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => value,
            // JSON Schema (and the document) counts `5.0` as the integer 5, as JavaScript
            // does; serde's integers do not. A body refused for its types is read once more
            // with whole floats written as integers; if that fails too, the first refusal stands.
            Err(JsonRejection::JsonDataError(refusal)) => {
                match serde_json::from_slice::<serde_json::Value>(&bytes).map(whole_floats_as_integers) {
                    Ok(normalised) => serde_json::from_value::<T>(normalised)
                        .map_err(|_| AppError::from(JsonRejection::JsonDataError(refusal)))?,
                    Err(_) => return Err(JsonRejection::JsonDataError(refusal).into()),
                }
            }
            Err(rejection) => return Err(rejection.into()),
        };
        if is_array {
            return Err(with_detail(
                StatusCode::UNPROCESSABLE_ENTITY,
                codes::BODY_INVALID,
                "Failed to deserialize the JSON body into the target type: expected a JSON object, found an array"
                    .into(),
            ));
        }
        Ok(ApiJson(value))
    }
}

/// `value` with every number that is a whole float within `i64` (`5.0`, `-2.0`, `1e3`)
/// written as that integer; everything else as it was.
fn whole_floats_as_integers(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    // 2^63 as an f64: below it (in magnitude) the cast to i64 is exact for whole values.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    match value {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < LIMIT => Value::from(f as i64),
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(whole_floats_as_integers).collect()),
        Value::Object(fields) => {
            Value::Object(fields.into_iter().map(|(k, v)| (k, whole_floats_as_integers(v))).collect())
        }
        other => other,
    }
}

/// Fields kept aside from a body (a `#[serde(flatten)]` map) read as `T`, refused as
/// [`ApiJson`] refuses a body: 422 `body.invalid` naming the field, whole floats read as
/// integers. The payment routes' bodies keep the purpose's fields so, and the selling area
/// reads them.
pub fn read_fields<T: serde::de::DeserializeOwned>(
    fields: &serde_json::Map<String, serde_json::Value>,
) -> Result<T, AppError> {
    let value = serde_json::Value::Object(fields.clone());
    let refusal = match serde_path_to_error::deserialize::<_, T>(&value) {
        Ok(read) => return Ok(read),
        Err(refusal) => refusal,
    };
    serde_json::from_value::<T>(whole_floats_as_integers(value)).map_err(|_| {
        with_detail(
            StatusCode::UNPROCESSABLE_ENTITY,
            codes::BODY_INVALID,
            format!("Failed to deserialize the JSON body into the target type: {refusal}"),
        )
    })
}

/// `Query<T>` with enveloped rejections.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct ApiQuery<T>(pub T);

/// `Path<T>` with enveloped rejections (`/users/abc` is a 404, not a 400 in plain text).
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

fn with_detail(status: StatusCode, code: codes::Code, detail: String) -> AppError {
    AppError::Rule { status, code, message: Some(Cow::Owned(format!("{} {detail}", code.message))) }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        let status = match rejection {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            JsonRejection::BytesRejection(_) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        with_detail(status, codes::BODY_INVALID, rejection.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        with_detail(StatusCode::UNPROCESSABLE_ENTITY, codes::QUERY_INVALID, rejection.body_text())
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        // A path segment that does not parse names no resource that could exist.
        with_detail(StatusCode::NOT_FOUND, codes::PATH_INVALID, rejection.body_text())
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
                with_detail(StatusCode::UNPROCESSABLE_ENTITY, codes::BODY_INVALID, rejection.body_text())
            })?;
            Ok(Self(value))
        } else {
            let ApiJson(value) = ApiJson::<T>::from_request(req, state).await?;
            Ok(Self(value))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_floats_become_integers_and_nothing_else_changes() {
        let read = whole_floats_as_integers(json!({"a": 5.0, "b": [1.5, -2.0, "3.0"], "c": {"d": 1e3, "e": 7}}));
        assert_eq!(read, json!({"a": 5, "b": [1.5, -2, "3.0"], "c": {"d": 1000, "e": 7}}));
        assert!(read["a"].is_i64() && read["c"]["d"].is_i64());
        // Past i64 a whole float stays a float (and an i64 field refuses it as before).
        assert!(whole_floats_as_integers(json!(1e19)).is_f64());
    }

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Fields {
        days: i64,
        #[serde(default)]
        items: Vec<i64>,
    }

    fn fields(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        value.as_object().cloned().expect("an object")
    }

    #[test]
    fn kept_fields_are_read_and_refused_as_a_body_is() {
        assert_eq!(read_fields::<Fields>(&fields(json!({"days": 3.0}))).unwrap(), Fields { days: 3, items: vec![] });
        let refused = read_fields::<Fields>(&fields(json!({"days": 3, "items": [1, "x"]}))).unwrap_err();
        let AppError::Rule { status, code, message } = refused else { panic!("a rule error: {refused:?}") };
        assert_eq!((status, code.code), (StatusCode::UNPROCESSABLE_ENTITY, codes::BODY_INVALID.code));
        let message = message.unwrap_or_default();
        assert!(message.contains("items[1]"), "the refusal names the field: {message}");
    }
}
