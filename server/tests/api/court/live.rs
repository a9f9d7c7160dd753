//! The court over a real WebSocket: an admin watching `court` sees the report arrive
//! and each juror's vote move the tally, live and in order; a silver designer is
//! refused the votes over REST and the channel on the hub alike.

use serde_json::json;
use vitrine_protocol::{ErrorCode, ServerFrame};

use super::{file_report, next_event, vote, votes_path};
use crate::{
    entries::{designer, post, running_contest, submitted},
    helpers::spawn_app,
    realtime::client::WsClient,
};

#[tokio::test]
async fn court_three_gold_jurors_vote_while_an_admin_watches_the_tally_move_live_and_a_silver_designer_is_refused_both()
{
    let app = spawn_app().await;
    let contest = running_contest(&app, "cl").await;
    let admin = app.token("cladmin").await;
    let (_, alice) = designer(&app, "clalice", 2).await;
    let (_, bob) = designer(&app, "clbob", 2).await;
    let (_, silver) = designer(&app, "clsilver", 2).await;
    let jurors =
        [designer(&app, "clgold1", 3).await, designer(&app, "clgold2", 3).await, designer(&app, "clplatinum", 4).await];
    let original = submitted(&app, &bob, contest.id).await;
    let entry = submitted(&app, &alice, contest.id).await;

    // The admin watches the court before anything happens in it.
    let mut watcher = WsClient::signed_in(&app, &admin).await;
    watcher.subscribe("court", 0).await;
    // The silver designer is refused the channel...
    let mut outsider = WsClient::signed_in(&app, &silver).await;
    match outsider.sub("court", None, None).await {
        ServerFrame::Error { code: ErrorCode::ChannelForbidden, ch: Some(refused), .. } => assert_eq!(refused, "court"),
        other => panic!("a silver designer must be refused court, got {other:?}"),
    }

    let report = file_report(&app, &contest, entry, original, &silver).await;
    let (seq, kind, data) = next_event(&mut watcher, "court").await;
    assert_eq!((seq, kind.as_str()), (1, "report.created"));
    assert_eq!(data["id"], report);
    assert_eq!(data["entry"]["id"], entry);
    assert_eq!(data["copied_entry"]["id"], original);
    assert_eq!(data["tally"], json!({"copied": 0, "not_copied": 0, "total": 0}));

    // ...and the votes, read or cast, with a stable code.
    app.get(&votes_path(report), Some(&silver)).await.assert_error(403, "court.forbidden");
    post(&app, &votes_path(report), &json!({"vote": 1}), Some(&silver)).await.assert_error(403, "court.forbidden");

    let ballots = [1, 1, 2];
    let expected = [(1, 0, 1), (2, 0, 2), (2, 1, 3)];
    for (n, ((juror_id, token), ballot)) in jurors.iter().zip(ballots).enumerate() {
        let answer = vote(&app, report, ballot, token).await;
        assert_eq!(answer.status, 201, "{}", answer.body);
        // The watcher sees this vote before the next one is cast: live, not on reload.
        let (seq, kind, data) = next_event(&mut watcher, "court").await;
        let (copied, not_copied, total) = expected[n];
        assert_eq!((seq, kind.as_str()), (n as u64 + 2, "report.vote"), "vote {n}");
        assert_eq!(data["id"], report);
        assert_eq!(data["juror_id"], *juror_id);
        assert_eq!(data["vote"], ballot);
        assert_eq!(data["tally"], json!({"copied": copied, "not_copied": not_copied, "total": total}), "vote {n}");
        assert_eq!(answer.body["data"]["tally"], data["tally"], "REST and hub agree");
    }
    // Nothing else was queued: the next frame answers a ping.
    watcher.ping_pong().await;
    // The silver designer's socket received none of it.
    outsider.ping_pong().await;
}

#[tokio::test]
async fn court_jurors_voting_at_once_move_the_tally_one_step_per_event_never_back() {
    let app = spawn_app().await;
    let c = super::case(&app, "cr").await;
    let mut watcher = WsClient::signed_in(&app, &c.admin.1).await;
    watcher.subscribe("court", 1).await;
    let mut jurors = Vec::new();
    for n in 0..6 {
        jurors.push(designer(&app, &format!("crgold{n}"), 3).await.1);
    }
    let ballots = futures::future::join_all(
        jurors.iter().enumerate().map(|(n, token)| vote(&app, c.report, if n % 3 == 0 { 2 } else { 1 }, token)),
    )
    .await;
    assert!(ballots.iter().all(|b| b.status == 201), "{ballots:?}");
    for n in 1..=6_u64 {
        let (seq, kind, data) = next_event(&mut watcher, "court").await;
        assert_eq!((seq, kind.as_str()), (n + 1, "report.vote"));
        assert_eq!(data["tally"]["total"], n, "each event is one more vote than the last");
    }
    let read = app.get(&votes_path(c.report), Some(&c.admin.1)).await;
    assert_eq!(read.body["data"]["tally"], json!({"copied": 4, "not_copied": 2, "total": 6}));
}
