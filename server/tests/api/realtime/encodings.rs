//! Both wire encodings carry the same frames: `v1.json` as text, `v1.msgpack` as binary.

use serde_json::json;
use vitrine_protocol::{ClientFrame, Encoding, EventFrame, ServerFrame};

use vitrine_server::store::clock::Clock as _;

use super::{
    client::{Connect, WsClient},
    fixtures::{publish, spawn_hub, subscribed},
};

#[tokio::test]
async fn subscribe_event_and_unsubscribe_round_trip_identically_in_json_and_msgpack() {
    let app = spawn_hub().await;
    let (id, token) = app.client_session("encoder").await;
    let ch = format!("user:{id}");
    let ts = app.clock.now_ms();
    // Strings, negative and float numbers, nulls and nesting survive MessagePack too.
    let data = json!({"text": "héllo ✓", "n": -3, "f": 1.5, "big": 1u64 << 40, "list": [1, null, true], "map": {}});

    for (seq, encoding) in (1..).zip(Encoding::ALL) {
        // The client helper fails on a text frame in MessagePack or a binary one in JSON.
        let mut client = WsClient::open(&app, Connect { token: Some(&token), encoding, ..Connect::default() }).await;
        client.send(&ClientFrame::Sub { ch: ch.clone(), since: None, id: Some("r1".into()) }).await;
        client.expect_frame(&subscribed(&ch, seq - 1, false, Some("r1"), None)).await;

        publish(&app, vec![(ch.clone(), "notification.created", data.clone())]).await;
        let expected =
            EventFrame { ch: ch.clone(), seq, event_type: "notification.created".into(), ts, data: data.clone() };
        client.expect_frame(&ServerFrame::Event(expected)).await;

        client.ping_pong().await;
        client.send(&ClientFrame::Unsub { ch: ch.clone(), id: Some("r2".into()) }).await;
        client.expect_frame(&ServerFrame::Unsubscribed { ch: ch.clone(), id: Some("r2".into()) }).await;
        client.close().await;
    }
}

#[tokio::test]
async fn a_msgpack_connection_reads_garbage_as_frame_invalid_and_keeps_going() {
    let app = spawn_hub().await;
    let mut client = WsClient::open(&app, Connect { encoding: Encoding::Msgpack, ..Connect::default() }).await;
    // 0xc1 is never used in MessagePack.
    client.send_message(tokio_tungstenite::tungstenite::Message::binary(vec![0xc1])).await;
    match client.expect().await {
        ServerFrame::Error { id: None, ch: None, code, .. } => assert_eq!(code.as_str(), "frame.invalid"),
        other => panic!("expected frame.invalid, got {other:?}"),
    }
    client.ping_pong().await;
}

#[tokio::test]
async fn an_unknown_subprotocol_alone_refuses_the_upgrade_with_400() {
    let app = spawn_hub().await;
    let answer = app
        .client
        .get(app.url("/ws"))
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
        .header("Sec-WebSocket-Protocol", "v2.cbor")
        .send()
        .await
        .expect("request sent");
    assert_eq!(answer.status().as_u16(), 400);
}
