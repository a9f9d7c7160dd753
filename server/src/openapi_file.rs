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

fn operations_mut(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
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
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(FILE);
        let fresh = document();
        if std::env::var_os("UPDATE_OPENAPI").is_some() {
            fs::write(&path, &fresh).unwrap();
            return;
        }
        let committed = fs::read_to_string(&path).unwrap_or_default();
        assert!(committed == fresh, "{FILE} is missing or out of date with the routes; run `{REGENERATE}`");
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
}
