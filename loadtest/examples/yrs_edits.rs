//! Rich-text edits made by yrs (the Rust Yjs the server and pycrdt use), one update per request,
//! for the browser journey `docs-integrity` (`DOCS_FUZZ_MAKER=yrs`): the same kinds of edit its
//! JavaScript `edit()` makes with `yjs` (a paragraph added or removed, words typed, deleted or
//! made bold in the XML fragment `default`), so that the server and every listener are sent
//! updates in yrs's encoding, which differs from `yjs`'s in how it splits and orders items.
//!
//! ```text
//! yrs_edits <seed>
//! ```
//!
//! Reads one request a line on stdin, `<client id> <document as a v1 update, hex>` (the
//! document as the server holds it), makes one seeded edit on a copy of it as that client, and
//! answers one line on stdout: the edit's v1 update in hex (`-` when it changed nothing). The
//! same seed and the same requests give the same answers. Built by `cargo build --workspace
//! --all-targets` (`make test-e2e`) at `$CARGO_TARGET_DIR/debug/examples/yrs_edits`.

use std::{
    collections::HashMap,
    io::{self, BufRead, Write},
    sync::Arc,
};

use anyhow::{bail, Context};
use yrs::{
    types::xml::{XmlFragment, XmlOut},
    updates::decoder::Decode,
    Any, ClientID, Doc, OffsetKind, Options, ReadTxn, Text, Transact, Update, XmlElementPrelim, XmlTextPrelim,
    XmlTextRef,
};

const WORDS: [&str; 12] =
    ["brief", "logo", "teal", "café", "bold", "serif", "ñandú", "menu", "wave", "🎨", "kerning", "grid"];

/// mulberry32, as the journey's generator: the same seed, the same run.
struct Random(u32);

impl Random {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next() * f64::from(n)) as u32
    }

    fn words(&mut self) -> String {
        let count = 1 + self.below(4);
        let mut words: Vec<&str> = (0..count).map(|_| WORDS[self.below(WORDS.len() as u32) as usize]).collect();
        words.push("");
        words.join(" ")
    }
}

/// A document as a browser's counts it: text offsets in UTF-16 code units.
fn doc_as(client: u64) -> Doc {
    Doc::with_options(Options {
        client_id: ClientID::new(client),
        offset_kind: OffsetKind::Utf16,
        ..Options::default()
    })
}

/// One edit on `doc`, chosen as the journey's `edit()` chooses; answers its update.
fn edit(doc: &Doc, random: &mut Random) -> Vec<u8> {
    let fragment = doc.get_or_insert_xml_fragment("default");
    let before = doc.transact().state_vector();
    {
        let mut txn = doc.transact_mut();
        let blocks: Vec<_> = fragment
            .children(&txn)
            .filter_map(|node| match node {
                XmlOut::Element(element) => Some(element),
                _ => None,
            })
            .collect();
        let text: Option<XmlTextRef> = if blocks.is_empty() {
            None
        } else {
            let block = &blocks[random.below(blocks.len() as u32) as usize];
            block.children(&txn).find_map(|node| match node {
                XmlOut::Text(text) => Some(text),
                _ => None,
            })
        };
        let choice = random.next();
        let len = text.as_ref().map_or(0, |text| text.len(&txn));
        match text {
            Some(text) if choice >= 0.25 => {
                if choice < 0.65 || len < 2 {
                    let at = random.below(len + 1);
                    text.insert(&mut txn, at, &random.words());
                } else if choice < 0.8 {
                    let at = random.below(len - 1);
                    let n = 1 + random.below(8.min(len - at));
                    text.remove_range(&mut txn, at, n);
                } else if choice < 0.92 {
                    let at = random.below(len - 1);
                    let n = 1 + random.below(len - at);
                    let bold = HashMap::from([(Arc::<str>::from("bold"), Any::from(true))]);
                    text.format(&mut txn, at, n, bold);
                } else if fragment.len(&txn) > 1 {
                    let at = random.below(fragment.len(&txn));
                    fragment.remove_range(&mut txn, at, 1);
                } else {
                    text.insert(&mut txn, 0, &random.words());
                }
            }
            _ => {
                let at = random.below(fragment.len(&txn) + 1);
                let paragraph = fragment.insert(&mut txn, at, XmlElementPrelim::empty("paragraph"));
                paragraph.insert(&mut txn, 0, XmlTextPrelim::new(random.words()));
            }
        }
    }
    doc.transact().encode_diff_v1(&before)
}

/// One request: the client's id and the document it edits.
fn answer(line: &str, random: &mut Random) -> anyhow::Result<String> {
    let (client, state) = line.trim().split_once(' ').context("expected `<client id> <state hex>`")?;
    let client: u64 = client.parse().context("client id")?;
    if client == 0 {
        bail!("client id 0");
    }
    let doc = doc_as(client);
    let state = hex::decode(state).context("state hex")?;
    doc.transact_mut().apply_update(Update::decode_v1(&state).context("state decodes")?).context("state applies")?;
    let update = edit(&doc, random);
    let empty = Update::decode_v1(&update).map(|u| u.is_empty()).unwrap_or(true);
    Ok(if empty { "-".to_owned() } else { hex::encode(update) })
}

fn main() -> anyhow::Result<()> {
    let seed: u32 = std::env::args().nth(1).context("usage: yrs_edits <seed>")?.parse().context("seed")?;
    let mut random = Random(seed);
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        writeln!(out, "{}", answer(&line, &mut random)?)?;
        out.flush()?;
    }
    Ok(())
}
