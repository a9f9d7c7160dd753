//! Coupons: admins create and withdraw them; the validation call answers the six
//! `coupon.*` codes with their exact messages; an application lasts 24 hours; the
//! payments area's `apply` prices a package and `redeem` counts a paid use once.

use serde_json::{json, Value};
use vitrine_server::{
    accounts::store::find_user,
    commerce::coupons::{self, Package, VALIDITY_MS},
    store::clock::Clock as _,
};

use super::{assert_refused, delete, post};
use crate::helpers::{spawn_app, TestApp};

const LOGO: i64 = 1;

async fn pricings(app: &TestApp, contest_type_id: i64) -> Vec<(i64, i64)> {
    sqlx::query_as("SELECT id, amount_cents FROM contest_type_pricing WHERE contest_type_id = $1 ORDER BY position, id")
        .bind(contest_type_id)
        .fetch_all(&app.db.pool)
        .await
        .unwrap()
}

async fn create(app: &TestApp, admin: &str, contest_type_id: i64, body: Value) -> i64 {
    let answer = post(app, &format!("/contests/types/{contest_type_id}/coupons"), &body, Some(admin)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

fn validate_path(contest_type_id: i64, code: &str, query: &str) -> String {
    format!("/contests/types/{contest_type_id}/coupons/{code}/exists{query}")
}

#[tokio::test]
async fn only_admins_create_list_and_withdraw_coupons() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("cpnadmin").await;
    let (_, client) = app.client_session("cpnclient").await;
    let (_, designer) = crate::entries::designer(&app, "cpndesigner", 2).await;
    let path = format!("/contests/types/{LOGO}/coupons");
    let body = json!({"code": "SPRING10", "percent_off": 10, "usage_limit": 5});

    for token in [&client, &designer] {
        post(&app, &path, &body, Some(token)).await.assert_error(403, "auth.forbidden");
        app.get(&path, Some(token)).await.assert_error(403, "auth.forbidden");
        delete(&app, &format!("{path}/SPRING10"), Some(token)).await.assert_error(403, "auth.forbidden");
    }
    post(&app, &path, &body, None).await.assert_error(401, "auth.unauthenticated");
    assert_eq!(app.get(&path, Some(&admin)).await.body["data"], json!([]), "refused calls created nothing");

    let created = post(&app, &path, &body, Some(&admin)).await;
    assert_eq!(created.status, 201, "{}", created.body);
    assert_eq!(created.body["data"]["code"], "SPRING10");
    assert_eq!(created.body["data"]["percent_off"], 10);
    assert_eq!(created.body["data"]["used_count"], 0);

    // Bad input: the envelope, and nothing written.
    let again = post(&app, &path, &json!({"code": "spring10", "percent_off": 5}), Some(&admin)).await;
    assert_refused(&again, 422, "coupon.code.unique", "That coupon code is already in use.");
    post(&app, &path, &json!({"code": "BOTH", "percent_off": 5, "amount_off": 10}), Some(&admin))
        .await
        .assert_error(422, "coupon.discount.invalid");
    post(&app, &path, &json!({"code": "FREE", "percent_off": 101}), Some(&admin))
        .await
        .assert_error(422, "coupon.discount.invalid");
    post(&app, &path, &json!({"code": "a b", "amount_off": 10}), Some(&admin))
        .await
        .assert_error(422, "coupon.code.format");
    let other_types_package = pricings(&app, 2).await[0].0;
    post(
        &app,
        &path,
        &json!({"code": "PKG", "amount_off": 10, "contest_type_pricing_id": other_types_package}),
        Some(&admin),
    )
    .await
    .assert_error(422, "validation.exists");
    post(&app, "/contests/types/999999/coupons", &body, Some(&admin)).await.assert_error(404, "contest_type.not_found");
    let listed = app.get(&path, Some(&admin)).await;
    assert_eq!(listed.body["data"].as_array().unwrap().len(), 1, "{}", listed.body);

    let withdrawn = delete(&app, &format!("{path}/spring10"), Some(&admin)).await;
    assert_eq!(withdrawn.status, 200, "{}", withdrawn.body);
    assert_eq!(app.get(&path, Some(&admin)).await.body["data"], json!([]));
    let gone = app.get(&validate_path(LOGO, "SPRING10", ""), Some(&client)).await;
    assert_refused(&gone, 422, "coupon.invalid", "Sorry, that is not a valid code.");
}

#[tokio::test]
async fn validation_answers_each_coupon_code_with_its_exact_message() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("cpvadmin").await;
    let (client_id, client) = app.client_session("cpvclient").await;
    let (other_id, _) = app.client_session("cpvother").await;
    let (_, designer) = crate::entries::designer(&app, "cpvdesigner", 2).await;
    let logo_packages = pricings(&app, LOGO).await;
    let (first, second) = (logo_packages[0].0, logo_packages[1].0);
    create(&app, &admin, LOGO, json!({"code": "SAVE10", "percent_off": 10})).await;
    create(&app, &admin, 2, json!({"code": "WEBONLY", "percent_off": 10})).await;
    create(&app, &admin, LOGO, json!({"code": "FOROTHER", "amount_off": 20, "user_id": other_id})).await;
    let once = create(&app, &admin, LOGO, json!({"code": "ONCE", "amount_off": 20, "usage_limit": 1})).await;
    create(&app, &admin, LOGO, json!({"code": "FIRSTPKG", "percent_off": 15, "contest_type_pricing_id": first})).await;
    create(&app, &admin, LOGO, json!({"code": "CUSTOMOK", "percent_off": 5, "allows_custom_prize": 1})).await;
    // ONCE was used on a paid order already.
    sqlx::query(
        "INSERT INTO coupon_redemption (contest_type_coupon_id, app_user_id, payment_ref, discount_cents, created_at) \
         VALUES ($1, $2, 'pi_earlier', 2000, 0)",
    )
    .bind(once)
    .bind(other_id)
    .execute(&app.db.pool)
    .await
    .unwrap();

    let ok = app.get(&validate_path(LOGO, "save10", ""), Some(&client)).await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(ok.body["message"], "Coupon code applied successfully");
    assert_eq!(ok.body["status"], 200);
    assert_eq!(ok.body["data"]["code"], "SAVE10");
    assert_eq!(
        ok.body["data"]["expires_at"].as_i64().unwrap() - ok.body["data"]["applied_at"].as_i64().unwrap(),
        VALIDITY_MS
    );

    let cases = [
        (validate_path(LOGO, "NOPE", ""), "coupon.invalid", "Sorry, that is not a valid code."),
        (
            validate_path(LOGO, "WEBONLY", ""),
            "coupon.type.invalid",
            "The current coupon code is not valid for this type of contest and has been removed.",
        ),
        (validate_path(LOGO, "FOROTHER", ""), "coupon.user.invalid", "The current coupon code is not valid for this user."),
        (validate_path(LOGO, "ONCE", ""), "coupon.limit_exceed", "This coupon code has reached its limit for usage."),
        (
            validate_path(LOGO, "SAVE10", "?custom_prize=1"),
            "coupon.contest.custom.discount_drops",
            "This coupon is not valid for custom contest prize amounts, please select a different package and try again.",
        ),
        (
            validate_path(LOGO, "FIRSTPKG", &format!("?contest_type_pricing_id={second}")),
            "coupon.pricing.invalid",
            "The coupon code you are using is not valid for the package you selected and has not been applied to your order.",
        ),
    ];
    for (path, code, message) in cases {
        assert_refused(&app.get(&path, Some(&client)).await, 422, code, message);
    }
    // The right package, and a coupon that allows custom prizes, pass.
    let path = validate_path(LOGO, "FIRSTPKG", &format!("?contest_type_pricing_id={first}"));
    assert_eq!(app.get(&path, Some(&client)).await.status, 200);
    assert_eq!(app.get(&validate_path(LOGO, "CUSTOMOK", "?custom_prize=1"), Some(&client)).await.status, 200);

    // Only clients launch contests: a designer's attempt is not valid for the user; anonymous is 401.
    let path = validate_path(LOGO, "SAVE10", "");
    assert_refused(
        &app.get(&path, Some(&designer)).await,
        422,
        "coupon.user.invalid",
        "The current coupon code is not valid for this user.",
    );
    app.get(&path, None).await.assert_error(401, "auth.unauthenticated");

    // Refused validations started no window: only the two that passed (and SAVE10) did.
    let applications: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coupon_application WHERE app_user_id = $1")
        .bind(client_id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(applications, 3);
}

#[tokio::test]
async fn an_applied_coupon_is_valid_for_24_hours_then_no_longer() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("cp24admin").await;
    let (_, early) = app.client_session("cp24early").await;
    let (_, late) = app.client_session("cp24late").await;
    create(&app, &admin, LOGO, json!({"code": "DAYLONG", "percent_off": 20})).await;
    let path = validate_path(LOGO, "DAYLONG", "");

    let first = app.get(&path, Some(&early)).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let applied_at = first.body["data"]["applied_at"].as_i64().unwrap();
    assert_eq!(applied_at, app.clock.now_ms());

    app.clock.advance_ms(VALIDITY_MS - 1);
    let still = app.get(&path, Some(&early)).await;
    assert_eq!(still.status, 200, "{}", still.body);
    assert_eq!(still.body["data"]["applied_at"], applied_at, "asking again does not restart the window");

    app.clock.advance_ms(1);
    assert_refused(&app.get(&path, Some(&early)).await, 422, "coupon.invalid", "Sorry, that is not a valid code.");
    // Another client's window starts with their own first application.
    assert_eq!(app.get(&path, Some(&late)).await.status, 200);
}

#[tokio::test]
async fn apply_prices_a_package_in_cents_and_redeem_counts_a_payment_once() {
    let app = spawn_app().await;
    let (_, admin) = app.admin_session("cpaadmin").await;
    let (client_id, client) = app.client_session("cpaclient").await;
    let (package, price) = pricings(&app, LOGO).await[0];
    create(&app, &admin, LOGO, json!({"code": "TENOFF", "percent_off": 10, "usage_limit": 1})).await;
    create(&app, &admin, LOGO, json!({"code": "FIFTY", "amount_off": 50})).await;
    let user = find_user(&app.db.pool, client_id).await.unwrap().unwrap();
    let now = app.clock.now_ms();

    let mut conn = app.db.pool.acquire().await.unwrap();
    let ten = coupons::apply(&mut conn, &user, LOGO, Package::Priced(package), "tenoff", now).await.unwrap();
    assert_eq!((ten.original_cents, ten.discount_cents, ten.payable_cents), (price, price / 10, price - price / 10));
    let fifty = coupons::apply(&mut conn, &user, LOGO, Package::Priced(package), "FIFTY", now).await.unwrap();
    assert_eq!((fifty.discount_cents, fifty.payable_cents), (5_000, price - 5_000));
    let custom = coupons::apply(&mut conn, &user, LOGO, Package::Custom { amount_cents: 30_000 }, "FIFTY", now).await;
    assert_eq!(custom.unwrap_err().envelope().error.code, "coupon.contest.custom.discount_drops");
    let wrong_type = coupons::apply(&mut conn, &user, 2, Package::Priced(package), "FIFTY", now).await;
    assert_eq!(wrong_type.unwrap_err().envelope().error.code, "coupon.type.invalid");
    drop(conn);

    // The webhook redeems in its transaction; a second delivery of the same payment does not
    // count, and another payment past the limit of one is refused.
    let mut tx = app.db.pool.begin().await.unwrap();
    coupons::redeem(&mut tx, &ten, client_id, None, "pi_123", now).await.unwrap();
    coupons::redeem(&mut tx, &ten, client_id, None, "pi_123", now).await.unwrap();
    let past = coupons::redeem(&mut tx, &ten, client_id, None, "pi_456", now).await;
    assert_eq!(past.unwrap_err().envelope().error.code, "coupon.limit_exceed");
    tx.commit().await.unwrap();
    let listed = app.get(&format!("/contests/types/{LOGO}/coupons"), Some(&admin)).await;
    let used: Vec<i64> =
        listed.body["data"].as_array().unwrap().iter().map(|c| c["used_count"].as_i64().unwrap()).collect();
    assert_eq!(used, [1, 0]);
    assert_refused(
        &app.get(&validate_path(LOGO, "TENOFF", ""), Some(&client)).await,
        422,
        "coupon.limit_exceed",
        "This coupon code has reached its limit for usage.",
    );
}
