//! Every call of section 7 of both specification documents (method and path) is in
//! `/openapi.json`. Paths are compared by shape: `{id}` and `{contestId}` are the same
//! parameter. The lists are written out from the documents, one line per call.

use std::collections::BTreeSet;

use crate::helpers::spawn_app;

/// Contests document, section 7 ("The calls it makes").
const CONTESTS_DOC: &[(&str, &str)] = &[
    // Auth
    ("post", "/oauth/token"),
    ("post", "/oauth/token/guid"),
    ("post", "/oauth/register"),
    ("get", "/oauth/logout"),
    ("get", "/oauth/seamless"),
    ("get", "/oauth/users"),
    ("post", "/username/reset"),
    ("post", "/password/email"),
    ("get", "/password/reset/{token}"),
    ("post", "/password/reset/{token}"),
    // Contests
    ("get", "/contests/{id}"),
    ("get", "/contests/types"),
    ("get", "/contests/types/{id}"),
    ("get", "/contests/{id}/steps/{step}"),
    ("get", "/contests/unstarted"),
    ("get", "/contests/active"),
    ("get", "/contests/ended"),
    ("get", "/contests/participating"),
    ("get", "/contests/participated"),
    ("get", "/contests/available"),
    ("get", "/contests/won"),
    ("get", "/contests/verify"),
    ("get", "/contests/credit"),
    ("get", "/contests/pending-winner"),
    ("get", "/contests/additional-entries"),
    ("post", "/contests"),
    ("delete", "/contests/{id}"),
    ("put", "/contests/{id}/statuses"),
    ("put", "/contests/{id}/requests"),
    ("put", "/contests/{id}/request-actions"),
    ("put", "/contests/{id}/internal-statuses"),
    ("put", "/contests/{id}/extends"),
    ("post", "/contests/{id}/extends/disable"),
    ("put", "/contests/{id}/upgrades-manually"),
    ("put", "/contests/{id}/options"),
    ("post", "/contests/{id}/remove-upgrades"),
    ("post", "/contests/{id}/remove-winners"),
    ("post", "/contests/{id}/views"),
    ("get", "/contests/{id}/filter-stats"),
    ("delete", "/contests/{id}/shares/{shareId}"),
    ("put", "/contests/types/{id}"),
    ("get", "/contests/types/{type}/pricings"),
    ("get", "/contests/types/{type}/upgrades"),
    ("get", "/contests/types/{type}/lengths"),
    ("get", "/contests/feedback/questions"),
    ("get", "/activities/community"),
    ("post", "/files"),
    ("put", "/notifications/entities/mark-as-reads"),
    ("get", "/quick-chat-contests/{id}"),
    ("put", "/quick-chat-contests/{id}"),
    // Comments
    ("get", "/contests/{id}/comments"),
    ("post", "/contests/{id}/comments"),
    ("delete", "/contests/{id}/comments/{commentId}"),
    ("get", "/contests/{id}/entries/{entryId}/comments"),
    ("post", "/contests/{id}/entries/{entryId}/comments"),
    ("delete", "/contests/{id}/entries/{entryId}/comments/{commentId}"),
    // Entries
    ("get", "/contests/{id}/entries"),
    ("post", "/contests/{id}/entries"),
    ("get", "/contests/{id}/entries/with-details"),
    ("get", "/contests/{id}/entries/{entryId}"),
    ("post", "/contests/{id}/entries/{entryId}/versions"),
    ("patch", "/contests/{id}/entries/{entryId}/ratings"),
    ("patch", "/contests/{id}/entries/{entryId}/status"),
    ("post", "/contests/{id}/entries/{entryId}/award-winners"),
    ("post", "/contests/{id}/entries/{entryId}/artworks"),
    ("post", "/contests/{id}/entries/{entryId}/reports"),
    ("patch", "/contests/{id}/additional-entries/{entryId}/contest-statuses"),
    ("get", "/contests/{id}/entries/upload-stats"),
    ("post", "/contests/{id}/entries/{entryId}/reactions"),
    ("get", "/contests/{id}/entries/{entryId}/reactions"),
    ("delete", "/contests/{id}/entries/{entryId}/reactions"),
    ("post", "/contests/{id}/entries/{entryId}/image-tags"),
    ("get", "/contests/{id}/entries/{entryId}/image-tags"),
    ("patch", "/contests/{id}/entries/{entryId}/image-tags/{tagId}/actions/complete"),
    ("delete", "/contests/{id}/entries/{entryId}/image-tags/{tagId}"),
    ("get", "/contest-entry-reports"),
    ("get", "/contest-entry-reports/{id}/actions/votes"),
    ("post", "/contest-entry-reports/{id}/actions/votes"),
    ("post", "/contest-entry-reports/{id}/actions/make-judgment"),
    ("get", "/contest-entry-reports/verify-copying-entry/{id}"),
    // Payments
    ("post", "/contests/{id}/entries/{entryId}/payments/stripe"),
    ("post", "/contests/{id}/entries/{entryId}/payments/paypal"),
    ("post", "/contests/{id}/upgrades/payments/stripe"),
    ("post", "/contests/{id}/upgrades/payments/paypal"),
    ("post", "/contests/{id}/extends/payments/stripe"),
    ("post", "/contests/{id}/extends/payments/paypal"),
    ("post", "/contests/{id}/increase-prize/payments/paypal"),
    ("get", "/contests/{id}/increase-prize/payments/paypal/execute"),
    ("post", "/contests/{id}/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/extends/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/extends/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/extends/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/upgrades/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/upgrades/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/upgrades/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/increase-prize/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/increase-prize/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/increase-prize/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/purchase-design/payments/stripe/payment-intents"),
    ("put", "/contests/{id}/purchase-design/payments/stripe/payment-intents/{intentId}"),
    ("post", "/contests/{id}/purchase-design/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/carts/payments/stripe/payment-intents"),
    ("put", "/carts/payments/stripe/payment-intents/{intentId}"),
    ("post", "/carts/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/contests/{id}/invoices/download/token"),
    ("get", "/contests/{id}/invoices/download"),
    ("post", "/files/{id}/download/tokens"),
    ("get", "/files/{id}/download"),
    // Cards and users
    ("get", "/users/{id}/customer-cards"),
    ("post", "/users/{id}/customer-cards"),
    ("put", "/customer-cards/{id}/mark-as-default"),
    ("put", "/customer-cards/{id}/mark-as-backup"),
    ("delete", "/customer-cards/{id}"),
    ("post", "/users/{id}/customer-cards/stripe/setup-intents"),
    ("post", "/users/{id}/customer-cards/stripe/payment-method"),
    ("get", "/users/{id}/customer-cards/require-cvc/{cardId}"),
    ("put", "/users/{id}/preferences"),
    ("get", "/users/{id}/preferences"),
    ("get", "/users/{id}/portfolios"),
    ("post", "/users/{id}/portfolios"),
    ("put", "/users/{id}/portfolios/{portfolioId}"),
    ("delete", "/users/{id}/portfolios/{portfolioId}"),
    ("get", "/users/{id}/portfolios/categories"),
    ("get", "/users/{id}/portfolios/like-rating-stats"),
    ("get", "/users/{id}/winnings"),
    ("get", "/users/{id}/profile-statistics"),
    ("put", "/users/{id}/subscriptions"),
    // Marketplace, showcases, others
    ("get", "/marketplace-tags"),
    ("post", "/marketplace-tags"),
    ("get", "/marketplace-tags/{id}"),
    ("put", "/marketplace-tags/{id}"),
    ("get", "/marketplace-categories"),
    ("post", "/marketplace-categories"),
    ("get", "/marketplace-categories/{id}"),
    ("put", "/marketplace-categories/{id}"),
    ("get", "/marketplace-contests/search"),
    ("get", "/marketplace-contests/{id}/entries"),
    ("put", "/marketplace-contest-entries"),
    ("get", "/marketplace-contest-entries"),
    ("get", "/users/{id}/marketplace-entries"),
    ("get", "/externals/showcases"),
    ("post", "/externals/showcases"),
    ("get", "/externals/showcases/show/{id}"),
    ("put", "/externals/showcases/{id}"),
    ("get", "/countries"),
    ("get", "/countries/{id}"),
    ("get", "/regions"),
    ("get", "/subscriptions/active"),
    ("post", "/subscriptions/purchase"),
    ("get", "/notifications"),
    ("get", "/notifications/unread/count"),
    ("put", "/notifications/mark-as-reads"),
    ("post", "/permissions"),
    ("post", "/notes"),
    ("put", "/notes/{id}"),
    ("delete", "/notes/{id}"),
    ("get", "/tags"),
    ("post", "/tags"),
    ("get", "/tags/{id}"),
    ("put", "/tags/{id}"),
    ("post", "/analytics/event"),
    ("get", "/dashboard"),
    ("get", "/transactions"),
    ("get", "/broadcast-banners"),
];

/// Projects document, section 7.
const PROJECTS_DOC: &[(&str, &str)] = &[
    // Project categories
    ("post", "/projects/categories"),
    ("get", "/projects/categories"),
    ("get", "/projects/categories/creative/preferences"),
    ("get", "/projects/categories/{id}"),
    ("get", "/projects/categories/by-slug/{slug}"),
    ("put", "/projects/categories/{id}"),
    ("delete", "/projects/categories/{id}"),
    ("post", "/projects/categories/preferences/{id}"),
    ("get", "/projects/categories/{id}/questions"),
    // Sub-categories
    ("post", "/projects/sub-categories"),
    ("get", "/projects/sub-categories"),
    ("delete", "/projects/sub-categories/{id}"),
    ("get", "/projects/sub-categories/show/{id}"),
    ("get", "/projects/sub-categories/by-slug/{slug}"),
    ("get", "/projects/sub-categories/{categoryId}"),
    ("put", "/projects/sub-categories/{id}"),
    ("post", "/projects/sub-categories/preferences/{id}"),
    // Services
    ("post", "/projects/services"),
    ("get", "/projects/services"),
    ("delete", "/projects/services/{id}"),
    ("get", "/projects/services/{id}"),
    ("put", "/projects/services/{id}"),
    ("get", "/projects/services/by-slug/{slug}"),
    ("post", "/projects/services/preferences/{id}"),
    ("delete", "/projects/services/{id}/preferences/image/{imageId}"),
    ("get", "/users/{id}/project/services"),
    ("get", "/projects/preferences"),
    ("put", "/users/{id}/preferences"),
    // Projects
    ("post", "/projects"),
    ("get", "/projects"),
    ("get", "/projects/active"),
    ("get", "/projects/{id}"),
    ("delete", "/projects/{id}"),
    ("put", "/projects/{id}"),
    ("post", "/projects/{id}/finalize"),
    ("get", "/projects/{id}/briefs"),
    ("get", "/projects/verify"),
    ("get", "/projects/credit"),
    ("put", "/projects/{id}/statuses"),
    ("put", "/projects/{id}/internal-statuses"),
    ("post", "/projects/{id}/increase-budget-manually"),
    ("post", "/projects/{id}/artworks"),
    // Bids
    ("post", "/projects/{id}/bids"),
    ("get", "/projects/{id}/bids"),
    ("get", "/bids/{bidId}"),
    ("delete", "/bids/{bidId}"),
    ("get", "/projects/{id}/my-bids"),
    ("get", "/projects/{id}/bids/{bidId}/comments"),
    ("post", "/projects/{id}/bids/{bidId}/comments"),
    ("post", "/projects/{id}/approve/manually/{bidId}"),
    // Project payments (the approval is of one bid; the same set for budget increases)
    ("post", "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents"),
    ("put", "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/{intentId}"),
    ("post", "/projects/{id}/bids/{bidId}/approve/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/projects/{id}/bids/{bidId}/approve/payments/paypal"),
    ("get", "/projects/{id}/bids/{bidId}/approve/payments/paypal/execute"),
    ("post", "/projects/{id}/increase-budget/payments/stripe/payment-intents"),
    ("put", "/projects/{id}/increase-budget/payments/stripe/payment-intents/{intentId}"),
    ("post", "/projects/{id}/increase-budget/payments/stripe/payment-intents/finalize/{intentId}"),
    ("post", "/projects/{id}/increase-budget/payments/paypal"),
    ("get", "/projects/{id}/increase-budget/payments/paypal/execute"),
    // Updates
    ("post", "/projects/{id}/updates"),
    ("get", "/projects/{id}/updates"),
    ("get", "/projects/{id}/updates/{updateId}"),
    ("post", "/projects/{id}/updates/{updateId}/other_files"),
    ("get", "/projects/{id}/updates/{updateId}/comments"),
    ("post", "/projects/{id}/updates/{updateId}/comments"),
    ("delete", "/projects/{id}/updates/{updateId}/comments/{commentId}"),
    ("get", "/projects/{id}/updates/{updateId}/reactions"),
    ("post", "/projects/{id}/updates/{updateId}/reactions"),
    ("delete", "/projects/{id}/updates/{updateId}/reactions"),
    ("post", "/projects/{id}/updates/{updateId}/image-tags"),
    ("get", "/projects/{id}/updates/{updateId}/image-tags"),
    ("patch", "/projects/{id}/updates/{updateId}/image-tags/{tagId}/actions/complete"),
    ("delete", "/projects/{id}/updates/{updateId}/image-tags/{tagId}"),
    ("patch", "/projects/{id}/updates/{updateId}/ratings"),
    ("patch", "/projects/{id}/updates/{updateId}/status"),
    ("post", "/projects/{id}/updates/{updateId}/generate-download-token"),
    // Project comments
    ("post", "/projects/{id}/comments"),
    ("get", "/projects/{id}/comments"),
    ("delete", "/projects/{id}/comments/{commentId}"),
    // Files, invoices, notes
    ("post", "/files/{id}/download/tokens"),
    ("post", "/projects/{id}/invoices/download/token"),
    ("get", "/projects/{id}/invoices/download"),
    ("post", "/notes"),
    ("get", "/notes/{id}"),
    ("put", "/notes/{id}"),
    ("delete", "/notes/{id}"),
    // Invites
    ("get", "/projects/{id}/invites/suggestions/{list}"),
    ("post", "/projects/{id}/invites"),
    ("get", "/projects/{id}/invites"),
    // Coupons (contest base)
    ("get", "/contests/types/{id}/coupons"),
    ("get", "/contests/types/{id}/coupons/{code}/exists"),
    ("delete", "/contests/types/{id}/coupons/{code}"),
    ("post", "/contests/{id}/coupons/invites"),
    // Carts and tips
    ("post", "/carts"),
    ("get", "/carts"),
    ("delete", "/carts/{id}"),
    ("patch", "/carts/{id}"),
    ("post", "/carts/payments/stripe"),
    ("post", "/carts/payments/paypal"),
    ("get", "/carts/payments/paypal/execute"),
    ("get", "/tip-stats/{userId}"),
    ("get", "/admin/contests/entries/tips"),
    ("patch", "/contest-entry-tips/{id}"),
    // Messages
    ("get", "/messages/users/{id}"),
    ("get", "/messages/users"),
    ("get", "/messages/clients"),
    ("get", "/messages/creatives"),
    ("post", "/messages"),
    ("get", "/messages/unread"),
    ("delete", "/messages/{id}"),
    // Users
    ("get", "/users/{id}"),
    ("put", "/users/{id}"),
    ("get", "/users/{id}/settings"),
    ("put", "/users/{id}/settings"),
    ("put", "/users/{id}/statuses"),
    ("get", "/users/{id}/contests"),
    ("get", "/users/{id}/contests/uncredited"),
    ("get", "/users/{id}/contests/completed"),
    ("get", "/users/{id}/transactions/earnings"),
    ("post", "/users/{id}/preferences"),
    ("put", "/users/{id}/preferences"),
    ("delete", "/users/{id}/preferences/{prefId}"),
    ("get", "/users/{id}/preferences"),
    ("get", "/users/cookies"),
    ("get", "/users/{id}/project-preference/portfolios"),
    // Contest types
    ("get", "/contests/types/{id}"),
    ("get", "/contests/types/{id}/questions"),
    ("post", "/contests"),
    ("put", "/contests/types/{id}"),
    ("get", "/contests/{id}/briefs"),
    ("put", "/contests/{id}/briefs"),
    // Shell
    ("put", "/contests/{id}/options"),
];

/// `/contests/{id}/entries/{entryId}` -> `/contests/{}/entries/{}`.
fn shape(path: &str) -> String {
    let mut out = String::new();
    let mut in_param = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_param = true;
                out.push_str("{}");
            }
            '}' => in_param = false,
            _ if in_param => {}
            _ => out.push(c),
        }
    }
    out
}

#[tokio::test]
async fn every_call_of_section_7_of_both_documents_is_in_the_openapi_document() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json", None).await;
    let mut served = BTreeSet::new();
    for (path, item) in doc.body["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("operations").keys() {
            served.insert((method.clone(), shape(path)));
        }
    }
    let key = |(method, path): &(&str, &str)| ((*method).to_owned(), shape(path));
    let calls: BTreeSet<_> = CONTESTS_DOC.iter().chain(PROJECTS_DOC).map(key).collect();
    let missing: Vec<_> = calls.iter().filter(|c| !served.contains(*c)).collect();
    assert!(missing.is_empty(), "section 7 calls missing from /openapi.json: {missing:?}");
    eprintln!("section 7: {} calls, every one served", calls.len());
}

#[test]
fn paths_are_compared_by_shape() {
    assert_eq!(shape("/contests/{id}/entries/{entryId}"), "/contests/{}/entries/{}");
    assert_eq!(shape("/contests/types/{type}/pricings"), shape("/contests/types/{id}/pricings"));
}
