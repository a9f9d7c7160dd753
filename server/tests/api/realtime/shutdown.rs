//! Graceful shutdown: every socket is closed with 1012 (clients reconnect elsewhere
//! and resume), and the server stops.

use std::time::Duration;

use vitrine_protocol::close_code;

use super::client::WsClient;
use crate::helpers::spawn_stoppable_app;

#[tokio::test]
async fn shutdown_closes_every_socket_with_1012_and_the_server_stops() {
    let (app, stop, server) = spawn_stoppable_app().await;
    let (_, token) = app.client_session("leaving").await;
    let mut anonymous = WsClient::anonymous(&app).await;
    anonymous.subscribe("bench:x", 0).await;
    let mut signed_in = WsClient::signed_in(&app, &token).await;
    signed_in.ping_pong().await;

    stop.send(()).expect("the server is running");
    assert_eq!(anonymous.expect_close().await, Some(close_code::SERVER_RESTARTING));
    assert_eq!(signed_in.expect_close().await, Some(close_code::SERVER_RESTARTING));
    let stopped = tokio::time::timeout(Duration::from_secs(15), server).await.expect("the server stops in time");
    stopped.expect("the server task did not panic").expect("the server stopped cleanly");
    assert!(app.client.get(app.url("/healthz")).send().await.is_err(), "no new connections after shutdown");
}
