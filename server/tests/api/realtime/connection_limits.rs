//! Who gets a socket at all: the per-user connection limit, and what an `Authorization`
//! header of another scheme than Bearer does (nothing: the socket is anonymous).

use reqwest::StatusCode;
use vitrine_protocol::{AccessToken, ClientFrame, ErrorCode, ServerFrame};

use super::{
    client::{Connect, WsClient},
    fixtures::spawn_hub,
};
use crate::helpers::spawn_app_with;

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

#[tokio::test]
async fn a_socket_signing_in_by_auth_frame_counts_against_the_limit_too() {
    let app = spawn_app_with(|settings| settings.ws_max_connections_per_user = 2).await;
    let (id, token) = app.client_session("late-tabs").await;
    let mine = format!("user:{id}");
    let auth = ClientFrame::Auth { token: AccessToken::new(token.clone()) };
    // Two sockets signed in after the upgrade take both places.
    let mut first = WsClient::anonymous(&app).await;
    first.send(&auth).await;
    first.subscribe(&mine, 0).await;
    let mut second = WsClient::anonymous(&app).await;
    second.send(&auth).await;
    second.subscribe(&mine, 0).await;
    // Neither an upgrade with the token nor a third `auth` gets past them.
    let refused = WsClient::try_open(&app, Connect { token: Some(&token), ..Connect::default() }).await;
    assert_eq!(refused.err(), Some(StatusCode::TOO_MANY_REQUESTS));
    let mut third = WsClient::anonymous(&app).await;
    third.send(&auth).await;
    match third.expect().await {
        ServerFrame::Error { code: ErrorCode::ConnectionsLimit, .. } => {}
        other => panic!("expected connections.limit, got {other:?}"),
    }
    // It stayed anonymous.
    match third.sub(&mine, None, None).await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. } => {}
        other => panic!("expected channel.forbidden, got {other:?}"),
    }
    // Closing one frees its place for the third.
    first.close().await;
    let signed_in = async {
        loop {
            // Frames are handled in order: a pong with no error before it means signed in.
            third.send(&auth).await;
            third.send(&ClientFrame::Ping).await;
            match third.expect().await {
                ServerFrame::Pong => break,
                ServerFrame::Error { code: ErrorCode::ConnectionsLimit, .. } => {
                    third.expect_frame(&ServerFrame::Pong).await
                }
                other => panic!("expected pong or connections.limit, got {other:?}"),
            }
        }
    };
    tokio::time::timeout(super::client::WAIT, signed_in).await.expect("a place frees up");
    third.subscribe(&mine, 0).await;
}
