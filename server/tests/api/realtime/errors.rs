//! Every `error` code of the protocol, each answered on a connection that stays open,
//! and the one size past which the server closes instead (1009).

use std::time::Duration;

use tokio_tungstenite::tungstenite::Message;
use vitrine_protocol::{
    close_code,
    limits::{MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, MAX_SUBSCRIPTIONS},
    AccessToken, ClientFrame, ErrorCode, ServerFrame,
};

use super::{
    client::WsClient,
    fixtures::{spawn_hub, subscribed},
};

/// Asserts an `error` frame, whatever its English message.
#[track_caller]
fn assert_error(frame: ServerFrame, code: ErrorCode, id: Option<&str>, ch: Option<&str>) {
    match frame {
        ServerFrame::Error { id: got_id, ch: got_ch, code: got_code, message } => {
            assert_eq!((got_code, got_id.as_deref(), got_ch.as_deref()), (code, id, ch));
            assert!(!message.is_empty(), "{code} has a message");
        }
        other => panic!("expected error {code}, got {other:?}"),
    }
}

/// Sends `raw` as a text frame, checks the answer, then that the connection still works.
async fn refused(client: &mut WsClient, raw: &str, code: ErrorCode, id: Option<&str>, ch: Option<&str>) {
    client.send_message(Message::text(raw.to_owned())).await;
    assert_error(client.expect().await, code, id, ch);
    client.ping_pong().await;
}

#[tokio::test]
async fn malformed_frames_are_answered_frame_invalid_and_the_connection_stays_open() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    refused(&mut client, "this is not json", ErrorCode::FrameInvalid, None, None).await;
    refused(&mut client, "[1,2]", ErrorCode::FrameInvalid, None, None).await;
    refused(&mut client, r#"{"ch":"court"}"#, ErrorCode::FrameInvalid, None, None).await;
    // A known op with a mistyped field: the id is still echoed.
    refused(&mut client, r#"{"op":"sub","ch":42,"id":"r1"}"#, ErrorCode::FrameInvalid, Some("r1"), None).await;
    refused(&mut client, r#"{"op":"sub","id":"r2"}"#, ErrorCode::FrameInvalid, Some("r2"), None).await;
}

#[tokio::test]
async fn an_unknown_op_is_answered_op_unknown_with_its_id() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    refused(&mut client, r#"{"op":"teleport","id":"t1","to":"mars"}"#, ErrorCode::OpUnknown, Some("t1"), None).await;
    refused(&mut client, r#"{"op":"teleport"}"#, ErrorCode::OpUnknown, None, None).await;
}

#[tokio::test]
async fn badly_spelled_channels_are_answered_channel_invalid() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    for ch in ["contest:042", "contest:0", "contest:-1", "Contest:1", "court:1", "bench:", "nope:1", "contest:1 "] {
        let raw = serde_json::json!({"op": "sub", "ch": ch, "id": "s"}).to_string();
        refused(&mut client, &raw, ErrorCode::ChannelInvalid, Some("s"), Some(ch)).await;
    }
}

#[tokio::test]
async fn typing_on_a_badly_spelled_channel_is_answered_channel_invalid() {
    let app = spawn_hub().await;
    let (_, token) = app.client_session("typist").await;
    let mut client = WsClient::signed_in(&app, &token).await;
    let raw = serde_json::json!({"op": "typing", "ch": "bid:x"}).to_string();
    refused(&mut client, &raw, ErrorCode::ChannelInvalid, None, Some("bid:x")).await;
}

#[tokio::test]
async fn channels_the_connection_may_not_see_are_answered_channel_forbidden() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    refused(
        &mut client,
        r#"{"op":"sub","ch":"admin","id":"a"}"#,
        ErrorCode::ChannelForbidden,
        Some("a"),
        Some("admin"),
    )
    .await;
    // Whether or not the contest exists.
    refused(
        &mut client,
        r#"{"op":"sub","ch":"contest:999999"}"#,
        ErrorCode::ChannelForbidden,
        None,
        Some("contest:999999"),
    )
    .await;
    // Typing is for signed-in subscribers of channels with presence.
    refused(&mut client, r#"{"op":"typing","ch":"bench:x"}"#, ErrorCode::ChannelForbidden, None, Some("bench:x")).await;
}

#[tokio::test]
async fn an_auth_frame_with_a_bad_token_is_answered_auth_invalid_and_identity_is_unchanged() {
    let app = spawn_hub().await;
    let (id, token) = app.client_session("keeps-me").await;
    let mut client = WsClient::signed_in(&app, &token).await;
    client.send(&ClientFrame::Auth { token: AccessToken::new("not-a-token") }).await;
    assert_error(client.expect().await, ErrorCode::AuthInvalid, None, None);
    client.ping_pong().await;
    // Still the same user: their own channel is open to them.
    client.subscribe(&format!("user:{id}"), 0).await;

    // Another user's valid token is refused too.
    let (_, other) = app.client_session("someone-else").await;
    client.send(&ClientFrame::Auth { token: AccessToken::new(other) }).await;
    assert_error(client.expect().await, ErrorCode::AuthInvalid, None, None);
    client.ping_pong().await;
}

#[tokio::test]
async fn a_frame_over_64_kib_is_answered_frame_too_large_and_discarded() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    // A well-formed sub whose padding pushes it one byte over the limit.
    let head = r#"{"op":"sub","ch":"bench:big","id":"big","pad":""#;
    let tail = r#""}"#;
    let pad = "x".repeat(MAX_FRAME_BYTES + 1 - head.len() - tail.len());
    client.send_message(Message::text(format!("{head}{pad}{tail}"))).await;
    assert_error(client.expect().await, ErrorCode::FrameTooLarge, None, None);
    // Discarded unread: no subscription was made.
    client.ping_pong().await;

    // Exactly at the limit is fine.
    let pad = "x".repeat(MAX_FRAME_BYTES - head.len() - tail.len());
    client.send_message(Message::text(format!("{head}{pad}{tail}"))).await;
    client.expect_frame(&subscribed("bench:big", 0, false, Some("big"), None)).await;
}

#[tokio::test]
async fn a_message_over_1_mib_closes_the_connection_with_1009() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    client.ping_pong().await;
    client.send_message(Message::text("x".repeat(MAX_MESSAGE_BYTES + 1))).await;
    assert_eq!(client.expect_close().await, Some(close_code::FRAME_TOO_LARGE));
}

#[tokio::test]
async fn the_201st_subscription_is_answered_subscriptions_limit() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    // Within the 50 frames/s budget: subscribe in rounds of 40, one round per second.
    let mut pace = tokio::time::interval(Duration::from_millis(1000));
    // A round that overran its second (a loaded machine) must not make the next tick fire at
    // once: two rounds in one second would be 80 frames against the budget of 50.
    pace.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    for round in (0..MAX_SUBSCRIPTIONS).collect::<Vec<_>>().chunks(40) {
        pace.tick().await;
        for n in round {
            client.feed(&ClientFrame::Sub { ch: format!("bench:s{n}"), since: None, id: None }).await;
        }
        client.flush().await;
        for n in round {
            client.expect_frame(&subscribed(&format!("bench:s{n}"), 0, false, None, None)).await;
        }
    }
    pace.tick().await;
    client.send(&ClientFrame::Sub { ch: "bench:one-more".into(), since: None, id: Some("x".into()) }).await;
    assert_error(client.expect().await, ErrorCode::SubscriptionsLimit, Some("x"), Some("bench:one-more"));
    // Resubscribing to a held channel is no new subscription; unsubscribing frees a slot.
    client.send(&ClientFrame::Sub { ch: "bench:s0".into(), since: None, id: None }).await;
    client.expect_frame(&subscribed("bench:s0", 0, false, None, None)).await;
    client.send(&ClientFrame::Unsub { ch: "bench:s1".into(), id: None }).await;
    client.expect_frame(&ServerFrame::Unsubscribed { ch: "bench:s1".into(), id: None }).await;
    client.send(&ClientFrame::Sub { ch: "bench:one-more".into(), since: None, id: Some("y".into()) }).await;
    client.expect_frame(&subscribed("bench:one-more", 0, false, Some("y"), None)).await;
}

#[tokio::test]
async fn a_burst_over_50_frames_is_answered_rate_limited_once_and_the_rest_dropped() {
    let app = spawn_hub().await;
    let mut client = WsClient::anonymous(&app).await;
    let burst = 80;
    for n in 0..burst {
        client.feed(&ClientFrame::Unsub { ch: "bench:r".into(), id: Some(format!("u{n}")) }).await;
    }
    client.flush().await;

    // Frames are handled in order: answers for the bucket's 50 (and any refilled while
    // the burst was read), then one rate.limited where the dropping began.
    let mut answered = 0;
    let limited_at = loop {
        match client.expect().await {
            ServerFrame::Unsubscribed { ch, id } => {
                assert_eq!((ch.as_str(), id), ("bench:r", Some(format!("u{answered}"))));
                answered += 1;
            }
            ServerFrame::Error { code: ErrorCode::RateLimited, id, .. } => break id,
            other => panic!("expected unsubscribed or rate.limited, got {other:?}"),
        }
    };
    assert!(answered >= 50, "the bucket holds 50 frames, {answered} were answered");
    assert!(answered < burst, "some of the burst must be dropped");
    if let Some(id) = limited_at {
        assert_eq!(id, format!("u{answered}"), "rate.limited names the dropped frame");
    }

    // The documented remedy: slow down, resend after a second. The connection is open;
    // frames answered after the first drop (refilled tokens) come before the pong.
    tokio::time::sleep(Duration::from_secs(1)).await;
    client.send(&ClientFrame::Ping).await;
    let mut last = answered;
    loop {
        match client.expect().await {
            ServerFrame::Pong => break,
            ServerFrame::Unsubscribed { id: Some(id), .. } => {
                let n: usize = id[1..].parse().unwrap();
                assert!(n > last && n < burst, "answers stay in order: u{n} after u{last}");
                last = n;
            }
            other => panic!("expected pong, got {other:?} (rate.limited is sent at most once a second)"),
        }
    }
}
