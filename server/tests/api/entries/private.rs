//! The private-contest test, role by role: "only signed-in designers see your brief and
//! entries". The owner, admins and every signed-in designer read the contest, its entries,
//! comments, entry images, history and channel; another client and anonymous visitors
//! read none of it, over REST or the hub.

use serde_json::json;
use vitrine_protocol::{ErrorCode, ServerFrame};

use super::{designer, running_contest, submitted};
use crate::{helpers::spawn_app, realtime::client::WsClient};

#[tokio::test]
async fn a_private_contest_is_seen_by_its_owner_admins_and_designers_only() {
    let app = spawn_app().await;
    let contest = running_contest(&app, "pv").await;
    sqlx::query("UPDATE contest SET is_private = 1 WHERE id = $1")
        .bind(contest.id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let (_, entrant) = designer(&app, "pventrant", 2).await;
    let (_, onlooker) = designer(&app, "pvonlooker", 1).await;
    let (_, admin) = app.admin_session("pvadmin2").await;
    let (_, client) = app.client_session("pvclient").await;
    let entry = submitted(&app, &entrant, contest.id).await;
    let comment = app
        .send_json(
            reqwest::Method::POST,
            &format!("/contests/{}/comments", contest.id),
            &json!({"comment": "Lovely"}),
            Some(&entrant),
        )
        .await;
    assert_eq!(comment.status, 201, "{}", comment.body);
    let shown = app.get(&format!("/contests/{}/entries/{entry}", contest.id), Some(&entrant)).await;
    let file_id = shown.body["data"]["files"][0]["file_id"].as_i64().unwrap();

    let id = contest.id;
    let ch = format!("contest:{id}");
    let readers = [
        ("owner", Some(contest.owner.clone())),
        ("admin", Some(admin)),
        ("entrant", Some(entrant)),
        ("designer who did not enter", Some(onlooker)),
    ];
    let outsiders = [("another client", Some(client)), ("anonymous", None)];
    let pages = [
        format!("/contests/{id}"),
        format!("/contests/{id}/entries"),
        format!("/contests/{id}/entries/with-details"),
        format!("/contests/{id}/entries/{entry}"),
        format!("/contests/{id}/comments"),
    ];

    for (who, token) in &readers {
        for path in &pages {
            let answer = app.get(path, token.as_deref()).await;
            assert_eq!(answer.status, 200, "{who} reads {path}: {}", answer.body);
        }
        let history = app.get(&format!("/realtime/channels/{ch}/events"), token.as_deref()).await;
        assert_eq!(history.status, 200, "{who} reads the history: {}", history.body);
        let image = app.client.get(app.url(&format!("/files/{file_id}/content")));
        let image = image.bearer_auth(token.as_deref().unwrap()).send().await.unwrap();
        assert_eq!(image.status(), 200, "{who} sees the entry's image");
        let mut ws = WsClient::signed_in(&app, token.as_deref().unwrap()).await;
        match ws.sub(&ch, None, None).await {
            ServerFrame::Subscribed { .. } => {}
            other => panic!("{who} subscribes: {other:?}"),
        }
    }

    for (who, token) in &outsiders {
        for path in &pages {
            let answer = app.get(path, token.as_deref()).await;
            assert_eq!(answer.status, 404, "{who} reads {path}: {}", answer.body);
            assert!(answer.code().ends_with("not_found"), "{who} on {path}: {}", answer.body);
        }
        app.get(&format!("/realtime/channels/{ch}/events"), token.as_deref())
            .await
            .assert_error(403, "channel.forbidden");
        let mut image = app.client.get(app.url(&format!("/files/{file_id}/content")));
        if let Some(token) = token {
            image = image.bearer_auth(token);
        }
        let status = image.send().await.unwrap().status().as_u16();
        assert!(status == 403 || status == 401, "{who} is refused the entry's image: {status}");
        let mut ws = match token {
            Some(token) => WsClient::signed_in(&app, token).await,
            None => WsClient::anonymous(&app).await,
        };
        match ws.sub(&ch, None, None).await {
            ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. } => {}
            other => panic!("{who} is refused the channel: {other:?}"),
        }
    }
}
