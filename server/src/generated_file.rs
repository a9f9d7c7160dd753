//! Files the server writes for others (the OpenAPI document, the error codes and the
//! notification texts the web client words itself) are committed; a test of each compares
//! the committed copy with what the server would write now, and rewrites it on request.

use std::{fs, path::Path};

/// Fails when the committed `file` (relative to the repository) differs from `fresh`;
/// with the environment variable `update` set, writes `fresh` there instead.
pub fn assert_committed(file: &str, fresh: &str, update: &str, what: &str, regenerate: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(file);
    if std::env::var_os(update).is_some() {
        fs::write(&path, fresh).unwrap_or_else(|err| panic!("writing {file}: {err}"));
        return;
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == fresh, "{file} is missing or out of date with {what}; run `{regenerate}`");
}
