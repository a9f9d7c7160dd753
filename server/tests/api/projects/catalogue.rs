//! The launch catalogue: read by anyone, by slug and by filter; edited by admins only.

use reqwest::Method;
use serde_json::json;

use super::{launch, send};
use crate::helpers::spawn_app;

#[tokio::test]
async fn anyone_reads_categories_sub_categories_and_services_by_id_slug_and_filter() {
    let app = spawn_app().await;
    let all = app.get("/projects/categories?include=sub_categories,services", None).await;
    assert_eq!(all.status, 200, "{}", all.body);
    let first = &all.body["data"][0];
    assert_eq!(
        (first["launch_slug"].as_str(), first["sub_categories"][0]["launch_slug"].as_str()),
        (Some("logo-brand-identity"), Some("logo-design"))
    );
    let service = &first["services"][0];
    assert_eq!((service["minimum_amount"].as_i64(), service["maximum_amount"].as_i64()), (Some(99), Some(1000)));
    // Seeded slideshows are the PNGs the web client ships (web/public/images/services).
    assert_eq!(service["images"][0]["files"]["full_path"], "/images/services/new-logo-1.png");
    assert_eq!(service["images"].as_array().unwrap().len(), 2, "a slideshow of two");

    assert_eq!(app.get("/projects/categories/by-slug/web-app-design", None).await.body["data"]["id"], 2);
    app.get("/projects/categories/by-slug/nope", None).await.assert_error(404, "project_category.not_found");
    let subs = app.get("/projects/sub-categories/2", None).await;
    assert_eq!(
        subs.body["data"].as_array().unwrap().iter().map(|s| s["id"].as_i64().unwrap()).collect::<Vec<_>>(),
        [3, 4]
    );
    assert_eq!(app.get("/projects/sub-categories/show/4", None).await.body["data"]["launch_slug"], "app-design");
    assert_eq!(app.get("/projects/sub-categories/by-slug/print", None).await.body["data"]["id"], 6);
    app.get("/projects/sub-categories/show/99", None).await.assert_error(404, "project_sub_category.not_found");
    let filtered = app.get("/projects/services?filter[category_id]=3&filter[sub_category_id]=6", None).await;
    let slugs: Vec<_> = filtered.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["launch_slug"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(slugs, ["flyer", "brochure"]);
    assert_eq!(app.get("/projects/services/by-slug/flyer", None).await.body["data"]["id"], 10);
    app.get("/projects/services/77", None).await.assert_error(404, "project_service.not_found");

    let questions = app.get("/projects/categories/1/questions", None).await;
    let q = questions.body["data"].as_array().unwrap();
    assert_eq!(q[0]["is_title"], 1);
    assert_eq!((q[2]["title"].as_str(), q[2]["form_field_type_id"].as_i64()), (Some("What's your budget?"), Some(2)));
    assert_eq!(q[3]["options"].as_array().unwrap().len(), 3);
    app.get("/projects/categories/42/questions", None).await.assert_error(404, "project_category.not_found");
}

#[tokio::test]
async fn admins_create_edit_and_delete_the_catalogue_and_nobody_else_may() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("ada").await;
    let (_, client) = app.client_session("cleo").await;
    let category = json!({"title": "Motion & Video"});
    send(&app, Method::POST, "/projects/categories", category.clone(), Some(&client))
        .await
        .assert_error(403, "auth.forbidden");
    send(&app, Method::POST, "/projects/categories", category.clone(), None)
        .await
        .assert_error(401, "auth.unauthenticated");
    let made = send(&app, Method::POST, "/projects/categories", category.clone(), Some(&admin)).await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.body["data"]["launch_slug"], "motion-video", "the slug is made from the title");
    let cat = made.body["data"]["id"].as_i64().unwrap();
    send(&app, Method::POST, "/projects/categories", category, Some(&admin))
        .await
        .assert_error(422, "launch_slug.unique");
    send(&app, Method::POST, "/projects/categories", json!({"title": "X", "launch_slug": "Bad Slug"}), Some(&admin))
        .await
        .assert_error(422, "launch_slug.format");
    send(&app, Method::POST, "/projects/categories", json!({}), Some(&admin))
        .await
        .assert_error(422, "validation.required");

    let sub = send(
        &app,
        Method::POST,
        "/projects/sub-categories",
        json!({"project_category_id": cat, "title": "Explainers"}),
        Some(&admin),
    )
    .await;
    assert_eq!(sub.status, 201, "{}", sub.body);
    let sub_id = sub.body["data"]["id"].as_i64().unwrap();
    send(
        &app,
        Method::POST,
        "/projects/sub-categories",
        json!({"project_category_id": 999, "title": "Y"}),
        Some(&admin),
    )
    .await
    .assert_error(422, "validation.exists");
    let service = json!({"project_category_id": cat, "project_sub_category_id": sub_id, "title": "Explainer Video",
        "minimum_amount": 300, "maximum_amount": 200, "images": ["/images/a.jpg"]});
    send(&app, Method::POST, "/projects/services", service.clone(), Some(&client))
        .await
        .assert_error(403, "auth.forbidden");
    send(&app, Method::POST, "/projects/services", service.clone(), Some(&admin))
        .await
        .assert_error(422, "maximum_amount.gte");
    let mut fixed = service.clone();
    fixed["maximum_amount"] = json!(3000);
    let made = send(&app, Method::POST, "/projects/services", fixed, Some(&admin)).await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.body["data"]["images"][0]["files"]["full_path"], "/images/a.jpg");
    let service_id = made.body["data"]["id"].as_i64().unwrap();

    let path = format!("/projects/services/{service_id}");
    send(&app, Method::PUT, &path, json!({"minimum_amount": 250}), Some(&client))
        .await
        .assert_error(403, "auth.forbidden");
    let edited = send(&app, Method::PUT, &path, json!({"minimum_amount": 250}), Some(&admin)).await;
    assert_eq!(
        (edited.body["data"]["minimum_amount"].as_i64(), edited.body["data"]["title"].as_str()),
        (Some(250), Some("Explainer Video"))
    );
    let renamed =
        send(&app, Method::PUT, &format!("/projects/categories/{cat}"), json!({"title": "Motion"}), Some(&admin)).await;
    assert_eq!(
        (renamed.body["data"]["title"].as_str(), renamed.body["data"]["launch_slug"].as_str()),
        (Some("Motion"), Some("motion-video"))
    );
    send(
        &app,
        Method::PUT,
        &format!("/projects/sub-categories/{sub_id}"),
        json!({"launch_slug": "logo-design"}),
        Some(&admin),
    )
    .await
    .assert_error(422, "launch_slug.unique");

    // In use: refused; the leaves first, then the category.
    let cat_path = format!("/projects/categories/{cat}");
    send(&app, Method::DELETE, &cat_path, json!(null), Some(&client)).await.assert_error(403, "auth.forbidden");
    send(&app, Method::DELETE, &cat_path, json!(null), Some(&admin))
        .await
        .assert_error(409, "project_catalogue.in_use");
    assert_eq!(send(&app, Method::DELETE, &path, json!(null), Some(&admin)).await.status, 200);
    assert_eq!(
        send(&app, Method::DELETE, &format!("/projects/sub-categories/{sub_id}"), json!(null), Some(&admin))
            .await
            .status,
        200
    );
    assert_eq!(send(&app, Method::DELETE, &cat_path, json!(null), Some(&admin)).await.status, 200);
    app.get(&cat_path, None).await.assert_error(404, "project_category.not_found");

    // A service a project was launched with stays.
    launch(&app, &client).await;
    send(&app, Method::DELETE, "/projects/services/1", json!(null), Some(&admin))
        .await
        .assert_error(409, "project_catalogue.in_use");
}

/// Migration 0106 rewrites slideshow images seeded as `/images/services/*.jpg` (which nothing
/// served) to the shipped `.png`, and leaves images set elsewhere alone.
#[tokio::test]
async fn the_png_migration_rewrites_seeded_jpg_service_images_only() {
    let app = spawn_app().await;
    let backend = match crate::helpers::backend() {
        vitrine_server::store::Backend::Sqlite => "sqlite",
        vitrine_server::store::Backend::Postgres => "postgres",
    };
    let file = format!("{}/../migrations/{backend}/0106_service_images_png.sql", env!("CARGO_MANIFEST_DIR"));
    let migration = std::fs::read_to_string(&file).expect("the migration is readable");
    let statement: String =
        migration.lines().filter(|l| !l.trim_start().starts_with("--")).collect::<Vec<_>>().join("\n");
    // As a database seeded before the migration had them, plus an image an admin set.
    let paths = ["/images/services/new-logo-1.jpg", "/images/services/new-logo-2.jpg", "/files/7/content.jpg"];
    sqlx::query("DELETE FROM project_service_image WHERE project_service_id = 1").execute(&app.db.pool).await.unwrap();
    for (position, path) in paths.iter().enumerate() {
        sqlx::query("INSERT INTO project_service_image (project_service_id, file_path, position) VALUES (1, $1, $2)")
            .bind(*path)
            .bind(i64::try_from(position).unwrap())
            .execute(&app.db.pool)
            .await
            .unwrap();
    }
    sqlx::query(&statement).execute(&app.db.pool).await.unwrap();
    let service = app.get("/projects/services/1", None).await;
    assert_eq!(service.status, 200, "{}", service.body);
    let shown: Vec<_> = service.body["data"]["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["files"]["full_path"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(shown, ["/images/services/new-logo-1.png", "/images/services/new-logo-2.png", "/files/7/content.jpg"]);
}
