//! Designers' project preferences and portfolios: the designer themself and admins
//! change them; portfolios are shown to everyone, signed in or not, with their filters.

use reqwest::Method;
use serde_json::json;

use super::{designer, refused, send, upload_png, CATEGORY, SERVICE, SUB_CATEGORY};
use crate::helpers::{spawn_app, TestApp};

const SELF_ONLY: &str = "Only the designer themself or an admin may see or change this.";

/// A public paid contest of `owner`'s (type 1) with an entry of `designer`'s showing
/// `file`; `winner` with `rating` marks it won. Answers (contest, entry).
async fn entry(app: &TestApp, owner: i64, designer: i64, file: i64, title: &str, won: Option<i64>) -> (i64, i64) {
    let contest: i64 = sqlx::query_scalar(
        "INSERT INTO contest (contest_type_id, created_by, title, status_id, is_private, is_blind, created_at, updated_at) \
         VALUES (1, $1, $2, 2, 0, 0, 0, 0) RETURNING id",
    )
    .bind(owner)
    .bind(title)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    let entry: i64 = sqlx::query_scalar(
        "INSERT INTO contest_entry (contest_id, created_by, number, status_id, rating, is_winner, created_at, updated_at) \
         VALUES ($1, $2, 1, 1, $3, $4, 0, 0) RETURNING id",
    )
    .bind(contest)
    .bind(designer)
    .bind(won)
    .bind(i64::from(won.is_some()))
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO contest_entry_file (contest_entry_id, file_id, version, kind, created_at) VALUES ($1, $2, 1, 1, 0)")
        .bind(entry)
        .bind(file)
        .execute(&app.db.pool)
        .await
        .unwrap();
    (contest, entry)
}

#[tokio::test]
async fn designers_keep_their_own_project_preferences() {
    let app = spawn_app().await;
    let (me, token) = designer(&app, "prefers", 2).await;
    let (_, other) = designer(&app, "nosy", 3).await;
    let (client, client_token) = app.client_session("prefclient").await;
    let (_, admin) = app.admin_session("prefadmin").await;
    let path = format!("/users/{me}/preferences");

    let empty = app.get(&path, Some(&token)).await;
    assert_eq!(empty.body["data"], json!({"categories": [], "sub_categories": [], "services": []}));
    let body = json!({"project_category_ids": [CATEGORY, CATEGORY], "project_sub_category_ids": [SUB_CATEGORY], "project_service_ids": [SERVICE]});
    let saved = send(&app, Method::PUT, &path, body.clone(), Some(&token)).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(saved.body["data"]["categories"].as_array().unwrap().len(), 1, "once each");
    assert_eq!(saved.body["data"]["services"][0]["id"], SERVICE);
    assert_eq!(app.get(&path, Some(&admin)).await.body["data"]["sub_categories"][0]["id"], SUB_CATEGORY);

    refused(&app.get(&path, Some(&other)).await, 403, "designer.self_only", SELF_ONLY);
    refused(&send(&app, Method::PUT, &path, body.clone(), Some(&other)).await, 403, "designer.self_only", SELF_ONLY);
    refused(
        &send(&app, Method::PUT, &path, body.clone(), Some(&client_token)).await,
        403,
        "designer.self_only",
        SELF_ONLY,
    );
    let own_client = format!("/users/{client}/preferences");
    refused(
        &send(&app, Method::PUT, &own_client, body, Some(&client_token)).await,
        403,
        "designer.only",
        "Only designers have project preferences and portfolios.",
    );
    app.get("/users/999999/preferences", Some(&admin)).await.assert_error(404, "user.not_found");

    let unknown = send(&app, Method::PUT, &path, json!({"project_service_ids": [999]}), Some(&token)).await;
    assert_eq!(unknown.field_message("project_service_ids"), "The selected value does not exist.");
    assert_eq!(app.get(&path, Some(&token)).await.body["data"]["services"][0]["id"], SERVICE, "nothing changed");
    let cleared = send(&app, Method::PUT, &path, json!({}), Some(&admin)).await;
    assert_eq!(cleared.body["data"]["categories"], json!([]));
}

#[tokio::test]
async fn a_portfolio_is_the_designers_to_change_and_everyones_to_browse_with_filters() {
    let app = spawn_app().await;
    let (me, token) = designer(&app, "portfolio", 2).await;
    let (_, other) = designer(&app, "browser", 3).await;
    let (owner, owner_token) = app.client_session("holder").await;
    let (_, admin) = app.admin_session("padmin").await;
    let path = format!("/users/{me}/portfolios");

    // An additional item from an upload of theirs.
    let upload = upload_png(&app, &token, "13").await;
    let item = json!({"file_id": upload, "title": "Bakery rebrand", "description": "Private work", "category_id": 1});
    let added = send(&app, Method::POST, &path, item.clone(), Some(&token)).await;
    assert_eq!(added.status, 201, "{}", added.body);
    let additional = added.body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        (added.body["data"]["portfolio_type"].as_str(), added.body["data"]["portfolio_file"]["id"].as_i64()),
        (Some("Additional Portfolio"), Some(upload))
    );
    // Two entries from public contests: one won with 5 stars and liked by its holder.
    let won_file = upload_png(&app, &token, "5").await;
    let (won_contest, won) = entry(&app, owner, me, won_file, "Coffee logo", Some(5)).await;
    let plain_file = upload_png(&app, &token, "5").await;
    let (_, plain) = entry(&app, owner, me, plain_file, "Tea logo", None).await;
    let like = format!("/contests/{won_contest}/entries/{won}/reactions");
    assert_eq!(send(&app, Method::POST, &like, json!({"emoji_reaction_id": 1}), Some(&owner_token)).await.status, 201);
    for e in [won, plain] {
        let answer = send(&app, Method::POST, &path, json!({"contest_entry_id": e}), Some(&token)).await;
        assert_eq!(answer.status, 201, "{}", answer.body);
    }
    let again = send(&app, Method::POST, &path, json!({"contest_entry_id": won}), Some(&token)).await;
    refused(&again, 422, "contest_entry_id.unique", "This entry is already in your portfolio.");
    let not_mine = send(&app, Method::POST, &path, json!({"contest_entry_id": won + 50}), Some(&token)).await;
    refused(
        &not_mine,
        422,
        "contest_entry_id.portfolio",
        "Only your own entries in public contests can be added to your portfolio.",
    );
    let bad = send(&app, Method::POST, &path, json!({"title": " "}), Some(&token)).await;
    bad.assert_error(422, "validation.failed");
    assert_eq!(
        (bad.field_code("title"), bad.field_code("category_id"), bad.field_code("file_id")),
        ("validation.required", "validation.required", "validation.required")
    );
    refused(&send(&app, Method::POST, &path, item.clone(), Some(&other)).await, 403, "designer.self_only", SELF_ONLY);

    // Everyone signed in browses it; the other designer reads the additional item's file.
    let titles = |body: &serde_json::Value| {
        body["data"].as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    let all = app.get(&path, Some(&other)).await;
    assert_eq!(
        (titles(&all.body), all.body["total"].as_i64()),
        (vec!["Tea logo".into(), "Coffee logo".into(), "Bakery rebrand".into()], Some(3))
    );
    let coffee = &all.body["data"][1];
    assert_eq!((coffee["rating"].as_i64(), coffee["like_reactions_count"].as_i64()), (Some(5), Some(1)));
    assert_eq!(coffee["contest"]["id"], won_contest);
    assert_eq!(coffee["portfolio_file"]["id"], won_file);
    assert_eq!(
        all.body["data"][0]["rating"],
        serde_json::Value::Null,
        "an entry that did not win keeps its rating private"
    );
    assert_eq!(app.get(&format!("/files/{upload}/content"), Some(&other)).await.status, 200);
    let mine = app.get(&format!("{path}?filter[type]=2"), Some(&owner_token)).await;
    assert_eq!(mine.body["data"][1]["auth_user_reactions"], json!([{"emoji_reaction_id": 1}]));
    assert_eq!(titles(&app.get(&format!("{path}?filter[type]=1"), Some(&other)).await.body), ["Bakery rebrand"]);
    assert_eq!(
        titles(&app.get(&format!("{path}?filter[q]=LOGO&sort=created_at"), Some(&other)).await.body),
        ["Coffee logo", "Tea logo"]
    );
    assert_eq!(titles(&app.get(&format!("{path}?filter[rating]=4"), Some(&other)).await.body), ["Coffee logo"]);
    assert_eq!(titles(&app.get(&format!("{path}?filter[likes]=1"), Some(&other)).await.body), ["Coffee logo"]);
    assert_eq!(titles(&app.get(&format!("{path}?sort=-rating"), Some(&other)).await.body)[0], "Coffee logo");
    assert_eq!(app.get(&format!("{path}?filter[category]=2"), Some(&other)).await.body["total"], 0);
    app.get(&format!("{path}?sort=best"), Some(&other)).await.assert_error(422, "validation.exists");
    app.get(&format!("{path}?filter[type]=3"), Some(&other)).await.assert_error(422, "validation.exists");
    // Visitors who are not signed in browse it too (profiles are public), without reactions
    // of their own, and read the items' files.
    let anonymous = app.get(&path, None).await;
    assert_eq!(
        (titles(&anonymous.body), anonymous.body["data"][1]["auth_user_reactions"].clone()),
        (vec!["Tea logo".into(), "Coffee logo".into(), "Bakery rebrand".into()], json!([]))
    );
    assert_eq!(app.get(&format!("/files/{upload}/content"), None).await.status, 200);

    // A client has no portfolio, for members as for visitors; the figures are public.
    let client_path = format!("/users/{owner}/portfolios");
    for rest in ["", "/categories", "/like-rating-stats"] {
        app.get(&format!("{client_path}{rest}"), Some(&other)).await.assert_error(403, "designer.only");
        app.get(&format!("{client_path}{rest}"), None).await.assert_error(403, "designer.only");
        let figures = app.get(&format!("{path}{rest}"), None).await;
        assert_eq!(figures.status, 200, "{rest}: {}", figures.body);
    }
    let categories = app.get(&format!("{path}/categories"), Some(&other)).await;
    assert_eq!(
        (categories.body["data"][0]["id"].as_i64(), categories.body["data"][0]["count"].as_i64()),
        (Some(1), Some(3))
    );
    let stats = app.get(&format!("{path}/like-rating-stats"), Some(&other)).await;
    assert_eq!(
        stats.body["data"],
        json!({"portfolio_count": 3, "like_reactions_count": 1, "max_like_reactions_count": 1, "rated_count": 1, "average_rating": 5.0})
    );

    // Editing and removing: the designer and admins.
    let item_path = format!("{path}/{additional}");
    let edit = json!({"title": "Bakery identity", "category_id": 2});
    refused(
        &send(&app, Method::PUT, &item_path, edit.clone(), Some(&other)).await,
        403,
        "designer.self_only",
        SELF_ONLY,
    );
    let edited = send(&app, Method::PUT, &item_path, edit, Some(&token)).await;
    assert_eq!(
        (edited.body["data"]["title"].as_str(), edited.body["data"]["category"]["id"].as_i64()),
        (Some("Bakery identity"), Some(2))
    );
    let wrong = send(&app, Method::PUT, &item_path, json!({"category_id": 99999}), Some(&token)).await;
    assert_eq!(wrong.field_code("category_id"), "validation.exists");
    refused(
        &send(&app, Method::DELETE, &item_path, json!(null), Some(&other)).await,
        403,
        "designer.self_only",
        SELF_ONLY,
    );
    assert_eq!(
        send(&app, Method::DELETE, &item_path, json!(null), Some(&admin)).await.body["message"],
        "Portfolio item deleted"
    );
    send(&app, Method::DELETE, &item_path, json!(null), Some(&token)).await.assert_error(404, "portfolio.not_found");
    assert_eq!(app.get(&path, Some(&token)).await.body["total"], 2);
}

#[tokio::test]
async fn designers_prefer_from_the_catalogue_and_show_work_with_their_services() {
    let app = spawn_app().await;
    let (me, token) = designer(&app, "showcase", 2).await;
    let (_, other) = designer(&app, "visitor", 3).await;
    let (_, client) = app.client_session("catclient").await;
    let work = upload_png(&app, &token, "13").await;

    let service = format!("/projects/services/preferences/{SERVICE}");
    let first = send(&app, Method::POST, &service, json!({"file_ids": [work]}), Some(&token)).await;
    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(first.body["data"]["services"][0]["images"][0]["id"], work);
    assert_eq!(send(&app, Method::POST, &service, json!({}), Some(&token)).await.status, 200, "already preferred");
    let category = format!("/projects/categories/preferences/{CATEGORY}");
    assert_eq!(send(&app, Method::POST, &category, json!(null), Some(&token)).await.status, 201);
    let sub = format!("/projects/sub-categories/preferences/{SUB_CATEGORY}");
    assert_eq!(send(&app, Method::POST, &sub, json!(null), Some(&token)).await.status, 201);
    refused(
        &send(&app, Method::POST, &category, json!(null), Some(&client)).await,
        403,
        "designer.only",
        "Only designers have project preferences and portfolios.",
    );
    let missing = send(&app, Method::POST, "/projects/categories/preferences/999", json!(null), Some(&token)).await;
    assert_eq!(missing.field_code("project_category_id"), "validation.exists");

    let marked = app.get("/projects/categories/creative/preferences", Some(&token)).await;
    let flags: Vec<(i64, i64)> = marked.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_i64().unwrap(), c["is_preferred"].as_i64().unwrap()))
        .collect();
    assert!(flags.contains(&(CATEGORY, 1)) && flags.iter().filter(|(_, p)| *p == 1).count() == 1, "{flags:?}");
    app.get("/projects/categories/creative/preferences", Some(&client)).await.assert_error(403, "designer.only");
    let mine = app.get("/projects/preferences", Some(&token)).await.body["data"].clone();
    assert_eq!(
        (
            mine["categories"][0]["id"].as_i64(),
            mine["sub_categories"][0]["id"].as_i64(),
            mine["services"][0]["id"].as_i64()
        ),
        (Some(CATEGORY), Some(SUB_CATEGORY), Some(SERVICE))
    );

    // The profile: everyone signed in sees the services and the work shown with them.
    app.get(&format!("/users/{me}/project/services"), None).await.assert_error(401, "auth.unauthenticated");
    app.get("/users/999999/project-preference/portfolios", Some(&other)).await.assert_error(404, "user.not_found");
    let services = app.get(&format!("/users/{me}/project/services"), Some(&other)).await;
    assert_eq!(services.body["data"][0]["images"][0]["id"], work, "{}", services.body);
    let shown = app.get(&format!("/users/{me}/project-preference/portfolios"), Some(&client)).await;
    assert_eq!(
        (shown.body["data"][0]["file"]["id"].as_i64(), shown.body["data"][0]["project_service"]["id"].as_i64()),
        (Some(work), Some(SERVICE))
    );
    assert_eq!(app.get(&format!("/files/{work}/content"), Some(&client)).await.status, 200);

    // Adding one by one, on the user's own path.
    let path = format!("/users/{me}/preferences");
    let images_off_service =
        send(&app, Method::POST, &path, json!({"project_category_id": 2, "file_ids": [work]}), Some(&token)).await;
    refused(&images_off_service, 422, "file_ids.service", "Images can be shown with services only.");
    let none = send(&app, Method::POST, &path, json!({}), Some(&token)).await;
    refused(&none, 422, "preference.one", "Choose one category, sub-category or service.");
    let two =
        send(&app, Method::POST, &path, json!({"project_category_id": 2, "project_service_id": SERVICE}), Some(&token))
            .await;
    two.assert_error(422, "preference.one");
    refused(
        &send(&app, Method::POST, &path, json!({"project_category_id": 2}), Some(&other)).await,
        403,
        "designer.self_only",
        SELF_ONLY,
    );
    let added = send(&app, Method::POST, &path, json!({"project_category_id": "2"}), Some(&token)).await;
    assert_eq!((added.status.as_u16(), added.body["data"]["categories"].as_array().unwrap().len()), (201, 2));

    // Replacing keeps what stays, with its images.
    let kept = json!({"project_category_ids": [CATEGORY], "project_service_ids": [SERVICE]});
    let replaced = send(&app, Method::PUT, &path, kept, Some(&token)).await;
    assert_eq!(replaced.body["data"]["services"][0]["images"][0]["id"], work, "{}", replaced.body);
    assert_eq!(replaced.body["data"]["sub_categories"], json!([]));

    let image = format!("/projects/services/{SERVICE}/preferences/image/{work}");
    assert_eq!(send(&app, Method::DELETE, &image, json!(null), Some(&token)).await.status, 200);
    send(&app, Method::DELETE, &image, json!(null), Some(&token)).await.assert_error(404, "preference.not_found");
    let preference = replaced.body["data"]["categories"][0]["preference_id"].as_i64().unwrap();
    let one = format!("{path}/{preference}");
    refused(&send(&app, Method::DELETE, &one, json!(null), Some(&other)).await, 403, "designer.self_only", SELF_ONLY);
    assert_eq!(send(&app, Method::DELETE, &one, json!(null), Some(&token)).await.body["message"], "Preference deleted");
    send(&app, Method::DELETE, &one, json!(null), Some(&token)).await.assert_error(404, "preference.not_found");
}
