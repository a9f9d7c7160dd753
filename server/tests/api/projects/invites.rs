//! Invites: the four suggestion lists with `invited` flags, invitations by the owner
//! only, and the invited creative told live.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::ServerFrame;

use super::{assign, designer, send, world};
use crate::{helpers::spawn_app, realtime::client::WsClient};

#[tokio::test]
async fn suggestion_lists_group_creatives_by_level_and_flag_the_invited() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let (gold, _) = designer(&app, "goldie", 3).await;
    let (bronze, _) = designer(&app, "bruno", 1).await;
    let invite = send(&app, Method::POST, &w.path("invites"), json!({"user_ids": [gold]}), Some(&w.owner.1)).await;
    assert_eq!(invite.status, 201, "{}", invite.body);

    let list = |name: &str| {
        let path = w.path(&format!("invites/suggestions/{name}"));
        let (app, token) = (&app, w.owner.1.clone());
        async move { app.get(&path, Some(&token)).await }
    };
    let golds = list("gold-creatives").await;
    assert_eq!(golds.status, 200, "{}", golds.body);
    let page = &golds.body["data"];
    assert_eq!((page["data"][0]["id"].as_i64(), page["data"][0]["invited"].as_i64()), (Some(gold), Some(1)));
    assert_eq!((page["total"].as_i64(), page["next_page_url"].clone()), (Some(1), json!(null)));
    let others: Vec<(i64, i64)> = list("bronze-and-silver-creatives").await.body["data"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_i64().unwrap(), c["invited"].as_i64().unwrap()))
        .collect();
    assert_eq!(others, [(w.designer.0, 0), (bronze, 0)]);
    assert_eq!(list("other-creatives").await.body["data"]["total"], 3);
    assert_eq!(list("my-winners").await.body["data"]["total"], 0);
    list("best-creatives").await.assert_error(404, "invite.suggestions.unknown");

    app.get(&w.path("invites/suggestions/gold-creatives"), Some(&w.designer.1))
        .await
        .assert_error(403, "invite.forbidden");
    app.get(&w.path("invites/suggestions/gold-creatives"), Some(&w.stranger.1))
        .await
        .assert_error(404, "project.not_found");
    assert_eq!(app.get(&w.path("invites/suggestions/gold-creatives"), Some(&w.admin.1)).await.status, 200);
}

#[tokio::test]
async fn only_the_owner_invites_creatives_and_only_creatives_are_invited() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let body = json!({"user_ids": [w.designer.0]});
    send(&app, Method::POST, &w.path("invites"), body.clone(), Some(&w.designer.1))
        .await
        .assert_error(403, "invite.forbidden");
    send(&app, Method::POST, &w.path("invites"), body.clone(), Some(&w.admin.1))
        .await
        .assert_error(403, "invite.forbidden");
    send(&app, Method::POST, &w.path("invites"), body.clone(), Some(&w.stranger.1))
        .await
        .assert_error(404, "project.not_found");
    send(&app, Method::POST, &w.path("invites"), json!({"user_ids": []}), Some(&w.owner.1))
        .await
        .assert_error(422, "validation.required");
    let wrong = send(
        &app,
        Method::POST,
        &w.path("invites"),
        json!({"user_ids": [w.designer.0, w.stranger.0]}),
        Some(&w.owner.1),
    )
    .await;
    wrong.assert_error(422, "user_ids.creative");
    assert_eq!(wrong.field_message("user_ids.1"), "Only creatives can be invited.");

    // Twice is harmless and notifies once.
    for _ in 0..2 {
        let ok = send(&app, Method::POST, &w.path("invites"), body.clone(), Some(&w.owner.1)).await;
        assert_eq!(ok.body["data"][0]["user_id"], w.designer.0, "{}", ok.body);
    }
    let invited = app.get(&w.path("invites"), Some(&w.owner.1)).await;
    assert_eq!(invited.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(app.get(&w.path("invites"), Some(&w.admin.1)).await.status, 200);
    app.get(&w.path("invites"), Some(&w.designer.1)).await.assert_error(403, "invite.forbidden");
    assert_eq!(app.get("/notifications", Some(&w.designer.1)).await.body["total"], 1);

    assign(&app, w.project, &w.designer.1, &w.admin.1).await;
    send(&app, Method::POST, &w.path("invites"), body, Some(&w.owner.1)).await.assert_error(409, "project.not_live");
}

#[tokio::test]
async fn an_invited_creative_is_notified_live_with_a_badge() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let ch = format!("user:{}", w.designer.0);
    let mut ws = WsClient::signed_in(&app, &w.designer.1).await;
    ws.subscribe(&ch, 0).await;
    let ok = send(&app, Method::POST, &w.path("invites"), json!({"user_ids": [w.designer.0]}), Some(&w.owner.1)).await;
    assert_eq!(ok.status, 201, "{}", ok.body);
    match ws.expect().await {
        ServerFrame::Event(e) => {
            assert_eq!((e.ch.as_str(), e.seq, e.event_type.as_str()), (ch.as_str(), 1, "notification.created"));
            assert_eq!(
                (e.data["notification_type_id"].as_i64(), e.data["data"]["project_id"].as_i64()),
                (Some(13), Some(w.project))
            );
        }
        other => panic!("expected the notification, got {other:?}"),
    }
    match ws.expect().await {
        ServerFrame::Event(e) => assert_eq!(
            (e.seq, e.event_type.as_str(), e.data["unread_notifications_count"].as_i64()),
            (2, "badge", Some(1))
        ),
        other => panic!("expected the badge, got {other:?}"),
    }
}

#[tokio::test]
async fn the_invite_lists_show_each_creative_s_average_rating_as_the_profile_does() {
    let app = spawn_app().await;
    let w = world(&app).await;
    // A gold designer whose winning entry its client rated 4 stars, and an unrated one.
    let rated = crate::marketplace::finished(&app, "inv").await;
    let (unrated, _) = designer(&app, "newgold", 3).await;
    let golds = app.get(&w.path("invites/suggestions/gold-creatives"), Some(&w.owner.1)).await;
    assert_eq!(golds.status, 200, "{}", golds.body);
    let rating = |id: i64| {
        golds.body["data"]["data"].as_array().unwrap().iter().find(|c| c["id"] == id).unwrap()["average_rating"].clone()
    };
    assert_eq!(rating(rated.winner_id), json!(4.0));
    assert_eq!(rating(unrated), json!(null), "no rated win: no rating");
    let profile = app
        .get(&format!("/users/{}/profile-information?include=average_rating", rated.winner_id), Some(&w.owner.1))
        .await;
    assert_eq!(profile.body["data"]["average_rating"], rating(rated.winner_id), "the same figure as the profile");
    app.get(&w.path("invites/suggestions/gold-creatives"), Some(&w.designer.1))
        .await
        .assert_error(403, "invite.forbidden");
}
