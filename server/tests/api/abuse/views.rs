//! Anonymous view counts limited per visitor: reloading a contest page, or posting its
//! view in a loop, adds one view an hour per visitor (a signed-in user, else the client's
//! address, whatever `X-Forwarded-For` it writes), not one per request.

use crate::entries::running_contest;
use crate::helpers::{spawn_app_with, TestApp};

async fn views(app: &TestApp, contest: i64) -> i64 {
    sqlx::query_scalar("SELECT views_count FROM contest WHERE id = $1")
        .bind(contest)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// `POST /contests/{id}/views`, anonymous unless `token`, with a forged forwarded address.
async fn view(app: &TestApp, contest: i64, token: Option<&str>, forwarded_for: &str) {
    let mut request =
        app.client.post(app.url(&format!("/contests/{contest}/views"))).header("x-forwarded-for", forwarded_for);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let answer = request.send().await.unwrap();
    // A view that does not count is answered like one that does: nothing to probe.
    assert_eq!(answer.status(), 200);
}

#[tokio::test]
async fn a_visitor_counts_one_view_an_hour_however_often_they_post_it() {
    let app = spawn_app_with(|settings| settings.limits.enabled = true).await;
    let contest = running_contest(&app, "abviews").await;
    let before = views(&app, contest.id).await;

    for n in 0..20 {
        view(&app, contest.id, None, &format!("203.0.113.{n}")).await;
    }
    assert_eq!(views(&app, contest.id).await, before + 1, "one anonymous visitor, one view");

    // A signed-in visitor is their own visitor, once.
    for _ in 0..3 {
        view(&app, contest.id, Some(&contest.owner), "198.51.100.1").await;
    }
    assert_eq!(views(&app, contest.id).await, before + 2);

    // An hour later the same visitors count again.
    app.clock.advance_ms(3_600_000);
    view(&app, contest.id, None, "203.0.113.99").await;
    view(&app, contest.id, Some(&contest.owner), "203.0.113.99").await;
    assert_eq!(views(&app, contest.id).await, before + 4);
}

#[tokio::test]
async fn views_carry_their_source_internal_or_external() {
    let app = crate::helpers::spawn_app().await;
    let contest = running_contest(&app, "srcviews").await;
    let counts = || {
        let (app, id) = (&app, contest.id);
        async move {
            sqlx::query_as::<_, (i64, i64)>("SELECT views_count, external_views_count FROM contest WHERE id = $1")
                .bind(id)
                .fetch_one(&app.db.pool)
                .await
                .unwrap()
        }
    };
    let before = counts().await;
    let post = |query: &'static str, forwarded_for: &'static str| {
        let app = &app;
        let path = format!("/contests/{}/views{query}", contest.id);
        async move { app.client.post(app.url(&path)).header("x-forwarded-for", forwarded_for).send().await.unwrap() }
    };
    assert_eq!(post("", "203.0.113.1").await.status(), 200, "internal when not said");
    assert_eq!(post("?source_id=1", "203.0.113.2").await.status(), 200);
    assert_eq!(post("?source_id=2", "203.0.113.3").await.status(), 200);
    assert_eq!(counts().await, (before.0 + 3, before.1 + 1), "three views, one of them external");
    let refused = post("?source_id=3", "203.0.113.4").await;
    assert_eq!(refused.status(), 422);
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["fields"]["source_id"][0]["code"], "validation.exists", "{body}");
    // An unstarted contest is its holder's alone: a visitor's view of it is a 404, and counts nothing.
    let draft = crate::contests::launch(&app, &contest.owner).await;
    let hidden = app.client.post(app.url(&format!("/contests/{draft}/views?source_id=2"))).send().await.unwrap();
    assert_eq!(hidden.status(), 404);
    assert_eq!(counts().await, (before.0 + 3, before.1 + 1));
    let shown = app.get(&format!("/contests/{}", contest.id), Some(&contest.owner)).await;
    assert_eq!(shown.body["data"]["external_views_count"], before.1 + 1);
}
