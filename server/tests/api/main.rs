//! API tests: the real server on a free port, spoken to over HTTP like a client.
//! One binary for all of them (link once); see `helpers.rs` for `spawn_app()`.

mod helpers;

mod abuse;
mod admin;
mod admin_cli;
mod bids;
mod comments;
mod commerce;
mod community;
mod contest_briefs;
mod contest_delivery;
mod contest_types;
mod contest_upgrades;
mod contests;
mod court;
mod demo_contests;
mod demo_extras;
mod deployment;
mod entries;
mod errors;
mod files;
mod first_admin;
mod limits;
mod login_guid;
mod mail_delivery;
mod mail_languages;
mod marketplace;
mod messages;
mod notifications;
mod object_storage;
mod openapi;
mod operations;
mod password_reset;
mod payments;
mod profiles;
mod projects;
mod quick_chat;
mod realtime;
mod registration;
mod schema_check;
mod security_headers;
mod sign_in;
mod thumbnails;
mod timers;
mod timers_projects;
