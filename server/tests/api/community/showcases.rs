//! Showcases: designers add their own, everyone signed in browses them, their designer
//! or an admin edits them, an admin hides one; bad input changes nothing.

use serde_json::json;

use crate::{
    commerce::post,
    entries::{designer, upload_png},
    helpers::spawn_app,
};

#[tokio::test]
async fn designers_add_showcases_that_every_signed_in_user_sees() {
    let app = spawn_app().await;
    let (designer_id, des) = designer(&app, "showdes", 3).await;
    let (_, client) = app.client_session("showclient").await;
    let (_, admin) = app.admin_session("showadmin").await;
    let file_id = upload_png(&app, &des, 5).await;
    let body =
        json!({"title": " Harbour Coffee ", "description": "Cups", "url": "https://example.com/h", "file_id": file_id});

    post(&app, "/externals/showcases", &body, Some(&client)).await.assert_error(403, "showcase.designers_only");
    post(&app, "/externals/showcases", &body, Some(&admin)).await.assert_error(403, "showcase.designers_only");
    post(&app, "/externals/showcases", &body, None).await.assert_error(401, "auth.unauthenticated");
    let bad = json!({"title": "", "url": "ftp://x", "file_id": file_id + 1000});
    let refused = post(&app, "/externals/showcases", &bad, Some(&des)).await;
    refused.assert_error(422, "validation.failed");
    assert_eq!(
        (refused.field_code("title"), refused.field_code("url"), refused.field_code("file_id")),
        ("validation.required", "url.invalid", "validation.exists")
    );
    // Someone else's upload is not the designer's to show.
    let (_, other) = designer(&app, "showother", 2).await;
    let theirs = upload_png(&app, &other, 5).await;
    let stolen = json!({"title": "Mine", "file_id": theirs});
    post(&app, "/externals/showcases", &stolen, Some(&des)).await.assert_error(422, "validation.exists");
    assert_eq!(app.get("/externals/showcases", Some(&client)).await.body["total"], 0, "refusals wrote nothing");

    let created = post(&app, "/externals/showcases", &body, Some(&des)).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let showcase = &created.body["data"];
    assert_eq!(
        (showcase["title"].as_str(), showcase["created_by_user"]["id"].as_i64()),
        (Some("Harbour Coffee"), Some(designer_id))
    );
    let id = showcase["id"].as_i64().unwrap();

    for token in [&client, &admin, &other] {
        let list = app.get("/externals/showcases", Some(token)).await;
        assert_eq!(list.body["data"][0]["id"], id, "{}", list.body);
        let shown = app.get(&format!("/externals/showcases/show/{id}"), Some(token)).await;
        assert_eq!(shown.body["data"]["url"], "https://example.com/h");
        // The image is readable by whoever sees the showcase.
        let image = app.get(showcase["file"]["full_path"].as_str().unwrap(), Some(token)).await;
        assert_eq!(image.status, 200);
    }
    let mine = app.get(&format!("/externals/showcases?filter[user_id]={designer_id}"), Some(&client)).await;
    assert_eq!(mine.body["total"], 1);
    let none = app.get("/externals/showcases?filter[user_id]=999999", Some(&client)).await;
    assert_eq!(none.body["total"], 0);
    app.get("/externals/showcases", None).await.assert_error(401, "auth.unauthenticated");
    app.get(&format!("/externals/showcases/show/{}", id + 1000), Some(&client))
        .await
        .assert_error(404, "showcase.not_found");
}

#[tokio::test]
async fn only_its_designer_or_an_admin_edits_a_showcase_and_only_admins_hide_it() {
    let app = spawn_app().await;
    let (_, des) = designer(&app, "showeditdes", 3).await;
    let (_, other) = designer(&app, "showeditother", 3).await;
    let (_, client) = app.client_session("showeditclient").await;
    let (_, admin) = app.admin_session("showeditadmin").await;
    let file_id = upload_png(&app, &des, 5).await;
    let created = post(&app, "/externals/showcases", &json!({"title": "Orbit", "file_id": file_id}), Some(&des)).await;
    let id = created.body["data"]["id"].as_i64().unwrap();
    let path = format!("/externals/showcases/{id}");

    app.put(&path, &json!({"title": "Theirs"}), &other).await.assert_error(403, "showcase.forbidden");
    app.put(&path, &json!({"title": "Theirs"}), &client).await.assert_error(403, "showcase.forbidden");
    app.put(&path, &json!({"is_hidden": 1}), &des).await.assert_error(403, "showcase.forbidden");
    app.put(&path, &json!({"url": "not a link"}), &des).await.assert_error(422, "url.invalid");
    let shown = app.get(&format!("/externals/showcases/show/{id}"), Some(&client)).await;
    assert_eq!(shown.body["data"]["title"], "Orbit", "refusals changed nothing");

    let edited = app.put(&path, &json!({"title": "Orbit icons", "url": "https://example.com/o"}), &des).await;
    assert_eq!(edited.status, 200, "{}", edited.body);
    assert_eq!(
        (edited.body["data"]["title"].as_str(), edited.body["data"]["file"]["id"].as_i64()),
        (Some("Orbit icons"), Some(file_id))
    );

    app.put(&path, &json!({"is_hidden": 5}), &admin).await.assert_error(422, "validation.exists");
    let hidden = app.put(&path, &json!({"is_hidden": 1}), &admin).await;
    assert_eq!(hidden.body["data"]["is_hidden"], 1, "{}", hidden.body);
    // Hidden: gone for others, still there for its designer and admins.
    app.get(&format!("/externals/showcases/show/{id}"), Some(&client)).await.assert_error(404, "showcase.not_found");
    app.put(&path, &json!({"title": "x"}), &other).await.assert_error(404, "showcase.not_found");
    assert_eq!(app.get("/externals/showcases", Some(&client)).await.body["total"], 0);
    assert_eq!(app.get("/externals/showcases", Some(&des)).await.body["total"], 1);
    assert_eq!(app.get("/externals/showcases", Some(&admin)).await.body["total"], 1);
    let feed = app.get("/activities/community", Some(&client)).await;
    assert_eq!(feed.body["total"], 0, "a hidden showcase leaves the feed");
}

#[tokio::test]
async fn a_showcase_without_a_picture_is_hidden_by_an_admin_and_edited_by_its_designer() {
    let app = crate::helpers::spawn_app().await;
    let (designer_id, designer) = crate::entries::designer(&app, "nopicdes", 2).await;
    let (_, admin) = app.admin_session("nopicadmin").await;
    // The demo's showcases have no picture (the seed does not know the files folder).
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO external_showcase (app_user_id, title, description, url, created_at, updated_at) \
         VALUES ($1, 'Harbour poster', '', NULL, 1, 1) RETURNING id",
    )
    .bind(designer_id)
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    let path = format!("/externals/showcases/{id}");
    let hidden = app.put(&path, &json!({"is_hidden": 1}), &admin).await;
    assert_eq!((hidden.status.as_u16(), hidden.body["data"]["is_hidden"].as_i64()), (200, Some(1)), "{}", hidden.body);
    assert_eq!(hidden.body["data"]["file"], json!(null));
    let renamed = app.put(&path, &json!({"title": "Harbour poster, 2nd print"}), &designer).await;
    assert_eq!(renamed.body["data"]["title"], "Harbour poster, 2nd print", "{}", renamed.body);
}
