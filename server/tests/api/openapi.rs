//! `/openapi.json` documents every route, and every documented route exists.

use serde_json::Value;

use crate::helpers::spawn_app;

/// Every (method, path) the API serves today.
const EXPECTED: &[(&str, &str)] = &[
    ("post", "/oauth/register"),
    ("post", "/oauth/token"),
    ("get", "/oauth/logout"),
    ("get", "/oauth/users"),
    ("post", "/password/email"),
    ("get", "/password/reset/{token}"),
    ("post", "/password/reset/{token}"),
    ("get", "/users/{id}"),
    ("put", "/users/{id}"),
    ("put", "/users/{id}/statuses"),
    ("get", "/regions"),
    ("get", "/countries"),
    ("get", "/countries/{id}"),
    ("get", "/countries/{id}/states"),
    ("get", "/contests/types"),
    ("get", "/contests/types/{id}"),
    ("put", "/contests/types/{id}"),
    ("get", "/contests/types/by-slug/{slug}"),
    ("get", "/contests/types/{id}/questions"),
    ("get", "/contests/types/{id}/pricings"),
    ("get", "/contests/types/{id}/upgrades"),
    ("get", "/contests/types/{id}/lengths"),
    ("post", "/files"),
    ("get", "/files/{id}/content"),
    ("post", "/files/{id}/download/tokens"),
    ("get", "/files/{id}/download"),
    ("get", "/healthz"),
    ("get", "/readyz"),
    ("get", "/metrics"),
    ("post", "/contests"),
    ("get", "/contests/{id}"),
    ("delete", "/contests/{id}"),
    ("get", "/contests/{id}/briefs"),
    ("put", "/contests/{id}/briefs"),
    ("post", "/contests/{id}/views"),
    ("put", "/contests/{id}/options"),
    ("get", "/contests/{id}/steps/{step}"),
    ("put", "/contests/{id}/requests"),
    ("put", "/contests/{id}/request-actions"),
    ("put", "/contests/{id}/statuses"),
    ("put", "/contests/{id}/internal-statuses"),
    ("put", "/contests/{id}/extends"),
    ("get", "/contests/unstarted"),
    ("get", "/contests/active"),
    ("get", "/contests/ended"),
    ("get", "/contests/available"),
    ("get", "/contests/verify"),
    ("get", "/contests/credit"),
    ("get", "/contests/pending-winner"),
    ("get", "/contests/{id}/filter-stats"),
    ("get", "/notifications"),
    ("get", "/notifications/unread/count"),
    ("put", "/notifications/mark-as-reads"),
    ("put", "/notifications/entities/mark-as-reads"),
    ("get", "/users/{id}/notification-preferences"),
    ("put", "/users/{id}/notification-preferences"),
    ("get", "/ws"),
    ("post", "/api/publish"),
    ("get", "/realtime/channels/{ch}/events"),
    ("get", "/contests/participating"),
    ("get", "/contests/participated"),
    ("get", "/contests/won"),
    ("get", "/contests/{id}/entries"),
    ("post", "/contests/{id}/entries"),
    ("get", "/contests/{id}/entries/with-details"),
    ("get", "/contests/{id}/entries/upload-stats"),
    ("get", "/contests/{id}/entries/{entryId}"),
    ("post", "/contests/{id}/entries/{entryId}/versions"),
    ("patch", "/contests/{id}/entries/{entryId}/ratings"),
    ("patch", "/contests/{id}/entries/{entryId}/status"),
    ("post", "/contests/{id}/entries/{entryId}/award-winners"),
    ("post", "/contests/{id}/entries/{entryId}/artworks"),
    ("post", "/contests/{id}/entries/{entryId}/reports"),
    ("get", "/contest-entry-reports"),
    ("get", "/contest-entry-reports/{id}/actions/votes"),
    ("post", "/contest-entry-reports/{id}/actions/votes"),
    ("post", "/contest-entry-reports/{id}/actions/make-judgment"),
    ("get", "/contest-entry-reports/verify-copying-entry/{id}"),
    ("get", "/contests/{id}/comments"),
    ("post", "/contests/{id}/comments"),
    ("delete", "/contests/{id}/comments/{commentId}"),
    ("get", "/contests/{id}/entries/{entryId}/comments"),
    ("post", "/contests/{id}/entries/{entryId}/comments"),
    ("delete", "/contests/{id}/entries/{entryId}/comments/{commentId}"),
    ("post", "/contests/{id}/entries/{entryId}/reactions"),
    ("get", "/contests/{id}/entries/{entryId}/reactions"),
    ("delete", "/contests/{id}/entries/{entryId}/reactions"),
    ("post", "/contests/{id}/entries/{entryId}/image-tags"),
    ("get", "/contests/{id}/entries/{entryId}/image-tags"),
    ("patch", "/contests/{id}/entries/{entryId}/image-tags/{tagId}/actions/complete"),
    ("delete", "/contests/{id}/entries/{entryId}/image-tags/{tagId}"),
    ("post", "/messages"),
    ("get", "/messages/users"),
    ("get", "/messages/clients"),
    ("get", "/messages/creatives"),
    ("get", "/messages/users/{id}"),
    ("get", "/messages/unread"),
    ("put", "/messages/users/{id}/read"),
    ("delete", "/messages/{id}"),
    ("get", "/projects/categories"),
    ("post", "/projects/categories"),
    ("get", "/projects/categories/{id}"),
    ("put", "/projects/categories/{id}"),
    ("delete", "/projects/categories/{id}"),
    ("get", "/projects/categories/by-slug/{slug}"),
    ("get", "/projects/categories/{id}/questions"),
    ("get", "/projects/sub-categories"),
    ("post", "/projects/sub-categories"),
    ("get", "/projects/sub-categories/{id}"),
    ("put", "/projects/sub-categories/{id}"),
    ("delete", "/projects/sub-categories/{id}"),
    ("get", "/projects/sub-categories/show/{id}"),
    ("get", "/projects/sub-categories/by-slug/{slug}"),
    ("get", "/projects/services"),
    ("post", "/projects/services"),
    ("get", "/projects/services/{id}"),
    ("put", "/projects/services/{id}"),
    ("delete", "/projects/services/{id}"),
    ("get", "/projects/services/by-slug/{slug}"),
    ("post", "/projects"),
    ("get", "/projects"),
    ("get", "/projects/{id}"),
    ("put", "/projects/{id}"),
    ("delete", "/projects/{id}"),
    ("get", "/projects/{id}/briefs"),
    ("put", "/projects/{id}/briefs"),
    ("get", "/projects/active"),
    ("get", "/projects/verify"),
    ("get", "/projects/credit"),
    ("put", "/projects/{id}/statuses"),
    ("put", "/projects/{id}/internal-statuses"),
    ("post", "/projects/{id}/increase-budget-manually"),
    ("post", "/projects/{id}/artworks"),
    ("post", "/projects/{id}/finalize"),
    ("get", "/projects/{id}/invites/suggestions/{list}"),
    ("post", "/projects/{id}/invites"),
    ("get", "/projects/{id}/invites"),
    ("post", "/projects/{id}/bids"),
    ("get", "/projects/{id}/bids"),
    ("get", "/projects/{id}/my-bids"),
    ("get", "/bids/{bidId}"),
    ("delete", "/bids/{bidId}"),
    ("post", "/projects/{id}/approve/manually/{bidId}"),
    ("get", "/projects/{id}/bids/{bidId}/comments"),
    ("post", "/projects/{id}/bids/{bidId}/comments"),
    ("post", "/users/{id}/customer-cards/stripe/setup-intents"),
    ("post", "/users/{id}/customer-cards/stripe/payment-method"),
    ("get", "/users/{id}/customer-cards"),
    ("put", "/customer-cards/{id}/mark-as-default"),
    ("put", "/customer-cards/{id}/mark-as-backup"),
    ("delete", "/customer-cards/{id}"),
    ("get", "/users/{id}/customer-cards/require-cvc/{cardId}"),
    ("post", "/contests/{id}/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/upgrades/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/upgrades/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/upgrades/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/extends/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/extends/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/extends/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/increase-prize/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/increase-prize/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/increase-prize/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/entries/{entryId}/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents"),
    ("put", "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/{intentId}"),
    ("post", "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/projects/{id}/increase-budget/payments/stripe/payment-intents"),
    ("put", "/projects/{id}/increase-budget/payments/stripe/payment-intents/{intentId}"),
    ("post", "/projects/{id}/increase-budget/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/webhooks/stripe"),
    ("get", "/transactions"),
    ("post", "/contests/{id}/invoices/download/token"),
    ("get", "/contests/{id}/invoices/download"),
    ("post", "/payments/test-mode/setup-intents/{id}/confirm"),
    ("post", "/payments/test-mode/payment-intents/{id}/confirm"),
    ("get", "/payments/prices"),
    ("post", "/oauth/guid"),
    ("post", "/oauth/token/guid"),
];

#[tokio::test]
async fn the_document_lists_every_route_and_only_routes_that_exist() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json", None).await;
    assert_eq!(doc.status, 200);
    let paths = doc.body["paths"].as_object().expect("paths");
    for (method, path) in EXPECTED {
        assert!(paths.get(*path).and_then(|p| p.get(*method)).is_some(), "{method} {path} is not documented");
    }
    // Conversely, call every documented operation: none may be an unrouted 404 or a 405.
    let mut operations = 0;
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            let concrete = path.replace("{id}", "1").replace("{token}", "abc").replace("{ch}", "bench:x");
            let request =
                app.client.request(method.to_uppercase().parse().unwrap(), app.url(&concrete)).json(&Value::Null);
            let response = request.send().await.unwrap();
            let status = response.status();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            assert_ne!(status, 405, "{method} {path}");
            assert_ne!(body["error"]["code"], "route.not_found", "{method} {path} is documented but not routed");
            operations += 1;
        }
    }
    assert!(operations >= EXPECTED.len(), "documented {operations}");
    assert!(doc.body["components"]["securitySchemes"]["bearer"].is_object());
}

#[tokio::test]
async fn the_docs_page_is_served() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/docs")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().to_lowercase().contains("<html"));
}
