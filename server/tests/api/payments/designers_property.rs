//! Property: designers are owed exactly what they earned, once (issue #50). Random
//! sequences of tips (paid by card, approved or rejected by an admin, decisions clicked
//! twice), a marketplace design bought (by card, by PayPal, or by two clients racing
//! with their cards), Stripe's webhooks delivered again, and payouts marked paid (clicks
//! repeated), all through the real routes. After every step: the ledger balances and
//! agrees with the admin's screens ([`super::ledger::check_books`]); each designer's
//! earnings list exactly the tip and sale lines a model of the sequence expects, owed or
//! paid, and total them; every rejected tip and every lost race is given back in full;
//! nothing is charged, owed or paid twice.
//!
//! Driven by proptest's `TestRunner` on one app per backend (a case is a few dozen HTTP
//! calls); a failing case is shrunk and its seed kept in
//! `designers_property.proptest-regressions` next to this file.

use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use reqwest::Method;
use serde_json::json;
use vitrine_paypal_mock::PayPalMock;
use vitrine_stripe_mock::StripeMock;

use super::{create_intent, finalize, pay, paypal, save_card, send, transaction};
use crate::{entries, helpers::TestApp, marketplace};

/// Cases per backend: every step kind several times over, well under a minute.
const CASES: u32 = 10;

#[derive(Debug, Clone, Copy)]
enum Buying {
    Card,
    PayPal,
    /// Two clients pay by card at once; one gets the design, the other their money back.
    Race,
}

#[derive(Debug, Clone)]
enum Step {
    /// The contest holder tips the first or second designer's entry, paying by card.
    Tip { second: bool, dollars: i64 },
    /// An admin approves or rejects the nth undecided tip, maybe clicking twice.
    Decide { nth: usize, approve: bool, twice: bool },
    /// The first or second listed design is bought (refused once sold).
    Buy { second: bool, how: Buying },
    /// Stripe delivers its last few events again.
    Redeliver,
    /// An admin marks the nth owed line paid, maybe clicking twice.
    PayOut { nth: usize, twice: bool },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (any::<bool>(), 5i64..=80).prop_map(|(second, dollars)| Step::Tip { second, dollars }),
        3 => (0usize..4, any::<bool>(), any::<bool>())
            .prop_map(|(nth, approve, twice)| Step::Decide { nth, approve, twice }),
        3 => (any::<bool>(), prop_oneof![1 => Just(Buying::Card), 1 => Just(Buying::PayPal), 2 => Just(Buying::Race)])
            .prop_map(|(second, how)| Step::Buy { second, how }),
        1 => Just(Step::Redeliver),
        2 => (0usize..4, any::<bool>()).prop_map(|(nth, twice)| Step::PayOut { nth, twice }),
    ]
}

#[derive(Debug, Clone)]
struct Case {
    /// The listings' prices, whole dollars.
    prices: [i64; 2],
    steps: Vec<Step>,
}

fn case() -> impl Strategy<Value = Case> {
    ([25i64..=400, 25i64..=400], prop::collection::vec(step(), 3..=9))
        .prop_map(|(prices, steps)| Case { prices, steps })
}

/// An owed or paid line of a designer's earnings: (kind, source id, designer id, cents).
type Line = (String, i64, i64, i64);

/// What the sequence so far should have done.
#[derive(Default)]
struct Model {
    /// Paid tips awaiting an admin: (tip id, designer id, cents, the payment's intent id).
    undecided: Vec<(i64, i64, i64, String)>,
    /// Tips decided, to click again.
    decided: Vec<i64>,
    owed: Vec<Line>,
    paid: Vec<Line>,
    sold: [bool; 2],
    /// Card charges this case made at the local Stripe.
    charges: usize,
}

/// One case's people and things: a running contest with two designers' entries for the
/// holder to tip, and two finished contests' entries listed for sale with two clients to buy them.
struct Scene {
    owner_id: i64,
    owner: String,
    owner_card: i64,
    contest: i64,
    entries: [(i64, i64); 2],
    /// (entry, seller id, price in cents) of each design for sale.
    listings: [(i64, i64, i64); 2],
    buyers: [(String, i64); 2],
    /// Everyone whose earnings are checked: (id, token).
    designers: Vec<(i64, String)>,
}

struct World {
    app: TestApp,
    stripe: StripeMock,
    /// Held for the local PayPal to keep serving.
    _paypal: PayPalMock,
    admin: String,
    next: AtomicUsize,
}

impl World {
    async fn start() -> Self {
        let (app, stripe, paypal) = super::spawn_app_with_both_providers().await;
        let (_, admin) = app.admin_session("owedadmin").await;
        Self { app, stripe, _paypal: paypal, admin, next: AtomicUsize::new(0) }
    }

    async fn scene(&self, prices: [i64; 2]) -> Scene {
        let app = &self.app;
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let tippable = crate::commerce::tippable(app, &format!("ow{n}t")).await;
        let (second_id, second) = entries::designer(app, &format!("ow{n}two"), 2).await;
        let second_entry = entries::submitted(app, &second, tippable.contest).await;
        let owner_card = save_card(app, &self.stripe, tippable.owner_id, &tippable.owner, "pm_card_visa").await;
        let mut listings = Vec::new();
        let mut designers = vec![(tippable.designer_id, tippable.designer), (second_id, second)];
        for (i, price) in prices.into_iter().enumerate() {
            let finished = marketplace::finished(app, &format!("ow{n}m{i}")).await;
            marketplace::listed(app, &finished.seller, finished.entry, price).await;
            listings.push((finished.entry, finished.seller_id, price * 100));
            designers.push((finished.seller_id, finished.seller));
        }
        let mut buyers = Vec::new();
        for who in ["b1", "b2"] {
            let (id, token) = app.client_session(&format!("ow{n}{who}")).await;
            let card = save_card(app, &self.stripe, id, &token, "pm_card_visa").await;
            buyers.push((token, card));
        }
        let buyers: [(String, i64); 2] = buyers.try_into().unwrap();
        Scene {
            owner_id: tippable.owner_id,
            owner: tippable.owner,
            owner_card,
            contest: tippable.contest,
            entries: [(tippable.entry, tippable.designer_id), (second_entry, second_id)],
            listings: listings.try_into().unwrap(),
            buyers,
            designers,
        }
    }

    async fn run(&self, case: Case) {
        let scene = self.scene(case.prices).await;
        let charges_before = self.stripe.charges();
        let mut model = Model::default();
        for step in &case.steps {
            match *step {
                Step::Tip { second, dollars } => self.tip(&scene, &mut model, usize::from(second), dollars).await,
                Step::Decide { nth, approve, twice } => self.decide(&scene, &mut model, nth, approve, twice).await,
                Step::Buy { second, how } => self.buy(&scene, &mut model, usize::from(second), how).await,
                Step::Redeliver => self.redeliver().await,
                Step::PayOut { nth, twice } => self.pay_out(&mut model, nth, twice).await,
            }
            assert_eq!(self.stripe.charges() - charges_before, model.charges, "one charge per payment, after {step:?}");
            self.check(&scene, &model, step).await;
        }
    }

    async fn tip(&self, scene: &Scene, model: &mut Model, which: usize, dollars: i64) {
        let app = &self.app;
        let (entry, designer_id) = scene.entries[which];
        let body = json!({"price": dollars, "contest_id": scene.contest, "contest_entry_id": entry, "trigger_id": 9});
        let added = app.send_json(Method::POST, "/carts", &body, Some(&scene.owner)).await;
        assert_eq!(added.status, 201, "{}", added.body);
        let base = "/carts/payments/stripe/payment-intents";
        let (intent, (status, confirmed)) =
            pay(app, &self.stripe, base, json!({"country_id": 20}), scene.owner_card, &scene.owner).await;
        assert_eq!(status, 200, "{confirmed}");
        model.charges += 1;
        let tip: i64 = sqlx::query_scalar("SELECT MAX(id) FROM contest_entry_tip WHERE created_by = $1")
            .bind(scene.owner_id)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        let intent_id = intent["id"].as_str().unwrap().to_owned();
        model.undecided.push((tip, designer_id, dollars * 100, intent_id));
    }

    async fn decide(&self, scene: &Scene, model: &mut Model, nth: usize, approve: bool, twice: bool) {
        if model.undecided.is_empty() {
            if let Some(&tip) = model.decided.get(nth % model.decided.len().max(1)) {
                self.decision(tip, 2).await.assert_error(409, "contest_entry_tip.decided");
            }
            return;
        }
        let (tip, designer_id, cents, intent) = model.undecided.remove(nth % model.undecided.len());
        let answer = self.decision(tip, if approve { 2 } else { 3 }).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        if twice {
            self.decision(tip, if approve { 3 } else { 2 }).await.assert_error(409, "contest_entry_tip.decided");
        }
        model.decided.push(tip);
        if approve {
            model.owed.push(("tip".into(), tip, designer_id, cents));
        } else {
            // Given back in full: the tip only, not the tax on the rest of the cart (a cart of one).
            let paid = transaction(&self.app, &scene.owner, &intent).await;
            assert_eq!(paid["refunded_cents"], cents, "the rejected tip is given back: {paid}");
        }
    }

    async fn decision(&self, tip: i64, status: i64) -> crate::helpers::Answer {
        let path = format!("/contest-entry-tips/{tip}");
        self.app.send_json(Method::PATCH, &path, &json!({"approval_status_id": status}), Some(&self.admin)).await
    }

    async fn buy(&self, scene: &Scene, model: &mut Model, which: usize, how: Buying) {
        let app = &self.app;
        let (listing, seller_id, cents) = scene.listings[which];
        let card_base = format!("/marketplace-contest-entries/{listing}/payments/stripe/payment-intents");
        let (first, first_card) = (&scene.buyers[0].0, scene.buyers[0].1);
        if model.sold[which] {
            let key = json!({"idempotency_key": format!("late-{}", self.next.fetch_add(1, Ordering::Relaxed))});
            let late = send(app, Method::POST, &card_base, key, first).await;
            late.assert_error(409, "contest.entry.not_available.purchase");
            return;
        }
        match how {
            Buying::Card => {
                let (intent, (status, confirmed)) =
                    pay(app, &self.stripe, &card_base, json!({}), first_card, first).await;
                assert_eq!(status, 200, "{confirmed}");
                assert_eq!(intent["amount_cents"], cents, "the listing's price");
                model.charges += 1;
            }
            Buying::PayPal => {
                let base = format!("/marketplace-contest-entries/{listing}/payments/paypal");
                let order = paypal::create(app, &base, json!({}), first).await;
                assert_eq!(order["amount_cents"], cents, "the listing's price");
                let (_, params) = paypal::on_approval_page(&order, true).await;
                let executed =
                    paypal::execute(app, &base, order["id"].as_str().unwrap(), &params["PayerID"], first).await;
                assert_eq!((executed.status.as_u16(), executed.body["data"]["state"].as_str()), (200, Some("paid")));
            }
            Buying::Race => self.race(&card_base, scene, cents, model).await,
        }
        model.sold[which] = true;
        model.owed.push(("sale".into(), listing, seller_id, cents));
    }

    /// Both buyers hold a finalized intent, then confirm at once: Stripe takes both, the
    /// design goes to one, and the other is refunded in full.
    async fn race(&self, base: &str, scene: &Scene, cents: i64, model: &mut Model) {
        let app = &self.app;
        let mut intents = Vec::new();
        for (token, card) in &scene.buyers {
            let intent = create_intent(app, base, json!({}), token).await;
            assert_eq!(finalize(app, base, &intent, *card, token).await.status, 200);
            intents.push(intent);
        }
        let secrets: Vec<(&str, &str)> =
            intents.iter().map(|i| (i["id"].as_str().unwrap(), i["client_secret"].as_str().unwrap())).collect();
        let ((first, _), (second, _)) = tokio::join!(
            self.stripe.confirm_payment_intent(secrets[0].0, secrets[0].1, None),
            self.stripe.confirm_payment_intent(secrets[1].0, secrets[1].1, None)
        );
        assert_eq!((first, second), (200, 200), "Stripe takes both cards");
        model.charges += 2;
        let mut states = Vec::new();
        for ((token, _), intent) in scene.buyers.iter().zip(&intents) {
            let row = transaction(app, token, intent["id"].as_str().unwrap()).await;
            states.push((row["state"].as_str().unwrap().to_owned(), row["refunded_cents"].as_i64().unwrap()));
        }
        states.sort();
        assert_eq!(states, [("paid".to_owned(), 0), ("refunded".to_owned(), cents)], "one sale, one refund");
    }

    async fn redeliver(&self) {
        let events = self.stripe.events();
        for event in events.iter().rev().take(3) {
            assert_eq!(self.stripe.redeliver(&event.id).await, Some(200), "{} accepted again", event.kind);
        }
    }

    async fn pay_out(&self, model: &mut Model, nth: usize, twice: bool) {
        let path = "/admin/transactions/outgoing/mark-paid";
        let mark = |line: &Line| {
            let body = json!({"kind": line.0, "source_id": line.1, "reference": format!("BANK-{}-{}", line.0, line.1)});
            async move { self.app.send_json(Method::POST, path, &body, Some(&self.admin)).await }
        };
        if model.owed.is_empty() {
            if let Some(line) = model.paid.get(nth % model.paid.len().max(1)) {
                mark(line).await.assert_error(409, "payout.not_owed");
            }
            return;
        }
        let line = model.owed.remove(nth % model.owed.len());
        let marked = mark(&line).await;
        assert_eq!(marked.status, 201, "{}", marked.body);
        if twice {
            mark(&line).await.assert_error(409, "payout.not_owed");
        }
        model.paid.push(line);
    }

    /// The books, and each designer's earnings screen against the model.
    async fn check(&self, scene: &Scene, model: &Model, after: &Step) {
        super::ledger::check_books(&self.app, &self.admin).await;
        for (id, token) in &scene.designers {
            let answer = self.app.get(&format!("/users/{id}/transactions/earnings"), Some(token)).await;
            assert_eq!(answer.status, 200, "{}", answer.body);
            let data = &answer.body["data"];
            let lines = |status: i64| -> Vec<Line> {
                let mut lines: Vec<Line> = data["payouts"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|p| p["status_id"] == status && (p["kind"] == "tip" || p["kind"] == "sale"))
                    .map(|p| {
                        let n = |k: &str| p[k].as_i64().unwrap();
                        (p["kind"].as_str().unwrap().to_owned(), n("source_id"), *id, n("amount_cents"))
                    })
                    .collect();
                lines.sort();
                lines
            };
            let expected = |of: &[Line]| {
                let mut mine: Vec<Line> = of.iter().filter(|l| l.2 == *id).cloned().collect();
                mine.sort();
                mine
            };
            assert_eq!(lines(1), expected(&model.owed), "designer {id} owed, after {after:?}: {data}");
            assert_eq!(lines(2), expected(&model.paid), "designer {id} paid, after {after:?}: {data}");
            let sum = |status: i64| -> i64 {
                let payouts = data["payouts"].as_array().unwrap().iter();
                payouts.filter(|p| p["status_id"] == status).map(|p| p["amount_cents"].as_i64().unwrap()).sum()
            };
            assert_eq!((data["owed_cents"].as_i64(), data["paid_cents"].as_i64()), (Some(sum(1)), Some(sum(2))));
        }
    }
}

#[test]
fn designers_are_owed_what_they_earned_once() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let world = runtime.block_on(World::start());
    let mut runner = super::property_runner(CASES, "tests/api/payments/designers_property.proptest-regressions");
    let outcome = runner.run(&case(), |case| {
        runtime.block_on(world.run(case));
        Ok(())
    });
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
}
