//! The server-side publish API: `POST /api/publish` with `Authorization: Bearer <API key>`.
//!
//! Trusted back ends (and the load harness) push events into any channel; it is the
//! only way anything reaches a `bench:` channel. The answer is `202 Accepted` with
//! [`PublishAccepted`]: the events are queued, and seqs are assigned when they are relayed.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The route.
pub const PUBLISH_PATH: &str = "/api/publish";

/// One event to publish. `channel` is parsed by the server (`channel.invalid` if bad).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Publication {
    pub channel: String,
    #[serde(rename = "type")]
    pub event_type: String,
    /// Any JSON value; `null` when absent.
    #[serde(default)]
    pub data: Value,
}

/// The request body: one publication, or `{"batch": [...]}` of up to
/// [`PUBLISH_BATCH_MAX`](crate::limits::PUBLISH_BATCH_MAX), published in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PublishRequest {
    Batch { batch: Vec<Publication> },
    One(Publication),
}

impl PublishRequest {
    pub fn into_publications(self) -> Vec<Publication> {
        match self {
            PublishRequest::Batch { batch } => batch,
            PublishRequest::One(publication) => vec![publication],
        }
    }
}

/// The `202 Accepted` answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishAccepted {
    /// How many publications were queued.
    pub accepted: usize,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_single_publication_and_a_batch_both_parse() {
        let one: PublishRequest =
            serde_json::from_str(r#"{"channel":"bench:a","type":"tick","data":{"n":1}}"#).unwrap();
        let expected = Publication { channel: "bench:a".into(), event_type: "tick".into(), data: json!({"n": 1}) };
        assert_eq!(one.into_publications(), vec![expected.clone()]);

        let batch: PublishRequest = serde_json::from_str(
            r#"{"batch":[{"channel":"bench:a","type":"tick","data":{"n":1}},{"channel":"court","type":"x"}]}"#,
        )
        .unwrap();
        let publications = batch.into_publications();
        assert_eq!(publications[0], expected);
        assert_eq!(publications[1].data, Value::Null);
    }

    #[test]
    fn a_body_that_is_neither_is_refused() {
        assert!(serde_json::from_str::<PublishRequest>(r#"{"channel":"bench:a"}"#).is_err());
        assert!(serde_json::from_str::<PublishRequest>(r#"{"batch":{}}"#).is_err());
    }

    #[test]
    fn accepted_serializes_as_documented() {
        assert_eq!(serde_json::to_string(&PublishAccepted { accepted: 2 }).unwrap(), r#"{"accepted":2}"#);
    }
}
