//! The one way the server makes a Yjs document.

use yrs::{ClientID, Doc, OffsetKind, Options};

/// A document that counts text the way the browser's Yjs does: in UTF-16 code units.
///
/// yrs counts in UTF-8 bytes by default. Item clocks are UTF-16 units either way, but the
/// per-type lengths yrs keeps are counted in the document's unit; with bytes, an update that
/// splits a surrogate pair (legal in JavaScript: each half becomes U+FFFD) leaves lengths
/// that a later, intact deletion overflows, and yrs panics on it.
pub fn new_doc() -> Doc {
    Doc::with_options(Options { offset_kind: OffsetKind::Utf16, ..Options::default() })
}

/// [`new_doc`] with a fixed client id (the server's own seeding writes).
pub fn new_doc_as(client: u64) -> Doc {
    Doc::with_options(Options {
        client_id: ClientID::new(client),
        offset_kind: OffsetKind::Utf16,
        ..Options::default()
    })
}
