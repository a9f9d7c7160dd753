//! `verify-copying-entry/{id}`: may entry `{id}` be named as the copied entry?

use super::case;
use crate::{
    entries::{designer, make_blind, running_contest, submitted},
    helpers::spawn_app,
};

#[tokio::test]
async fn court_verify_copying_entry_names_a_visible_other_entry_and_refuses_itself_hidden_and_unknown_ones() {
    let app = spawn_app().await;
    let c = case(&app, "cw1").await;
    let path = |id: i64| format!("/contest-entry-reports/verify-copying-entry/{id}");

    app.get(&path(c.original), None).await.assert_error(401, "auth.unauthenticated");
    let found = app.get(&path(c.original), Some(&c.carol.1)).await;
    assert_eq!(found.status, 200, "{}", found.body);
    let entry = &found.body["data"]["entry"];
    assert_eq!((entry["id"].as_i64(), entry["contest_id"].as_i64()), (Some(c.original), Some(c.contest.id)));
    assert_eq!(entry["designer"]["username"], "cw1bob");
    assert_eq!(found.body["data"]["contest"]["id"], c.contest.id);
    // Naming the reported entry as its own copy.
    let same = app.get(&format!("{}?entry_id={}", path(c.entry), c.entry), Some(&c.carol.1)).await;
    same.assert_error(422, "copied_entry_id.different");
    assert_eq!(same.body["error"]["message"], "Copy entry is same as report entry");
    let other = app.get(&format!("{}?entry_id={}", path(c.original), c.entry), Some(&c.carol.1)).await;
    assert_eq!(other.status, 200);
    app.get(&path(999_999), Some(&c.carol.1)).await.assert_error(404, "contest.entry.not_found");

    // An entry of another, blind contest: only who may see it may name it.
    let blind = running_contest(&app, "cw2").await;
    make_blind(&app, blind.id).await;
    let (_, dave) = designer(&app, "cw2dave", 2).await;
    let hidden = submitted(&app, &dave, blind.id).await;
    app.get(&path(hidden), Some(&c.carol.1)).await.assert_error(404, "contest.entry.not_found");
    assert_eq!(app.get(&path(hidden), Some(&dave)).await.status, 200);
    assert_eq!(app.get(&path(hidden), Some(&c.admin.1)).await.status, 200);
}
