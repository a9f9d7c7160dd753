//! Listing entries for sale: only the entry's designer (or an admin), only an entry
//! that did not win a finished contest, with a price in range; a sold listing is final.

use serde_json::json;

use super::{finished, list_for_sale, listed};
use crate::commerce::assert_refused;

#[tokio::test]
async fn only_the_designer_lists_a_non_winning_entry_of_a_finished_contest() {
    let app = crate::helpers::spawn_app().await;
    let f = finished(&app, "lst").await;
    let body = json!({"contest_entry_id": f.entry, "sale_price": 120});

    // Somebody else's entry: not the holder, not another designer.
    for token in [&f.holder, &f.winner] {
        let answer = list_for_sale(&app, token, body.clone()).await;
        assert_refused(
            &answer,
            403,
            "marketplace.entry.forbidden",
            "Only the entry's designer or an admin may list it for sale.",
        );
    }
    // The winning entry is the client's: never for sale.
    let winning = list_for_sale(&app, &f.winner, json!({"contest_entry_id": f.winning_entry, "sale_price": 120})).await;
    winning.assert_error(409, "marketplace.entry.not_listable");
    // Prices in range, a known category.
    for (price, code) in
        [(json!(2), "sale_price.between"), (json!(10_001), "sale_price.between"), (json!(null), "validation.required")]
    {
        let answer = list_for_sale(&app, &f.seller, json!({"contest_entry_id": f.entry, "sale_price": price})).await;
        answer.assert_error(422, code);
        assert_eq!(answer.field_code("sale_price"), code, "{}", answer.body);
    }
    let unknown = list_for_sale(
        &app,
        &f.seller,
        json!({"contest_entry_id": f.entry, "sale_price": 50, "marketplace_category_id": 9999, "marketplace_tag_ids": [777]}),
    )
    .await;
    assert_eq!(unknown.field_code("marketplace_category_id"), "validation.exists", "{}", unknown.body);
    assert_eq!(unknown.field_code("marketplace_tag_ids"), "validation.exists", "{}", unknown.body);
    let nothing = app.get("/marketplace-contest-entries", Some(&f.seller)).await;
    assert_eq!(nothing.body["total"], 0, "refused listings change nothing: {}", nothing.body);

    // The designer lists it; the title defaults to the entry's.
    let listing = listed(&app, &f.seller, f.entry, 120).await;
    assert_eq!(
        (
            listing["sale_price"].as_i64(),
            listing["status"].as_str(),
            listing["entry"]["created_by_user"]["id"].as_i64()
        ),
        (Some(120), Some("available"), Some(f.seller_id))
    );
    // And changes it; an admin may too.
    let changed = list_for_sale(&app, &f.admin, json!({"contest_entry_id": f.entry, "sale_price": 90})).await;
    assert_eq!(changed.body["data"]["sale_price"], 90, "{}", changed.body);
    let mine = app.get("/marketplace-contest-entries", Some(&f.seller)).await;
    assert_eq!(mine.body["total"], 1, "{}", mine.body);
    let others = app.get("/marketplace-contest-entries", Some(&f.winner)).await;
    assert_eq!(others.body["total"], 0, "a designer sees only their own listings: {}", others.body);
}

#[tokio::test]
async fn an_entry_of_a_running_contest_is_not_for_sale() {
    let app = crate::helpers::spawn_app().await;
    let running = crate::entries::running_contest(&app, "lrun").await;
    let (_, designer) = crate::entries::designer(&app, "lrundes", 2).await;
    let entry = crate::entries::submitted(&app, &designer, running.id).await;
    let answer = list_for_sale(&app, &designer, json!({"contest_entry_id": entry, "sale_price": 50})).await;
    answer.assert_error(409, "marketplace.entry.not_listable");
    let missing = list_for_sale(&app, &designer, json!({"contest_entry_id": 987_654, "sale_price": 50})).await;
    missing.assert_error(404, "contest.entry.not_found");
    let anonymous = app.send_json(reqwest::Method::PUT, "/marketplace-contest-entries", &json!({}), None).await;
    anonymous.assert_error(401, "auth.unauthenticated");
}

#[tokio::test]
async fn a_listing_appears_live_with_its_tags_whenever_it_is_for_sale() {
    use vitrine_protocol::{event_type, ServerFrame};

    use crate::{commerce::next_of, realtime::client::WsClient};
    let app = crate::helpers::spawn_app().await;
    let (_, admin) = app.admin_session("livelistjudge").await;
    let f = finished(&app, "livelist").await;
    let (_, shopper) = app.client_session("livelistshopper").await;
    let tag =
        app.send_json(reqwest::Method::POST, "/marketplace-tags", &json!({"title": "Mascots"}), Some(&admin)).await;
    assert_eq!(tag.status, 201, "{}", tag.body);
    let tag = tag.body["data"]["id"].as_i64().unwrap();

    // A shopper's open marketplace hears the listing the moment it is made, and fetches it.
    let mut watcher = WsClient::signed_in(&app, &shopper).await;
    assert!(matches!(watcher.sub("marketplace", None, None).await, ServerFrame::Subscribed { .. }));
    let body = json!({"contest_entry_id": f.entry, "sale_price": 120, "title": "Moon bean mark", "marketplace_tag_ids": [tag]});
    let made = list_for_sale(&app, &f.seller, body).await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert_eq!(made.body["data"]["marketplace_tag_ids"], json!([tag]));
    let heard = next_of(&mut watcher, event_type::MARKETPLACE_ENTRY_LISTED).await;
    assert_eq!(heard.data, json!({"contest_entry_id": f.entry, "contest_id": f.contest, "user_id": f.seller_id}));

    // Its designer's listings show the tags back and no sale yet.
    let mine = app.get("/marketplace-contest-entries", Some(&f.seller)).await;
    assert_eq!(mine.body["data"][0]["marketplace_tag_ids"], json!([tag]), "{}", mine.body);
    assert_eq!(mine.body["data"][0]["sold_at"], serde_json::Value::Null);
    let browse = app.get(&format!("/marketplace-contests/{}/entries", f.contest), Some(&shopper)).await;
    assert_eq!(browse.body["data"][0]["marketplace_tag_ids"], json!([tag]), "{}", browse.body);

    // Hidden: removed live; back on sale: listed live again.
    let hide = json!({"contest_entry_id": f.entry, "sale_price": 120, "title": "Moon bean mark", "is_hidden": true});
    assert_eq!(list_for_sale(&app, &f.seller, hide).await.status, 200);
    assert_eq!(next_of(&mut watcher, event_type::MARKETPLACE_ENTRY_REMOVED).await.data["reason"], "hidden");
    let back = json!({"contest_entry_id": f.entry, "sale_price": 110, "title": "Moon bean mark"});
    assert_eq!(list_for_sale(&app, &f.seller, back).await.status, 200);
    assert_eq!(next_of(&mut watcher, event_type::MARKETPLACE_ENTRY_LISTED).await.data["contest_entry_id"], f.entry);
}
