//! Plain text in and out of a rich-text document, for the contest brief, whose
//! description REST serves as plain text.
//!
//! The browser's editor (Tiptap's Collaboration extension) keeps its content in the
//! XML fragment named `default`: block elements (`paragraph`, `heading`, lists...) whose
//! leaves are XML text. The plain text is each block's text, blocks joined by newlines;
//! a seed is one `paragraph` per line.

use yrs::{
    types::xml::{XmlFragment, XmlOut},
    Doc, GetString, ReadTxn, StateVector, TextRef, Transact, XmlElementPrelim, XmlFragmentRef, XmlTextPrelim,
    XmlTextRef,
};

/// The fragment Tiptap's Collaboration extension binds to by default.
pub const FIELD: &str = "default";

/// A fixed client id for seeds: two nodes seeding the same text write the same update.
const SEED_CLIENT: u64 = 1;

/// The document's text: one line per block.
pub fn plain_text(doc: &Doc) -> String {
    let fragment = doc.get_or_insert_xml_fragment(FIELD);
    let txn = doc.transact();
    let mut lines = Vec::new();
    for child in fragment.children(&txn) {
        let mut line = String::new();
        collect(&txn, &child, &mut line, &mut lines);
        if !line.is_empty() || matches!(child, XmlOut::Element(_)) {
            lines.push(line);
        }
    }
    lines.join("\n")
}

/// Appends the text under `node` to `line`; nested blocks (list items) become lines of their own.
fn collect<T: ReadTxn>(txn: &T, node: &XmlOut, line: &mut String, lines: &mut Vec<String>) {
    match node {
        XmlOut::Text(text) => line.push_str(&plain(txn, text)),
        XmlOut::Element(element) => {
            let children: Vec<XmlOut> = element.children(txn).collect();
            let has_blocks = children.iter().any(|c| matches!(c, XmlOut::Element(_)));
            for child in &children {
                if has_blocks && matches!(child, XmlOut::Element(_)) {
                    let mut inner = String::new();
                    collect(txn, child, &mut inner, lines);
                    if !inner.is_empty() {
                        if !line.is_empty() {
                            lines.push(std::mem::take(line));
                        }
                        lines.push(inner);
                    }
                } else {
                    collect(txn, child, line, lines);
                }
            }
        }
        XmlOut::Fragment(fragment) => {
            for child in fragment.children(txn) {
                collect(txn, &child, line, lines);
            }
        }
    }
}

/// The characters of an XML text, without its formatting marks.
fn plain<T: ReadTxn>(txn: &T, text: &XmlTextRef) -> String {
    let inner: &TextRef = text.as_ref();
    inner.get_string(txn)
}

/// An update that fills an empty document with `text`, one paragraph per line.
pub fn seed(text: &str) -> Vec<u8> {
    let doc = crate::realtime::docs::new_doc::new_doc_as(SEED_CLIENT);
    let fragment: XmlFragmentRef = doc.get_or_insert_xml_fragment(FIELD);
    {
        let mut txn = doc.transact_mut();
        for (index, line) in text.lines().enumerate() {
            let paragraph = fragment.insert(&mut txn, index as u32, XmlElementPrelim::empty("paragraph"));
            if !line.is_empty() {
                paragraph.insert(&mut txn, 0, XmlTextPrelim::new(line));
            }
        }
    }
    let txn = doc.transact();
    txn.encode_state_as_update_v1(&StateVector::default())
}

/// An update that turns `doc`'s text into `text`: every block removed, `text`'s lines
/// inserted as paragraphs (a REST write of the description replaces the document).
pub fn replace(doc: &Doc, text: &str) -> Vec<u8> {
    let fragment = doc.get_or_insert_xml_fragment(FIELD);
    let before = doc.transact().state_vector();
    {
        let mut txn = doc.transact_mut();
        let len = fragment.len(&txn);
        if len > 0 {
            fragment.remove_range(&mut txn, 0, len);
        }
        for (index, line) in text.lines().enumerate() {
            let paragraph = fragment.insert(&mut txn, index as u32, XmlElementPrelim::empty("paragraph"));
            if !line.is_empty() {
                paragraph.insert(&mut txn, 0, XmlTextPrelim::new(line));
            }
        }
    }
    let txn = doc.transact();
    txn.encode_diff_v1(&before)
}

#[cfg(test)]
mod tests {
    use yrs::{updates::decoder::Decode, Text, Update};

    use super::*;

    fn doc_of(update: &[u8]) -> Doc {
        let doc = crate::realtime::docs::new_doc();
        doc.transact_mut().apply_update(Update::decode_v1(update).unwrap()).unwrap();
        doc
    }

    #[test]
    fn a_seed_reads_back_as_the_same_lines() {
        let doc = doc_of(&seed("Logo for a bakery\n\nWarm colours, no pink"));
        assert_eq!(plain_text(&doc), "Logo for a bakery\n\nWarm colours, no pink");
        assert_eq!(seed("same"), seed("same"), "seeds are deterministic, so two nodes agree");
    }

    #[test]
    fn formatting_marks_are_not_text() {
        let doc = crate::realtime::docs::new_doc();
        let fragment = doc.get_or_insert_xml_fragment(FIELD);
        {
            let mut txn = doc.transact_mut();
            let p = fragment.insert(&mut txn, 0, XmlElementPrelim::empty("paragraph"));
            let text = p.insert(&mut txn, 0, XmlTextPrelim::new("bold move"));
            let bold = yrs::Any::from(true);
            let attrs = std::collections::HashMap::from([(std::sync::Arc::from("bold"), bold)]);
            text.format(&mut txn, 0, 4, attrs);
        }
        assert_eq!(plain_text(&doc), "bold move");
    }

    #[test]
    fn replacing_gives_exactly_the_new_text() {
        let doc = doc_of(&seed("old one\nold two"));
        let update = replace(&doc, "new");
        assert_eq!(plain_text(&doc), "new");
        let other = doc_of(&seed("old one\nold two"));
        other.transact_mut().apply_update(Update::decode_v1(&update).unwrap()).unwrap();
        assert_eq!(plain_text(&other), "new");
    }
}
