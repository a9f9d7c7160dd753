//! The failures every operation can answer that its handler does not declare one by one.
//!
//! They come from the extractors and the auth layer, not from the handler's own rules, so the
//! document adds them from what an operation already declares:
//! - a route secured by the bearer token answers 401 (`auth.unauthenticated`) without one;
//! - a route that reads a JSON body answers 415 to another content type and 422 to a body that
//!   does not parse (both `request.body_invalid`);
//! - a route that reads query parameters answers 422 (`request.query_invalid`) to one that does
//!   not parse;
//! - a route with path parameters answers 404 to one that does not parse (`request.path_invalid`:
//!   an id past `int64`, a word where a number goes), as to one that names nothing.
//!
//! Each is the error envelope. A handler that declares the status itself (with its own
//! description) keeps its declaration.
//!
//! A limited operation declares its 429 itself (the handler checks the limit); the document
//! gives every 429 the same description and its `Retry-After` header.

use utoipa::openapi::{
    header::HeaderBuilder,
    path::{Operation, ParameterIn},
    ContentBuilder, KnownFormat, ObjectBuilder, OpenApi, Ref, RefOr, Response, ResponseBuilder, SchemaFormat, Type,
};

/// Adds the 401, 404, 415 and 422 answers described in the module documentation.
pub fn add_common_answers(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        for op in crate::openapi_file::operations_mut(item) {
            if is_secured(op) {
                add(op, "401", "No valid bearer token (`auth.unauthenticated`).");
            }
            if reads_json_body(op) {
                add(op, "415", "The body is not `application/json` (`request.body_invalid`).");
                add(op, "422", "The body or a field is invalid; `fields` names each one.");
            }
            if reads_query(op) {
                add(op, "422", "A query parameter does not parse (`request.query_invalid`).");
            }
            if op.responses.responses.contains_key("429") {
                op.responses.responses.insert("429".to_owned(), RefOr::T(too_many()));
            }
            if reads_path(op) {
                add(op, "404", "A path parameter does not parse (`request.path_invalid`) or names nothing.");
            }
        }
    }
}

/// The 429 of a limited operation: the envelope, and how long to wait in a header.
fn too_many() -> Response {
    let seconds = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(1));
    let header = HeaderBuilder::new()
        .schema(seconds)
        .description(Some("Whole seconds to wait before trying again (also `retry_after` in the envelope)."))
        .build();
    let mut response = envelope(
        "Too many calls from this client address or for this account (`rate.limited`, or \
         `auth.throttled` after repeated wrong passwords); nothing was done. Limits: README, `VITRINE_RATE_*`.",
    );
    response.headers.insert("Retry-After".to_owned(), header);
    response
}

fn is_secured(op: &Operation) -> bool {
    op.security.as_ref().is_some_and(|requirements| !requirements.is_empty())
}

fn reads_json_body(op: &Operation) -> bool {
    op.request_body.as_ref().is_some_and(|body| body.content.contains_key("application/json"))
}

fn reads_query(op: &Operation) -> bool {
    op.parameters
        .as_ref()
        .is_some_and(|parameters| parameters.iter().any(|p| matches!(p.parameter_in, ParameterIn::Query)))
}

fn reads_path(op: &Operation) -> bool {
    op.parameters
        .as_ref()
        .is_some_and(|parameters| parameters.iter().any(|p| matches!(p.parameter_in, ParameterIn::Path)))
}

fn add(op: &mut Operation, status: &str, description: &str) {
    op.responses.responses.entry(status.to_owned()).or_insert_with(|| RefOr::T(envelope(description)));
}

fn envelope(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorEnvelope"))).build())
        .build()
}
