//! The contest catalogue: contest types, brief questions, packages, upgrades,
//! lengths, and the admin's edit of a contest type.

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Answer};

fn ids(answer: &Answer) -> Vec<i64> {
    answer.body["data"].as_array().expect("data list").iter().map(|t| t["id"].as_i64().unwrap()).collect()
}

fn keys(object: &Value) -> BTreeSet<&str> {
    object.as_object().expect("object").keys().map(String::as_str).collect()
}

fn logo_type() -> Value {
    json!({
        "id": 1,
        "title": "Logo",
        "listing_title": "Logo Contest",
        "launch_brief_slug": "logo-design",
        "has_terms": 1,
        "participate_terms": "By entering this Logo contest you confirm your entry is your own original work and you transfer full rights to the client if it wins.",
        "brief_html": {"text": "<p>Launch a Logo contest: describe what you need, choose a prize, and designers from around the world send you entries.</p>"},
        "only_tip_start": 0,
        "is_quick_start": 1,
    })
}

#[tokio::test]
async fn the_list_shows_every_type_in_order_with_exact_fields() {
    let app = spawn_app().await;
    let answer = app.get("/contests/types", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let all = ids(&answer);
    assert_eq!(all, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 27, 28, 29, 30, 31, 32]);
    assert_eq!(answer.body["data"][0], logo_type());
    let business_name = &answer.body["data"][10];
    assert_eq!((business_name["id"].as_i64(), business_name["has_terms"].as_i64()), (Some(11), Some(1)));
    assert_eq!(answer.body["data"][2]["participate_terms"], Value::Null, "banner has no terms");
}

#[tokio::test]
async fn listing_titles_add_contest_except_for_types_9_and_32() {
    let app = spawn_app().await;
    for (id, listing) in [
        (1, "Logo Contest"),
        (9, "Photo Colorization and Restoration"),
        (32, "Photoshop Editing"),
        (11, "Business Name Contest"),
    ] {
        let answer = app.get(&format!("/contests/types/{id}"), None).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.body["data"]["listing_title"], listing, "type {id}");
    }
}

#[tokio::test]
async fn the_title_filter_matches_a_substring_in_any_case_and_takes_wildcards_literally() {
    let app = spawn_app().await;
    assert_eq!(ids(&app.get("/contests/types?filter[contest_type]=logo", None).await), [1]);
    assert_eq!(ids(&app.get("/contests/types?filter%5Bcontest_type%5D=NAME", None).await), [11, 14, 15]);
    assert_eq!(ids(&app.get("/contests/types?filter[contest_type]=%25", None).await), Vec::<i64>::new());
    assert_eq!(ids(&app.get("/contests/types?filter[contest_type]=", None).await).len(), 21, "blank is no filter");
}

#[tokio::test]
async fn the_category_switcher_lists_only_quick_start_and_tip_only_types() {
    let app = spawn_app().await;
    let answer = app.get("/contests/types?filter[category_switcher]=1", None).await;
    assert_eq!(ids(&answer), [1, 2, 6, 7, 9, 11, 31, 32]);
    for kind in answer.body["data"].as_array().unwrap() {
        assert!(kind["is_quick_start"] == 1 || kind["only_tip_start"] == 1, "{kind}");
    }
    assert_eq!(ids(&app.get("/contests/types?filter[category_switcher]=0", None).await).len(), 21);
}

#[tokio::test]
async fn a_type_is_found_by_id_and_by_launch_slug() {
    let app = spawn_app().await;
    assert_eq!(app.get("/contests/types/1", None).await.body["data"], logo_type());
    assert_eq!(app.get("/contests/types/by-slug/logo-design", None).await.body["data"], logo_type());
    let photoshop = app.get("/contests/types/by-slug/photoshop-editing", None).await;
    assert_eq!(
        (photoshop.body["data"]["id"].as_i64(), photoshop.body["data"]["only_tip_start"].as_i64()),
        (Some(32), Some(1))
    );
}

#[tokio::test]
async fn unknown_types_and_unreadable_ids_are_404s() {
    let app = spawn_app().await;
    for path in [
        "/contests/types/999",
        "/contests/types/by-slug/no-such-contest",
        "/contests/types/999/questions",
        "/contests/types/999/pricings",
        "/contests/types/999/upgrades",
        "/contests/types/999/lengths",
    ] {
        let answer = app.get(path, None).await;
        answer.assert_error(404, "contest_type.not_found");
        assert_eq!(answer.body["error"]["message"], "That is not a valid type of contest.", "{path}");
    }
    for path in ["/contests/types/abc", "/contests/types/1.5/questions", "/contests/types/x/pricings"] {
        app.get(path, None).await.assert_error(404, "request.path_invalid");
    }
}

#[tokio::test]
async fn the_logo_brief_uses_every_field_type_but_rating_with_sliders_at_50() {
    let app = spawn_app().await;
    let answer = app.get("/contests/types/1/questions", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let questions = answer.body["data"].as_array().unwrap();
    let field_types: BTreeSet<i64> = questions.iter().map(|q| q["form_field_type_id"].as_i64().unwrap()).collect();
    assert_eq!(field_types, BTreeSet::from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]));
    let question_ids: Vec<i64> = questions.iter().map(|q| q["id"].as_i64().unwrap()).collect();
    assert!(question_ids.windows(2).all(|w| w[0] < w[1]), "in position order: {question_ids:?}");
    let expected_keys = BTreeSet::from([
        "id",
        "form_field_type_id",
        "is_required",
        "is_title",
        "is_description",
        "is_quick_start",
        "title",
        "placeholder",
        "html_content",
        "options",
    ]);
    assert!(questions.iter().all(|q| keys(q) == expected_keys));
    assert_eq!(questions.iter().filter(|q| q["is_title"] == 1).count(), 1);
    assert!(questions.iter().any(|q| q["title"] == "Height" && q["is_required"] == 1), "logos need dimensions");

    let slider = questions.iter().find(|q| q["form_field_type_id"] == 10).unwrap();
    let first = &slider["options"][0];
    assert_eq!(
        first,
        &json!({"id": first["id"], "title": "Classic or modern", "file": null, "title_left": "Classic", "title_right": "Modern", "value": "50"})
    );
    assert!(slider["options"].as_array().unwrap().iter().all(|o| o["value"] == "50"));

    let images = questions.iter().find(|q| q["form_field_type_id"] == 8).unwrap();
    assert_eq!(images["options"][0]["file"], json!({"full_path": "/static/styles/minimal.png"}));
    let html = questions.iter().find(|q| q["form_field_type_id"] == 1).unwrap();
    assert!(html["html_content"].as_str().is_some_and(|h| h.starts_with("<p>")));
    assert_eq!(html["options"], json!([]));
}

#[tokio::test]
async fn the_quick_start_filter_keeps_only_quick_start_questions() {
    let app = spawn_app().await;
    let all = app.get("/contests/types/11/questions", None).await.body["data"].as_array().unwrap().len();
    let answer = app.get("/contests/types/11/questions?filter[quick_start_only]=1", None).await;
    let quick = answer.body["data"].as_array().unwrap();
    assert_eq!(quick.len(), 2, "title and description: {}", answer.body);
    assert!(quick.iter().all(|q| q["is_quick_start"] == 1));
    assert!(quick[0]["is_title"] == 1 && quick[1]["is_description"] == 1);
    assert!(all > quick.len());
}

#[tokio::test]
async fn packages_are_priced_in_whole_dollars_and_naming_costs_less_than_logos() {
    let app = spawn_app().await;
    let answer = app.get("/contests/types/1/pricings", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let expected: Vec<Value> = [("Bronze", 299, 200, 0), ("Silver", 499, 350, 1), ("Gold", 799, 600, 0), ("Platinum", 1299, 1000, 0)]
        .iter()
        .enumerate()
        .map(|(i, (name, amount, prize, recommended))| {
            json!({"id": 10 + i as i64, "contest_type_id": 1, "name": name, "amount": amount, "winning_entry_amount": prize, "is_recommended": recommended})
        })
        .collect();
    assert_eq!(answer.body["data"], json!(expected));
    let naming = app.get("/contests/types/11/pricings", None).await;
    assert!(naming.body["data"][0]["amount"].as_i64() < Some(299), "{}", naming.body);
    let slogan = app.get("/contests/types/12/pricings", None).await;
    assert_eq!(slogan.body["data"][0]["amount"], 89, "contests start at $89");
}

const KINDS: [&str; 7] = [
    "is_highlighted",
    "is_featured",
    "is_private",
    "is_blind",
    "is_notified_via_email",
    "is_rush",
    "is_featured_blog_post",
];

#[tokio::test]
async fn every_upgrade_kind_is_offered_for_logos_and_tip_only_types_skip_promotions() {
    let app = spawn_app().await;
    let answer = app.get("/contests/types/1/upgrades", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let upgrades = answer.body["data"].as_array().unwrap();
    assert_eq!(upgrades.len(), 7);
    assert_eq!(
        upgrades[0],
        json!({
            "id": 1, "name": "Featured", "amount": 49, "is_recommended": 1,
            "description": "Pinned to the top of the contest list and shown on the home page while it runs.",
            "is_highlighted": 0, "is_featured": 1, "is_private": 0, "is_blind": 0,
            "is_notified_via_email": 0, "is_rush": 0, "is_featured_blog_post": 0,
        })
    );
    for kind in KINDS {
        let with_kind: Vec<_> = upgrades.iter().filter(|u| u[kind] == 1).collect();
        assert_eq!(with_kind.len(), 1, "{kind}");
        assert_eq!(KINDS.iter().filter(|k| with_kind[0][**k] == 1).count(), 1, "one kind each");
    }
    let photoshop = app.get("/contests/types/32/upgrades", None).await;
    let names: Vec<&str> =
        photoshop.body["data"].as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Highlighted", "Blind", "Private", "Rush"]);
}

#[tokio::test]
async fn lengths_offer_a_free_week_paid_rush_options_and_the_spec_s_2_weeks_and_1_month() {
    let app = spawn_app().await;
    let answer = app.get("/contests/types/1/lengths", None).await;
    assert_eq!(
        answer.body["data"],
        json!([
            {"id": 1, "name": "1 week", "days": 7, "amount": 0, "is_rush": 0},
            {"id": 2, "name": "5 days", "days": 5, "amount": 19, "is_rush": 0},
            {"id": 3, "name": "3 days", "days": 3, "amount": 49, "is_rush": 1},
            {"id": 4, "name": "48 hours", "days": 2, "amount": 79, "is_rush": 1},
            {"id": 5, "name": "2 weeks", "days": 14, "amount": 29, "is_rush": 0},
            {"id": 6, "name": "1 month", "days": 30, "amount": 59, "is_rush": 0},
        ])
    );
}

#[tokio::test]
async fn an_admin_edits_a_contest_type() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("ada").await;
    let change = json!({
        "title": "  Emblem ", "has_terms": 0, "participate_terms": "", "brief_html": {"text": "<p>New</p>"},
        "only_tip_start": true, "is_quick_start": "0",
    });
    let answer = app.put("/contests/types/1", &change, &admin).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let expected = json!({
        "id": 1, "title": "Emblem", "listing_title": "Emblem Contest", "launch_brief_slug": "logo-design",
        "has_terms": 0, "participate_terms": null, "brief_html": {"text": "<p>New</p>"},
        "only_tip_start": 1, "is_quick_start": 0,
    });
    assert_eq!(answer.body["data"], expected);
    assert_eq!(app.get("/contests/types/1", None).await.body["data"], expected);

    // Fields left out keep their value.
    let answer = app.put("/contests/types/1", &json!({"brief_html": "<p>Plain</p>"}), &admin).await;
    assert_eq!(
        (answer.body["data"]["title"].as_str(), answer.body["data"]["brief_html"]["text"].as_str()),
        (Some("Emblem"), Some("<p>Plain</p>"))
    );
    app.put("/contests/types/999", &json!({}), &admin).await.assert_error(404, "contest_type.not_found");
}

#[tokio::test]
async fn an_invalid_edit_reports_each_field_and_changes_nothing() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("ada").await;
    let answer = app.put("/contests/types/1", &json!({"title": "x".repeat(101), "is_quick_start": 0}), &admin).await;
    answer.assert_error(422, "validation.max");
    assert_eq!(answer.field_message("title"), "This value may not be longer than 100 characters.");

    let answer = app
        .put(
            "/contests/types/1",
            &json!({"title": " ", "participate_terms": "", "brief_html": "x".repeat(20_001)}),
            &admin,
        )
        .await;
    answer.assert_error(422, "validation.failed");
    assert_eq!(answer.field_code("title"), "validation.required");
    assert_eq!(
        answer.field_code("participate_terms"),
        "validation.required",
        "logo terms must stay while has_terms is 1"
    );
    assert_eq!(answer.field_code("brief_html"), "validation.max");

    app.put("/contests/types/1", &json!({"title": 5}), &admin).await.assert_error(422, "request.body_invalid");
    assert_eq!(app.get("/contests/types/1", None).await.body["data"], logo_type());
}

#[tokio::test]
async fn only_admins_may_edit_a_contest_type() {
    let app = spawn_app().await;
    let (_, client) = app.client_session("cleo").await;
    let change = json!({"title": "Hijacked"});
    app.put("/contests/types/1", &change, &client).await.assert_error(403, "auth.forbidden");
    app.send_json(Method::PUT, "/contests/types/1", &change, None).await.assert_error(401, "auth.unauthenticated");
    app.put("/contests/types/1", &change, "not-a-token").await.assert_error(401, "auth.unauthenticated");
    assert_eq!(app.get("/contests/types/1", None).await.body["data"], logo_type());
}

#[tokio::test]
async fn seeding_again_keeps_an_admins_edits() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("ada").await;
    app.put("/contests/types/12", &json!({"title": "Motto"}), &admin).await;
    vitrine_server::seed::reference(&app.db).await.expect("seed twice");
    assert_eq!(app.get("/contests/types/12", None).await.body["data"]["title"], "Motto");
    assert_eq!(app.get("/contests/types/12/pricings", None).await.body["data"].as_array().map(Vec::len), Some(4));
}
