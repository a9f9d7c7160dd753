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
