//! Collaborative documents (`doc:` channels) with real Yjs replicas (yrs) over real
//! WebSockets: convergence, late joiners, readers refused, offline edits merged, bad
//! updates refused, durability and compaction, the contest brief agreeing with REST.

use serde_json::json;
use vitrine_protocol::{ClientFrame, ErrorCode, ServerFrame};
use yrs::{
    sync::{Message, SyncMessage},
    updates::encoder::Encode,
    Doc, Transact,
};

use super::{
    doc_client::DocEditor,
    fixtures::{insert_bid, insert_contest, insert_project, Contest},
};
use crate::helpers::{spawn_app, TestApp};

/// A project whose bid from a fresh designer was approved: (project, owner token, designer token).
pub(crate) async fn workroom(app: &TestApp, prefix: &str) -> (i64, String, String) {
    let (owner, owner_token) = app.client_session(&format!("{prefix}-owner")).await;
    let (designer, designer_token) = super::fixtures::designer_session(app, &format!("{prefix}-designer")).await;
    let project = insert_project(app, owner).await;
    let bid = insert_bid(app, project, designer).await;
    sqlx::query("UPDATE project SET approved_bid_id = $1, status_id = 2 WHERE id = $2")
        .bind(bid)
        .bind(project)
        .execute(&app.db.pool)
        .await
        .unwrap();
    (project, owner_token, designer_token)
}

pub(crate) async fn stored_updates(app: &TestApp, ch: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM doc_update WHERE doc = $1").bind(ch).fetch_one(&app.db.pool).await.unwrap()
}

#[tokio::test]
async fn two_editors_typing_in_the_same_paragraph_converge_and_a_late_comer_gets_it_all() {
    let app = spawn_app().await;
    let (project, owner, designer) = workroom(&app, "conv").await;
    let ch = format!("doc:workroom-brief:{project}");

    let mut client = DocEditor::open(&app, Some(&owner), &ch).await;
    let mut hired = DocEditor::open(&app, Some(&designer), &ch).await;
    client.type_text(0, "Logo for a bakery").await;
    hired.expect_text("Logo for a bakery").await;

    // Both type at the same place before either hears of the other.
    let from_client = client.insert(17, ", warm colours");
    let from_hired = hired.insert(17, ", no pink");
    let (a, b) = (client.send_update(from_client).await, hired.send_update(from_hired).await);
    client.expect_ack(&a).await;
    hired.expect_ack(&b).await;
    client.until(|e| e.text().len() == "Logo for a bakery, warm colours, no pink".len()).await;
    hired.until(|e| e.text().len() == "Logo for a bakery, warm colours, no pink".len()).await;
    assert_eq!(client.text(), hired.text(), "both replicas converge");
    assert!(client.text().starts_with("Logo for a bakery, "));
    assert!(client.text().contains(", warm colours") && client.text().contains(", no pink"));

    // An admin opens it later and gets the whole document from the server alone.
    let (_, admin) = app.admin_session("conv-admin").await;
    let late = DocEditor::open(&app, Some(&admin), &ch).await;
    assert_eq!(late.text(), client.text());
    assert_eq!(stored_updates(&app, &ch).await, 3, "every accepted update is stored");
}

#[tokio::test]
async fn outsiders_may_not_open_a_workroom_brief_or_admin_notes() {
    let app = spawn_app().await;
    let (project, owner, designer) = workroom(&app, "out").await;
    let (_, stranger) = super::fixtures::designer_session(&app, "out-stranger").await;
    let (_, admin) = app.admin_session("out-admin").await;
    let brief = format!("doc:workroom-brief:{project}");
    for token in [Some(stranger.as_str()), None] {
        let answer = DocEditor::try_sub(&app, token, &brief).await;
        assert!(matches!(answer, ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. }), "{answer:?}");
    }

    let notes = format!("doc:notes:project:{project}");
    for token in [owner.as_str(), designer.as_str()] {
        let answer = DocEditor::try_sub(&app, Some(token), &notes).await;
        assert!(matches!(answer, ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. }), "{answer:?}");
    }
    let mut admin_notes = DocEditor::open(&app, Some(&admin), &notes).await;
    admin_notes.type_text(0, "Client asked twice about refunds").await;
    let missing = DocEditor::try_sub(&app, Some(&admin), "doc:notes:project:999999").await;
    assert!(matches!(missing, ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. }), "{missing:?}");
    let invalid = DocEditor::try_sub(&app, Some(&admin), "doc:notes:bid:1").await;
    assert!(matches!(invalid, ServerFrame::Error { code: ErrorCode::ChannelInvalid, .. }), "{invalid:?}");
}

#[tokio::test]
async fn a_readers_edit_of_the_contest_brief_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let (owner_id, owner) = app.client_session("brief-owner").await;
    let contest = insert_contest(&app, owner_id, Contest::Public).await;
    let ch = format!("doc:contest-brief:{contest}");
    let (_, designer) = super::fixtures::designer_session(&app, "brief-reader").await;
    let (_, other_client) = app.client_session("brief-other").await;

    let mut writer = DocEditor::open(&app, Some(&owner), &ch).await;
    writer.type_text(0, "Original").await;
    let mut reader = DocEditor::open(&app, Some(&designer), &ch).await;
    assert_eq!(reader.text(), "Original", "a designer reads the brief");

    let vandalism = reader.insert(0, "Defaced ");
    let id = reader.send_update(vandalism).await;
    assert_eq!(reader.expect_error(&id).await, ErrorCode::DocReadOnly);
    writer.settle().await;
    assert_eq!(writer.text(), "Original", "nobody received the refused edit");
    assert_eq!(DocEditor::open(&app, Some(&owner), &ch).await.text(), "Original");
    assert_eq!(stored_updates(&app, &ch).await, 1);

    // Clients other than the owner, and anonymous visitors, do not read the whole brief.
    for token in [Some(other_client.as_str()), None] {
        let answer = DocEditor::try_sub(&app, token, &ch).await;
        assert!(matches!(answer, ServerFrame::Error { code: ErrorCode::ChannelForbidden, .. }), "{answer:?}");
    }
}

#[tokio::test]
async fn an_editor_offline_for_a_while_merges_its_edits_on_reconnect() {
    let app = spawn_app().await;
    let (project, owner, designer) = workroom(&app, "offline").await;
    let ch = format!("doc:workroom-brief:{project}");
    let mut client = DocEditor::open(&app, Some(&owner), &ch).await;
    client.type_text(0, "Brief").await;
    let hired = DocEditor::open(&app, Some(&designer), &ch).await;
    assert_eq!(hired.text(), "Brief");

    // The designer's connection drops; both go on editing.
    let DocEditor { ws, doc: offline, .. } = hired;
    ws.close().await;
    {
        use yrs::Text;
        let text = offline.get_or_insert_text(super::doc_client::TEXT);
        text.insert(&mut offline.transact_mut(), 5, " (typed offline)");
    }
    client.type_text(0, "Our ").await;

    let mut back = DocEditor::open_with(&app, Some(&designer), &ch, offline).await;
    client.expect_text("Our Brief (typed offline)").await;
    back.settle().await;
    assert_eq!(back.text(), "Our Brief (typed offline)");
}

#[tokio::test]
async fn malformed_and_oversized_updates_are_refused_and_the_document_is_intact() {
    let app = spawn_app().await;
    let (project, owner, _) = workroom(&app, "bad").await;
    let ch = format!("doc:workroom-brief:{project}");
    let mut editor = DocEditor::open(&app, Some(&owner), &ch).await;
    editor.type_text(0, "Intact").await;
    let before = stored_updates(&app, &ch).await;

    // Not y-protocols at all; a sync update whose payload is not a Yjs update; too big.
    let garbage = editor.send_msg(vec![0x07, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], None).await;
    assert_eq!(editor.expect_error(&garbage).await, ErrorCode::DocInvalid);
    let bad_update = Message::Sync(SyncMessage::Update(vec![1, 200, 7, 7, 0xff, 3])).encode_v1();
    let bad = editor.send_msg(bad_update, None).await;
    assert_eq!(editor.expect_error(&bad).await, ErrorCode::DocInvalid);
    let replica = Doc::new();
    let huge = {
        use yrs::{ReadTxn, Text};
        let text = replica.get_or_insert_text(super::doc_client::TEXT);
        text.insert(&mut replica.transact_mut(), 0, &"x".repeat(40 * 1024));
        replica.transact().encode_state_as_update_v1(&yrs::StateVector::default())
    };
    let big = editor.send_update(huge).await;
    assert_eq!(editor.expect_error(&big).await, ErrorCode::DocTooLarge);
    // A doc frame on a channel the connection is not subscribed to.
    let elsewhere =
        ClientFrame::Doc { ch: "doc:notes:user:1".into(), msg: vec![0, 0, 1, 0].into(), id: Some("x".into()) };
    editor.ws.send(&elsewhere).await;
    assert_eq!(editor.expect_error("x").await, ErrorCode::ChannelForbidden);

    assert_eq!(stored_updates(&app, &ch).await, before, "nothing refused was stored");
    editor.type_text(6, "!").await;
    let fresh = DocEditor::open(&app, Some(&owner), &ch).await;
    assert_eq!(fresh.text(), "Intact!", "the document still takes edits and holds exactly the accepted ones");
}

#[tokio::test]
async fn acknowledged_edits_survive_compaction_and_a_document_nobody_has_open_leaves_memory() {
    let app = spawn_app().await;
    let (project, owner, _) = workroom(&app, "compact").await;
    let ch = format!("doc:workroom-brief:{project}");
    let mut editor = DocEditor::open(&app, Some(&owner), &ch).await;
    let edits = vitrine_server::realtime::docs::COMPACT_AFTER as u32 + 10;
    for n in 0..edits {
        // Keep under the per-connection frame rate.
        if n % 40 == 39 {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
        editor.type_text(n, "a").await;
    }
    let expected = "a".repeat(edits as usize);
    // Compaction runs beside the edits: wait until the snapshot is written.
    let mut snapshot: Option<i64> = None;
    for _ in 0..100 {
        snapshot = sqlx::query_scalar("SELECT upto_seq FROM doc_snapshot WHERE doc = $1")
            .bind(&ch)
            .fetch_optional(&app.db.pool)
            .await
            .unwrap();
        if snapshot.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let upto = snapshot.expect("a snapshot was written");
    assert!(upto >= vitrine_server::realtime::docs::COMPACT_AFTER as i64);
    assert!(stored_updates(&app, &ch).await < i64::from(edits), "the log was cut down");

    let realtime = app.realtime.as_ref().expect("in-process server");
    assert_eq!(realtime.hub.docs.open_count(), 1);
    editor.ws.send(&ClientFrame::Unsub { ch: ch.clone(), id: Some("bye".into()) }).await;
    editor.until(|e| e.text() == expected).await;
    loop {
        if let ServerFrame::Unsubscribed { .. } = editor.ws.expect().await {
            break;
        }
    }
    assert_eq!(realtime.hub.docs.open_count(), 0, "nobody has it open: dropped from memory");

    // Read back from the snapshot and the log alone.
    let reopened = DocEditor::open(&app, Some(&owner), &ch).await;
    assert_eq!(reopened.text(), expected);
}

#[tokio::test]
async fn the_contest_briefs_document_starts_from_and_writes_back_the_rest_description() {
    let app = spawn_app().await;
    let (owner_id, owner) = app.client_session("rest-owner").await;
    let contest = insert_contest(&app, owner_id, Contest::Unpaid).await;
    sqlx::query("UPDATE contest SET description = 'Logo for a bakery\nWarm colours' WHERE id = $1")
        .bind(contest)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let ch = format!("doc:contest-brief:{contest}");
    let mut editor = DocEditor::open(&app, Some(&owner), &ch).await;
    let realtime = app.realtime.as_ref().expect("in-process server");
    let entry = realtime.hub.docs.get(&ch).expect("open");
    assert_eq!(entry.plain_text(), "Logo for a bakery\nWarm colours", "seeded from the description");
    drop(entry);

    // An edit to the rich text through a Yjs replica, as the browser's editor makes it.
    let update = {
        use yrs::{types::xml::XmlFragment, ReadTxn, XmlTextRef};
        let fragment = editor.doc.get_or_insert_xml_fragment("default");
        let before = editor.doc.transact().state_vector();
        let mut txn = editor.doc.transact_mut();
        let first = fragment.get(&txn, 0).expect("a paragraph").into_xml_element().expect("an element");
        let text: XmlTextRef = first.get(&txn, 0).expect("text").into_xml_text().expect("a text");
        use yrs::Text;
        text.insert(&mut txn, 0, "New ");
        drop(txn);
        editor.doc.transact().encode_diff_v1(&before)
    };
    let id = editor.send_update(update).await;
    editor.expect_ack(&id).await;
    let shown = app.get(&format!("/contests/{contest}"), Some(&owner)).await;
    assert_eq!(shown.body["data"]["description"], json!("New Logo for a bakery\nWarm colours"), "{}", shown.body);

    // A REST write of the description goes into the document, and open editors get it.
    let name = vitrine_protocol::DocName::ContestBrief(contest);
    realtime.replace_document_text(name, "Rewritten over REST", 0).await;
    editor
        .until(|e| {
            use yrs::GetString;
            let fragment = e.doc.get_or_insert_xml_fragment("default");
            let xml = fragment.get_string(&e.doc.transact());
            xml == "<paragraph>Rewritten over REST</paragraph>"
        })
        .await;
    let shown = app.get(&format!("/contests/{contest}"), Some(&owner)).await;
    assert_eq!(shown.body["data"]["description"], json!("Rewritten over REST"));
}
