//! Every answer the API suite reads through [`crate::helpers::TestApp`] is checked against the
//! server's own OpenAPI document, as a generated client would read it.
//!
//! The operation is found by method and path template (a literal segment beats a `{param}`, so
//! `/contests/active` is not `/contests/{id}`). A documented status must carry a body that
//! validates against its schema; an undocumented success status fails, and an undocumented
//! failure must still be the error envelope. So the whole suite doubles as a schema test of
//! every answer it provokes, errors included, without a second, fuzzing run.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use serde_json::{json, Value};

/// Served beside the API, not part of it: the document itself and its viewer.
const UNDOCUMENTED: &[&str] = &["/openapi.json", "/docs"];

struct Route {
    method: String,
    segments: Vec<String>,
    template: String,
}

struct Document {
    doc: Value,
    routes: Vec<Route>,
    validators: Mutex<HashMap<String, Arc<jsonschema::Validator>>>,
}

fn document() -> &'static Document {
    static DOCUMENT: OnceLock<Document> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let (_, openapi) = vitrine_server::http::api();
        let doc = serde_json::to_value(&openapi).expect("the OpenAPI document serialises");
        let mut routes = Vec::new();
        for (template, item) in doc["paths"].as_object().expect("paths") {
            for method in item.as_object().expect("path item").keys() {
                routes.push(Route {
                    method: method.clone(),
                    segments: template.split('/').map(str::to_owned).collect(),
                    template: template.clone(),
                });
            }
        }
        Document { doc, routes, validators: Mutex::default() }
    })
}

/// The documented template for a concrete path: the match with the most literal segments.
fn template_for<'a>(document: &'a Document, method: &str, path: &str) -> Option<&'a Route> {
    let path = path.split('?').next().unwrap_or(path);
    let segments: Vec<&str> = path.split('/').collect();
    document
        .routes
        .iter()
        .filter(|route| route.method == method && route.segments.len() == segments.len())
        .filter(|route| route.segments.iter().zip(&segments).all(|(t, s)| t.starts_with('{') || t == s))
        .max_by_key(|route| route.segments.iter().filter(|t| !t.starts_with('{')).count())
}

fn validator(document: &Document, key: String, schema: &Value) -> Arc<jsonschema::Validator> {
    let mut cache = document.validators.lock().expect("validator cache");
    cache
        .entry(key)
        .or_insert_with(|| {
            // The schema refers to `#/components/...`: give it the document's components as its root.
            let root = json!({ "components": document.doc["components"], "allOf": [schema] });
            Arc::new(jsonschema::draft202012::new(&root).expect("a documented schema compiles"))
        })
        .clone()
}

/// Panics, naming the operation and the first mismatches, when `body` is not what the document
/// says `method path` answers with `status`. `raw` is the body as received (empty for none).
#[track_caller]
pub fn check(method: &str, path: &str, status: u16, raw: &str, body: &Value) {
    let document = document();
    let method = method.to_ascii_lowercase();
    if UNDOCUMENTED.contains(&path.split('?').next().unwrap_or(path)) {
        return;
    }
    let Some(route) = template_for(document, &method, path) else {
        // A route the document does not have must not have answered (the suite also probes
        // unknown paths on purpose: those answer the 404/405 envelope).
        assert!(status >= 400, "{method} {path} answered {status} but is not in /openapi.json");
        return check_envelope(document, &method, path, status, body);
    };
    let operation = &document.doc["paths"][&route.template][&method];
    let Some(answer) = operation["responses"].get(status.to_string()) else {
        assert!(
            status >= 400,
            "{method} {} answered {status}, which /openapi.json does not document; body: {body}",
            route.template
        );
        return check_envelope(document, &method, path, status, body);
    };
    let Some(schema) = answer.pointer("/content/application~1json/schema") else {
        return; // documented without a JSON body (204, a file, a redirect)
    };
    if raw.is_empty() && status == 204 {
        return;
    }
    let key = format!("{method} {} {status}", route.template);
    let validator = validator(document, key.clone(), schema);
    let errors: Vec<String> =
        validator.iter_errors(body).take(5).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(
        errors.is_empty(),
        "{key}: the answer does not match /openapi.json:\n  {}\nbody: {body}",
        errors.join("\n  ")
    );
}

fn check_envelope(document: &Document, method: &str, path: &str, status: u16, body: &Value) {
    let schema = json!({ "$ref": "#/components/schemas/ErrorEnvelope" });
    let validator = validator(document, "ErrorEnvelope".to_owned(), &schema);
    let errors: Vec<String> = validator.iter_errors(body).take(5).map(|e| e.to_string()).collect();
    assert!(
        errors.is_empty(),
        "{method} {path} answered {status} without the error envelope: {errors:?}; body: {body}"
    );
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::check;

    #[test]
    fn a_documented_answer_passes() {
        let page = json!({"data": [], "current_page": 1, "per_page": 15, "total": 0});
        check("GET", "/contests/active?page=1", 200, "{}", &page);
    }

    #[test]
    #[should_panic(expected = "does not match /openapi.json")]
    fn an_answer_of_the_wrong_shape_fails() {
        check("GET", "/contests/active", 200, "{}", &json!({"data": 5}));
    }

    #[test]
    #[should_panic(expected = "which /openapi.json does not document")]
    fn an_undocumented_success_status_fails() {
        check("GET", "/contests/active", 201, "{}", &json!({"data": []}));
    }

    #[test]
    #[should_panic(expected = "without the error envelope")]
    fn an_undocumented_failure_must_be_the_envelope() {
        check("GET", "/contests/active", 418, "{}", &json!({"message": "teapot"}));
    }
}
