//! `vitrine-paypal-mock`: the local PayPal as a process of its own, so every node of a
//! deployment (the native cluster of `scripts/cluster.sh`, docker-compose) talks to one
//! test-mode PayPal: an order created through one node is the one the payer approves in the
//! browser and another node captures. Each node in test mode starts its own in-process copy
//! instead; that is only right for a single node.
//!
//! Settings (environment):
//! - `PAYPAL_MOCK_BIND`: the address to listen on (`127.0.0.1:8070`).
//! - `PAYPAL_MOCK_PUBLIC_URL`: where browsers reach it, through the deployment's proxy
//!   (`http://localhost:8080/sandbox/paypal`): the approval links the nodes hand out point
//!   there. Unset: its own address.

use std::process::ExitCode;

use tokio::net::TcpListener;
use vitrine_paypal_mock::PayPalMock;

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("vitrine-paypal-mock: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), String> {
    let bind = std::env::var("PAYPAL_MOCK_BIND").unwrap_or_else(|_| "127.0.0.1:8070".to_owned());
    let public_url = std::env::var("PAYPAL_MOCK_PUBLIC_URL").ok().filter(|url| !url.is_empty());
    if let Some(url) = &public_url {
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("PAYPAL_MOCK_PUBLIC_URL: expected http(s)://..., got {url:?}"));
        }
    }
    let listener = TcpListener::bind(&bind).await.map_err(|err| format!("cannot listen on {bind}: {err}"))?;
    let paypal = PayPalMock::serve(listener, public_url.clone()).map_err(|err| err.to_string())?;
    eprintln!(
        "vitrine-paypal-mock: listening on {bind}, approval pages at {}",
        public_url.unwrap_or_else(|| paypal.base_url())
    );
    tokio::signal::ctrl_c().await.map_err(|err| err.to_string())?;
    Ok(())
}
