//! The list of every error code the server can send, committed as
//! `web/src/lib/errors/codes.gen.json`, so that the web client's catalogue can be checked
//! against it: each code needs an English and a Spanish text there
//! (`web/src/lib/errors/errors.test.ts`).
//!
//! Two sources: the REST catalogue ([`super::codes::ALL`]: the envelope's `code` and each
//! `fields` entry's `code`) and the hub's `error` frames ([`vitrine_protocol::ErrorCode::ALL`]).
//! Each code comes with the server's default English message. A third list, `values`, gives the
//! wording of the answers that name values ([`super::values`]: `{min}` placeholders, sent
//! as `params`), which the client words too. The test below fails when the
//! committed file differs; `make gen-texts` rewrites it (and the notification texts' list).

use serde_json::{Map, Value};

/// The committed file, relative to the workspace root.
pub const FILE: &str = "web/src/lib/errors/codes.gen.json";

/// The command that rewrites [`FILE`].
pub const REGENERATE: &str = "make gen-texts";

/// The complete text of [`FILE`]: `{"rest": {code: message}, "hub": {code: message},
/// "values": {code: template}}`.
/// `channel.invalid` and `channel.forbidden` are in both, with the wording of each side.
pub fn document() -> String {
    let rest: Map<String, Value> =
        super::codes::ALL.iter().map(|c| (c.code.to_owned(), Value::from(c.message))).collect();
    let hub: Map<String, Value> = vitrine_protocol::ErrorCode::ALL
        .iter()
        .map(|c| (c.as_str().to_owned(), Value::from(c.default_message())))
        .collect();
    let values: Map<String, Value> =
        super::values::ALL.iter().map(|t| (t.code.code.to_owned(), Value::from(t.text))).collect();
    let mut root = Map::new();
    root.insert("rest".to_owned(), Value::Object(rest));
    root.insert("hub".to_owned(), Value::Object(hub));
    root.insert("values".to_owned(), Value::Object(values));
    let mut text = serde_json::to_string_pretty(&Value::Object(root)).expect("the code list serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_codes_match_the_committed_file() {
        crate::generated_file::assert_committed(FILE, &document(), "UPDATE_TEXTS", "the error catalogue", REGENERATE);
    }

    #[test]
    fn the_list_holds_every_code() {
        let parsed: Value = serde_json::from_str(&document()).unwrap();
        assert_eq!(parsed["rest"].as_object().unwrap().len(), super::super::codes::ALL.len());
        assert_eq!(parsed["hub"].as_object().unwrap().len(), vitrine_protocol::ErrorCode::ALL.len());
        assert_eq!(parsed["values"].as_object().unwrap().len(), super::super::values::ALL.len());
    }
}
