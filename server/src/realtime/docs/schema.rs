//! The browser editor's schema, enforced on what writers add to a document's rich text.
//!
//! The hub relays and stores Yjs, which can hold any XML: a `<script>` or `<iframe>`
//! element, an `onerror` attribute, a `javascript:` link. The web editor (Tiptap's
//! StarterKit 3 bound by `@tiptap/y-tiptap`) would drop such content when it builds its
//! ProseMirror document, but any other client (a preview, an export, another editor)
//! would render it, so the server refuses an update that adds to the editor's fragment
//! (`default`, see [`super::text::FIELD`]) anything the editor cannot write:
//!
//! - an element whose name is not a StarterKit node ([`NODES`]), or one nested deeper than
//!   [`MAX_DEPTH`], or content other than elements and text;
//! - an element attribute the node does not have, or a value it cannot take ([`attribute`]);
//! - a text mark that is not a StarterKit mark ([`MARKS`]), a mark with attributes it does not
//!   have, or a `link` whose `href` is not `http:`, `https:` or `mailto:` ([`safe_href`]).
//!
//! y-tiptap writes a node as an element named after its type with its non-null attributes,
//! and marks as text formatting keyed by mark name (an overlapping mark as `name--hash`) with
//! the mark's attributes as value. What an update adds is read from the events of the
//! transaction applying it ([`Watch`]): new subtrees whole, attribute and formatting changes
//! of existing nodes. Other root types are not rendered by the editor and are not checked.

use std::sync::{Arc, Mutex, PoisonError};

use yrs::{
    types::{
        text::YChange,
        xml::{XmlEvent, XmlOut, XmlTextEvent},
        Attrs, Change, Delta, EntryChange, Event, Events,
    },
    Any, DeepObservable, Doc, Number, Out, ReadTxn, Text, TransactionMut, Xml, XmlElementRef, XmlFragment,
    XmlFragmentRef, XmlTextRef,
};

use super::text::FIELD;

/// The element names StarterKit's nodes have (its `doc` is the fragment, `text` is XML text).
pub const NODES: &[&str] = &[
    "paragraph",
    "heading",
    "blockquote",
    "bulletList",
    "orderedList",
    "listItem",
    "codeBlock",
    "hardBreak",
    "horizontalRule",
];

/// StarterKit's marks.
pub const MARKS: &[&str] = &["bold", "italic", "strike", "code", "underline", "link"];

/// Nodes that hold nothing.
const LEAVES: &[&str] = &["hardBreak", "horizontalRule"];

/// How deep elements may nest (a list level is two: the list and its item).
pub const MAX_DEPTH: usize = 64;

const MAX_HREF: usize = 2048;
const MAX_TITLE: usize = 512;

/// Why an update is refused (for the log).
pub type Refusal = &'static str;

/// Watches the editor's fragment of `doc` while one transaction applies an update; after
/// it commits, [`Watch::verdict`] says whether what it added fits the schema.
pub struct Watch {
    /// Keeps the document alive until the observer is removed (it may be replaced meanwhile).
    _doc: Doc,
    fragment: XmlFragmentRef,
    refusal: Arc<Mutex<Option<Refusal>>>,
}

const OBSERVER: &str = "vitrine-schema";

impl Watch {
    /// Starts watching; call before the transaction opens.
    pub fn start(doc: &Doc) -> Self {
        let fragment = doc.get_or_insert_xml_fragment(FIELD);
        let refusal = Arc::new(Mutex::new(None));
        let seen = Arc::clone(&refusal);
        fragment.observe_deep(OBSERVER, move |txn, events| {
            let mut seen = seen.lock().unwrap_or_else(PoisonError::into_inner);
            if seen.is_none() {
                *seen = check_events(txn, events).err();
            }
        });
        Self { _doc: doc.clone(), fragment, refusal }
    }

    /// After the transaction committed: Err when it added something outside the schema.
    pub fn verdict(&self) -> Result<(), Refusal> {
        self.refusal.lock().unwrap_or_else(PoisonError::into_inner).map_or(Ok(()), Err)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.fragment.unobserve_deep(OBSERVER);
    }
}

/// Checks every change a transaction made under the fragment.
fn check_events(txn: &TransactionMut, events: &Events) -> Result<(), Refusal> {
    for event in events.iter() {
        match event {
            Event::XmlFragment(event) => element_event(txn, event)?,
            Event::XmlText(event) => text_event(txn, event)?,
            _ => return Err("a type the editor does not have"),
        }
    }
    Ok(())
}

fn element_event(txn: &TransactionMut, event: &XmlEvent) -> Result<(), Refusal> {
    let (tag, depth) = match event.target() {
        XmlOut::Element(element) => {
            (Some(element.try_tag().ok_or("an element without a name")?.clone()), depth_of(element))
        }
        XmlOut::Fragment(_) => (None, 0),
        XmlOut::Text(_) => return Err("a type the editor does not have"),
    };
    for (key, change) in event.keys(txn) {
        if let EntryChange::Inserted(value) | EntryChange::Updated(_, value) = change {
            let Some(tag) = &tag else { return Err("an attribute on the document") };
            attribute(tag, key, value)?;
        }
    }
    for change in event.delta(txn) {
        if let Change::Added(values) = change {
            if tag.as_deref().is_some_and(|t| LEAVES.contains(&t)) {
                return Err("content in a node that holds none");
            }
            for value in values {
                match value {
                    Out::YXmlElement(element) => subtree(txn, element, depth + 1)?,
                    Out::YXmlText(text) if tag.is_some() => xml_text(txn, text)?,
                    _ => return Err("content the editor does not have"),
                }
            }
        }
    }
    Ok(())
}

fn text_event(txn: &TransactionMut, event: &XmlTextEvent) -> Result<(), Refusal> {
    if event.keys(txn).values().any(|c| !matches!(c, EntryChange::Removed(_))) {
        return Err("an attribute on text");
    }
    for delta in event.delta(txn) {
        match delta {
            Delta::Inserted(value, attrs) => {
                if !matches!(value, Out::Any(Any::String(_))) {
                    return Err("an embed in text");
                }
                marks(attrs.as_deref())?;
            }
            Delta::Retain(_, attrs) => marks(attrs.as_deref())?,
            Delta::Deleted(_) => {}
        }
    }
    Ok(())
}

/// How deep `element` is under the fragment (a top-level block is 1).
fn depth_of(element: &XmlElementRef) -> usize {
    let mut depth = 1;
    let mut parent = element.parent();
    while let Some(XmlOut::Element(up)) = parent {
        depth += 1;
        if depth > MAX_DEPTH {
            break;
        }
        parent = up.parent();
    }
    depth
}

/// A new element and everything under it (walked with a stack: nesting is bounded here,
/// not by the thread's stack).
fn subtree<T: ReadTxn>(txn: &T, root: &XmlElementRef, depth: usize) -> Result<(), Refusal> {
    let mut stack = vec![(root.clone(), depth)];
    while let Some((element, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return Err("elements nested too deep");
        }
        let tag = element.try_tag().ok_or("an element without a name")?;
        if !NODES.contains(&tag.as_ref()) {
            return Err("an element that is not a node of the editor");
        }
        for (key, value) in element.attributes(txn) {
            attribute(tag, key, &value)?;
        }
        for child in element.children(txn) {
            if LEAVES.contains(&tag.as_ref()) {
                return Err("content in a node that holds none");
            }
            match child {
                XmlOut::Element(child) => stack.push((child, depth + 1)),
                XmlOut::Text(text) => xml_text(txn, &text)?,
                XmlOut::Fragment(_) => return Err("content the editor does not have"),
            }
        }
    }
    Ok(())
}

/// A new XML text: characters only, with the editor's marks, and no attributes.
fn xml_text<T: ReadTxn>(txn: &T, text: &XmlTextRef) -> Result<(), Refusal> {
    if text.attributes(txn).next().is_some() {
        return Err("an attribute on text");
    }
    for chunk in text.diff(txn, YChange::identity) {
        if !matches!(chunk.insert, Out::Any(Any::String(_))) {
            return Err("an embed in text");
        }
        marks(chunk.attributes.as_deref())?;
    }
    Ok(())
}

/// An attribute `key` set to `value` on a `tag` element.
pub fn attribute(tag: &str, key: &str, value: &Out) -> Result<(), Refusal> {
    let Out::Any(value) = value else { return Err("an attribute that is not a value") };
    let fits = match (tag, key) {
        ("heading", "level") => integer(value).is_some_and(|l| (1..=6).contains(&l)),
        ("orderedList", "start") => integer(value).is_some_and(|s| (0..=1_000_000).contains(&s)),
        ("orderedList", "type") => {
            matches!(value, Any::Null)
                || matches!(value, Any::String(t) if ["1", "a", "A", "i", "I"].contains(&t.as_ref()))
        }
        ("codeBlock", "language") => matches!(value, Any::Null) || matches!(value, Any::String(l) if language(l)),
        _ => return Err("an attribute the node does not have"),
    };
    fits.then_some(()).ok_or("an attribute value the node cannot take")
}

fn integer(value: &Any) -> Option<i64> {
    match value {
        Any::Number(Number::Int(i)) => Some(*i),
        Any::Number(Number::Float(f)) if f.fract() == 0.0 && f.abs() < 1e15 => Some(*f as i64),
        _ => None,
    }
}

/// A code block's language: it becomes a class name (`language-…`), so a short plain word.
fn language(name: &str) -> bool {
    (1..=32).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric() || "+#._-".contains(c))
}

/// Text formatting: each key a mark of the editor with that mark's attributes (null ends it).
fn marks(attrs: Option<&Attrs>) -> Result<(), Refusal> {
    for (key, value) in attrs.into_iter().flatten() {
        let name = mark_name(key);
        if !MARKS.contains(&name) {
            return Err("a mark that is not one of the editor's");
        }
        let fits = match (name, value) {
            (_, Any::Null) => true,
            ("link", Any::Map(attrs)) => link(attrs),
            ("link", _) => false,
            (_, Any::Map(attrs)) => attrs.is_empty(),
            (_, Any::Bool(true)) => true,
            _ => false,
        };
        if !fits {
            return Err("a mark with attributes it does not have");
        }
    }
    Ok(())
}

/// A formatting key's mark: y-tiptap keys a mark that may overlap itself `name--<8 chars>`.
fn mark_name(key: &str) -> &str {
    if let Some((name, hash)) = key.rsplit_once("--") {
        if hash.len() == 8 && hash.chars().all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c)) {
            return name;
        }
    }
    key
}

/// A link mark's attributes (Tiptap's Link: href, target, rel, class, title).
fn link(attrs: &std::collections::HashMap<String, Any>) -> bool {
    let Some(Any::String(href)) = attrs.get("href") else { return false };
    safe_href(href)
        && attrs.iter().all(|(key, value)| match (key.as_str(), value) {
            ("href", _) => true,
            (_, Any::Null) => true,
            ("target", Any::String(t)) => t.as_ref() == "_blank",
            ("rel", Any::String(r)) => {
                r.split_ascii_whitespace().all(|t| ["noopener", "noreferrer", "nofollow"].contains(&t))
            }
            ("title", Any::String(t)) => t.len() <= MAX_TITLE,
            _ => false,
        })
}

/// Whether a link's `href` is an `http:`, `https:` or `mailto:` address, read as a browser
/// reads it (ASCII whitespace and controls dropped, scheme in any case; any other character
/// before the scheme makes it something else). Relative addresses and every other scheme
/// (`javascript:`, `data:`, `vbscript:`...) are refused. The web editor's `isSafeHref`
/// (web/src/features/docs/link-policy.ts) is the same rule.
pub fn safe_href(href: &str) -> bool {
    if href.len() > MAX_HREF {
        return false;
    }
    let seen: String =
        href.chars().filter(|c| !c.is_ascii_control() && *c != ' ').collect::<String>().to_ascii_lowercase();
    ["http://", "https://", "mailto:"].iter().any(|scheme| seen.starts_with(scheme))
}
