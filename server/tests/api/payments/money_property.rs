//! Property: every price charged is the price shown (issue #40). Random launches of a
//! logo contest (package, length, upgrades with Rush, a coupon valid, refused or used
//! up, with or without the $49 unlimited-upgrades subscription), paid by card (payment
//! intent + the local Stripe's webhook) or PayPal (the local PayPal), then an upgrade
//! bought after launch (a direct card charge, PayPal, or free with the subscription),
//! all through the real HTTP routes. For each: the quote the screens show = what the
//! local Stripe or PayPal was asked to take = the transaction row = the invoice's
//! total, and equals an independent model of the catalogue's rules; a coupon counts
//! one use, and its limit holds for the next client.
//!
//! Driven by proptest's `TestRunner` on one app per run (a case is a few dozen HTTP
//! calls); a failing case is shrunk and its seed kept in
//! `money_property.proptest-regressions` next to this file.

use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use reqwest::Method;
use serde_json::{json, Value};
use vitrine_paypal_mock::PayPalMock;
use vitrine_stripe_mock::StripeMock;

use super::{
    paypal::{execute, on_approval_page},
    save_card, send, transaction,
};
use crate::helpers::TestApp;

/// Cases per backend: enough to cross every coupon kind with both providers and the
/// subscription, few enough to stay well under a minute.
const CASES: u32 = 28;
const DAY_MS: i64 = 86_400_000;
/// The logo type's packages (catalogue::pricing BRAND), cents.
const PACKAGES: [i64; 4] = [29_900, 49_900, 79_900, 129_900];
/// Contest lengths by id: (days, cents); 3 is the rush length the Rush upgrade sells.
const LENGTHS: [(i64, i64, i64); 4] = [(1, 7, 0), (2, 5, 1_900), (3, 3, 4_900), (4, 2, 7_900)];
const RUSH_UPGRADE: i64 = 6;
const RUSH_LENGTH: i64 = 3;

#[derive(Debug, Clone)]
enum Coupon {
    None,
    /// $50 off, maybe limited to one use.
    FiftyOff {
        limit_one: bool,
    },
    Percent(i64),
    /// A coupon of another contest type: refused at launch.
    WrongType,
    /// A code that does not exist: refused at launch.
    Unknown,
    /// Limited to one use, used already: refused at launch.
    UsedUp,
    /// Valid only for another package: refused by the quote, then removed.
    OtherPackage,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Provider {
    Card,
    PayPal,
}

#[derive(Debug, Clone)]
struct Case {
    package: usize,
    length_id: Option<i64>,
    /// Logo upgrade ids 1-7 (6 is Rush).
    upgrades: Vec<i64>,
    coupon: Coupon,
    subscribed: bool,
    provider: Provider,
    /// Between pricing and paying, the client changes the options (in another tab) to the
    /// dearest package with every upgrade: what settles must still be what was priced.
    switch_before_paying: bool,
}

fn coupon() -> impl Strategy<Value = Coupon> {
    prop_oneof![
        3 => Just(Coupon::None),
        3 => any::<bool>().prop_map(|limit_one| Coupon::FiftyOff { limit_one }),
        2 => (5i64..=40).prop_map(Coupon::Percent),
        1 => Just(Coupon::WrongType),
        1 => Just(Coupon::Unknown),
        1 => Just(Coupon::UsedUp),
        1 => Just(Coupon::OtherPackage),
    ]
}

fn case() -> impl Strategy<Value = Case> {
    (
        0usize..4,
        prop::option::of(1i64..=4),
        prop::collection::btree_set(1i64..=7, 0..=3),
        coupon(),
        any::<bool>(),
        prop_oneof![Just(Provider::Card), Just(Provider::PayPal)],
        any::<bool>(),
    )
        .prop_map(|(package, length_id, upgrades, coupon, subscribed, provider, switch_before_paying)| Case {
            package,
            length_id,
            upgrades: upgrades.into_iter().collect(),
            coupon,
            subscribed,
            provider,
            switch_before_paying,
        })
}

/// One app with both local providers, an admin, and the logo catalogue.
struct World {
    app: TestApp,
    stripe: StripeMock,
    paypal: PayPalMock,
    admin: String,
    admin_id: i64,
    /// (id, cents) of the logo type's upgrades.
    upgrades: Vec<(i64, i64)>,
    /// The logo type's package ids, cheapest first.
    packages: Vec<i64>,
    next: AtomicUsize,
}

impl World {
    async fn start() -> Self {
        let (app, stripe, paypal) = super::spawn_app_with_both_providers().await;
        let (admin_id, admin) = app.admin_session("moneyadmin").await;
        let upgrades = app.get("/contests/types/1/upgrades", None).await.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| (u["id"].as_i64().unwrap(), u["amount"].as_i64().unwrap() * 100))
            .collect();
        let packages = app.get("/contests/types/1/pricings", None).await.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect();
        Self { app, stripe, paypal, admin, admin_id, upgrades, packages, next: AtomicUsize::new(0) }
    }

    fn name(&self, what: &str) -> String {
        format!("{what}{}", self.next.fetch_add(1, Ordering::SeqCst))
    }

    fn upgrade_cents(&self, id: i64) -> i64 {
        self.upgrades.iter().find(|u| u.0 == id).map(|u| u.1).unwrap()
    }

    /// An admin's coupon for `type_id`; answers its code.
    async fn coupon(&self, type_id: i64, body: Value) -> String {
        let code = self.name("MONEY");
        let mut body = body;
        body["code"] = json!(code);
        let made =
            send(&self.app, Method::POST, &format!("/contests/types/{type_id}/coupons"), body, &self.admin).await;
        assert_eq!(made.status, 201, "{}", made.body);
        code
    }

    async fn used_count(&self, code: &str) -> i64 {
        let list = self.app.get("/contests/types/1/coupons", Some(&self.admin)).await;
        list.body["data"].as_array().unwrap().iter().find(|c| c["code"] == code).unwrap()["used_count"]
            .as_i64()
            .unwrap()
    }

    async fn launch(&self, token: &str, coupon: Option<&str>) -> crate::helpers::Answer {
        let mut brief = crate::contests::logo_brief();
        if let Some(code) = coupon {
            brief["coupon_code"] = json!(code);
        }
        self.app.send_json(Method::POST, "/contests", &brief, Some(token)).await
    }

    /// Quote (as the screens ask it) of `body` for contest `id`: total cents.
    async fn quote(&self, id: i64, body: Value, token: &str) -> (i64, Value) {
        let quoted = send(&self.app, Method::POST, &format!("/contests/{id}/quote"), body, token).await;
        assert_eq!(quoted.status, 200, "{}", quoted.body);
        let data = quoted.body["data"].clone();
        let lines: i64 = data["lines"].as_array().unwrap().iter().map(|l| l["amount_cents"].as_i64().unwrap()).sum();
        assert_eq!(lines.max(0), data["total_cents"].as_i64().unwrap(), "the lines add up to the total: {data}");
        (data["total_cents"].as_i64().unwrap(), data)
    }

    /// Pays at `base` (a card route or its PayPal twin) with `body`; answers the payment's
    /// id (pi_... or PayPal's order id) after checking what the provider was asked to take.
    async fn pay(&self, provider: Provider, base: &str, body: Value, card: i64, token: &str, expected: i64) -> String {
        self.pay_switching(provider, base, body, card, token, expected, None).await
    }

    /// [`World::pay`], with `switch` = (path, body) put by the payer after the payment is
    /// priced and before it is confirmed (or approved at PayPal).
    #[allow(clippy::too_many_arguments)]
    async fn pay_switching(
        &self,
        provider: Provider,
        base: &str,
        body: Value,
        card: i64,
        token: &str,
        expected: i64,
        switch: Option<(String, Value)>,
    ) -> String {
        let switch_now = || async {
            if let Some((path, body)) = &switch {
                let switched = self.app.put(path, body, token).await;
                assert_eq!(switched.status, 200, "{}", switched.body);
            }
        };
        match provider {
            Provider::Card => {
                let mut body = body;
                body["idempotency_key"] = json!(self.name("key"));
                body["customer_card_id"] = json!(card);
                let direct = base.ends_with("/upgrades/payments/stripe");
                let path = if direct { base.to_owned() } else { format!("{base}/payment-intents") };
                let created = send(&self.app, Method::POST, &path, body, token).await;
                assert_eq!(created.status, 201, "{}", created.body);
                let intent = created.body["data"].clone();
                let pi = intent["id"].as_str().unwrap().to_owned();
                if !direct {
                    let finalize = format!("{path}/finalize/{pi}");
                    let done = send(&self.app, Method::POST, &finalize, json!({"customer_card_id": card}), token).await;
                    assert_eq!(done.status, 200, "{}", done.body);
                    switch_now().await;
                    let (status, confirmed) =
                        self.stripe.confirm_payment_intent(&pi, intent["client_secret"].as_str().unwrap(), None).await;
                    assert_eq!((status, confirmed["status"].as_str()), (200, Some("succeeded")), "{confirmed}");
                }
                assert_eq!(self.stripe.object(&pi).unwrap()["amount"], expected, "what Stripe was asked to take");
                pi
            }
            Provider::PayPal => {
                let base = base.replace("/stripe", "/paypal");
                let mut body = body;
                body["idempotency_key"] = json!(self.name("ppkey"));
                let created = send(&self.app, Method::POST, &base, body, token).await;
                assert_eq!(created.status, 201, "{}", created.body);
                let payment = created.body["data"].clone();
                let id = payment["id"].as_str().unwrap().to_owned();
                let asked = self.paypal.order(&id).unwrap()["purchase_units"][0]["amount"]["value"].clone();
                assert_eq!(asked, json!(format!("{}.{:02}", expected / 100, expected % 100)), "what PayPal was asked");
                switch_now().await;
                let (_, params) = on_approval_page(&payment, true).await;
                let executed = execute(&self.app, &base, &id, &params["PayerID"], token).await;
                assert_eq!(executed.status, 200, "{}", executed.body);
                id
            }
        }
    }

    /// The contest's invoice text.
    async fn invoice(&self, id: i64, token: &str) -> String {
        let issued =
            send(&self.app, Method::POST, &format!("/contests/{id}/invoices/download/token"), json!(null), token).await;
        assert_eq!(issued.status, 201, "{}", issued.body);
        let url = self
            .app
            .url(&format!("/contests/{id}/invoices/download?token={}", issued.body["data"]["token"].as_str().unwrap()));
        String::from_utf8_lossy(&self.app.client.get(&url).send().await.unwrap().bytes().await.unwrap()).into_owned()
    }

    async fn run(&self, case: Case) {
        let app = &self.app;
        let (client_id, client) = app.client_session(&self.name("money")).await;
        if case.subscribed {
            let body = json!({"trigger_id": 2, "is_active": 1});
            let on = app.put(&format!("/users/{client_id}/subscriptions"), &body, &self.admin).await;
            assert!(on.status.is_success(), "{}", on.body);
        }
        let package_id = self.packages[case.package];
        let package_cents = PACKAGES[case.package];

        // The coupon, and what launching with it answers.
        let mut refused_at_launch = None;
        let code = match &case.coupon {
            Coupon::None => None,
            Coupon::FiftyOff { limit_one } => {
                let limit = if *limit_one { json!(1) } else { Value::Null };
                Some(self.coupon(1, json!({"amount_off": 50, "usage_limit": limit})).await)
            }
            Coupon::Percent(p) => Some(self.coupon(1, json!({"percent_off": p})).await),
            Coupon::WrongType => {
                refused_at_launch = Some("coupon.type.invalid");
                Some(self.coupon(2, json!({"amount_off": 50})).await)
            }
            Coupon::Unknown => {
                refused_at_launch = Some("coupon.invalid");
                Some(self.name("NOSUCHCODE"))
            }
            Coupon::UsedUp => {
                refused_at_launch = Some("coupon.limit_exceed");
                let code = self.coupon(1, json!({"amount_off": 50, "usage_limit": 1})).await;
                let coupon_id: i64 = sqlx::query_scalar("SELECT id FROM contest_type_coupon WHERE code = $1")
                    .bind(&code)
                    .fetch_one(&app.db.pool)
                    .await
                    .unwrap();
                sqlx::query(
                    "INSERT INTO coupon_redemption (contest_type_coupon_id, app_user_id, contest_id, payment_ref, \
                     discount_cents, created_at) VALUES ($1, $2, NULL, $3, 5000, 0)",
                )
                .bind(coupon_id)
                .bind(self.admin_id)
                .bind(format!("earlier-{code}"))
                .execute(&app.db.pool)
                .await
                .unwrap();
                Some(code)
            }
            Coupon::OtherPackage => {
                let other = self.packages[(case.package + 1) % 4];
                Some(self.coupon(1, json!({"amount_off": 50, "contest_type_pricing_id": other})).await)
            }
        };
        let launched = self.launch(&client, code.as_deref()).await;
        let id = match refused_at_launch {
            Some(refusal) => {
                assert_eq!(
                    (launched.status.as_u16(), launched.field_code("coupon_code")),
                    (422, refusal),
                    "{}",
                    launched.body
                );
                let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contest WHERE created_by = $1")
                    .bind(client_id)
                    .fetch_one(&app.db.pool)
                    .await
                    .unwrap();
                assert_eq!(count, 0, "a refused coupon stores nothing");
                let again = self.launch(&client, None).await;
                assert_eq!(again.status, 201, "{}", again.body);
                again.body["data"]["id"].as_i64().unwrap()
            }
            None => {
                assert_eq!(launched.status, 201, "{}", launched.body);
                launched.body["data"]["id"].as_i64().unwrap()
            }
        };

        // The options step, as the screen sends it.
        let rush = case.upgrades.contains(&RUSH_UPGRADE) || case.length_id == Some(RUSH_LENGTH);
        let mut length_id = case.length_id;
        let options = |length_id: Option<i64>, coupon: Option<&str>| {
            let mut body = json!({"contest_type_pricing_id": package_id, "upgrade_ids": case.upgrades, "contest_length_id": length_id});
            if let Some(code) = coupon {
                body["coupon_code"] = json!(code);
            }
            body
        };
        let path = format!("/contests/{id}/options");
        let mut answer = app.put(&path, &options(length_id, None), &client).await;
        if case.upgrades.contains(&RUSH_UPGRADE) && matches!(length_id, Some(2) | Some(4)) {
            assert_eq!(
                (answer.status.as_u16(), answer.field_code("contest_length_id")),
                (422, "contest_length_id.rush")
            );
            length_id = None;
            answer = app.put(&path, &options(length_id, None), &client).await;
        }
        let mut discount_applies = matches!(case.coupon, Coupon::FiftyOff { .. } | Coupon::Percent(_));
        if matches!(case.coupon, Coupon::OtherPackage) {
            answer.assert_error(422, "coupon.pricing.invalid");
            assert_eq!(
                answer.body["error"]["message"],
                "The coupon code you are using is not valid for the package you selected and has not been applied to your order."
            );
            // The client removes it (the options screen's button).
            answer = app.put(&path, &options(length_id, Some("")), &client).await;
            discount_applies = false;
        }
        assert_eq!(answer.status, 200, "{}", answer.body);
        let shown_on_options = answer.body["data"]["quote"]["total_cents"].as_i64().unwrap();

        // The model: package - coupon, upgrades unless subscribed (Rush is the 3-day length
        // sold as an upgrade), a paid length otherwise.
        let discount = match (&case.coupon, discount_applies) {
            (Coupon::FiftyOff { .. }, true) => 5_000.min(package_cents),
            (Coupon::Percent(p), true) => (package_cents * p + 50) / 100,
            _ => 0,
        };
        let upgrades_cents: i64 = match case.subscribed {
            true => 0,
            false => {
                case.upgrades.iter().filter(|u| **u != RUSH_UPGRADE).map(|u| self.upgrade_cents(*u)).sum::<i64>()
                    + if rush { self.upgrade_cents(RUSH_UPGRADE) } else { 0 }
            }
        };
        let length_cents = match (rush, length_id) {
            (false, Some(l)) => LENGTHS.iter().find(|x| x.0 == l).unwrap().2,
            _ => 0,
        };
        let expected = package_cents - discount + upgrades_cents + length_cents;
        assert_eq!(shown_on_options, expected, "options total vs the catalogue's rules ({case:?})");
        // The review screen's quote (the stored selection) and the live quote agree.
        let (review, _) = self.quote(id, json!({}), &client).await;
        let (live, _) = self.quote(id, options(length_id, None), &client).await;
        assert_eq!((review, live), (expected, expected));

        // Pay.
        let used_before = match (&code, discount_applies) {
            (Some(code), true) => Some(self.used_count(code).await),
            _ => None,
        };
        let card = match case.provider {
            Provider::Card => save_card(app, &self.stripe, client_id, &client, "pm_card_visa").await,
            Provider::PayPal => 0,
        };
        let base = format!("/contests/{id}/payments/stripe");
        let switch = case.switch_before_paying.then(|| {
            let every: Vec<i64> = self.upgrades.iter().map(|u| u.0).filter(|u| *u != RUSH_UPGRADE).collect();
            (
                path.clone(),
                json!({"contest_type_pricing_id": self.packages[3], "upgrade_ids": every, "contest_length_id": null}),
            )
        });
        let payment = self.pay_switching(case.provider, &base, json!({}), card, &client, expected, switch).await;
        let row = transaction(app, &client, &payment).await;
        assert_eq!((row["amount_cents"].as_i64(), row["state"].as_str()), (Some(expected), Some("paid")), "{row}");
        let method = match case.provider {
            Provider::Card => "card through Stripe",
            Provider::PayPal => "PayPal",
        };
        let invoice = self.invoice(id, &client).await;
        let total_line =
            format!("Total paid: {} USD, by {method}", vitrine_server::shared::money::exact_text(expected));
        assert!(invoice.contains(&total_line), "{total_line} in {invoice}");
        assert!(invoice.contains("Date: "), "{invoice}");
        assert!(invoice.contains("of which prize, held for the winner"), "the ledger's split: {invoice}");
        super::ledger::check_books(&self.app, &self.admin).await;

        // The contest runs for its length (Rush: 3 days), with the package and the upgrades
        // paid for, whatever the options said by the time it was paid.
        let contest = app.get(&format!("/contests/{id}"), Some(&client)).await.body["data"].clone();
        assert_eq!(contest["status_id"], 2, "{contest}");
        assert_eq!(contest["contest_type_pricing_id"], package_id, "the package priced ({case:?})");
        let flags = ["is_featured", "is_private", "is_blind", "is_notified_via_email", "is_featured_blog_post"];
        let on: i64 = flags.iter().map(|f| contest[*f].as_i64().unwrap()).sum::<i64>()
            + contest["detail"]["is_highlighted"].as_i64().unwrap();
        let priced_flags = case.upgrades.iter().filter(|u| **u != RUSH_UPGRADE).count() as i64;
        assert_eq!(on, priced_flags, "the upgrades priced, no more ({case:?}): {contest}");
        let days = match (rush, length_id) {
            (true, _) => 3,
            (false, Some(l)) => LENGTHS.iter().find(|x| x.0 == l).unwrap().1,
            (false, None) => 7,
        };
        let ran = contest["submission_ends_at"].as_i64().unwrap() - contest["launched_at"].as_i64().unwrap();
        assert_eq!(ran, days * DAY_MS, "{contest}");

        // The coupon counted one use, once (a redelivered webhook adds none).
        if let (Some(code), Some(before)) = (&code, used_before) {
            for event in self
                .stripe
                .events()
                .iter()
                .filter(|e| e.kind == "payment_intent.succeeded" && e.payload.contains(&payment))
            {
                self.stripe.redeliver(&event.id).await;
            }
            assert_eq!(self.used_count(code).await, before + 1, "one use per paid launch");
            if matches!(case.coupon, Coupon::FiftyOff { limit_one: true }) {
                let (_, next) = app.client_session(&self.name("second")).await;
                let refused = self.launch(&next, Some(code)).await;
                assert_eq!((refused.status.as_u16(), refused.field_code("coupon_code")), (422, "coupon.limit_exceed"));
            }
        }

        // An upgrade bought after launch: the quote, then exactly that (free: no payment).
        let on_contest = |u: i64| case.upgrades.contains(&u) || (u == RUSH_UPGRADE && rush);
        if let Some(later) = self.upgrades.iter().map(|u| u.0).find(|u| !on_contest(*u) && *u != RUSH_UPGRADE) {
            let body = json!({"purpose": "upgrade", "upgrade_ids": [later]});
            let (quoted, data) = self.quote(id, body, &client).await;
            let price = if case.subscribed { 0 } else { self.upgrade_cents(later) };
            assert_eq!(quoted, price, "{data}");
            let upgrades_base = format!("/contests/{id}/upgrades/payments/stripe");
            if quoted == 0 {
                assert_eq!(data["payment_due"], false);
                let intent = json!({"upgrade_ids": [later], "idempotency_key": self.name("free")});
                send(app, Method::POST, &format!("{upgrades_base}/payment-intents"), intent, &client)
                    .await
                    .assert_error(409, "payment.not_due");
                let applied = send(
                    app,
                    Method::POST,
                    &format!("/contests/{id}/upgrades/free"),
                    json!({"upgrade_ids": [later]}),
                    &client,
                )
                .await;
                assert_eq!(applied.status, 200, "{}", applied.body);
            } else {
                let payment = self
                    .pay(case.provider, &upgrades_base, json!({"upgrade_ids": [later]}), card, &client, quoted)
                    .await;
                let row = transaction(app, &client, &payment).await;
                assert_eq!(row["amount_cents"].as_i64(), Some(quoted), "{row}");
                let invoice = self.invoice(id, &client).await;
                let both = expected + quoted;
                assert!(
                    invoice.contains(&format!("Total paid: {} USD", vitrine_server::shared::money::exact_text(both))),
                    "{invoice}"
                );
            }
            let free = send(
                app,
                Method::POST,
                &format!("/contests/{id}/upgrades/free"),
                json!({"upgrade_ids": [later]}),
                &client,
            )
            .await;
            assert_eq!(
                (free.status.as_u16(), free.field_code("upgrade_ids")),
                (422, "upgrade_ids.already"),
                "{}",
                free.body
            );
        }
        super::ledger::check_books(&self.app, &self.admin).await;
    }
}

#[test]
fn every_price_charged_is_the_price_shown() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let world = runtime.block_on(World::start());
    let mut runner = super::property_runner(CASES, "tests/api/payments/money_property.proptest-regressions");
    let outcome = runner.run(&case(), |case| {
        runtime.block_on(world.run(case));
        Ok(())
    });
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
}
