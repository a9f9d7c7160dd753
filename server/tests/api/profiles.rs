//! Profiles: who sees what, who may edit, and geography lookups.

use serde_json::json;

use crate::helpers::{spawn_app, TestApp};

#[tokio::test]
async fn private_fields_are_shown_only_to_the_user_and_admins() {
    let app = spawn_app().await;
    let designer = app.register(&TestApp::designer_payload("shown")).await;
    let (_, stranger) = app.client_session("stranger").await;
    let (_, admin) = app.admin_session("overseer").await;
    let own = app.token("shown").await;

    let anonymous = app.get(&format!("/users/{designer}"), None).await;
    assert_eq!(anonymous.status, 200);
    assert_eq!(anonymous.body["data"]["username"], "shown");
    assert!(anonymous.body["data"].get("email").is_none());
    assert!(anonymous.body["data"]["detail"].get("paypal_email").is_none());

    let other = app.get(&format!("/users/{designer}"), Some(&stranger)).await;
    assert!(other.body["data"].get("email").is_none());

    for token in [&own, &admin] {
        let private = app.get(&format!("/users/{designer}"), Some(token)).await;
        assert_eq!(private.body["data"]["email"], "shown@example.com");
        assert_eq!(private.body["data"]["detail"]["paypal_email"], "shown@pay.example.com");
    }
    // A visitor is asked to sign in for an id that is no designer's (abuse::profiles);
    // a member learns it does not exist.
    app.get("/users/999999", None).await.assert_error(401, "auth.unauthenticated");
    app.get("/users/999999", Some(&stranger)).await.assert_error(404, "user.not_found");
}

#[tokio::test]
async fn a_user_edits_their_own_profile_and_nobody_elses() {
    let app = spawn_app().await;
    let (id, token) = app.client_session("editor").await;
    let (other, other_token) = app.client_session("bystander").await;

    let answer = app
        .put(&format!("/users/{id}"), &json!({"name": "Edith", "about_self": "I like logos", "country_id": 1, "state_id": 43, "qualification": {"Degree": "BFA"}}), &token)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["data"]["name"], "Edith");
    assert_eq!(answer.body["data"]["detail"]["about_self"], "I like logos");
    assert_eq!(answer.body["data"]["qualification"]["Degree"], "BFA");
    assert_eq!(answer.body["data"]["registration_step"], 2, "personal information is complete");

    app.put(&format!("/users/{other}"), &json!({"name": "Hacked"}), &token).await.assert_error(403, "auth.forbidden");
    let unchanged = app.get(&format!("/users/{other}"), Some(&other_token)).await;
    assert_eq!(unchanged.body["data"]["name"], "Client bystander");

    let bad = app.put(&format!("/users/{id}"), &json!({"paypal_email": "nope", "name": " "}), &token).await;
    bad.assert_error(422, "validation.failed");
    assert_eq!(bad.field_code("paypal_email"), "validation.email");
    assert_eq!(bad.field_code("name"), "validation.required");
    let after = app.get(&format!("/users/{id}"), Some(&token)).await;
    assert_eq!(after.body["data"]["name"], "Edith", "a rejected edit changes nothing");
}

#[tokio::test]
async fn admins_edit_any_profile() {
    let app = spawn_app().await;
    let (id, _) = app.client_session("managed").await;
    let (_, admin) = app.admin_session("manager").await;
    let answer = app.put(&format!("/users/{id}"), &json!({"featured_bio": "Featured!"}), &admin).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["data"]["detail"]["featured_bio"], "Featured!");
}

#[tokio::test]
async fn geography_lists_regions_countries_and_taxed_states() {
    let app = spawn_app().await;
    let regions = app.get("/regions", None).await;
    assert!(regions.body["data"].as_array().unwrap().len() >= 6);
    let north_america = app.get("/countries?filter[region_id]=1", None).await;
    let names: Vec<&str> =
        north_america.body["data"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"United States") && names.contains(&"Canada") && !names.contains(&"France"));

    let states = app.get("/countries/1/states", None).await;
    let states = states.body["data"].as_array().unwrap();
    assert_eq!(states.len(), 51, "50 states and DC");
    let california = states.iter().find(|s| s["code"] == "CA").unwrap();
    assert_eq!(california["tax_percentage_off"], 7.25);
    let us = app.get("/countries/1", None).await;
    assert_eq!(us.body["data"]["iso2"], "US");
    assert_eq!(us.body["data"]["states"].as_array().unwrap().len(), 51);
    app.get("/countries/424242", None).await.assert_error(404, "country.not_found");
    app.get("/countries/abc/states", None).await.assert_error(404, "request.path_invalid");
    app.get("/countries?filter[region_id]=north", None).await.assert_error(422, "request.query_invalid");
}
