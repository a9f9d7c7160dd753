//! Who may subscribe to what: the same rule over the socket and the REST history
//! mirror, a refused upgrade for a bad token, and 4001 when the token is revoked or
//! runs out.

use reqwest::StatusCode;
use vitrine_protocol::{close_code, ClientFrame, Encoding, ErrorCode, ServerFrame};

use super::{
    client::{Connect, TokenIn, WsClient},
    fixtures::{designer_session, insert_bid, insert_contest, insert_project, make_gold, spawn_hub, Contest},
};
use crate::helpers::{spawn_app_with, TestApp};

/// The cast of the access table and its channels.
struct World {
    /// (who, token), anonymous first.
    people: Vec<(&'static str, Option<String>)>,
    /// (channel, who may subscribe).
    channels: Vec<(String, Vec<&'static str>)>,
}

async fn world(app: &TestApp) -> World {
    let (owner, owner_token) = app.client_session("owner").await;
    let (_, other_token) = app.client_session("other-client").await;
    let (bidder, bidder_token) = designer_session(app, "bidder").await;
    let (gold, gold_token) = designer_session(app, "golden").await;
    make_gold(app, gold).await;
    let (_, admin_token) = app.admin_session("admin").await;

    let public = insert_contest(app, owner, Contest::Public).await;
    let private = insert_contest(app, owner, Contest::Private).await;
    let unpaid = insert_contest(app, owner, Contest::Unpaid).await;
    let project = insert_project(app, owner).await;
    let bid = insert_bid(app, project, bidder).await;
    // A second project of the owner's, assigned to the bidder: its workroom is theirs.
    let assigned = insert_project(app, owner).await;
    let approved = insert_bid(app, assigned, bidder).await;
    sqlx::query("UPDATE project SET approved_bid_id = $1, status_id = 2 WHERE id = $2")
        .bind(approved)
        .bind(assigned)
        .execute(&app.db.pool)
        .await
        .expect("assign the project");

    const SIGNED_IN: [&str; 5] = ["owner", "other", "bidder", "gold", "admin"];
    let everyone = [&["anonymous"][..], &SIGNED_IN].concat();
    World {
        people: vec![
            ("anonymous", None),
            ("owner", Some(owner_token)),
            ("other", Some(other_token)),
            ("bidder", Some(bidder_token)),
            ("gold", Some(gold_token)),
            ("admin", Some(admin_token)),
        ],
        channels: vec![
            (format!("contest:{public}"), everyone.clone()),
            // Private: signed-in designers, the owner and admins; not another client.
            (format!("contest:{private}"), vec!["owner", "bidder", "gold", "admin"]),
            (format!("contest:{unpaid}"), vec!["owner", "admin"]),
            ("contest:999999".into(), vec![]),
            (format!("project:{project}"), vec!["owner", "bidder", "gold", "admin"]),
            ("project:999999".into(), vec![]),
            (format!("bid:{bid}"), vec!["owner", "bidder", "admin"]),
            ("bid:999999".into(), vec![]),
            (format!("workroom:{assigned}"), vec!["owner", "bidder", "admin"]),
            (format!("workroom:{project}"), vec!["owner", "admin"]),
            ("workroom:999999".into(), vec![]),
            (format!("user:{owner}"), vec!["owner"]),
            (format!("user:{bidder}"), vec!["bidder"]),
            ("court".into(), vec!["gold", "admin"]),
            ("admin".into(), vec!["admin"]),
            ("bench:open".into(), everyone),
        ],
    }
}

#[tokio::test]
async fn each_kind_of_user_may_subscribe_to_exactly_their_channels() {
    let app = spawn_hub().await;
    let world = world(&app).await;
    for (who, token) in &world.people {
        let mut client = WsClient::open(&app, Connect { token: token.as_deref(), ..Connect::default() }).await;
        for (ch, allowed) in &world.channels {
            client.send(&ClientFrame::Sub { ch: ch.clone(), since: None, id: Some(who.to_string()) }).await;
            let may = allowed.contains(who);
            // Presence lists and frames are the presence tests' business: only the answer matters here.
            let answer = loop {
                match client.expect().await {
                    ServerFrame::Presence { .. } => continue,
                    frame => break frame,
                }
            };
            match answer {
                ServerFrame::Subscribed { ch: got, seq: 0, recovered: false, id, .. } if may => {
                    assert_eq!((got.as_str(), id.as_deref()), (ch.as_str(), Some(*who)));
                }
                ServerFrame::Error { code: ErrorCode::ChannelForbidden, ch: got, id, .. } if !may => {
                    assert_eq!((got.as_deref(), id.as_deref()), (Some(ch.as_str()), Some(*who)));
                }
                other => {
                    panic!("{who} on {ch}: expected {}, got {other:?}", if may { "subscribed" } else { "forbidden" })
                }
            }
        }
        client.close().await;
    }
}

#[tokio::test]
async fn the_rest_history_mirror_applies_the_same_rule() {
    let app = spawn_hub().await;
    let world = world(&app).await;
    // Every mismatch at once: a table is easier to fix from a full list.
    let mut wrong = Vec::new();
    for (who, token) in &world.people {
        for (ch, allowed) in world.channels.iter().filter(|(ch, _)| !ch.starts_with("bench:")) {
            let answer = app.get(&format!("/realtime/channels/{ch}/events?after=0"), token.as_deref()).await;
            let expected = if allowed.contains(who) {
                (200, serde_json::json!({"ch": ch, "head": 0, "recovered": true, "events": []}))
            } else {
                (403, serde_json::json!("channel.forbidden"))
            };
            let got = match answer.status.as_u16() {
                200 => (200, answer.body.clone()),
                status => (status, serde_json::json!(answer.code())),
            };
            if got != expected {
                wrong.push(format!("{who} on {ch}: expected {expected:?}, got {got:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} mismatches:\n{}", wrong.len(), wrong.join("\n"));
}

#[tokio::test]
async fn the_rest_history_mirror_answers_a_bench_channel_with_no_events_and_recovered_false() {
    let app = spawn_hub().await;
    let answer = app.get("/realtime/channels/bench:open/events?after=0", None).await;
    assert_eq!(answer.status.as_u16(), 200, "{}", answer.body);
    assert_eq!(answer.body, serde_json::json!({"ch": "bench:open", "head": 0, "recovered": false, "events": []}));
}

#[tokio::test]
async fn the_rest_history_mirror_refuses_a_token_that_is_not_valid_with_401() {
    let app = spawn_hub().await;
    let (owner, _) = app.client_session("owner").await;
    let ch = format!("contest:{}", insert_contest(&app, owner, Contest::Public).await);
    // Refused, not taken as anonymous (the contest is public).
    let answer = app.get(&format!("/realtime/channels/{ch}/events"), Some("not-a-token")).await;
    answer.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn the_rest_history_mirror_refuses_a_badly_spelled_channel_with_400() {
    let app = spawn_hub().await;
    app.get("/realtime/channels/contest:042/events", None).await.assert_error(400, "channel.invalid");
}

#[tokio::test]
async fn a_bad_token_refuses_the_upgrade_with_401_in_the_header_or_the_subprotocol() {
    let app = spawn_hub().await;
    for token_in in [TokenIn::Header, TokenIn::Subprotocol] {
        let how = Connect { token: Some("not-a-token"), token_in, ..Connect::default() };
        let refused = WsClient::try_open(&app, how).await.err();
        assert_eq!(refused.map(|s| s.as_u16()), Some(401), "token in {token_in:?}");
    }
}

#[tokio::test]
async fn a_token_in_the_subprotocol_opens_a_private_channel_in_either_encoding() {
    let app = spawn_hub().await;
    let (id, token) = app.client_session("browser-tab").await;
    for encoding in Encoding::ALL {
        let how = Connect { token: Some(&token), token_in: TokenIn::Subprotocol, encoding, ..Connect::default() };
        // The server answers with the encoding's name, never the bearer entry (WsClient checks).
        let mut client = WsClient::open(&app, how).await;
        client.subscribe(&format!("user:{id}"), 0).await;
    }
}

#[tokio::test]
async fn a_token_in_the_url_is_refused_with_400_by_default() {
    let app = spawn_hub().await;
    let (_, token) = app.client_session("old-client").await;
    let how = Connect { token: Some(&token), token_in: TokenIn::Query, ..Connect::default() };
    assert_eq!(WsClient::try_open(&app, how).await.err(), Some(StatusCode::BAD_REQUEST));
    // Over plain HTTP the refusal names itself.
    let answer = app.get(&format!("/ws?access_token={token}"), None).await;
    answer.assert_error(400, "ws.token_in_url");
}

#[tokio::test]
async fn a_token_in_the_url_is_taken_when_the_setting_allows_it_and_the_header_wins_over_it() {
    let app = spawn_app_with(|settings| settings.ws_token_in_url = true).await;
    let (id, token) = app.client_session("querier").await;
    let how = Connect { token: Some(&token), token_in: TokenIn::Query, ..Connect::default() };
    let mut client = WsClient::open(&app, how).await;
    client.subscribe(&format!("user:{id}"), 0).await;
    let how = Connect { token: Some("not-a-token"), token_in: TokenIn::Query, ..Connect::default() };
    assert_eq!(WsClient::try_open(&app, how).await.err(), Some(StatusCode::UNAUTHORIZED));
}

#[tokio::test]
async fn an_auth_frame_sent_first_lets_the_next_frame_subscribe_to_a_private_channel() {
    let app = spawn_hub().await;
    let (id, token) = app.client_session("first-frame").await;
    let mut client = WsClient::anonymous(&app).await;
    // Both frames leave together: the server handles them in order, so the sub sees the token.
    client.feed(&ClientFrame::Auth { token: vitrine_protocol::AccessToken::new(token) }).await;
    client.feed(&ClientFrame::Sub { ch: format!("user:{id}"), since: None, id: Some("s".into()) }).await;
    client.flush().await;
    match client.expect().await {
        ServerFrame::Subscribed { ch, id: Some(answered), .. } => {
            assert_eq!((ch, answered.as_str()), (format!("user:{id}"), "s"));
        }
        other => panic!("expected subscribed, got {other:?}"),
    }
}

#[tokio::test]
async fn an_auth_frame_signs_in_an_anonymous_connection_and_keeps_its_subscriptions() {
    let app = spawn_hub().await;
    let (id, token) = app.client_session("late-signer").await;
    let mut client = WsClient::anonymous(&app).await;
    client.subscribe("bench:kept", 0).await;
    let mine = format!("user:{id}");
    match client.sub(&mine, None, None).await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. } => {}
        other => panic!("anonymous may not watch {mine}: {other:?}"),
    }
    client.send(&ClientFrame::Auth { token: vitrine_protocol::AccessToken::new(token) }).await;
    client.ping_pong().await;
    client.subscribe(&mine, 0).await;
    client.send(&ClientFrame::Unsub { ch: "bench:kept".into(), id: None }).await;
    client.expect_frame(&ServerFrame::Unsubscribed { ch: "bench:kept".into(), id: None }).await;
}

#[tokio::test]
async fn logging_out_closes_the_sockets_that_used_the_token_with_4001() {
    let app = spawn_hub().await;
    let (id, token) = app.client_session("leaving").await;
    let other_token = app.token("leaving").await;
    let mut revoked = WsClient::signed_in(&app, &token).await;
    revoked.subscribe(&format!("user:{id}"), 0).await;
    let mut same_user_other_token = WsClient::signed_in(&app, &other_token).await;
    same_user_other_token.ping_pong().await;

    let answer = app.get("/oauth/logout", Some(&token)).await;
    assert_eq!(answer.status.as_u16(), 200, "{}", answer.body);

    assert_eq!(revoked.expect_close().await, Some(close_code::TOKEN_EXPIRED));
    // Only that token was revoked.
    same_user_other_token.ping_pong().await;
    // And it no longer opens a socket.
    let refused = WsClient::try_open(&app, Connect { token: Some(&token), ..Connect::default() }).await.err();
    assert_eq!(refused.map(|s| s.as_u16()), Some(401));
}

#[tokio::test]
async fn a_socket_closes_with_4001_when_its_token_runs_out_and_an_anonymous_one_stays() {
    let app = spawn_app_with(|settings| settings.token_ttl_secs = 2).await;
    let (_, token) = app.client_session("brief").await;
    let mut signed_in = WsClient::signed_in(&app, &token).await;
    let mut anonymous = WsClient::anonymous(&app).await;
    signed_in.ping_pong().await;

    assert_eq!(signed_in.expect_close().await, Some(close_code::TOKEN_EXPIRED));
    // The expiry timer is the signed-in connection's alone.
    anonymous.ping_pong().await;
}
