//! One case per reported entry: a second report filed while the entry's case is open
//! joins that case (listed once, with both reports), its filer is a party who may not
//! vote, the judgment decides both reports, and a report after a "not copied" judgment
//! opens a new case. The admin watching `court` sees the join live.

use serde_json::json;

use super::{case, file_report, judgment_path, next_event, vote};
use crate::{
    entries::{designer, post},
    helpers::spawn_app,
    realtime::client::WsClient,
};

#[tokio::test]
async fn court_a_second_report_on_an_entry_joins_its_open_case_and_is_judged_with_it() {
    let app = spawn_app().await;
    let c = case(&app, "cc1").await;
    let (dave_id, dave) = designer(&app, "cc1dave", 2).await;
    let (_, gold) = designer(&app, "cc1gold", 3).await;

    let mut watcher = WsClient::signed_in(&app, &c.admin.1).await;
    // The case's report.created is seq 1.
    watcher.subscribe("court", 1).await;

    let second = file_report(&app, &c.contest, c.entry, c.original, &dave).await;
    assert_ne!(second, c.report, "the second report is stored, as its own row");
    let (_, kind, data) = next_event(&mut watcher, "court").await;
    assert_eq!(kind, "report.joined", "{data}");
    assert_eq!(data["id"], c.report, "the event carries the case, not the joined report");
    assert_eq!(data["joined_reports"][0]["id"], second);
    assert_eq!(data["joined_reports"][0]["reporter"]["id"], dave_id);

    // The court lists one case for the entry, gathering both reports.
    let list = app.get("/contest-entry-reports?filter[status]=open", Some(&gold)).await;
    assert_eq!(list.status, 200, "{}", list.body);
    assert_eq!(list.body["total"], 1, "{}", list.body);
    let listed = &list.body["data"][0];
    assert_eq!((listed["id"].as_i64(), listed["reporter"]["id"].as_i64()), (Some(c.report), Some(c.carol.0)));
    assert_eq!(listed["joined_reports"].as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(listed["joined_reports"][0]["reason"], "Same bean, same moon");
    let dashboard = app.get("/dashboard", Some(&c.admin.1)).await;
    assert_eq!(dashboard.body["data"]["admin"]["court_cases"], 1, "one case waits: {}", dashboard.body);

    // The second reporter is a party to the case, promoted to gold or not.
    sqlx::query("UPDATE app_user SET creative_level_id = 3 WHERE id = $1")
        .bind(dave_id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    vote(&app, c.report, 1, &dave).await.assert_error(403, "court.vote.party");
    // A vote through the joined report's id counts on the case.
    let counted = vote(&app, second, 1, &gold).await;
    assert_eq!(counted.status, 201, "{}", counted.body);
    assert_eq!(counted.body["data"]["contest_entry_report_id"], c.report);
    vote(&app, c.report, 2, &gold).await.assert_error(409, "court.vote.exists");

    // Not copied: both reports are closed by the one judgment.
    let judged = post(&app, &judgment_path(c.report), &json!({"judgment": 2}), Some(&c.admin.1)).await;
    assert_eq!(judged.status, 200, "{}", judged.body);
    assert_eq!(judged.body["data"]["joined_reports"][0]["id"], second);
    let statuses: Vec<i64> =
        sqlx::query_scalar("SELECT status_id FROM contest_entry_report WHERE contest_entry_id = $1 ORDER BY id")
            .bind(c.entry)
            .fetch_all(&app.db.pool)
            .await
            .unwrap();
    assert_eq!(statuses, vec![3, 3]);
    post(&app, &judgment_path(second), &json!({"judgment": 1}), Some(&c.admin.1))
        .await
        .assert_error(409, "court.judgement.exists");

    // A new report after the case closed opens a new case.
    let (_, erin) = designer(&app, "cc1erin", 2).await;
    let third = file_report(&app, &c.contest, c.entry, c.original, &erin).await;
    let open = app.get("/contest-entry-reports?filter[status]=open", Some(&gold)).await;
    assert_eq!(open.body["total"], 1, "{}", open.body);
    assert_eq!(open.body["data"][0]["id"], third);
    assert_eq!(open.body["data"][0]["joined_reports"], json!([]));
    let all = app.get("/contest-entry-reports", Some(&gold)).await;
    assert_eq!(all.body["total"], 2, "two cases, three reports: {}", all.body);
}
