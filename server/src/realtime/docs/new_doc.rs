//! The one way the server makes a Yjs document.

use yrs::{ClientID, Doc, OffsetKind, Options};

/// A document that counts text the way the browser's Yjs does: in UTF-16 code units.
///
/// yrs counts in UTF-8 bytes by default. Item clocks are UTF-16 units either way, but the
/// per-type lengths yrs keeps are counted in the document's unit; with bytes, an update that
/// splits a surrogate pair (legal in JavaScript: each half becomes U+FFFD) leaves lengths
/// that a later, intact deletion overflows, and yrs panics on it.
///
/// It also tidies formatting as the browser's Yjs does after every change it receives
/// (`cleanup_formatting`, yrs's port of Yjs's `cleanupYTextAfterTransaction`): a bold mark
/// left without text between it and the next one is deleted. Every Yjs that receives an
/// update makes those deletions itself, as changes of its own; the server's copy makes them
/// too, so that what it stores and relays holds them (see `integrate` in the module).
pub fn new_doc() -> Doc {
    Doc::with_options(Options { offset_kind: OffsetKind::Utf16, cleanup_formatting: true, ..Options::default() })
}

/// [`new_doc`] with a fixed client id (the server's own seeding writes).
pub fn new_doc_as(client: u64) -> Doc {
    Doc::with_options(Options {
        client_id: ClientID::new(client),
        offset_kind: OffsetKind::Utf16,
        cleanup_formatting: true,
        ..Options::default()
    })
}
