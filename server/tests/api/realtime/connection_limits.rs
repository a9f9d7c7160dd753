//! Who gets a socket at all: the per-user connection limit, and what an `Authorization`
//! header of another scheme than Bearer does (nothing: the socket is anonymous).

use reqwest::StatusCode;
use vitrine_protocol::{ErrorCode, ServerFrame};

use super::{
    client::{Connect, WsClient},
    fixtures::spawn_hub,
};

#[tokio::test]
async fn a_user_holds_32_sockets_on_a_node_and_the_33rd_is_refused_with_429() {
    let app = spawn_hub().await;
    let (_, token) = app.client_session("many-tabs").await;
    let mut open = Vec::new();
    for _ in 0..32 {
        open.push(WsClient::signed_in(&app, &token).await);
    }
    let refused = WsClient::try_open(&app, Connect { token: Some(&token), ..Connect::default() }).await;
    assert_eq!(refused.err(), Some(StatusCode::TOO_MANY_REQUESTS));
    // Anonymous sockets and other users are not counted against this user.
    let (_, other) = app.client_session("one-tab").await;
    WsClient::signed_in(&app, &other).await.ping_pong().await;
    // Closing one frees a place.
    open.pop().expect("32 open").close().await;
    let again = async {
        loop {
            match WsClient::try_open(&app, Connect { token: Some(&token), ..Connect::default() }).await {
                Ok(client) => return client,
                Err(status) => assert_eq!(status, StatusCode::TOO_MANY_REQUESTS),
            }
        }
    };
    let mut again = tokio::time::timeout(super::client::WAIT, again).await.expect("a place frees up");
    again.ping_pong().await;
}

#[tokio::test]
async fn a_basic_authorization_header_is_ignored_and_the_socket_is_anonymous() {
    let app = spawn_hub().await;
    let (id, _) = app.client_session("basic-user").await;
    let basic = Connect { authorization: Some("Basic YmFzaWMtdXNlcjpzZWNyZXQ="), ..Connect::default() };
    let mut client = WsClient::open(&app, basic).await;
    // Anonymous: public channels only, not the user's own.
    client.subscribe("bench:open", 0).await;
    match client.sub(&format!("user:{id}"), None, None).await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. } => {}
        other => panic!("expected channel.forbidden, got {other:?}"),
    }
    client.ping_pong().await;
}
