//! Shapes every area's handlers share: the `{"data": ...}` wrapper, plain
//! `{"message": ...}` answers, and lenient readers for the 0/1 flags the
//! browser client sends as numbers, booleans or strings.

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

/// `{"data": ...}`: the wrapper every resource answer uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Self { data }
    }
}

/// `{"message": "..."}`: the answer of actions with nothing else to say.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into() }
    }
}

/// Reads a flag sent as `1`/`0`, `true`/`false` or `"1"`/`"true"`/`"on"`; absent is `None`.
pub fn flag<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Bool(bool),
        Int(i64),
        Text(String),
    }
    Ok(match Option::<Raw>::deserialize(deserializer)? {
        None => None,
        Some(Raw::Bool(b)) => Some(b),
        Some(Raw::Int(i)) => Some(i != 0),
        Some(Raw::Text(s)) => Some(matches!(s.trim().to_ascii_lowercase().as_str(), "1" | "true" | "on" | "yes")),
    })
}

/// Reads an id sent as a number or a numeric string; anything else is `None`
/// for the validator to report as a field error.
pub fn loose_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Int(i64),
        Text(String),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Option::<Raw>::deserialize(deserializer)? {
        Some(Raw::Int(i)) => Some(i),
        Some(Raw::Text(s)) => s.trim().parse().ok(),
        Some(Raw::Other(_)) | None => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Form {
        #[serde(default, deserialize_with = "flag")]
        agree: Option<bool>,
        #[serde(default, deserialize_with = "loose_id")]
        id: Option<i64>,
    }

    #[test]
    fn flags_and_ids_are_read_leniently() {
        let f: Form = serde_json::from_str(r#"{"agree":1,"id":"7"}"#).unwrap();
        assert_eq!((f.agree, f.id), (Some(true), Some(7)));
        let f: Form = serde_json::from_str(r#"{"agree":"false","id":"x"}"#).unwrap();
        assert_eq!((f.agree, f.id), (Some(false), None));
        let f: Form = serde_json::from_str(r#"{}"#).unwrap();
        assert_eq!((f.agree, f.id), (None, None));
        let f: Form = serde_json::from_str(r#"{"agree":true,"id":[1]}"#).unwrap();
        assert_eq!((f.agree, f.id), (Some(true), None));
    }
}
