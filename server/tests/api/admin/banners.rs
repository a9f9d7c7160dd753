//! Broadcast banners: admin-only writes, public reads, and the live push on `broadcast`
//! to anonymous and signed-in sockets alike.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::ServerFrame;

use super::fixtures::designer_session;
use crate::{
    helpers::{spawn_app, TestApp},
    realtime::client::WsClient,
};

async fn next_event(client: &mut WsClient) -> (String, serde_json::Value) {
    loop {
        if let ServerFrame::Event(event) = client.expect().await {
            return (event.event_type.clone(), event.data.clone());
        }
    }
}

#[tokio::test]
async fn only_an_admin_creates_edits_and_deletes_banners() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (_, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let body = json!({"message": "Maintenance tonight at 22:00 UTC", "color": "warning"});
    for token in [&client, &designer] {
        app.send_json(Method::POST, "/broadcast-banners", &body, Some(token)).await.assert_error(403, "auth.forbidden");
    }
    app.send_json(Method::POST, "/broadcast-banners", &body, None).await.assert_error(401, "auth.unauthenticated");
    let created = app.send_json(Method::POST, "/broadcast-banners", &body, Some(&admin)).await;
    assert_eq!(created.status.as_u16(), 201, "{}", created.body);
    let id = created.body["data"]["id"].as_i64().unwrap();
    assert_eq!(created.body["data"]["is_active"], true);

    let path = format!("/broadcast-banners/{id}");
    app.send_json(Method::PUT, &path, &json!({"color": "danger"}), Some(&client))
        .await
        .assert_error(403, "auth.forbidden");
    app.send_json(Method::DELETE, &path, &json!({}), Some(&designer)).await.assert_error(403, "auth.forbidden");
    let edited = app.send_json(Method::PUT, &path, &json!({"color": "danger"}), Some(&admin)).await;
    assert_eq!(
        (edited.body["data"]["color"].as_str(), edited.body["data"]["message"].as_str()),
        (Some("danger"), Some("Maintenance tonight at 22:00 UTC"))
    );

    // Everyone reads the shown banners, visitors too; only admins ask for the hidden ones.
    let listed = app.get("/broadcast-banners", None).await;
    assert_eq!(listed.body["data"].as_array().unwrap().len(), 1);
    app.get("/broadcast-banners?filter[all]=1", Some(&client)).await.assert_error(403, "auth.forbidden");
    app.send_json(Method::PUT, &path, &json!({"is_active": 0}), Some(&admin)).await;
    assert_eq!(app.get("/broadcast-banners", None).await.body["data"], json!([]));
    assert_eq!(
        app.get("/broadcast-banners?filter[all]=1", Some(&admin)).await.body["data"].as_array().unwrap().len(),
        1
    );

    let deleted = app.send_json(Method::DELETE, &path, &json!({}), Some(&admin)).await;
    assert_eq!(deleted.status.as_u16(), 200);
    app.send_json(Method::DELETE, &path, &json!({}), Some(&admin)).await.assert_error(404, "banner.not_found");
}

#[tokio::test]
async fn a_banner_needs_a_message_and_one_of_the_five_colours_and_a_refused_one_changes_nothing() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let purple = app
        .send_json(Method::POST, "/broadcast-banners", &json!({"message": "Hi", "color": "purple"}), Some(&admin))
        .await;
    purple.assert_error(422, "color.in");
    let empty = app
        .send_json(Method::POST, "/broadcast-banners", &json!({"message": "  ", "color": "info"}), Some(&admin))
        .await;
    empty.assert_error(422, "validation.required");
    let long = "x".repeat(281);
    app.send_json(Method::POST, "/broadcast-banners", &json!({"message": long, "color": "info"}), Some(&admin))
        .await
        .assert_error(422, "validation.max");
    assert_eq!(app.get("/broadcast-banners?filter[all]=1", Some(&admin)).await.body["data"], json!([]));
    for color in ["primary", "info", "success", "warning", "danger"] {
        let ok = app
            .send_json(Method::POST, "/broadcast-banners", &json!({"message": color, "color": color}), Some(&admin))
            .await;
        assert_eq!(ok.status.as_u16(), 201, "{color}: {}", ok.body);
    }
}

#[tokio::test]
async fn a_banner_reaches_anonymous_and_signed_in_sockets_live_and_is_taken_down_live() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let mut visitor = WsClient::anonymous(&app).await;
    let mut signed_in = WsClient::signed_in(&app, &designer).await;
    for socket in [&mut visitor, &mut signed_in] {
        assert!(matches!(socket.sub("broadcast", None, None).await, ServerFrame::Subscribed { .. }));
    }
    let created = app
        .send_json(
            Method::POST,
            "/broadcast-banners",
            &json!({"message": "New: tip-only contests", "color": "success"}),
            Some(&admin),
        )
        .await;
    let id = created.body["data"]["id"].as_i64().unwrap();
    for socket in [&mut visitor, &mut signed_in] {
        let (kind, data) = next_event(socket).await;
        assert_eq!(kind, "banner.published");
        assert_eq!(
            (data["id"].as_i64(), data["message"].as_str(), data["color"].as_str()),
            (Some(id), Some("New: tip-only contests"), Some("success"))
        );
    }
    app.send_json(Method::DELETE, &format!("/broadcast-banners/{id}"), &json!({}), Some(&admin)).await;
    for socket in [&mut visitor, &mut signed_in] {
        let (kind, data) = next_event(socket).await;
        assert_eq!((kind.as_str(), data["id"].as_i64()), ("banner.withdrawn", Some(id)));
    }
}

/// The `broadcast` channel carries only what anyone may read: no admin-only data.
#[tokio::test]
async fn anyone_may_subscribe_to_broadcast_but_not_to_admin() {
    let app: TestApp = spawn_app().await;
    let (_, client) = app.client_session("clara").await;
    let mut socket = WsClient::signed_in(&app, &client).await;
    assert!(matches!(socket.sub("broadcast", None, None).await, ServerFrame::Subscribed { .. }));
    assert!(matches!(socket.sub("admin", None, None).await, ServerFrame::Error { .. }));
}
