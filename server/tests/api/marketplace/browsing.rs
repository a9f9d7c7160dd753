//! Browsing: contests with entries for sale and their filters, a contest's and a
//! designer's entries for sale, the For Sale tab's categories; admins' categories and
//! tags (everyone reads the active ones, only admins add and change them). Browsing is
//! public (docs/spec-decisions.md): a visitor sees what a member sees, nothing hidden.

use serde_json::json;

use super::{entry_ids, finished, list_for_sale};
use crate::commerce::{assert_refused, post};

#[tokio::test]
async fn listings_show_in_search_the_contest_and_the_designers_for_sale_tab_until_hidden() {
    let app = crate::helpers::spawn_app().await;
    let f = finished(&app, "brw").await;
    let (_, reader) = app.client_session("brwreader").await;
    let categories = app.get("/marketplace-categories", Some(&reader)).await;
    let logos =
        categories.body["data"].as_array().unwrap().iter().find(|c| c["title"] == "Logos").unwrap()["id"].clone();
    let answer = list_for_sale(
        &app,
        &f.seller,
        json!({"contest_entry_id": f.entry, "sale_price": 75, "marketplace_category_id": logos, "title": "Moon bean"}),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);

    let search = app.get("/marketplace-contests/search", Some(&reader)).await;
    assert_eq!(search.status, 200, "{}", search.body);
    let found = &search.body["data"][0];
    assert_eq!(
        (found["id"].as_i64(), found["marketplace_entries_count"].as_i64(), found["min_sale_price"].as_i64()),
        (Some(f.contest), Some(1), Some(75))
    );
    assert!(found["cover"]["full_path"].as_str().is_some(), "the listing's image: {found}");
    // The image is readable by whoever browses.
    let cover = app.get(found["cover"]["full_path"].as_str().unwrap(), Some(&reader)).await;
    assert_eq!(cover.status, 200);
    // Filters: words of the titles, contest types (repeatable), sort.
    for (query, expected) in [
        ("filter[q]=MOON", 1),
        ("filter[q]=nothing-like-it", 0),
        ("filter[contest_type_ids][]=1&filter[contest_type_ids][]=2", 1),
        ("filter[contest_type_ids][]=2", 0),
        ("sort=created_at&page=1", 1),
    ] {
        let page = app.get(&format!("/marketplace-contests/search?{query}"), Some(&reader)).await;
        assert_eq!(page.body["total"], expected, "{query}: {}", page.body);
    }
    app.get("/marketplace-contests/search?sort=cheapest", Some(&reader)).await.assert_error(422, "validation.exists");
    // Hidden listings are for admins to ask for.
    let hidden = app.get("/marketplace-contests/search?filter[has_marketplace_hidden]=1", Some(&reader)).await;
    hidden.assert_error(403, "filter.has_marketplace_hidden.admins");

    let of_contest = app.get(&format!("/marketplace-contests/{}/entries", f.contest), Some(&reader)).await;
    assert_eq!(entry_ids(&of_contest.body), [f.entry]);
    let of_designer =
        app.get(&format!("/users/{}/marketplace-entries?category={logos}", f.seller_id), Some(&reader)).await;
    assert_eq!(entry_ids(&of_designer.body), [f.entry]);
    let other_category =
        app.get(&format!("/users/{}/marketplace-entries?category=99999", f.seller_id), Some(&reader)).await;
    assert_eq!(entry_ids(&other_category.body), Vec::<i64>::new());
    let tab = app.get(&format!("/users/{}/marketplace-categories", f.seller_id), Some(&reader)).await;
    assert_eq!(tab.body["data"], json!([{"marketplace_category_id": logos, "title": "Logos", "count": 1}]));
    // A client has no For Sale tab.
    app.get(&format!("/users/{}/marketplace-entries", f.holder_id), Some(&reader))
        .await
        .assert_error(403, "designer.only");

    // Hidden by its designer: out of every list but theirs and the admins' search.
    let hide =
        list_for_sale(&app, &f.seller, json!({"contest_entry_id": f.entry, "sale_price": 75, "is_hidden": 1})).await;
    assert_eq!(hide.body["data"]["status"], "hidden", "{}", hide.body);
    assert_eq!(app.get("/marketplace-contests/search", Some(&reader)).await.body["total"], 0);
    assert_eq!(app.get(&format!("/users/{}/marketplace-entries", f.seller_id), Some(&reader)).await.body["total"], 0);
    let admin_view = app.get("/marketplace-contests/search?filter[has_marketplace_hidden]=1", Some(&f.admin)).await;
    assert_eq!(admin_view.body["total"], 1, "{}", admin_view.body);
    assert_eq!(app.get("/marketplace-contest-entries", Some(&f.seller)).await.body["total"], 1);
}

#[tokio::test]
async fn anonymous_visitors_browse_what_is_on_sale_and_nothing_hidden() {
    let app = crate::helpers::spawn_app().await;
    let f = finished(&app, "anon").await;
    let answer =
        list_for_sale(&app, &f.seller, json!({"contest_entry_id": f.entry, "sale_price": 60, "title": "Sunny"})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);

    // The search, a contest's entries, its cover image and the filters' terms answer without a session.
    let search = app.get("/marketplace-contests/search?filter[q]=sunny", None).await;
    assert_eq!(search.status, 200, "{}", search.body);
    assert_eq!(search.body["data"][0]["id"].as_i64(), Some(f.contest), "{}", search.body);
    let cover = app.get(search.body["data"][0]["cover"]["full_path"].as_str().unwrap(), None).await;
    assert_eq!(cover.status, 200);
    let of_contest = app.get(&format!("/marketplace-contests/{}/entries", f.contest), None).await;
    assert_eq!(entry_ids(&of_contest.body), [f.entry]);
    for base in ["/marketplace-categories", "/marketplace-tags"] {
        let terms = app.get(base, None).await;
        assert_eq!(terms.status, 200, "{base}: {}", terms.body);
        assert!(terms.body["data"].as_array().unwrap().iter().all(|t| t["is_active"] == 1), "{}", terms.body);
    }

    // Hidden listings stay the admins', and a hidden listing leaves the visitor's page.
    app.get("/marketplace-contests/search?filter[has_marketplace_hidden]=1", None)
        .await
        .assert_error(403, "filter.has_marketplace_hidden.admins");
    let hide =
        list_for_sale(&app, &f.seller, json!({"contest_entry_id": f.entry, "sale_price": 60, "is_hidden": 1})).await;
    assert_eq!(hide.body["data"]["status"], "hidden", "{}", hide.body);
    assert_eq!(app.get("/marketplace-contests/search", None).await.body["total"], 0);
    assert_eq!(
        entry_ids(&app.get(&format!("/marketplace-contests/{}/entries", f.contest), None).await.body),
        Vec::<i64>::new()
    );

    // Buying and a member's own lists still need a session.
    let buy = post(
        &app,
        &format!("/marketplace-contest-entries/{}/payments/stripe/payment-intents", f.entry),
        &json!({}),
        None,
    )
    .await;
    assert_eq!(buy.status, 401, "{}", buy.body);
    app.get("/marketplace-contest-entries", None).await.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn admins_keep_categories_and_tags_and_nobody_else_does() {
    let app = crate::helpers::spawn_app().await;
    let (_, admin) = app.admin_session("termadmin").await;
    let (_, client) = app.client_session("termclient").await;
    let (_, designer) = crate::entries::designer(&app, "termdes", 2).await;
    for base in ["/marketplace-categories", "/marketplace-tags"] {
        for token in [&client, &designer] {
            let refused = post(&app, base, &json!({"title": "Mascots"}), Some(token)).await;
            assert_refused(&refused, 403, "auth.forbidden", "Access Denied");
        }
        let created = post(&app, base, &json!({"title": "Mascots"}), Some(&admin)).await;
        assert_eq!(created.status, 201, "{}", created.body);
        let id = created.body["data"]["id"].as_i64().unwrap();
        let again = post(&app, base, &json!({"title": "Mascots"}), Some(&admin)).await;
        assert_eq!(again.field_code("title"), "title.unique", "{}", again.body);
        let blank = post(&app, base, &json!({"title": "  "}), Some(&admin)).await;
        assert_eq!(blank.field_code("title"), "validation.required", "{}", blank.body);

        let path = format!("{base}/{id}");
        app.put(&path, &json!({"is_active": 0}), &designer).await.assert_error(403, "auth.forbidden");
        let retired = app.put(&path, &json!({"is_active": 0}), &admin).await;
        assert_eq!(retired.body["data"]["is_active"], 0, "{}", retired.body);
        // Retired: gone for members and visitors, still there for admins.
        for reader in [Some(client.as_str()), None] {
            let listed = app.get(base, reader).await;
            assert!(!listed.body["data"].as_array().unwrap().iter().any(|t| t["id"] == id), "{}", listed.body);
        }
        let all = app.get(base, Some(&admin)).await;
        assert!(all.body["data"].as_array().unwrap().iter().any(|t| t["id"] == id), "{}", all.body);
        app.get(&path, Some(&client)).await.assert_error(
            404,
            if base.ends_with("tags") { "marketplace_tag.not_found" } else { "marketplace_category.not_found" },
        );
        assert_eq!(app.get(&path, Some(&admin)).await.body["data"]["title"], "Mascots");
        app.put(&format!("{base}/99999"), &json!({"title": "X"}), &admin).await.assert_error(
            404,
            if base.ends_with("tags") { "marketplace_tag.not_found" } else { "marketplace_category.not_found" },
        );
    }
}
