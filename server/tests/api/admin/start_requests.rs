//! Subscribers' "Start Contest Now" requests: admins list the pending ones, the admin
//! channel counts them live, and an approval starts the contest on its own channel.

use serde_json::json;
use vitrine_protocol::ServerFrame;

use crate::{contests::launch, helpers::spawn_app, realtime::client::WsClient};

/// Waits (each frame within the client's timeout) for `admin.queue` to count `n` requests.
async fn queue_reaches(socket: &mut WsClient, n: i64) {
    loop {
        if let ServerFrame::Event(event) = socket.expect().await {
            if event.event_type == "admin.queue" && event.data["start_requests"] == n {
                return;
            }
        }
    }
}

#[tokio::test]
async fn admins_see_pending_start_requests_arrive_live_and_approving_one_starts_the_contest() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("reqadmin").await;
    let (client_id, client) = app.client_session("reqsubscriber").await;
    sqlx::query("UPDATE app_user SET has_subscribed = 1 WHERE id = $1")
        .bind(client_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let requested = launch(&app, &client).await;
    let _unrequested = launch(&app, &client).await;
    let pending = "/admin/contests?filter[status_id]=1&filter[approval_status_id]=1";
    assert_eq!(app.get(pending, Some(&admin)).await.body["total"], 0);

    let mut admins = WsClient::signed_in(&app, &admin).await;
    assert!(matches!(admins.sub("admin", None, None).await, ServerFrame::Subscribed { .. }));
    let asked = app.put(&format!("/contests/{requested}/requests"), &json!({"approval_status_id": 1}), &client).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    queue_reaches(&mut admins, 1).await;
    let listed = app.get(pending, Some(&admin)).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let rows = listed.body["data"].as_array().unwrap();
    assert_eq!(rows.iter().map(|c| c["id"].as_i64().unwrap()).collect::<Vec<_>>(), vec![requested]);
    assert_eq!(rows[0]["client_username"], "reqsubscriber");

    // The list is the admins' alone; a bad filter is a clear 422.
    app.get(pending, Some(&client)).await.assert_error(403, "auth.forbidden");
    app.get("/admin/contests?filter[approval_status_id]=7", Some(&admin)).await.assert_error(422, "validation.exists");

    // The client watches the contest; the approval starts it there and empties the queue.
    let mut holder = WsClient::signed_in(&app, &client).await;
    assert!(matches!(holder.sub(&format!("contest:{requested}"), None, None).await, ServerFrame::Subscribed { .. }));
    let approved =
        app.put(&format!("/contests/{requested}/request-actions"), &json!({"approval_status_id": 2}), &admin).await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    let started = loop {
        if let ServerFrame::Event(event) = holder.expect().await {
            if event.event_type == "contest.status" {
                break event;
            }
        }
    };
    assert_eq!(started.data["status_id"], 2);
    queue_reaches(&mut admins, 0).await;
    assert_eq!(app.get(pending, Some(&admin)).await.body["total"], 0);
}
