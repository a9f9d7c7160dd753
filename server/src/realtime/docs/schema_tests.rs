//! [`super::schema`] against updates made by a writer's yrs: every shape the web editor
//! writes passes, each shape outside its schema is refused, new and on existing nodes.

use std::{collections::HashMap, sync::Arc};

use yrs::{
    updates::decoder::Decode, Any, Doc, ReadTxn, Text, Transact, TransactionMut, Update, Xml, XmlElementPrelim,
    XmlElementRef, XmlFragment, XmlFragmentRef, XmlTextPrelim, XmlTextRef,
};

use super::{
    new_doc,
    schema::{safe_href, Refusal, Watch, MAX_DEPTH},
    text::FIELD,
};

/// A writer's replica and the server's copy, in step.
struct Pair {
    writer: Doc,
    server: Doc,
}

impl Pair {
    fn new() -> Self {
        Self { writer: new_doc(), server: new_doc() }
    }

    /// The writer's change, applied to the server's copy under a [`Watch`]: its verdict.
    fn send(&self, change: impl FnOnce(&mut TransactionMut, &XmlFragmentRef)) -> Result<(), Refusal> {
        let fragment = self.writer.get_or_insert_xml_fragment(FIELD);
        let before = self.writer.transact().state_vector();
        change(&mut self.writer.transact_mut(), &fragment);
        let update = self.writer.transact().encode_diff_v1(&before);
        let watch = Watch::start(&self.server);
        self.server.transact_mut().apply_update(Update::decode_v1(&update).expect("decodes")).expect("applies");
        watch.verdict()
    }

    /// A change that must pass (the base of a test on existing nodes).
    #[track_caller]
    fn accepted(&self, change: impl FnOnce(&mut TransactionMut, &XmlFragmentRef)) {
        assert_eq!(self.send(change), Ok(()));
    }

    #[track_caller]
    fn refused(&self, change: impl FnOnce(&mut TransactionMut, &XmlFragmentRef)) {
        assert!(self.send(change).is_err(), "an update outside the schema passed");
    }
}

fn block(txn: &mut TransactionMut, fragment: &XmlFragmentRef, tag: &str) -> XmlElementRef {
    fragment.push_back(txn, XmlElementPrelim::empty(tag))
}

fn text_in(txn: &mut TransactionMut, element: &XmlElementRef, text: &str) -> XmlTextRef {
    element.push_back(txn, XmlTextPrelim::new(text))
}

fn attrs(pairs: &[(&str, Any)]) -> HashMap<Arc<str>, Any> {
    pairs.iter().map(|(k, v)| (Arc::from(*k), v.clone())).collect()
}

fn map(pairs: &[(&str, Any)]) -> Any {
    Any::Map(Arc::new(pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()))
}

fn empty() -> Any {
    map(&[])
}

/// A link mark as Tiptap's Link writes it (StarterKit's defaults).
fn link(href: &str) -> Any {
    map(&[
        ("href", Any::from(href)),
        ("target", Any::from("_blank")),
        ("rel", Any::from("noopener noreferrer nofollow")),
        ("class", Any::Null),
        ("title", Any::Null),
    ])
}

/// A paragraph holding `text` formatted with `mark` (None: plain).
fn marked(pair: &Pair, mark: &str, value: Any) -> Result<(), Refusal> {
    pair.send(|txn, f| {
        let p = block(txn, f, "paragraph");
        let text = text_in(txn, &p, "");
        text.insert_with_attributes(txn, 0, "styled", attrs(&[(mark, value)]));
    })
}

#[test]
fn every_node_mark_and_attribute_the_editor_writes_passes() {
    let pair = Pair::new();
    pair.accepted(|txn, f| {
        let h = block(txn, f, "heading");
        h.insert_attribute(txn, "level", Any::from(2));
        text_in(txn, &h, "Brief");
        let p = block(txn, f, "paragraph");
        let t = text_in(txn, &p, "plain ");
        t.insert_with_attributes(txn, 6, "bold", attrs(&[("bold", empty()), ("italic", empty())]));
        p.push_back(txn, XmlElementPrelim::empty("hardBreak"));
        text_in(txn, &p, "after break");
        let quote = block(txn, f, "blockquote");
        let inner = quote.push_back(txn, XmlElementPrelim::empty("paragraph"));
        text_in(txn, &inner, "quoted");
        for (tag, start) in [("bulletList", None), ("orderedList", Some(3))] {
            let list = block(txn, f, tag);
            if let Some(start) = start {
                list.insert_attribute(txn, "start", Any::from(start));
                list.insert_attribute(txn, "type", Any::from("a"));
            }
            let item = list.push_back(txn, XmlElementPrelim::empty("listItem"));
            let p = item.push_back(txn, XmlElementPrelim::empty("paragraph"));
            text_in(txn, &p, "item");
        }
        let code = block(txn, f, "codeBlock");
        code.insert_attribute(txn, "language", Any::from("c++"));
        text_in(txn, &code, "fn main() {}");
        block(txn, f, "horizontalRule");
    });
    for (mark, value) in [
        ("strike", empty()),
        ("code", empty()),
        ("underline", empty()),
        ("bold", Any::Bool(true)),
        ("link", link("https://example.com/a?b=c#d")),
        ("link", link("mailto:someone@example.com")),
        ("link--a1B2+/=c", link("HTTP://example.com")),
    ] {
        assert_eq!(marked(&pair, mark, value), Ok(()), "{mark}");
    }
}

#[test]
fn formatting_and_attributes_changed_on_existing_nodes_are_checked_too() {
    let pair = Pair::new();
    let mut made = None;
    pair.accepted(|txn, f| {
        let h = block(txn, f, "heading");
        h.insert_attribute(txn, "level", Any::from(1));
        text_in(txn, &h, "Existing words");
        made = Some(h);
    });
    let heading = made.expect("made");
    // The heading's text in the writer's replica (refused changes stay in the writer's
    // replica, so an element one of them put before it is skipped).
    let text = |txn: &TransactionMut, f: &XmlFragmentRef| -> XmlTextRef {
        let h = f.get(txn, 0).unwrap().into_xml_element().unwrap();
        (0..h.len(txn)).find_map(|i| h.get(txn, i)?.into_xml_text()).expect("the heading's text")
    };
    pair.accepted(|txn, f| {
        let t = text(txn, f);
        t.format(txn, 0, 8, attrs(&[("bold", empty())]));
    });
    pair.accepted(|txn, f| {
        let t = text(txn, f);
        t.format(txn, 0, 8, attrs(&[("bold", Any::Null)]));
    });
    pair.accepted(|txn, _| {
        heading.insert_attribute(txn, "level", Any::from(3));
    });
    pair.accepted(|txn, f| {
        let t = text(txn, f);
        t.insert(txn, 0, "More ");
        t.remove_range(txn, 0, 2);
    });

    pair.refused(|txn, f| {
        let t = text(txn, f);
        t.format(txn, 0, 4, attrs(&[("onclick", Any::from("alert(1)"))]));
    });
    pair.refused(|txn, f| {
        let t = text(txn, f);
        t.format(txn, 0, 4, attrs(&[("link", link("javascript:alert(1)"))]));
    });
    pair.refused(|txn, _| {
        heading.insert_attribute(txn, "onclick", Any::from("alert(1)"));
    });
    pair.refused(|txn, _| {
        heading.insert_attribute(txn, "level", Any::from(7));
    });
    pair.refused(|txn, _| {
        heading.insert(txn, 0, XmlElementPrelim::empty("img"));
    });
    // An embed that is an object (an image, a widget) has no place in the editor's text.
    // (An embed that is a string reads as its characters in every Yjs, as typed text does,
    // and the deltas cannot tell them apart: it is text.)
    pair.refused(|txn, f| {
        let t = text(txn, f);
        t.insert_embed(txn, 0, map(&[("image", Any::from("https://example.com/x.png"))]));
    });
}

#[test]
fn elements_outside_the_schema_are_refused_wherever_they_are() {
    let pair = Pair::new();
    for tag in ["script", "iframe", "img", "a", "div", "style", "doc", "text", "taskList", "PARAGRAPH"] {
        pair.refused(|txn, f| {
            let e = block(txn, f, tag);
            text_in(txn, &e, "x");
        });
    }
    // Nested under valid blocks, and mixed with valid content in one update.
    pair.refused(|txn, f| {
        block(txn, f, "paragraph");
        let list = block(txn, f, "bulletList");
        let item = list.push_back(txn, XmlElementPrelim::empty("listItem"));
        item.push_back(txn, XmlElementPrelim::empty("script"));
    });
    // Content where the editor has none: text at the top, text in a leaf.
    pair.refused(|txn, f| {
        f.push_back(txn, XmlTextPrelim::new("loose text"));
    });
    pair.refused(|txn, f| {
        let hr = block(txn, f, "horizontalRule");
        text_in(txn, &hr, "inside a rule");
    });
}

#[test]
fn attributes_outside_a_node_and_values_it_cannot_take_are_refused() {
    let pair = Pair::new();
    let cases: &[(&str, &str, Any)] = &[
        ("paragraph", "onerror", Any::from("alert(1)")),
        ("paragraph", "style", Any::from("position:fixed")),
        ("paragraph", "class", Any::from("fixed inset-0")),
        ("paragraph", "src", Any::from("https://evil.example/x.js")),
        ("paragraph", "ychange", map(&[("type", Any::from("added"))])),
        ("heading", "level", Any::from(0)),
        ("heading", "level", Any::from("1\" onmouseover=\"x")),
        ("heading", "level", Any::from(1.5)),
        ("orderedList", "type", Any::from("disc")),
        ("orderedList", "start", Any::from(-1)),
        ("codeBlock", "language", Any::from("js onmouseover=alert(1)")),
        ("codeBlock", "language", Any::from("x".repeat(33))),
        ("listItem", "checked", Any::Bool(true)),
    ];
    for (tag, key, value) in cases {
        let outcome = pair.send(|txn, f| {
            let e = block(txn, f, tag);
            e.insert_attribute(txn, *key, value.clone());
        });
        assert!(outcome.is_err(), "{tag} {key}={value:?} passed");
    }
}

#[test]
fn marks_outside_the_schema_and_unsafe_links_are_refused() {
    let pair = Pair::new();
    let cases: Vec<(&str, Any)> = vec![
        ("script", empty()),
        ("textStyle", map(&[("color", Any::from("red"))])),
        ("span--abcdefgh", empty()),
        ("bold", map(&[("onclick", Any::from("alert(1)"))])),
        ("italic", Any::from("yes")),
        ("link", link("javascript:alert(1)")),
        ("link", link("  JaVaScRiPt:alert(1)")),
        ("link", link("java\tscript:alert(1)")),
        ("link", link("java\nscript:alert(1)")),
        ("link", link("\u{0}javascript:alert(1)")),
        ("link", link("&#106;avascript:alert(1)")),
        ("link", link("data:text/html,<script>alert(1)</script>")),
        ("link", link("vbscript:msgbox")),
        ("link", link("/relative/path")),
        ("link", map(&[("href", Any::from("https://ok.example")), ("class", Any::from("fixed inset-0"))])),
        ("link", map(&[("href", Any::from("https://ok.example")), ("onclick", Any::from("x"))])),
        ("link", map(&[("href", Any::from("https://ok.example")), ("target", Any::from("_top"))])),
        ("link", map(&[("target", Any::from("_blank"))])),
        ("link", Any::from("https://ok.example")),
    ];
    for (mark, value) in cases {
        assert!(marked(&pair, mark, value.clone()).is_err(), "{mark}={value:?} passed");
    }
}

#[test]
fn nesting_is_bounded() {
    let pair = Pair::new();
    let nest = |depth: usize| {
        move |txn: &mut TransactionMut, f: &XmlFragmentRef| {
            let mut quote = block(txn, f, "blockquote");
            for _ in 1..depth {
                quote = quote.push_back(txn, XmlElementPrelim::empty("blockquote"));
            }
        }
    };
    pair.accepted(nest(MAX_DEPTH));
    pair.refused(nest(MAX_DEPTH + 1));
    pair.refused(nest(5_000));
}

#[test]
fn the_servers_own_seeds_and_other_root_types_pass() {
    let pair = Pair::new();
    let watch = Watch::start(&pair.server);
    let seed = super::text::seed("Logo for a bakery\n\nWarm colours");
    pair.server.transact_mut().apply_update(Update::decode_v1(&seed).unwrap()).unwrap();
    assert_eq!(watch.verdict(), Ok(()));
    drop(watch);
    // A root the editor does not render (other clients' types) is not the editor's to check.
    let before = pair.writer.transact().state_vector();
    let notes = pair.writer.get_or_insert_text("notes");
    notes.insert_with_attributes(&mut pair.writer.transact_mut(), 0, "x", attrs(&[("anything", Any::Bool(true))]));
    let update = pair.writer.transact().encode_diff_v1(&before);
    let watch = Watch::start(&pair.server);
    pair.server.transact_mut().apply_update(Update::decode_v1(&update).unwrap()).unwrap();
    assert_eq!(watch.verdict(), Ok(()));
}

#[test]
fn only_http_https_and_mailto_addresses_are_safe() {
    for href in ["https://a.example", "http://a.example/x", "mailto:a@b.example", " HTTPS://a.example", "https://a b"] {
        assert!(safe_href(href), "{href}");
    }
    for href in [
        "javascript:alert(1)",
        "JAVASCRIPT:alert(1)",
        " \tjava\r\nscript:alert(1)",
        "\u{1}javascript:x",
        "\u{200b}https://a.example",
        "\u{a0}https://a.example",
        "https:javascript:alert(1)",
        "//evil.example",
        "a.example",
        "",
        &format!("https://{}", "a".repeat(3000)),
    ] {
        assert!(!safe_href(href), "{href:?}");
    }
}
