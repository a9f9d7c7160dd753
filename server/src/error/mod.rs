//! `AppError`: the one error type handlers return, and the JSON envelope it becomes.
//!
//! Every failure answers
//! `{"error":{"code":"username.unique","message":"...","status":422,"fields":{...}}}`.
//! A message that names values (a budget's floor) also carries them as `params` ([`values`]).
//! Internal causes are logged with their chain and never shown to the client.

pub mod codes;
pub mod codes_file;
mod extract;
pub mod values;

use std::{borrow::Cow, collections::BTreeMap, time::Duration};

use axum::{
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

pub use codes::Code;
pub use extract::{read_fields, ApiJson, ApiPath, ApiQuery, JsonOrForm};
pub use values::{Params, Template};

/// Per-field problems, in field order, each with its catalogue code.
#[derive(Debug, Default, Clone, Serialize, ToSchema)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, Vec<FieldError>>);

#[derive(Debug, Clone, Serialize, PartialEq, Eq, ToSchema)]
pub struct FieldError {
    pub code: Cow<'static, str>,
    pub message: Cow<'static, str>,
    /// The values `message` names, by placeholder (`{"min": 25}`); absent when it names none.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(value_type = Object)]
    pub params: Params,
}

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a problem with `field`.
    pub fn add(&mut self, field: &str, code: Code) {
        self.add_message(field, code, code.message);
    }

    /// Records a problem with `field` whose message carries values (a budget floor, say).
    pub fn add_message(&mut self, field: &str, code: Code, message: impl Into<Cow<'static, str>>) {
        self.0.entry(field.to_owned()).or_default().push(FieldError {
            code: Cow::Borrowed(code.code),
            message: message.into(),
            params: Params::new(),
        });
    }

    /// Records a problem with `field` whose message names values: `template` filled with
    /// `params`, and the values themselves for clients that word the code in another language.
    pub fn add_values(&mut self, field: &str, template: Template, params: Params) {
        let message = template.fill(&params);
        self.0.entry(field.to_owned()).or_default().push(FieldError {
            code: Cow::Borrowed(template.code.code),
            message: message.into(),
            params,
        });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// `Ok(())` when nothing was recorded, else the 422 error carrying them.
    pub fn into_result(self) -> Result<(), AppError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(AppError::Invalid(self))
        }
    }
}

/// What went wrong, as the client should learn it.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// One or more fields broke a rule: 422 with `fields`.
    #[error("invalid input")]
    Invalid(FieldErrors),
    /// A rule of the domain with its catalogue code and the status that fits it.
    #[error("{}", .code.code)]
    Rule { status: StatusCode, code: Code, message: Option<Cow<'static, str>> },
    /// A rule whose message names values (an upload limit): the template filled, and `params`.
    #[error("{}", .template.code.code)]
    RuleWithValues { status: StatusCode, template: Template, params: Params },
    /// Too many calls (an abuse limit, the sign-in throttle): 429 with the wait in the
    /// `Retry-After` header and as `retry_after` in the envelope, in whole seconds.
    #[error("{}", .code.code)]
    TooMany { code: Code, retry_after: Duration },
    /// Anything the client did not cause; logged, answered as a bare 500, or as 503
    /// `server.unavailable` when the cause is a database connection that is not there
    /// ([`is_unavailable`]): the client may retry, another node or a moment later.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn rule(status: StatusCode, code: Code) -> Self {
        Self::Rule { status, code, message: None }
    }
    pub fn unauthenticated() -> Self {
        Self::rule(StatusCode::UNAUTHORIZED, codes::UNAUTHENTICATED)
    }
    pub fn forbidden(code: Code) -> Self {
        Self::rule(StatusCode::FORBIDDEN, code)
    }
    pub fn not_found(code: Code) -> Self {
        Self::rule(StatusCode::NOT_FOUND, code)
    }
    pub fn conflict(code: Code) -> Self {
        Self::rule(StatusCode::CONFLICT, code)
    }
    pub fn unprocessable(code: Code) -> Self {
        Self::rule(StatusCode::UNPROCESSABLE_ENTITY, code)
    }
    /// 429: try again after `retry_after`.
    pub fn too_many(code: Code, retry_after: Duration) -> Self {
        Self::TooMany { code, retry_after }
    }
    /// A single-field 422: the common case of one broken rule.
    pub fn field(field: &str, code: Code) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, code);
        Self::Invalid(errors)
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Rule { status, .. } | Self::RuleWithValues { status, .. } => *status,
            Self::TooMany { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal(cause) if is_unavailable(cause) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Whole seconds to wait before trying again (at least 1), for a 429.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            Self::TooMany { retry_after, .. } => {
                Some(retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0)).map(|s| s.max(1))
            }
            _ => None,
        }
    }

    /// The envelope body, without logging; `IntoResponse` adds the log line.
    pub fn envelope(&self) -> ErrorEnvelope {
        let status = self.status().as_u16();
        let retry_after = self.retry_after_secs();
        let mut params = Params::new();
        let (code, message, fields) = match self {
            Self::Invalid(fields) => {
                // One problem: lift it to the top so simple clients show the exact text.
                let mut all = fields.0.values().flatten();
                match (all.next(), all.next()) {
                    (Some(only), None) => {
                        params.clone_from(&only.params);
                        (only.code.clone(), only.message.clone(), fields.clone())
                    }
                    _ => (
                        Cow::Borrowed(codes::VALIDATION_FAILED.code),
                        Cow::Borrowed(codes::VALIDATION_FAILED.message),
                        fields.clone(),
                    ),
                }
            }
            Self::Rule { code, message, .. } => {
                (Cow::Borrowed(code.code), message.clone().unwrap_or(Cow::Borrowed(code.message)), FieldErrors::new())
            }
            Self::RuleWithValues { template, params: values, .. } => {
                params.clone_from(values);
                (Cow::Borrowed(template.code.code), Cow::Owned(template.fill(values)), FieldErrors::new())
            }
            Self::TooMany { code, .. } => {
                let secs = retry_after.unwrap_or(1);
                let unit = if secs == 1 { "second" } else { "seconds" };
                let message = format!("{} Please try again in {secs} {unit}.", code.message);
                (Cow::Borrowed(code.code), Cow::Owned(message), FieldErrors::new())
            }
            Self::Internal(cause) if is_unavailable(cause) => {
                (Cow::Borrowed(codes::UNAVAILABLE.code), Cow::Borrowed(codes::UNAVAILABLE.message), FieldErrors::new())
            }
            Self::Internal(_) => {
                (Cow::Borrowed(codes::INTERNAL.code), Cow::Borrowed(codes::INTERNAL.message), FieldErrors::new())
            }
        };
        ErrorEnvelope { error: ErrorBody { code, message, status, fields, params, retry_after } }
    }
}

/// True when `cause` (anywhere in its chain) is the database being out of reach: no
/// connection could be made or kept, or the pool had none to give in time. Those answer
/// 503; a query the database refused stays a 500.
pub fn is_unavailable(cause: &anyhow::Error) -> bool {
    cause.chain().any(|err| {
        err.downcast_ref::<sqlx::Error>().is_some_and(|err| {
            matches!(
                err,
                sqlx::Error::Io(_)
                    | sqlx::Error::Tls(_)
                    | sqlx::Error::PoolTimedOut
                    | sqlx::Error::PoolClosed
                    | sqlx::Error::WorkerCrashed
            )
        })
    })
}

impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(err))
    }
}

/// The JSON body of every failure.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorEnvelope {
    pub error: ErrorBody,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Stable code from the catalogue, e.g. `username.unique`.
    #[schema(value_type = String)]
    pub code: Cow<'static, str>,
    #[schema(value_type = String)]
    pub message: Cow<'static, str>,
    pub status: u16,
    /// Per-field problems: `{"username":[{"code":...,"message":...}]}`.
    pub fields: FieldErrors,
    /// The values `message` names, by placeholder (`{"limit": "25 MiB"}`), for a client that
    /// words the code itself; absent when it names none.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(value_type = Object)]
    pub params: Params,
    /// On a 429 only: whole seconds to wait before trying again (as the `Retry-After` header).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1)]
    pub retry_after: Option<u64>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        match &self {
            Self::Internal(cause) if is_unavailable(cause) => {
                tracing::warn!(error = %cause, "request failed: the database is out of reach");
            }
            Self::Internal(cause) => tracing::error!(error = ?cause, "request failed"),
            _ => {}
        }
        let mut response = (self.status(), Json(self.envelope())).into_response();
        if let Some(secs) = self.retry_after_secs() {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// The 404 for addresses no route matches, in the same envelope.
pub async fn route_not_found() -> AppError {
    AppError::not_found(codes::ROUTE_NOT_FOUND)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_answers_429_with_the_wait_in_whole_seconds() {
        let err = AppError::too_many(codes::RATE_LIMITED, Duration::from_millis(2_100));
        let response = err.into_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()[header::RETRY_AFTER], "3");
        let body = AppError::too_many(codes::RATE_LIMITED, Duration::ZERO).envelope();
        assert_eq!((body.error.code.as_ref(), body.error.retry_after), ("rate.limited", Some(1)));
        assert_eq!(body.error.message, "Too many requests. Please try again in 1 second.");
        let json = serde_json::to_value(AppError::field("x", codes::REQUIRED).envelope()).unwrap();
        assert!(json["error"].get("retry_after").is_none(), "only 429s carry it");
    }

    #[test]
    fn a_single_field_error_is_lifted_to_the_top() {
        let body = AppError::field("username", codes::USERNAME_UNIQUE).envelope();
        assert_eq!(body.error.code, "username.unique");
        assert_eq!(body.error.message, "That username is already in use.");
        assert_eq!(body.error.status, 422);
        assert!(body.error.fields.has("username"));
    }

    #[test]
    fn a_message_that_names_values_carries_them_as_params() {
        let mut errors = FieldErrors::new();
        errors.add_values("budget", values::BUDGET_AT_LEAST, values::params([("min", 25.into())]));
        let json = serde_json::to_value(AppError::Invalid(errors).envelope()).unwrap();
        assert_eq!(json["error"]["code"], "budget.min");
        assert_eq!(json["error"]["message"], "* Please enter a budget greater than or equal to 25");
        assert_eq!(json["error"]["params"], serde_json::json!({"min": 25}));
        assert_eq!(json["error"]["fields"]["budget"][0]["params"]["min"], 25);

        let too_large = AppError::RuleWithValues {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            template: values::UPLOAD_LIMIT,
            params: values::params([("limit", "25 MiB".into())]),
        };
        let json = serde_json::to_value(too_large.envelope()).unwrap();
        assert_eq!(
            (json["error"]["status"].as_u64(), json["error"]["params"]["limit"].as_str()),
            (Some(413), Some("25 MiB"))
        );

        let plain = serde_json::to_value(AppError::field("x", codes::REQUIRED).envelope()).unwrap();
        assert!(plain["error"].get("params").is_none() && plain["error"]["fields"]["x"][0].get("params").is_none());
    }

    #[test]
    fn several_field_errors_answer_validation_failed() {
        let mut errors = FieldErrors::new();
        errors.add("username", codes::USERNAME_MAX);
        errors.add("password", codes::PASSWORD_LENGTH);
        let body = AppError::Invalid(errors).envelope();
        assert_eq!(body.error.code, "validation.failed");
        let json = serde_json::to_value(&body).unwrap();
        assert_eq!(json["error"]["fields"]["password"][0]["code"], "password.between");
    }

    #[test]
    fn a_database_out_of_reach_answers_503_unavailable() {
        let refused = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset by peer");
        for cause in [sqlx::Error::PoolTimedOut, sqlx::Error::Io(refused)] {
            let err = AppError::from(cause);
            assert_eq!(err.status(), StatusCode::SERVICE_UNAVAILABLE);
            let body = err.envelope();
            assert_eq!(body.error.code, "server.unavailable");
            assert_eq!(body.error.status, 503);
        }
        // Wrapped in context on the way up, it is still recognised.
        let wrapped = AppError::Internal(anyhow::Error::new(sqlx::Error::PoolClosed).context("loading the contest"));
        assert_eq!(wrapped.status(), StatusCode::SERVICE_UNAVAILABLE);
        // A query the database refused is still the server's fault.
        let refused = AppError::from(sqlx::Error::RowNotFound);
        assert_eq!(refused.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(refused.envelope().error.code, "server.internal");
    }

    #[test]
    fn internal_errors_hide_their_cause() {
        let body = AppError::Internal(anyhow::anyhow!("disk on fire at /var/x")).envelope();
        let json = serde_json::to_string(&body).unwrap();
        assert!(!json.contains("disk on fire"));
        assert_eq!(body.error.status, 500);
    }
}
