//! Who can be seen: visitors see designers' public profiles and nothing of clients or admins
//! (docs/spec-decisions.md, "Public profiles").

use crate::helpers::{spawn_app, TestApp};

#[tokio::test]
async fn a_visitor_cannot_read_a_clients_or_an_admins_profile() {
    let app = spawn_app().await;
    let (admin_id, _) = app.admin_session("hidadmin").await;
    let (client_id, client) = app.client_session("hidclient").await;
    let designer_id = app.register(&TestApp::designer_payload("shownds")).await;

    for id in [admin_id, client_id] {
        let answer = app.get(&format!("/users/{id}"), None).await;
        answer.assert_error(401, "auth.unauthenticated");
        assert!(answer.body.get("data").is_none(), "no name, no city: {}", answer.body);
    }
    // An unknown id looks the same to a visitor: ids of members are not probed one by one.
    app.get("/users/999999", None).await.assert_error(401, "auth.unauthenticated");

    let designer = app.get(&format!("/users/{designer_id}"), None).await;
    assert_eq!(designer.status, 200, "{}", designer.body);
    assert_eq!(designer.body["data"]["username"], "shownds");
    // Members still see each other.
    assert_eq!(app.get(&format!("/users/{admin_id}"), Some(&client)).await.status, 200);
}
