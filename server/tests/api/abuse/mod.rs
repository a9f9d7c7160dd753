//! Issue #51, "nothing one user sends can hurt another": each test sends an attack through
//! the real routes and checks that it is refused and that the victim's data did not change.
//!
//! - [`lockout`]: wrong passwords cannot lock an owner out of their account.
//! - [`links`]: reset and sign-in links die with the password; the reset form tells no one
//!   whether an address has an account.
//! - [`prices`]: a tip's price is refused with what is wrong with it.
//! - [`profiles`]: visitors see designers' profiles only.
//! - [`states`]: the state machines of entries, contests, projects, bids and tips, move by
//!   move, allowed and refused, per role.
//! - [`names`]: display, user and file names with control, bidi or zero-width characters
//!   are refused; names are stored in NFC.
//! - [`uploads`]: files per request, pixels per request, bytes and pixels per user a minute.
//! - [`leftovers`]: uploads attached to nothing are removed a day later.
//! - [`sockets`]: anonymous WebSockets capped per client address, forged headers ignored.
//! - [`views`]: a contest's views count once per visitor an hour.
//! - [`documents`]: a writer's `<script>`, `<iframe>`, `onerror` or `javascript:` link in a
//!   shared document is refused `doc.invalid` (outside the editor's schema) and changes nothing.
//! - [`messages`]: `budget.max`, no `access_token` on `/ws` in the document, `include`
//!   held to its pattern.

mod documents;
mod leftovers;
mod links;
mod lockout;
mod messages;
mod names;
mod prices;
mod profiles;
mod sockets;
mod states;
mod uploads;
mod views;
