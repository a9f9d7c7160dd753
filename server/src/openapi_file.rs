//! The OpenAPI document committed as `web/openapi.json`, from which the web client's REST
//! types (`web/src/types/api.gen.ts`) are generated.
//!
//! The document is built from the routes ([`crate::http::api`]) without a running server. The
//! test below fails when the committed file differs, as the protocol's TypeScript does; `make
//! gen-api` rewrites it and then the TypeScript made from it.

/// The committed file, relative to the workspace root.
pub const FILE: &str = "web/openapi.json";

/// The command that rewrites [`FILE`] (and, through `make gen-api`, the TypeScript).
pub const REGENERATE: &str = "make gen-api";

/// The complete text of [`FILE`]: the document as `/openapi.json` serves it, pretty-printed.
pub fn document() -> String {
    let (_, openapi) = crate::http::api();
    let mut text = openapi.to_pretty_json().expect("the OpenAPI document serialises");
    text.push('\n');
    text
}

/// Makes every operation id unique, as OpenAPI requires: handlers of different areas share
/// names (`list`, `show`), and utoipa names an operation after its handler. A shared name gets
/// the path's literal segments in front (`list` on `/contests/{id}/comments` becomes
/// `contests_comments_list`), so generated clients can key operations by id.
pub fn unique_operation_ids(openapi: &mut utoipa::openapi::OpenApi) {
    use std::collections::{HashMap, HashSet};

    let mut uses: HashMap<String, usize> = HashMap::new();
    for item in openapi.paths.paths.values() {
        for op in operations(item) {
            if let Some(id) = &op.operation_id {
                *uses.entry(id.clone()).or_default() += 1;
            }
        }
    }
    let mut taken: HashSet<String> = uses.iter().filter(|(_, n)| **n == 1).map(|(id, _)| id.clone()).collect();
    for (path, item) in openapi.paths.paths.iter_mut() {
        let words: Vec<&str> = path.split('/').filter(|s| !s.is_empty() && !s.starts_with('{')).collect();
        let prefix = words.join("_").replace('-', "_");
        for op in operations_mut(item) {
            let Some(id) = op.operation_id.clone() else { continue };
            if uses.get(&id) == Some(&1) {
                continue;
            }
            let base = format!("{prefix}_{id}");
            let mut candidate = base.clone();
            let mut n = 2;
            while !taken.insert(candidate.clone()) {
                candidate = format!("{base}_{n}");
                n += 1;
            }
            op.operation_id = Some(candidate);
        }
    }
}

fn operations(item: &utoipa::openapi::PathItem) -> impl Iterator<Item = &utoipa::openapi::path::Operation> {
    [&item.get, &item.put, &item.post, &item.delete, &item.options, &item.head, &item.patch, &item.trace]
        .into_iter()
        .flatten()
}

pub(crate) fn operations_mut(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
    ]
    .into_iter()
    .flatten()
}

#[cfg(test)]
mod tests {
    use std::{fs, path::Path};

    use super::*;

    #[test]
    fn openapi_document_matches_the_committed_file() {
        crate::generated_file::assert_committed(FILE, &document(), "UPDATE_OPENAPI", "the routes", REGENERATE);
    }

    #[test]
    fn every_operation_id_is_unique() {
        let (_, openapi) = crate::http::api();
        let mut seen = std::collections::HashSet::new();
        for item in openapi.paths.paths.values() {
            for op in operations(item) {
                let id = op.operation_id.clone().expect("utoipa names every operation");
                assert!(seen.insert(id.clone()), "operation id {id} is used twice");
            }
        }
    }

    /// A generated client sends a parameter where the document says it goes: every `{name}` of
    /// a path is a path parameter of each of its operations, and nothing else is declared in the
    /// path (a query struct without `#[into_params(parameter_in = Query)]` would be).
    #[test]
    fn every_parameter_is_declared_where_it_is_sent() {
        use utoipa::openapi::path::ParameterIn;
        let (_, openapi) = crate::http::api();
        let mut wrong = Vec::new();
        for (path, item) in &openapi.paths.paths {
            let in_template: Vec<&str> =
                path.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect();
            for op in operations(item) {
                let parameters = op.parameters.as_deref().unwrap_or_default();
                for parameter in parameters {
                    let is_path = matches!(parameter.parameter_in, ParameterIn::Path);
                    if is_path != in_template.contains(&parameter.name.as_str()) {
                        let place = if is_path { "the path" } else { "the query, header or cookie" };
                        wrong.push(format!("{path}: {} declared in {place}", parameter.name));
                    }
                }
                for name in &in_template {
                    if !parameters.iter().any(|p| p.name == *name && matches!(p.parameter_in, ParameterIn::Path)) {
                        wrong.push(format!("{path}: path parameter {name} is not declared"));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "parameters declared in the wrong place:\n{}", wrong.join("\n"));
    }

    /// The failures the extractors and the auth layer answer are documented on every operation
    /// they can come from (`crate::openapi_answers`).
    #[test]
    fn every_operation_documents_the_failures_of_its_extractors() {
        use utoipa::openapi::path::ParameterIn;
        let (_, openapi) = crate::http::api();
        let mut missing = Vec::new();
        for (path, item) in &openapi.paths.paths {
            for op in operations(item) {
                let has = |status: &str| op.responses.responses.contains_key(status);
                let secured = op.security.as_ref().is_some_and(|s| !s.is_empty());
                let json_body = op.request_body.as_ref().is_some_and(|b| b.content.contains_key("application/json"));
                let query = op.parameters.iter().flatten().any(|p| matches!(p.parameter_in, ParameterIn::Query));
                for (needed, status) in [(secured, "401"), (json_body, "415"), (json_body || query, "422")] {
                    if needed && !has(status) {
                        missing.push(format!("{path} {:?}: {status}", op.operation_id));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "undocumented failures:\n{}", missing.join("\n"));
    }

    /// utoipa keys schemas by name, so two `ToSchema` types of one name silently share one
    /// schema (the projects' brief questions once documented the contests' `is_quick_start`).
    /// Each type that shares its Rust name with another takes `#[schema(as = ...)]`.
    #[test]
    fn no_two_schema_types_share_a_name() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut seen: std::collections::HashMap<String, String> = Default::default();
        let mut clashes = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let text = fs::read_to_string(&path).unwrap();
                for name in schema_names(&text) {
                    let place = path.display().to_string();
                    if let Some(first) = seen.insert(name.clone(), place.clone()) {
                        clashes.push(format!("{name}: {first} and {place}"));
                    }
                }
            }
        }
        assert!(clashes.is_empty(), "schema names used twice:\n{}", clashes.join("\n"));
    }

    #[test]
    fn views_declared_by_the_thread_macros_are_named_and_their_template_is_not() {
        let template = "#[derive(Debug, utoipa::ToSchema)]\npub struct $name {\n";
        assert!(schema_names(template).is_empty());
        let declared =
            "crate::comment_view! {\n    /// A comment.\n    CommentView { contest_id, contest_entry_id }\n}\n";
        assert_eq!(schema_names(declared), ["CommentView"]);
    }

    /// The schema name of each `#[derive(.. ToSchema ..)]` item in `text`: its `as = ` alias or
    /// its type name; and of each view the thread model's macros declare (`comment_view! {`,
    /// `image_tag_view! {`: the name that follows), whose template's `$name` is none.
    fn schema_names(text: &str) -> Vec<String> {
        let mut names = Vec::new();
        let mut derive_seen = false;
        let mut view_macro_seen = false;
        let mut alias: Option<String> = None;
        for line in text.lines().map(str::trim) {
            if line.ends_with("_view! {") && !line.starts_with("macro_rules!") {
                view_macro_seen = true;
            } else if view_macro_seen && !line.starts_with("///") {
                names.extend(line.split_whitespace().next().map(str::to_owned));
                view_macro_seen = false;
            } else if line.starts_with("#[derive(") && line.contains("ToSchema") {
                derive_seen = true;
                alias = None;
            } else if derive_seen && line.starts_with("#[schema(as = ") {
                alias = line.trim_start_matches("#[schema(as = ").split([')', ',']).next().map(str::to_owned);
            } else if derive_seen && !line.starts_with("#[") && !line.starts_with("///") {
                let item = line.split_whitespace().skip_while(|w| *w != "struct" && *w != "enum").nth(1);
                if let Some(item) = item.filter(|i| !i.starts_with('$')) {
                    let item: String = item.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    names.push(alias.take().unwrap_or(item));
                }
                derive_seen = false;
            }
        }
        names
    }
}
