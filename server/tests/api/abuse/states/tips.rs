//! The tip's moves (`commerce::tips::TIP`): an admin approves or rejects a pending tip,
//! once; nobody else decides one.

use serde_json::json;

use super::status_in;
use crate::commerce::{patch, tippable, tips::paid_tips};
use crate::helpers::{spawn_app, TestApp};

async fn tip_status(app: &TestApp, tip: i64) -> i64 {
    status_in(app, "contest_entry_tip", "approval_status_id", tip).await
}

#[tokio::test]
async fn only_admins_decide_a_pending_tip_and_a_decided_tip_never_moves() {
    let app = spawn_app().await;
    let t = tippable(&app, "stt").await;
    let (_, admin) = app.admin_session("sttboss").await;
    let tips = paid_tips(&app, &t).await;
    let path = |id: i64| format!("/contest-entry-tips/{id}");

    for token in [&t.owner, &t.designer] {
        for decision in [2, 3] {
            let refused = patch(&app, &path(tips[0]), &json!({"approval_status_id": decision}), Some(token)).await;
            refused.assert_error(403, "auth.forbidden");
            assert_eq!(tip_status(&app, tips[0]).await, 1, "still pending");
        }
    }
    let back = patch(&app, &path(tips[0]), &json!({"approval_status_id": 1}), Some(&admin)).await;
    assert_eq!(back.status, 422, "pending is no decision: {}", back.body);

    assert_eq!(patch(&app, &path(tips[0]), &json!({"approval_status_id": 2}), Some(&admin)).await.status, 200);
    assert_eq!(patch(&app, &path(tips[1]), &json!({"approval_status_id": 3}), Some(&admin)).await.status, 200);
    for (tip, was) in [(tips[0], 2), (tips[1], 3)] {
        for decision in [2, 3] {
            let again = patch(&app, &path(tip), &json!({"approval_status_id": decision}), Some(&admin)).await;
            again.assert_error(409, "contest_entry_tip.decided");
            assert_eq!(tip_status(&app, tip).await, was, "decided once");
        }
    }
}
