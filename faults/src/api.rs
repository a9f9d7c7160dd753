//! The REST calls the deployment tests make as users would, through a node or the proxy:
//! one call answered as (status, JSON), and sign-ups of each role.

use reqwest::{Client, Method};
use serde_json::{json, Value};

/// The password of every account a test signs up.
pub const PASSWORD: &str = "correct horse battery";

/// One call to `url`: (status, body as JSON, `Value::Null` when it is not JSON).
pub async fn call(
    http: &Client,
    method: Method,
    url: String,
    body: Option<Value>,
    token: Option<&str>,
) -> (u16, Value) {
    let mut request = http.request(method, &url);
    if let Some(body) = body {
        request = request.json(&body);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap_or_else(|err| panic!("{url}: {err}"));
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Signs `username` in through `base`: its bearer token.
pub async fn sign_in(http: &Client, base: &str, username: &str) -> String {
    let login = json!({"grant_type": "password", "username": username, "password": PASSWORD});
    let (status, body) = call(http, Method::POST, format!("{base}/oauth/token"), Some(login), None).await;
    assert_eq!(status, 200, "{body}");
    body["access_token"].as_str().expect("an access token").to_owned()
}

async fn register(http: &Client, base: &str, payload: Value) -> i64 {
    let (status, body) = call(http, Method::POST, format!("{base}/oauth/register"), Some(payload), None).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_i64().expect("the new user's id")
}

/// Registers a client through `base` and signs in: (id, token).
pub async fn client(http: &Client, base: &str, username: &str) -> (i64, String) {
    let payload = json!({
        "email": format!("{username}@example.com"), "phone": "555-0100", "name": format!("Client {username}"),
        "username": username, "password": PASSWORD, "agree_terms": 1, "user_type_id": 2,
    });
    let id = register(http, base, payload).await;
    (id, sign_in(http, base, username).await)
}

/// Registers a designer through `base` and signs in: (id, token).
pub async fn designer(http: &Client, base: &str, username: &str) -> (i64, String) {
    let payload = json!({
        "email": format!("{username}@example.com"), "region_id": 1, "country_id": 1, "state_id": 5,
        "city": "Oakland", "name": format!("Designer {username}"), "username": username, "phone": "555-0101",
        "password": PASSWORD, "confirm_password": PASSWORD, "paypal_email": format!("{username}@pay.example.com"),
        "agree_terms": 1, "agree_age_requirements": 1, "user_type_id": 3,
    });
    let id = register(http, base, payload).await;
    (id, sign_in(http, base, username).await)
}

/// The brief of a logo contest for Night Owl Roasters (type 1), as the launch form sends it.
pub fn logo_brief() -> Value {
    json!({
        "contest_type_id": 1,
        "contest_type_questions": [
            {"id": 101, "answer": "Night Owl Roasters"}, {"id": 102, "answer": "Coffee after dark."},
            {"id": 103, "answer_options": [10300]}, {"id": 107, "answer_slider_options": [{"id": 10700, "value": 50}]},
            {"id": 110, "answer": "500 px"}, {"id": 111, "answer": "500 px"},
        ],
        "is_quick_start": 0, "is_tip": 0, "is_added_queue": 0, "agree_terms": 1,
    })
}
