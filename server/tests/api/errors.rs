//! The error envelope for requests no handler could take.

use crate::helpers::spawn_app;

#[tokio::test]
async fn unknown_routes_answer_the_json_envelope() {
    let app = spawn_app().await;
    let answer = app.get("/no/such/route", None).await;
    answer.assert_error(404, "route.not_found");
    assert_eq!(answer.body["error"]["message"], "Resource Not Found");
}

#[tokio::test]
async fn a_wrong_method_answers_the_envelope() {
    let app = spawn_app().await;
    let response = app.client.delete(app.url("/oauth/register")).send().await.unwrap();
    assert_eq!(response.status(), 405);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "route.method_not_allowed");
}

#[tokio::test]
async fn malformed_bodies_are_rejected_with_the_envelope_and_change_nothing() {
    let app = spawn_app().await;
    for (content_type, body) in [
        ("application/json", "{\"username\": "),
        ("application/json", "[1,2,3]"),
        ("application/json", "{\"username\": 5}"),
    ] {
        let response = app
            .client
            .post(app.url("/oauth/register"))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 422, "{body}");
        let json: serde_json::Value = response.json().await.unwrap();
        assert_eq!(json["error"]["code"], "request.body_invalid", "{body}");
        assert!(!json["error"]["message"].as_str().unwrap().is_empty());
    }
    let response = app.client.post(app.url("/oauth/register")).body("username=x").send().await.unwrap();
    assert_eq!(response.status(), 415);
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM app_user").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn browser_navigations_get_the_web_client_and_api_calls_do_not() {
    let app = crate::helpers::spawn_app_with(|settings| {
        std::fs::create_dir_all(&settings.web_dir).unwrap();
        std::fs::write(settings.web_dir.join("index.html"), "<html>vitrine client</html>").unwrap();
    })
    .await;
    let page = app.client.get(app.url("/contests/42/entries")).header("accept", "text/html").send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("vitrine client"));
    let root = app.client.get(app.url("/")).header("accept", "text/html").send().await.unwrap();
    assert!(root.text().await.unwrap().contains("vitrine client"));
    app.get("/contests/42/nothing", None).await.assert_error(404, "route.not_found");
    // The e-mailed reset link opens the client, though the API has a route there too.
    let link = app.client.get(app.url("/password/reset/abc")).header("accept", "text/html,*/*").send().await.unwrap();
    assert!(link.text().await.unwrap().contains("vitrine client"));
    app.get("/password/reset/abc", None).await.assert_error(404, "auth.reset_password.link_invalid");
    let docs = app.client.get(app.url("/docs")).header("accept", "text/html").send().await.unwrap();
    assert!(!docs.text().await.unwrap().contains("vitrine client"), "server pages stay the server's");
    // A one-time download link the browser follows (a contest's invoice) is the API's, not a page:
    // here an unknown token, answered with the envelope.
    let invoice = app
        .client
        .get(app.url("/contests/42/invoices/download?token=nope"))
        .header("accept", "text/html,application/xhtml+xml,*/*")
        .send()
        .await
        .unwrap();
    assert_eq!(invoice.status(), 404);
    assert!(!invoice.text().await.unwrap().contains("vitrine client"), "a download link is not a client page");
}
