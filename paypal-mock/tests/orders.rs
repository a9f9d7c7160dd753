//! The local PayPal over HTTP as PayPal's Orders v2 API is called: OAuth, create (with
//! `PayPal-Request-Id` replays), the approval page's choices and redirects, capture and its
//! refusals, refund, and the v1 Payments paths gone.

use reqwest::{redirect::Policy, Client, StatusCode};
use serde_json::{json, Value};
use vitrine_paypal_mock::PayPalMock;

struct Api {
    paypal: PayPalMock,
    http: Client,
    token: String,
}

impl Api {
    async fn start() -> Self {
        let paypal = PayPalMock::start().await.unwrap();
        let http = Client::builder().redirect(Policy::none()).build().unwrap();
        let answer: Value = http
            .post(format!("{}/v1/oauth2/token", paypal.base_url()))
            .basic_auth("id", Some("secret"))
            .form(&[("grant_type", "client_credentials")])
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = answer["access_token"].as_str().unwrap().to_owned();
        Self { paypal, http, token }
    }

    async fn post(&self, path: &str, body: Value, request_id: Option<&str>) -> (StatusCode, Value) {
        let mut request =
            self.http.post(format!("{}{path}", self.paypal.base_url())).bearer_auth(&self.token).json(&body);
        if let Some(id) = request_id {
            request = request.header("PayPal-Request-Id", id);
        }
        let response = request.send().await.unwrap();
        (response.status(), response.json().await.unwrap_or(Value::Null))
    }

    async fn create(&self, value: &str, request_id: Option<&str>) -> (StatusCode, Value) {
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [{"amount": {"currency_code": "USD", "value": value}, "custom_id": "c-1"}],
            "payment_source": {"paypal": {"experience_context": {
                "brand_name": "Vitrine", "user_action": "PAY_NOW",
                "return_url": "http://shop.example/back?route=a", "cancel_url": "http://shop.example/back?cancelled=1",
            }}},
        });
        self.post("/v2/checkout/orders", body, request_id).await
    }

    /// The buyer's choice on the approval page: where it redirects to.
    async fn choose(&self, order_id: &str, action: &str) -> String {
        let response = self
            .http
            .post(format!("{}/checkoutnow", self.paypal.base_url()))
            .form(&[("token", order_id), ("action", action)])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        response.headers()["location"].to_str().unwrap().to_owned()
    }
}

fn issue(body: &Value) -> &str {
    body["details"][0]["issue"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn an_order_goes_from_payer_action_to_approved_to_completed_once() {
    let api = Api::start().await;
    let (status, order) = api.create("12.50", Some("r-1")).await;
    assert_eq!(
        (status, order["status"].as_str(), order["intent"].as_str()),
        (StatusCode::CREATED, Some("PAYER_ACTION_REQUIRED"), Some("CAPTURE"))
    );
    let id = order["id"].as_str().unwrap().to_owned();
    assert_eq!(id.len(), 17);
    let link = order["links"].as_array().unwrap().iter().find(|l| l["rel"] == "payer-action").unwrap();
    assert_eq!(link["href"], format!("{}/checkoutnow?token={id}", api.paypal.base_url()));
    assert_eq!(order["purchase_units"][0]["amount"], json!({"currency_code": "USD", "value": "12.50"}));

    // The same request id: the same order, nothing more created.
    let (status, again) = api.create("12.50", Some("r-1")).await;
    assert_eq!((status, &again["id"]), (StatusCode::CREATED, &order["id"]));
    assert_eq!(api.paypal.orders_created(), 1);

    // Captured before the approval: refused.
    let (status, refused) = api.post(&format!("/v2/checkout/orders/{id}/capture"), json!({}), Some("c-1")).await;
    assert_eq!(
        (status, refused["name"].as_str(), issue(&refused)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("UNPROCESSABLE_ENTITY"), "ORDER_NOT_APPROVED")
    );

    // The page shows the order; 'Pay Now' returns with token and PayerID, as PayPal does.
    let page = api.http.get(link["href"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Pay Vitrine") && page.contains("$12.50 USD") && page.contains("Pay Now"), "{page}");
    let back = api.choose(&id, "pay").await;
    assert!(back.starts_with(&format!("http://shop.example/back?route=a&token={id}&PayerID=")), "{back}");
    let payer = back.rsplit("PayerID=").next().unwrap();
    let shown: Value = api
        .http
        .get(format!("{}/v2/checkout/orders/{id}", api.paypal.base_url()))
        .bearer_auth(&api.token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!((shown["status"].as_str(), shown["payer"]["payer_id"].as_str()), (Some("APPROVED"), Some(payer)));

    // Captured once: the retry (same request id) is the same capture; another id is refused.
    let (status, captured) = api.post(&format!("/v2/checkout/orders/{id}/capture"), json!({}), Some("c-1")).await;
    assert_eq!((status, captured["status"].as_str()), (StatusCode::CREATED, Some("COMPLETED")));
    let capture = &captured["purchase_units"][0]["payments"]["captures"][0];
    assert_eq!((capture["status"].as_str(), &capture["amount"]["value"]), (Some("COMPLETED"), &json!("12.50")));
    let (_, replayed) = api.post(&format!("/v2/checkout/orders/{id}/capture"), json!({}), Some("c-1")).await;
    assert_eq!(replayed["purchase_units"][0]["payments"]["captures"][0]["id"], capture["id"]);
    let (status, twice) = api.post(&format!("/v2/checkout/orders/{id}/capture"), json!({}), Some("c-2")).await;
    assert_eq!((status, issue(&twice)), (StatusCode::UNPROCESSABLE_ENTITY, "ORDER_ALREADY_CAPTURED"));
    assert_eq!(api.paypal.captures(), 1);
    let closed = api.http.get(link["href"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
    assert!(closed.contains("already complete"), "{closed}");

    // Refunded once.
    let capture_id = capture["id"].as_str().unwrap();
    let (status, refund) =
        api.post(&format!("/v2/payments/captures/{capture_id}/refund"), json!({}), Some("f-1")).await;
    assert_eq!((status, refund["status"].as_str()), (StatusCode::CREATED, Some("COMPLETED")));
    let (status, again) = api.post(&format!("/v2/payments/captures/{capture_id}/refund"), json!({}), None).await;
    assert_eq!((status, issue(&again)), (StatusCode::UNPROCESSABLE_ENTITY, "CAPTURE_FULLY_REFUNDED"));
    assert_eq!(api.paypal.order(&id).unwrap()["purchase_units"][0]["payments"]["captures"][0]["status"], "REFUNDED");
}

#[tokio::test]
async fn cancel_changes_nothing_and_a_declined_instrument_may_be_replaced() {
    let api = Api::start().await;
    let (_, order) = api.create("30.00", None).await;
    let id = order["id"].as_str().unwrap().to_owned();
    let back = api.choose(&id, "cancel").await;
    assert_eq!(back, format!("http://shop.example/back?cancelled=1&token={id}"));
    assert_eq!(api.paypal.order(&id).unwrap()["status"], "PAYER_ACTION_REQUIRED");

    api.choose(&id, "pay_declining").await;
    let (status, declined) = api.post(&format!("/v2/checkout/orders/{id}/capture"), json!({}), Some("c")).await;
    assert_eq!((status, issue(&declined)), (StatusCode::UNPROCESSABLE_ENTITY, "INSTRUMENT_DECLINED"));
    let redirect = declined["links"].as_array().unwrap().iter().find(|l| l["rel"] == "redirect").unwrap();
    assert!(redirect["href"].as_str().unwrap().ends_with(&format!("/checkoutnow?token={id}")));
    // Refusals are not replayed: approved again with PayPal balance, the same request id captures.
    api.choose(&id, "pay").await;
    let (status, captured) = api.post(&format!("/v2/checkout/orders/{id}/capture"), json!({}), Some("c")).await;
    assert_eq!((status, captured["status"].as_str()), (StatusCode::CREATED, Some("COMPLETED")));

    // PayPal's sandbox negative testing header declines too.
    let (_, other) = api.create("5.00", None).await;
    let other = other["id"].as_str().unwrap();
    api.paypal.approve(other).unwrap();
    let response = api
        .http
        .post(format!("{}/v2/checkout/orders/{other}/capture", api.paypal.base_url()))
        .bearer_auth(&api.token)
        .header("PayPal-Mock-Response", r#"{"mock_application_codes": "INSTRUMENT_DECLINED"}"#)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(issue(&response.json::<Value>().await.unwrap()), "INSTRUMENT_DECLINED");
}

#[tokio::test]
async fn paypals_validation_and_authorization_refusals() {
    let api = Api::start().await;
    for (value, status, expected) in [
        ("1.005", StatusCode::UNPROCESSABLE_ENTITY, "DECIMAL_PRECISION"),
        ("0.00", StatusCode::UNPROCESSABLE_ENTITY, "CANNOT_BE_ZERO_OR_NEGATIVE"),
        ("12,50", StatusCode::BAD_REQUEST, "INVALID_PARAMETER_SYNTAX"),
    ] {
        let (got, body) = api.create(value, None).await;
        assert_eq!((got, issue(&body)), (status, expected), "{value}: {body}");
    }
    let (status, body) = api.post("/v2/checkout/orders", json!({"intent": "SALE", "purchase_units": []}), None).await;
    assert_eq!(
        (status, body["name"].as_str(), issue(&body)),
        (StatusCode::BAD_REQUEST, Some("INVALID_REQUEST"), "INVALID_PARAMETER_VALUE")
    );
    assert_eq!(api.paypal.orders_created(), 0);
    let (status, body) = api.post("/v2/checkout/orders/NOSUCHORDER/capture", json!({}), None).await;
    assert_eq!(
        (status, body["name"].as_str(), issue(&body)),
        (StatusCode::NOT_FOUND, Some("RESOURCE_NOT_FOUND"), "INVALID_RESOURCE_ID")
    );
    let anonymous = api.http.get(format!("{}/v2/checkout/orders/X", api.paypal.base_url())).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    // The deprecated v1 Payments API is not spoken.
    let (status, _) = api.post("/v1/payments/payment", json!({"intent": "sale"}), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
