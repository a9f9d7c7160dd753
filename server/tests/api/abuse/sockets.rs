//! Anonymous sockets are capped per client address, as signed-in ones are per user: 300
//! anonymous WebSockets from one address used to open in 0.4 s. A forged
//! `X-Forwarded-For` does not buy another address's places.

use std::net::{IpAddr, Ipv4Addr};

use reqwest::StatusCode;
use vitrine_protocol::{AccessToken, ClientFrame};

use crate::helpers::{spawn_app, TestApp};
use crate::realtime::client::{Connect, WsClient, WAIT};

const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

fn anonymous_here(app: &TestApp) -> usize {
    app.hub().hub.anonymous_connections(LOCAL)
}

/// Opens an anonymous socket once a place is free (a closed socket's place frees when
/// the server has seen it close).
async fn anonymous_when_free(app: &TestApp) -> WsClient {
    let open = async {
        loop {
            match WsClient::try_open(app, Connect::default()).await {
                Ok(client) => return client,
                Err(status) => assert_eq!(status, StatusCode::TOO_MANY_REQUESTS),
            }
        }
    };
    tokio::time::timeout(WAIT, open).await.expect("a place frees up")
}

#[tokio::test]
async fn one_address_holds_32_anonymous_sockets_and_the_33rd_is_refused_whatever_it_forwards() {
    let app = spawn_app().await;
    let mut open = Vec::new();
    for _ in 0..32 {
        open.push(WsClient::anonymous(&app).await);
    }
    assert_eq!(anonymous_here(&app), 32);
    for forged in [None, Some("203.0.113.7"), Some("198.51.100.1, 203.0.113.8")] {
        let refused = WsClient::try_open(&app, Connect { forwarded_for: forged, ..Connect::default() }).await;
        assert_eq!(refused.err(), Some(StatusCode::TOO_MANY_REQUESTS), "forwarded for {forged:?}");
    }
    assert_eq!(anonymous_here(&app), 32, "the refused upgrades took no place");

    // Signed-in users count against themselves, not the address.
    let (_, token) = app.client_session("absockets").await;
    let mut mine = WsClient::signed_in(&app, &token).await;
    mine.ping_pong().await;

    // An anonymous socket that signs in leaves the address's count for its user's.
    let first = open.first_mut().expect("32 open");
    first.send(&ClientFrame::Auth { token: AccessToken::new(token.clone()) }).await;
    let mut after_sign_in = anonymous_when_free(&app).await;
    after_sign_in.ping_pong().await;

    // A closed socket gives its place back.
    open.pop().expect("32 open").close().await;
    let mut after_close = anonymous_when_free(&app).await;
    after_close.ping_pong().await;
    assert_eq!(anonymous_here(&app), 32);
}
