//! The community feed: who may read and watch it, what it records, what it hides,
//! paging, and new activities arriving live.

use serde_json::{json, Value};
use vitrine_protocol::{event_type, ErrorCode, ServerFrame};

use crate::{
    commerce::{next_of, post},
    entries::{designer, make_blind, running_contest, submitted, upload_png},
    helpers::{spawn_app, TestApp},
    realtime::client::WsClient,
};

async fn feed(app: &TestApp, token: &str, query: &str) -> Value {
    let answer = app.get(&format!("/activities/community{query}"), Some(token)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body
}

fn types(page: &Value) -> Vec<(String, i64)> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["type"].as_str().unwrap().to_owned(), a["entry"]["id"].as_i64().unwrap_or(0)))
        .collect()
}

#[tokio::test]
async fn only_designers_and_clients_read_the_feed() {
    let app = spawn_app().await;
    let (_, designer_token) = designer(&app, "feedroledes", 2).await;
    let (_, client) = app.client_session("feedroleclient").await;
    let (_, admin) = app.admin_session("feedroleadmin").await;

    assert_eq!(feed(&app, &designer_token, "").await["data"], json!([]));
    assert_eq!(feed(&app, &client, "").await["total"], 0);
    let refused = app.get("/activities/community", Some(&admin)).await;
    refused.assert_error(403, "community.forbidden");
    assert_eq!(refused.body["error"]["message"], "The community feed is for designers and clients only.");
    app.get("/activities/community", None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn entries_winners_likes_and_showcases_are_recorded_and_unliking_removes_the_like() {
    let app = spawn_app().await;
    let running = running_contest(&app, "feedrec").await;
    let (designer_id, des) = designer(&app, "feedrecdes", 2).await;
    let entry = submitted(&app, &des, running.id).await;
    let like = json!({"emoji_reaction_id": 1});
    let reactions = format!("/contests/{}/entries/{entry}/reactions", running.id);
    assert_eq!(post(&app, &reactions, &like, Some(&running.owner)).await.status, 201);
    // Other reactions than a like are not feed items.
    post(&app, &reactions, &json!({"emoji_reaction_id": 2}), Some(&running.owner)).await;
    let award = format!("/contests/{}/entries/{entry}/award-winners", running.id);
    let awarded = post(&app, &award, &json!({}), Some(&running.owner)).await;
    assert_eq!(awarded.status, 200, "{}", awarded.body);

    let page = feed(&app, &des, "").await;
    assert_eq!(
        types(&page),
        [("entry.won".into(), entry), ("entry.liked".into(), entry), ("entry.created".into(), entry)]
    );
    let won = &page["data"][0];
    assert_eq!((won["user"]["id"].as_i64(), won["activity_type_id"].as_i64()), (Some(running.owner_id), Some(2)));
    assert_eq!(won["entry"]["created_by_user"]["id"], designer_id);
    assert_eq!(won["contest"]["id"], running.id);
    assert!(won["entry"]["files"]["full_path"].as_str().unwrap().starts_with("/files/"));

    app.send_json(reqwest::Method::DELETE, &reactions, &like, Some(&running.owner)).await;
    let after = feed(&app, &running.owner, "").await;
    assert_eq!(types(&after), [("entry.won".into(), entry), ("entry.created".into(), entry)]);
}

#[tokio::test]
async fn private_and_blind_contests_never_reach_the_feed_or_its_channel() {
    let app = spawn_app().await;
    let (_, des) = designer(&app, "feedhiddes", 2).await;
    let (_, other_client) = app.client_session("feedhidviewer").await;
    let mut watcher = WsClient::signed_in(&app, &other_client).await;
    assert!(matches!(watcher.sub("community", None, None).await, ServerFrame::Subscribed { .. }));

    let private = running_contest(&app, "feedpriv").await;
    sqlx::query("UPDATE contest SET is_private = 1 WHERE id = $1")
        .bind(private.id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let blind = running_contest(&app, "feedblind").await;
    make_blind(&app, blind.id).await;
    let public = running_contest(&app, "feedpub").await;
    let private_entry = submitted(&app, &des, private.id).await;
    let blind_entry = submitted(&app, &des, blind.id).await;
    let like = json!({"emoji_reaction_id": 1});
    post(&app, &format!("/contests/{}/entries/{private_entry}/reactions", private.id), &like, Some(&private.owner))
        .await;
    post(&app, &format!("/contests/{}/entries/{blind_entry}/reactions", blind.id), &like, Some(&blind.owner)).await;
    let public_entry = submitted(&app, &des, public.id).await;

    // The first event on the channel is the public entry's: nothing came before it.
    let event = next_of(&mut watcher, event_type::COMMUNITY_ACTIVITY).await;
    assert_eq!(
        (event.data["type"].as_str(), event.data["entry"]["id"].as_i64()),
        (Some("entry.created"), Some(public_entry))
    );
    assert_eq!(types(&feed(&app, &other_client, "").await), [("entry.created".into(), public_entry)]);
    assert_eq!(types(&feed(&app, &private.owner, "").await).len(), 1, "not even to the private contest's holder");

    // A contest made private later drops out of the list.
    sqlx::query("UPDATE contest SET is_private = 1 WHERE id = $1").bind(public.id).execute(&app.db.pool).await.unwrap();
    assert_eq!(feed(&app, &des, "").await["total"], 0);
}

#[tokio::test]
async fn the_community_channel_is_for_designers_and_clients_and_new_items_arrive_live() {
    let app = spawn_app().await;
    let (_, des) = designer(&app, "feedlivedes", 2).await;
    let (_, admin) = app.admin_session("feedwatchadmin").await;
    let mut refused = WsClient::signed_in(&app, &admin).await;
    assert!(matches!(
        refused.sub("community", None, None).await,
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. }
    ));
    let mut anonymous = WsClient::anonymous(&app).await;
    assert!(matches!(
        anonymous.sub("community", None, None).await,
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. }
    ));

    let running = running_contest(&app, "feedlive").await;
    let mut designer_watch = WsClient::signed_in(&app, &des).await;
    let mut client_watch = WsClient::signed_in(&app, &running.owner).await;
    for watcher in [&mut designer_watch, &mut client_watch] {
        assert!(matches!(watcher.sub("community", None, None).await, ServerFrame::Subscribed { .. }));
    }
    let file_id = upload_png(&app, &des, 5).await;
    let body = json!({"title": "Harbour Coffee", "description": "Cups and signs", "file_id": file_id});
    let created = post(&app, "/externals/showcases", &body, Some(&des)).await;
    assert_eq!(created.status, 201, "{}", created.body);
    for watcher in [&mut designer_watch, &mut client_watch] {
        let event = next_of(watcher, event_type::COMMUNITY_ACTIVITY).await;
        assert_eq!(event.data["type"], "showcase.created");
        assert_eq!(event.data["showcase"]["id"], created.body["data"]["id"]);
        assert_eq!(event.data["showcase"]["title"], "Harbour Coffee");
    }
    // What arrived live is what the list shows.
    let page = feed(&app, &running.owner, "").await;
    assert_eq!(page["data"][0]["showcase"]["id"], created.body["data"]["id"]);
}

#[tokio::test]
async fn the_feed_pages_newest_first_and_keeps_its_pages_while_new_items_arrive() {
    let app = spawn_app().await;
    let running = running_contest(&app, "feedpage").await;
    let (_, des) = designer(&app, "feedpagedes", 2).await;
    let mut entries = Vec::new();
    for _ in 0..22 {
        entries.push(submitted(&app, &des, running.id).await);
    }
    let first = feed(&app, &des, "").await;
    assert_eq!((first["total"].as_i64(), first["data"].as_array().unwrap().len()), (Some(22), 20));
    assert_eq!(first["data"][0]["entry"]["id"], entries[21]);
    let next = first["next_page_url"].as_str().unwrap().to_owned();
    assert!(next.starts_with("/activities/community?page=2&before="), "{next}");

    // A newer entry does not shift page 2.
    submitted(&app, &des, running.id).await;
    let second = feed(&app, &des, next.trim_start_matches("/activities/community")).await;
    let ids: Vec<i64> = second["data"].as_array().unwrap().iter().map(|a| a["entry"]["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [entries[1], entries[0]]);
    assert_eq!(second["next_page_url"], Value::Null);
}
