//! The admin console's pages: dashboard figures (every role, and live for admins),
//! outgoing payouts, flagged clients, notes, designer tags, the lists and search.

use reqwest::Method;
use serde_json::json;
use vitrine_protocol::ServerFrame;

use super::fixtures::{contest_in, credit_contest, designer_session, entry, project_in};
use crate::{helpers::spawn_app, realtime::client::WsClient};

#[tokio::test]
async fn each_role_gets_its_own_dashboard_figures() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, designer) = designer_session(&app, "dora").await;
    let active = contest_in(&app, client_id, 2, "Logo for a bakery", 20_000).await;
    entry(&app, active, designer_id, 1, false).await;
    contest_in(&app, client_id, 5, "Awarded one", 10_000).await;
    contest_in(&app, client_id, 8, "Delivered one", 10_000).await;
    project_in(&app, client_id, 3, "Website").await;

    let as_admin = app.get("/dashboard", Some(&admin)).await;
    assert_eq!(as_admin.status.as_u16(), 200, "{}", as_admin.body);
    let queue = &as_admin.body["data"]["admin"];
    assert_eq!(
        (
            queue["contests_to_verify"].as_i64(),
            queue["contests_to_credit"].as_i64(),
            queue["projects_to_verify"].as_i64()
        ),
        (Some(1), Some(1), Some(1))
    );
    assert!(as_admin.body["data"]["client"].is_null());

    let as_client = app.get("/dashboard", Some(&client)).await;
    let figures = &as_client.body["data"]["client"];
    assert_eq!(
        (
            figures["active_contests"].as_i64(),
            figures["completed_contests"].as_i64(),
            figures["open_projects"].as_i64()
        ),
        (Some(1), Some(2), Some(1))
    );
    assert!(as_client.body["data"]["admin"].is_null(), "a client never sees the admin queue");

    let as_designer = app.get("/dashboard", Some(&designer)).await;
    assert_eq!(as_designer.body["data"]["designer"]["participating_contests"].as_i64(), Some(1));
    assert!(as_designer.body["data"]["admin"].is_null());
    app.get("/dashboard", None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn the_admin_channel_hears_the_new_counts_when_a_client_is_flagged() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, _) = app.client_session("clara").await;
    let mut socket = WsClient::signed_in(&app, &admin).await;
    assert!(matches!(socket.sub("admin", None, None).await, ServerFrame::Subscribed { .. }));
    let flagged = app
        .put(&format!("/admin/flagged-clients/{client_id}"), &json!({"reason": "Chargeback on a paid contest"}), &admin)
        .await;
    assert_eq!(flagged.status.as_u16(), 200, "{}", flagged.body);
    let event = loop {
        if let ServerFrame::Event(event) = socket.expect().await {
            break event;
        }
    };
    assert_eq!(event.event_type, "admin.queue");
    assert_eq!(event.data["flagged_clients"], 1);
}

#[tokio::test]
async fn a_credited_contest_owes_its_winner_until_an_admin_marks_the_payout_paid() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, designer) = designer_session(&app, "dora").await;
    let contest = contest_in(&app, client_id, 8, "Logo for a bakery", 25_000).await;
    let winner = entry(&app, contest, designer_id, 1, true).await;
    // Delivered, not credited: nothing owed yet.
    let owed = app.get("/admin/transactions/outgoing", Some(&admin)).await;
    assert_eq!(owed.body["total"], 0, "{}", owed.body);
    credit_contest(&app, contest, &admin).await;
    let owed = app.get("/admin/transactions/outgoing", Some(&admin)).await;
    assert_eq!(owed.body["total"], 1);
    let row = &owed.body["data"][0];
    assert_eq!(
        (
            row["kind"].as_str(),
            row["source_id"].as_i64(),
            row["designer_username"].as_str(),
            row["amount"].as_f64(),
            row["status_id"].as_i64()
        ),
        (Some("contest"), Some(winner), Some("dora"), Some(250.0), Some(1))
    );

    for token in [&client, &designer] {
        app.get("/admin/transactions/outgoing", Some(token)).await.assert_error(403, "auth.forbidden");
        app.send_json(
            Method::POST,
            "/admin/transactions/outgoing/mark-paid",
            &json!({"kind": "contest", "source_id": winner}),
            Some(token),
        )
        .await
        .assert_error(403, "auth.forbidden");
    }
    let body = json!({"kind": "contest", "source_id": winner, "reference": "PAYPAL-123"});
    let paid = app.send_json(Method::POST, "/admin/transactions/outgoing/mark-paid", &body, Some(&admin)).await;
    assert_eq!(paid.status.as_u16(), 201, "{}", paid.body);
    assert_eq!(
        (paid.body["data"]["status_id"].as_i64(), paid.body["data"]["reference"].as_str()),
        (Some(2), Some("PAYPAL-123"))
    );
    app.send_json(Method::POST, "/admin/transactions/outgoing/mark-paid", &body, Some(&admin))
        .await
        .assert_error(409, "payout.not_owed");
    assert_eq!(app.get("/admin/transactions/outgoing", Some(&admin)).await.body["total"], 0);
    assert_eq!(app.get("/admin/transactions/outgoing?filter[status_id]=2", Some(&admin)).await.body["total"], 1);
    app.send_json(Method::POST, "/admin/transactions/outgoing/mark-paid", &json!({"kind": "loan"}), Some(&admin))
        .await
        .assert_error(422, "validation.failed");
}

#[tokio::test]
async fn only_admins_flag_and_unflag_and_only_clients_are_flagged() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, _) = designer_session(&app, "dora").await;
    let path = format!("/admin/flagged-clients/{client_id}");
    app.put(&path, &json!({"reason": "x"}), &client).await.assert_error(403, "auth.forbidden");
    app.put(&path, &json!({"reason": " "}), &admin).await.assert_error(422, "validation.required");
    app.put(&format!("/admin/flagged-clients/{designer_id}"), &json!({"reason": "x"}), &admin)
        .await
        .assert_error(422, "flag.client_only");
    app.put(&path, &json!({"reason": "Asked designers to work off the platform"}), &admin).await;
    let listed = app.get("/admin/flagged-clients", Some(&admin)).await;
    assert_eq!((listed.body["total"].as_i64(), listed.body["data"][0]["username"].as_str()), (Some(1), Some("clara")));
    app.get("/admin/flagged-clients", Some(&client)).await.assert_error(403, "auth.forbidden");
    app.send_json(Method::DELETE, &path, &json!({}), Some(&client)).await.assert_error(403, "auth.forbidden");
    assert_eq!(app.send_json(Method::DELETE, &path, &json!({}), Some(&admin)).await.status.as_u16(), 200);
    assert_eq!(app.get("/admin/flagged-clients", Some(&admin)).await.body["total"], 0);
}

#[tokio::test]
async fn admins_keep_notes_on_contests_projects_and_users_that_nobody_else_reads() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let contest = contest_in(&app, client_id, 2, "Logo", 10_000).await;
    let body = json!({"notable_type": "contest", "notable_id": contest, "note": "Client asked for a refund by e-mail"});
    app.send_json(Method::POST, "/notes", &body, Some(&client)).await.assert_error(403, "auth.forbidden");
    let created = app.send_json(Method::POST, "/notes", &body, Some(&admin)).await;
    assert_eq!(created.status.as_u16(), 201, "{}", created.body);
    let id = created.body["data"]["id"].as_i64().unwrap();
    let list = format!("/notes?filter[notable_type]=contest&filter[notable_id]={contest}");
    assert_eq!(app.get(&list, Some(&admin)).await.body["data"].as_array().unwrap().len(), 1);
    app.get(&list, Some(&client)).await.assert_error(403, "auth.forbidden");
    app.get(&format!("/notes/{id}"), Some(&client)).await.assert_error(403, "auth.forbidden");
    app.put(&format!("/notes/{id}"), &json!({"note": "Refund sent"}), &client)
        .await
        .assert_error(403, "auth.forbidden");
    let edited = app.put(&format!("/notes/{id}"), &json!({"note": "Refund sent"}), &admin).await;
    assert_eq!(edited.body["data"]["note"], "Refund sent");
    app.send_json(
        Method::POST,
        "/notes",
        &json!({"notable_type": "user", "notable_id": 99999, "note": "x"}),
        Some(&admin),
    )
    .await
    .assert_error(422, "notable_id.exists");
    app.send_json(Method::POST, "/notes", &json!({"notable_type": "bid", "notable_id": 1, "note": "x"}), Some(&admin))
        .await
        .assert_error(422, "notable_type.in");
    app.send_json(Method::DELETE, &format!("/notes/{id}"), &json!({}), Some(&client))
        .await
        .assert_error(403, "auth.forbidden");
    assert_eq!(
        app.send_json(Method::DELETE, &format!("/notes/{id}"), &json!({}), Some(&admin)).await.status.as_u16(),
        200
    );
    app.get(&format!("/notes/{id}"), Some(&admin)).await.assert_error(404, "note.not_found");
}

#[tokio::test]
async fn admins_maintain_designer_tags_and_put_them_on_designers_only() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (designer_id, designer) = designer_session(&app, "dora").await;
    app.send_json(Method::POST, "/tags", &json!({"name": "Logo specialist"}), Some(&designer))
        .await
        .assert_error(403, "auth.forbidden");
    let tag = app.send_json(Method::POST, "/tags", &json!({"name": "Logo specialist"}), Some(&admin)).await;
    assert_eq!(tag.status.as_u16(), 201, "{}", tag.body);
    let tag_id = tag.body["data"]["id"].as_i64().unwrap();
    app.send_json(Method::POST, "/tags", &json!({"name": "logo SPECIALIST"}), Some(&admin))
        .await
        .assert_error(422, "name.unique");
    app.get("/tags", Some(&client)).await.assert_error(403, "auth.forbidden");
    app.get(&format!("/tags/{tag_id}"), Some(&designer)).await.assert_error(403, "auth.forbidden");
    app.put(&format!("/tags/{tag_id}"), &json!({"name": "Logos"}), &designer).await.assert_error(403, "auth.forbidden");
    assert_eq!(
        app.put(&format!("/tags/{tag_id}"), &json!({"name": "Logos"}), &admin).await.body["data"]["name"],
        "Logos"
    );

    app.put(&format!("/users/{designer_id}/tags"), &json!({"tag_ids": [tag_id]}), &designer)
        .await
        .assert_error(403, "auth.forbidden");
    app.put(&format!("/users/{client_id}/tags"), &json!({"tag_ids": [tag_id]}), &admin)
        .await
        .assert_error(422, "tags.designer_only");
    let set = app.put(&format!("/users/{designer_id}/tags"), &json!({"tag_ids": [tag_id, tag_id]}), &admin).await;
    assert_eq!(set.body["data"][0]["name"], "Logos", "{}", set.body);
    assert_eq!(app.get(&format!("/tags/{tag_id}"), Some(&admin)).await.body["data"]["users_count"], 1);
    let users = app.get("/admin/users?filter[user_type_id]=3", Some(&admin)).await;
    assert_eq!(users.body["data"][0]["tags"], "Logos", "{}", users.body);
}

#[tokio::test]
async fn the_admin_lists_and_search_find_what_an_admin_types_and_refuse_everyone_else() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let (_, designer) = designer_session(&app, "dora").await;
    let bakery = contest_in(&app, client_id, 4, "Logo for a bakery", 10_000).await;
    contest_in(&app, client_id, 2, "Mascot for a team", 10_000).await;
    sqlx::query("UPDATE contest SET is_tip = 1 WHERE id = $1").bind(bakery).execute(&app.db.pool).await.unwrap();
    project_in(&app, client_id, 1, "Bakery website").await;

    let no_winner = app.get("/admin/contests?filter[status_id]=4", Some(&admin)).await;
    assert_eq!(
        (no_winner.body["total"].as_i64(), no_winner.body["data"][0]["id"].as_i64()),
        (Some(1), Some(bakery)),
        "{}",
        no_winner.body
    );
    assert_eq!(app.get("/admin/contests?filter[is_tip]=1", Some(&admin)).await.body["total"], 1);
    assert_eq!(app.get("/admin/contests?filter[q]=mascot", Some(&admin)).await.body["total"], 1);
    app.get("/admin/contests?filter[status_id]=12", Some(&admin)).await.assert_error(422, "validation.exists");

    let contests = app.get("/admin/search?type=contests&q=bakery", Some(&admin)).await;
    assert_eq!(contests.body["data"].as_array().unwrap().len(), 1, "{}", contests.body);
    let projects = app.get("/admin/search?type=projects&q=BAKERY", Some(&admin)).await;
    assert_eq!(projects.body["data"][0]["type"], "project");
    let users = app.get("/admin/search?type=users&q=clar", Some(&admin)).await;
    assert_eq!(users.body["data"][0]["title"], "clara");
    // Case and accents do not matter, either way round, on both databases (SQLite's LOWER
    // alone knows ASCII only).
    let cafe = contest_in(&app, client_id, 2, "Logo for CAFÉ Ñandú", 10_000).await;
    for typed in ["cafe nandu", "café ñandú", "CAFE NANDU", "Ñandu"] {
        let q = typed.replace(' ', "%20");
        let found = app.get(&format!("/admin/search?type=contests&q={q}"), Some(&admin)).await;
        assert_eq!(found.body["data"][0]["id"].as_i64(), Some(cafe), "{typed}: {}", found.body);
        let listed = app.get(&format!("/admin/contests?filter[q]={q}"), Some(&admin)).await;
        assert_eq!(listed.body["total"], 1, "{typed}: {}", listed.body);
    }
    // A wildcard typed in the box is a character, not "anything".
    assert_eq!(app.get("/admin/search?type=users&q=%25%25", Some(&admin)).await.body["data"], json!([]));
    app.get("/admin/search?type=users&q=c", Some(&admin)).await.assert_error(422, "q.min");
    app.get("/admin/search?type=bids&q=cl", Some(&admin)).await.assert_error(422, "type.in");
    for token in [&client, &designer] {
        app.get("/admin/search?type=users&q=clara", Some(token)).await.assert_error(403, "auth.forbidden");
        app.get("/admin/contests", Some(token)).await.assert_error(403, "auth.forbidden");
        app.get("/admin/users", Some(token)).await.assert_error(403, "auth.forbidden");
    }
}

#[tokio::test]
async fn admins_list_the_contests_owed_a_featured_blog_post() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("boss").await;
    let (client_id, client) = app.client_session("clara").await;
    let blogged = contest_in(&app, client_id, 2, "Logo for a bakery", 10_000).await;
    contest_in(&app, client_id, 2, "Mascot for a team", 10_000).await;
    let blog_post: i64 = sqlx::query_scalar("SELECT id FROM contest_upgrade WHERE is_featured_blog_post = 1")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    let path = format!("/contests/{blogged}/upgrades-manually");
    let granted = app.put(&path, &json!({"upgrade_ids": [blog_post]}), &admin).await;
    assert_eq!(granted.status.as_u16(), 200, "{}", granted.body);

    let owed = app.get("/admin/contests?filter[is_featured_blog_post]=1", Some(&admin)).await;
    assert_eq!(
        (
            owed.body["total"].as_i64(),
            owed.body["data"][0]["id"].as_i64(),
            owed.body["data"][0]["is_featured_blog_post"].as_i64()
        ),
        (Some(1), Some(blogged), Some(1)),
        "{}",
        owed.body
    );
    let all = app.get("/admin/contests", Some(&admin)).await;
    assert_eq!(all.body["total"], 2);
    assert_eq!(all.body["data"][0]["is_featured_blog_post"], 0, "the newest did not buy it");
    app.get("/admin/contests?filter[is_featured_blog_post]=1", Some(&client)).await.assert_error(403, "auth.forbidden");
}
