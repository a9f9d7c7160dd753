//! Issue #51, "nothing one user sends can hurt another": each test sends an attack through
//! the real routes and checks that it is refused and that the victim's data did not change.
//!
//! - [`lockout`]: wrong passwords cannot lock an owner out of their account.
//! - [`links`]: reset and sign-in links die with the password; the reset form tells no one
//!   whether an address has an account.
//! - [`prices`]: a tip's price is refused with what is wrong with it.
//! - [`profiles`]: visitors see designers' profiles only.
//! - [`states`]: a designer cannot undo the contest holder's elimination by withdrawing.

mod links;
mod lockout;
mod prices;
mod profiles;
mod states;
