//! The list of reports and the votes: who sits on the court, who may vote, once.

use serde_json::json;

use super::{case, vote, votes_path};
use crate::{
    entries::{designer, post},
    helpers::spawn_app,
};

#[tokio::test]
async fn court_only_gold_designers_and_admins_list_reports_with_entry_contest_reporter_copy_and_tally() {
    let app = spawn_app().await;
    let c = case(&app, "cv1").await;
    let (_, bronze) = designer(&app, "cv1bronze", 1).await;
    let (_, gold) = designer(&app, "cv1gold", 3).await;

    app.get("/contest-entry-reports", None).await.assert_error(401, "auth.unauthenticated");
    for token in [&bronze, &c.alice.1, &c.contest.owner] {
        app.get("/contest-entry-reports", Some(token)).await.assert_error(403, "court.forbidden");
    }
    vote(&app, c.report, 1, &gold).await;
    for (who, token, my_vote) in [("gold", &gold, json!(1)), ("admin", &c.admin.1, json!(null))] {
        let list = app.get("/contest-entry-reports", Some(token)).await;
        assert_eq!(list.status, 200, "{who}: {}", list.body);
        assert_eq!((list.body["total"].as_i64(), list.body["per_page"].as_i64()), (Some(1), Some(48)), "{who}");
        assert_eq!((list.body["current_page"].as_i64(), list.body["next_page_url"].is_null()), (Some(1), true));
        let report = &list.body["data"][0];
        assert_eq!(report["id"], c.report);
        assert_eq!((report["status_id"].as_i64(), report["status_name"].as_str()), (Some(1), Some("open")));
        assert_eq!(report["reason"], "Same bean, same moon");
        assert_eq!(report["contest"]["id"], c.contest.id);
        assert_eq!(
            (report["entry"]["id"].as_i64(), report["entry"]["designer"]["id"].as_i64()),
            (Some(c.entry), Some(c.alice.0))
        );
        assert_eq!(report["reporter"]["id"], c.carol.0);
        assert_eq!(
            (report["copied_entry"]["id"].as_i64(), report["copied_entry"]["designer"]["id"].as_i64()),
            (Some(c.original), Some(c.bob.0))
        );
        assert_eq!(report["tally"], json!({"copied": 1, "not_copied": 0, "total": 1}), "{who}");
        assert_eq!(report["my_vote"], my_vote, "{who}");
    }
    // filter[status]: by id or name; a status that does not exist is a field error.
    let open = app.get("/contest-entry-reports?filter[status]=open&page=1", Some(&gold)).await;
    assert_eq!(open.body["total"], 1, "{}", open.body);
    let copied = app.get("/contest-entry-reports?filter[status]=2", Some(&gold)).await;
    assert_eq!((copied.body["total"].as_i64(), copied.body["data"].as_array().map(Vec::len)), (Some(0), Some(0)));
    app.get("/contest-entry-reports?filter[status]=9", Some(&gold)).await.assert_error(422, "filter.status.in");
    let far = app.get("/contest-entry-reports?page=2", Some(&gold)).await;
    assert_eq!((far.body["total"].as_i64(), far.body["data"].as_array().map(Vec::len)), (Some(1), Some(0)));
}

#[tokio::test]
async fn court_a_gold_juror_votes_once_and_parties_admins_and_lower_levels_may_not() {
    let app = spawn_app().await;
    let c = case(&app, "cv2").await;
    let (_, gold) = designer(&app, "cv2gold", 3).await;
    let (_, silver) = designer(&app, "cv2silver", 2).await;
    let path = votes_path(c.report);

    post(&app, &path, &json!({"vote": 1}), None).await.assert_error(401, "auth.unauthenticated");
    post(&app, &path, &json!({"vote": 1}), Some(&silver)).await.assert_error(403, "court.forbidden");
    post(&app, &path, &json!({"vote": 1}), Some(&c.contest.owner)).await.assert_error(403, "court.forbidden");
    post(&app, &path, &json!({"vote": 1}), Some(&c.admin.1)).await.assert_error(403, "court.vote.admin");
    post(&app, &path, &json!({"vote": 3}), Some(&gold)).await.assert_error(422, "vote.in");
    post(&app, &path, &json!({}), Some(&gold)).await.assert_error(422, "vote.in");
    vote(&app, 999_999, 1, &gold).await.assert_error(404, "contest.entry.report.not_found");

    // The parties, promoted to gold, still may not sit on their own case.
    for (id, _) in [&c.alice, &c.bob, &c.carol] {
        sqlx::query("UPDATE app_user SET creative_level_id = 3 WHERE id = $1")
            .bind(id)
            .execute(&app.db.pool)
            .await
            .unwrap();
    }
    for (who, token) in [("reported designer", &c.alice.1), ("copied designer", &c.bob.1), ("reporter", &c.carol.1)] {
        let refused = vote(&app, c.report, 2, token).await;
        assert_eq!(refused.code(), "court.vote.party", "{who}");
        refused.assert_error(403, "court.vote.party");
    }

    // is_copied works as well as vote; one vote per juror.
    let cast = post(&app, &path, &json!({"is_copied": 0}), Some(&gold)).await;
    assert_eq!(cast.status, 201, "{}", cast.body);
    assert_eq!(cast.body["data"]["tally"], json!({"copied": 0, "not_copied": 1, "total": 1}));
    assert_eq!(cast.body["data"]["my_vote"], 2);
    let again = vote(&app, c.report, 1, &gold).await;
    again.assert_error(409, "court.vote.exists");
    assert_eq!(again.body["error"]["message"], "You have already voted on this report.");

    // Reading the votes: the court (admins too); not the rest.
    app.get(&path, None).await.assert_error(401, "auth.unauthenticated");
    app.get(&path, Some(&silver)).await.assert_error(403, "court.forbidden");
    app.get(&votes_path(999_999), Some(&gold)).await.assert_error(404, "contest.entry.report.not_found");
    for (token, my_vote) in [(&gold, json!(2)), (&c.admin.1, json!(null))] {
        let read = app.get(&path, Some(token)).await;
        assert_eq!(read.status, 200, "{}", read.body);
        let data = &read.body["data"];
        assert_eq!((data["contest_entry_report_id"].as_i64(), data["status_id"].as_i64()), (Some(c.report), Some(1)));
        assert_eq!(data["tally"]["total"], 1);
        assert_eq!(data["my_vote"], my_vote);
        assert_eq!(data["votes"].as_array().map(Vec::len), Some(1));
        assert_eq!(
            (data["votes"][0]["juror"]["username"].as_str(), data["votes"][0]["vote"].as_i64()),
            (Some("cv2gold"), Some(2))
        );
    }
}
