//! `vitrine-stripe-mock`: the local Stripe as a process of its own, so every node of a
//! deployment (the native cluster of `scripts/cluster.sh`, docker-compose) talks to one
//! test-mode Stripe: a payment intent created through one node is known to the Stripe that
//! another node's webhook and the browser reach. Each node in test mode starts its own
//! in-process copy instead; that is only right for a single node.
//!
//! Settings (environment):
//! - `STRIPE_MOCK_BIND`: the address to listen on (`127.0.0.1:12111`).
//! - `STRIPE_MOCK_WEBHOOK_URL`: where events go, the deployment's `/webhooks/stripe`
//!   (through its proxy, so any node may settle). Unset: events are not sent.
//! - `STRIPE_MOCK_WEBHOOK_SECRET`: the signing secret the nodes know as
//!   `STRIPE_WEBHOOK_SECRET`; required with the URL.

use std::process::ExitCode;

use tokio::net::TcpListener;
use vitrine_stripe_mock::StripeMock;

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("vitrine-stripe-mock: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), String> {
    let bind = std::env::var("STRIPE_MOCK_BIND").unwrap_or_else(|_| "127.0.0.1:12111".to_owned());
    let webhook_url = std::env::var("STRIPE_MOCK_WEBHOOK_URL").ok().filter(|url| !url.is_empty());
    let webhook_secret = std::env::var("STRIPE_MOCK_WEBHOOK_SECRET").ok().filter(|secret| !secret.is_empty());
    let listener = TcpListener::bind(&bind).await.map_err(|err| format!("cannot listen on {bind}: {err}"))?;
    let stripe = StripeMock::serve(listener).map_err(|err| err.to_string())?;
    match (webhook_url, webhook_secret) {
        (Some(url), Some(secret)) => {
            eprintln!("vitrine-stripe-mock: listening on {bind}, events to {url}");
            stripe.set_webhook(url, secret);
        }
        (None, None) => eprintln!("vitrine-stripe-mock: listening on {bind}, no webhook endpoint (events not sent)"),
        _ => return Err("STRIPE_MOCK_WEBHOOK_URL and STRIPE_MOCK_WEBHOOK_SECRET are set together or not at all".into()),
    }
    tokio::signal::ctrl_c().await.map_err(|err| err.to_string())?;
    Ok(())
}
