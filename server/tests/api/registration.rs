//! Sign-up in both variants, every validation rule, and uniqueness.

use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

#[tokio::test]
async fn the_launch_variant_creates_a_client_without_a_level() {
    let app = spawn_app().await;
    let answer = app.post("/oauth/register", &TestApp::client_payload("cleo")).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let user = &answer.body["data"];
    assert_eq!(user["username"], "cleo");
    assert_eq!(user["user_type_id"], 2);
    assert_eq!(user["creative_level_id"], Value::Null);
    assert_eq!(user["registration_step"], 1, "clients still owe personal information");
    assert_eq!(user["email"], "cleo@example.com");
    assert!(user.get("password_hash").is_none());
}

#[tokio::test]
async fn the_public_sign_up_creates_a_bronze_designer() {
    let app = spawn_app().await;
    let answer = app.post("/oauth/register", &TestApp::designer_payload("dana")).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let user = &answer.body["data"];
    assert_eq!(user["user_type_id"], 3);
    assert_eq!(user["creative_level_id"], 1);
    assert_eq!(user["detail"]["country_id"], 1);
    assert_eq!(user["detail"]["state_id"], 5);
    assert_eq!(user["detail"]["city"], "Oakland");
    assert_eq!(user["detail"]["paypal_email"], "dana@pay.example.com");
}

#[tokio::test]
async fn an_empty_designer_sign_up_reports_every_required_field() {
    let app = spawn_app().await;
    let answer = app.post("/oauth/register", &json!({})).await;
    answer.assert_error(422, "validation.failed");
    let expected = [
        ("email", "Required"),
        ("username", "This field is required"),
        ("password", "This field is required"),
        ("name", "This field is required"),
        ("phone", "This field is required"),
        ("confirm_password", "This field is required"),
        ("region_id", "This field is required"),
        ("country_id", "This field is required"),
        ("city", "This field is required"),
        ("paypal_email", "This field is required"),
        ("agree_terms", "Please accept terms"),
        ("agree_age_requirements", "Please accept age requirements"),
    ];
    for (field, message) in expected {
        assert_eq!(answer.field_message(field), message, "field {field}: {}", answer.body);
    }
    assert_eq!(count_users(&app).await, 0, "nothing was written");
}

/// Sends the designer payload with one field changed; returns the answer.
async fn designer_with(app: &TestApp, field: &str, value: Value) -> crate::helpers::Answer {
    let mut payload = TestApp::designer_payload("valid_name");
    payload[field] = value;
    app.post("/oauth/register", &payload).await
}

#[tokio::test]
async fn each_field_rule_answers_its_catalogue_message() {
    let app = spawn_app().await;
    let cases: Vec<(&str, Value, &str, &str)> = vec![
        ("email", json!("not-an-email"), "validation.email", "This field must be a valid email address"),
        ("paypal_email", json!("pay@"), "validation.email", "This field must be a valid email address"),
        ("username", json!("has space"), "username.format", "Please Enter Valid Username."),
        (
            "username",
            json!("bad*chars"),
            "username.alpha_dash",
            "The username may only contain letters, numbers, dashes and underscores",
        ),
        (
            "username",
            json!("a_very_long_username_x"),
            "username.max",
            "Your username should be no longer than 20 characters.",
        ),
        ("password", json!("short"), "password.between", "Password must be 8-128 characters long."),
        ("password", json!("x".repeat(129)), "password.between", "Password must be 8-128 characters long."),
        ("confirm_password", json!("something-else"), "password.confirmed", "Your passwords do not match"),
        ("agree_terms", json!(0), "agree_terms.accepted", "Please accept terms"),
        ("agree_age_requirements", json!(false), "agree_age_requirements.accepted", "Please accept age requirements"),
        ("country_id", json!(9999), "validation.exists", "The selected value does not exist."),
        ("user_type_id", json!(1), "user_type_id.in", "Sign-up is open to clients (2) and designers (3) only."),
        ("name", json!("n".repeat(101)), "validation.max", "This value is too long."),
    ];
    for (field, value, code, message) in cases {
        let answer = designer_with(&app, field, value.clone()).await;
        // A long password also breaks its confirmation; look at the field itself.
        assert_eq!(answer.status, 422, "{field}={value}: {}", answer.body);
        assert_eq!(answer.field_code(field), code, "{field}={value}: {}", answer.body);
        assert_eq!(answer.field_message(field), message, "{field}={value}");
    }
    assert_eq!(count_users(&app).await, 0, "no rejected sign-up wrote anything");
}

#[tokio::test]
async fn a_us_designer_must_name_a_state_of_that_country() {
    let app = spawn_app().await;
    let mut payload = TestApp::designer_payload("stateless");
    payload.as_object_mut().unwrap().remove("state_id");
    let answer = app.post("/oauth/register", &payload).await;
    answer.assert_error(422, "validation.required");
    assert!(answer.body["error"]["fields"]["state_id"].is_array());

    payload["state_id"] = json!(5);
    payload["country_id"] = json!(40); // United Kingdom has no states listed
    payload["region_id"] = json!(3);
    let answer = app.post("/oauth/register", &payload).await;
    answer.assert_error(422, "state_id.country");

    payload["country_id"] = json!(40);
    payload["region_id"] = json!(1); // UK is not in North America
    payload.as_object_mut().unwrap().remove("state_id");
    let answer = app.post("/oauth/register", &payload).await;
    assert_eq!(answer.field_code("region_id"), "validation.exists", "{}", answer.body);

    payload["region_id"] = json!(3);
    assert_eq!(app.post("/oauth/register", &payload).await.status, 201);
}

#[tokio::test]
async fn a_client_sign_up_needs_only_the_short_field_set() {
    let app = spawn_app().await;
    let mut payload = TestApp::client_payload("short");
    payload.as_object_mut().unwrap().remove("phone");
    let answer = app.post("/oauth/register", &payload).await;
    answer.assert_error(422, "validation.required");
    assert_eq!(answer.field_message("phone"), "This field is required");
    assert!(answer.body["error"]["fields"]["city"].is_null(), "clients give no city");
}

#[tokio::test]
async fn usernames_and_emails_are_unique_regardless_of_case() {
    let app = spawn_app().await;
    app.register(&TestApp::client_payload("taken")).await;

    let mut same_username = TestApp::client_payload("TAKEN");
    same_username["email"] = json!("other@example.com");
    let answer = app.post("/oauth/register", &same_username).await;
    answer.assert_error(422, "username.unique");
    assert_eq!(answer.body["error"]["message"], "That username is already in use.");

    let mut same_email = TestApp::client_payload("fresh");
    same_email["email"] = json!("Taken@Example.com");
    let answer = app.post("/oauth/register", &same_email).await;
    answer.assert_error(422, "email.unique");
    assert_eq!(answer.body["error"]["message"], "That email is already associated with an account.");
    assert_eq!(count_users(&app).await, 1);
}

#[tokio::test]
async fn concurrent_sign_ups_with_one_username_create_one_account() {
    let app = spawn_app().await;
    let attempts = (0..6).map(|i| {
        let mut payload = TestApp::client_payload("racer");
        payload["email"] = json!(format!("racer{i}@example.com"));
        let app = &app;
        async move { app.post("/oauth/register", &payload).await }
    });
    let answers = futures::future::join_all(attempts).await;
    let created = answers.iter().filter(|a| a.status == 201).count();
    assert_eq!(created, 1);
    for answer in answers.iter().filter(|a| a.status != 201) {
        answer.assert_error(422, "username.unique");
    }
}

async fn count_users(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM app_user").fetch_one(&app.db.pool).await.unwrap()
}
