//! API tests: the real server on a free port, spoken to over HTTP like a client.
//! One binary for all of them (link once); see `helpers.rs` for `spawn_app()`.

mod helpers;

mod contest_types;
mod contests;
mod errors;
mod files;
mod openapi;
mod operations;
mod password_reset;
mod profiles;
mod realtime;
mod registration;
mod sign_in;
