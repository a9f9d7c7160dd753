//! The admin's judgment: once; against the entry it eliminates it and tells both
//! designers and the contest holder; for it, it closes the report. Either way the
//! court sees it live and votes stop.

use serde_json::json;

use super::{case, judgment_path, next_event, vote};
use crate::{
    entries::{designer, post},
    helpers::{spawn_app, TestApp},
    realtime::client::WsClient,
};

/// (user, type, data) of the court's notifications, in order.
async fn court_notifications(app: &TestApp) -> Vec<(i64, i64, serde_json::Value)> {
    let rows: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT app_user_id, notification_type_id, data FROM notification WHERE data LIKE '%contest_entry_report_id%' ORDER BY id",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    rows.into_iter().map(|(user, kind, data)| (user, kind, serde_json::from_str(&data).unwrap())).collect()
}

#[tokio::test]
async fn court_a_judgment_against_an_entry_eliminates_it_notifies_three_goes_live_and_stops_the_votes() {
    let app = spawn_app().await;
    let c = case(&app, "cj1").await;
    let (_, gold) = designer(&app, "cj1gold", 3).await;
    let (_, late) = designer(&app, "cj1late", 3).await;
    let path = judgment_path(c.report);
    assert_eq!(vote(&app, c.report, 1, &gold).await.status, 201);

    // Only an admin judges, with a judgment of 1 or 2.
    post(&app, &path, &json!({"judgment": 1}), None).await.assert_error(401, "auth.unauthenticated");
    for token in [&gold, &c.contest.owner, &c.carol.1] {
        post(&app, &path, &json!({"judgment": 1}), Some(token)).await.assert_error(403, "court.judgement.admin_only");
    }
    post(&app, &path, &json!({"judgment": 5}), Some(&c.admin.1)).await.assert_error(422, "judgment.in");
    post(&app, &judgment_path(999_999), &json!({"judgment": 1}), Some(&c.admin.1))
        .await
        .assert_error(404, "contest.entry.report.not_found");

    // The court (report.created, one vote) and the contest are watched.
    let mut court = WsClient::signed_in(&app, &gold).await;
    court.subscribe("court", 2).await;
    let contest_ch = format!("contest:{}", c.contest.id);
    let mut contest = WsClient::signed_in(&app, &c.contest.owner).await;
    let subscribed = contest.sub(&contest_ch, None, None).await;
    assert!(matches!(subscribed, vitrine_protocol::ServerFrame::Subscribed { .. }), "{subscribed:?}");
    let judged = post(&app, &path, &json!({"is_copied": 1}), Some(&c.admin.1)).await;
    assert_eq!(judged.status, 200, "{}", judged.body);
    let data = &judged.body["data"];
    assert_eq!((data["status_id"].as_i64(), data["status_name"].as_str()), (Some(2), Some("copied")));
    assert_eq!((data["judged_by"].as_i64(), data["entry_status_id"].as_i64()), (Some(c.admin.0), Some(2)));

    let (seq, kind, event) = next_event(&mut court, "court").await;
    assert_eq!((seq, kind.as_str()), (3, "report.judged"));
    assert_eq!((event["id"].as_i64(), event["status_id"].as_i64()), (Some(c.report), Some(2)));
    assert_eq!(event["contest_entry_id"], c.entry);
    assert_eq!(event["tally"], json!({"copied": 1, "not_copied": 0, "total": 1}));
    let (_, kind, event) = next_event(&mut contest, &contest_ch).await;
    assert_eq!(
        (kind.as_str(), event["id"].as_i64(), event["status"].as_str()),
        ("entry.updated", Some(c.entry), Some("eliminated"))
    );

    let shown = app.get(&format!("/contests/{}/entries/{}", c.contest.id, c.entry), Some(&c.contest.owner)).await;
    assert_eq!(shown.body["data"]["status"], "eliminated", "{}", shown.body);
    let notified = court_notifications(&app).await;
    let users: Vec<i64> = notified.iter().map(|(user, _, _)| *user).collect();
    assert_eq!(users, vec![c.alice.0, c.bob.0, c.contest.owner_id], "both designers and the holder, once each");
    for (_, kind, data) in &notified {
        assert_eq!(*kind, 9);
        assert_eq!(
            (data["contest_id"].as_i64(), data["contest_entry_id"].as_i64()),
            (Some(c.contest.id), Some(c.entry))
        );
        assert_eq!(data["contest_entry_report_id"], c.report);
    }

    // Votes after the judgment, and a second judgment, are refused.
    let refused = vote(&app, c.report, 2, &late).await;
    refused.assert_error(409, "court.judgement.made");
    assert_eq!(refused.body["error"]["message"], "Voting unsuccessful as judgement is already made");
    let twice = post(&app, &path, &json!({"judgment": 2}), Some(&c.admin.1)).await;
    twice.assert_error(409, "court.judgement.exists");
    let listed = app.get("/contest-entry-reports?filter[status]=copied", Some(&late)).await;
    assert_eq!(listed.body["data"][0]["id"], c.report, "{}", listed.body);
}

#[tokio::test]
async fn court_a_judgment_for_the_entry_closes_the_report_keeps_the_entry_and_notifies_nobody() {
    let app = spawn_app().await;
    let c = case(&app, "cj2").await;
    let (_, gold) = designer(&app, "cj2gold", 3).await;
    let judged = post(&app, &judgment_path(c.report), &json!({"judgment": 2}), Some(&c.admin.1)).await;
    assert_eq!(judged.status, 200, "{}", judged.body);
    assert_eq!(
        (judged.body["data"]["status_id"].as_i64(), judged.body["data"]["status_name"].as_str()),
        (Some(3), Some("not_copied"))
    );
    assert_eq!(judged.body["data"]["entry_status_id"], 1);
    let shown = app.get(&format!("/contests/{}/entries/{}", c.contest.id, c.entry), Some(&c.contest.owner)).await;
    assert_eq!(shown.body["data"]["status"], "active");
    assert!(court_notifications(&app).await.is_empty());
    let refused = vote(&app, c.report, 1, &gold).await;
    refused.assert_error(409, "court.judgement.made");
    assert_eq!(refused.body["error"]["message"], "Voting unsuccessful as judgement is already made");
    let closed = app.get("/contest-entry-reports?filter[status]=3", Some(&gold)).await;
    assert_eq!((closed.body["total"].as_i64(), closed.body["data"][0]["id"].as_i64()), (Some(1), Some(c.report)));
}
