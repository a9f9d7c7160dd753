//! Whether a JavaScript Yjs can read an update the server is about to store and forward.
//!
//! `yrs` integrates some things the browser's `yjs` cannot: a struct of length zero (its
//! successor then starts at the same clock, and `yjs` fails looking it up), integers past
//! 2^53 (lib0 throws "Integer out of Range"), JSON contents that `JSON.parse` rejects, type
//! kinds `yjs` does not know. A corrupted update can carry any of these and still apply to
//! the server's copy, so the server's own encoding of what the copy gained is walked once,
//! as lib0's v1 decoder would, before anyone is handed it.

/// The largest integer lib0 reads (it decodes numbers as doubles).
pub const JS_MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// Nesting past this in `Any` values is refused (JSON-like values in a rich-text document are
/// shallow; the limit keeps the walk's stack small).
const MAX_ANY_DEPTH: usize = 32;

/// Why an update is not readable by a JavaScript Yjs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    Truncated,
    IntegerOutOfRange,
    EmptyStruct,
    EmptyDeleteRange,
    BadString,
    BadJson,
    UnknownContent(u8),
    UnknownType(u64),
    UnknownAny(u8),
    TooDeep,
}

/// Checks a v1-encoded update; `Ok` when `yjs` reads it as `yrs` wrote it.
pub fn check(update: &[u8]) -> Result<(), Unreadable> {
    let mut reader = Reader { buf: update, pos: 0 };
    let clients = reader.var_uint()?;
    for _ in 0..clients {
        let structs = reader.var_uint()?;
        let _client = reader.var_uint()?;
        let _clock = reader.var_uint()?;
        for _ in 0..structs {
            reader.block()?;
        }
    }
    let clients = reader.var_uint()?;
    for _ in 0..clients {
        let _client = reader.var_uint()?;
        for _ in 0..reader.var_uint()? {
            let _clock = reader.var_uint()?;
            if reader.var_uint()? == 0 {
                return Err(Unreadable::EmptyDeleteRange);
            }
        }
    }
    Ok(())
}

struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, Unreadable> {
        let byte = *self.buf.get(self.pos).ok_or(Unreadable::Truncated)?;
        self.pos += 1;
        Ok(byte)
    }

    fn skip(&mut self, n: usize) -> Result<&[u8], Unreadable> {
        let end = self.pos.checked_add(n).filter(|end| *end <= self.buf.len()).ok_or(Unreadable::Truncated)?;
        let bytes = &self.buf[self.pos..end];
        self.pos = end;
        Ok(bytes)
    }

    fn var_uint(&mut self) -> Result<u64, Unreadable> {
        let (mut value, mut shift) = (0u64, 0u32);
        loop {
            let byte = self.byte()?;
            if shift > 53 {
                return Err(Unreadable::IntegerOutOfRange);
            }
            value |= u64::from(byte & 0x7f) << shift;
            if value > JS_MAX_SAFE_INTEGER {
                return Err(Unreadable::IntegerOutOfRange);
            }
            if byte & 0x80 == 0 {
                return Ok(value);
            }
            shift += 7;
        }
    }

    /// lib0's signed varint: sign in bit 6 of the first byte, six bits of value there.
    fn var_int(&mut self) -> Result<(), Unreadable> {
        let first = self.byte()?;
        let (mut value, mut shift) = (u64::from(first & 0x3f), 6u32);
        let mut more = first & 0x80 != 0;
        while more {
            let byte = self.byte()?;
            if shift > 53 {
                return Err(Unreadable::IntegerOutOfRange);
            }
            value |= u64::from(byte & 0x7f) << shift;
            if value > JS_MAX_SAFE_INTEGER {
                return Err(Unreadable::IntegerOutOfRange);
            }
            more = byte & 0x80 != 0;
            shift += 7;
        }
        Ok(())
    }

    fn len(&mut self) -> Result<usize, Unreadable> {
        usize::try_from(self.var_uint()?).map_err(|_| Unreadable::IntegerOutOfRange)
    }

    fn string(&mut self) -> Result<&str, Unreadable> {
        let n = self.len()?;
        std::str::from_utf8(self.skip(n)?).map_err(|_| Unreadable::BadString)
    }

    /// A JSON text as `JSON.parse` takes it.
    fn json(&mut self) -> Result<(), Unreadable> {
        let text = self.string()?;
        serde_json::from_str::<serde_json::Value>(text).map(drop).map_err(|_| Unreadable::BadJson)
    }

    /// One struct: GC, skip or item, with a length above zero.
    fn block(&mut self) -> Result<(), Unreadable> {
        let info = self.byte()?;
        let len = match info & 0x1f {
            0 | 10 => self.var_uint()?,
            content => {
                let (has_origin, has_right_origin) = (info & 0x80 != 0, info & 0x40 != 0);
                if has_origin {
                    self.var_uint()?;
                    self.var_uint()?;
                }
                if has_right_origin {
                    self.var_uint()?;
                    self.var_uint()?;
                }
                if !has_origin && !has_right_origin {
                    if self.var_uint()? == 1 {
                        self.string()?;
                    } else {
                        self.var_uint()?;
                        self.var_uint()?;
                    }
                    if info & 0x20 != 0 {
                        self.string()?;
                    }
                }
                self.content(content)?
            }
        };
        if len == 0 {
            return Err(Unreadable::EmptyStruct);
        }
        Ok(())
    }

    /// An item's content; answers its length as `yjs` counts it.
    fn content(&mut self, kind: u8) -> Result<u64, Unreadable> {
        Ok(match kind {
            // Deleted
            1 => self.var_uint()?,
            // JSON: `undefined` or a JSON text each
            2 => {
                let n = self.var_uint()?;
                for _ in 0..n {
                    let text = self.string()?;
                    if text != "undefined" {
                        serde_json::from_str::<serde_json::Value>(text).map_err(|_| Unreadable::BadJson)?;
                    }
                }
                n
            }
            // Binary
            3 => {
                let n = self.len()?;
                self.skip(n)?;
                1
            }
            // String: its length in UTF-16 code units, as JavaScript counts it
            4 => self.string()?.encode_utf16().count() as u64,
            // Embed
            5 => {
                self.json()?;
                1
            }
            // Format: key, value
            6 => {
                self.string()?;
                self.json()?;
                1
            }
            // Type: array, map, text, element (named), fragment, hook (named), XML text
            7 => {
                match self.var_uint()? {
                    3 | 5 => {
                        self.string()?;
                    }
                    0..=6 => {}
                    other => return Err(Unreadable::UnknownType(other)),
                }
                1
            }
            // Any
            8 => {
                let n = self.var_uint()?;
                for _ in 0..n {
                    self.any(0)?;
                }
                n
            }
            // Sub-document: guid, options
            9 => {
                self.string()?;
                self.any(0)?;
                1
            }
            other => return Err(Unreadable::UnknownContent(other)),
        })
    }

    /// One lib0 `Any` value.
    fn any(&mut self, depth: usize) -> Result<(), Unreadable> {
        if depth > MAX_ANY_DEPTH {
            return Err(Unreadable::TooDeep);
        }
        match self.byte()? {
            127 | 126 | 121 | 120 => {}
            125 => self.var_int()?,
            124 => {
                self.skip(4)?;
            }
            123 | 122 => {
                self.skip(8)?;
            }
            119 => {
                self.string()?;
            }
            118 => {
                for _ in 0..self.var_uint()? {
                    self.string()?;
                    self.any(depth + 1)?;
                }
            }
            117 => {
                for _ in 0..self.var_uint()? {
                    self.any(depth + 1)?;
                }
            }
            116 => {
                let n = self.len()?;
                self.skip(n)?;
            }
            other => return Err(Unreadable::UnknownAny(other)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use yrs::{updates::decoder::Decode, Doc, GetString, Text, Transact, Update, WriteTxn, XmlFragment, XmlTextPrelim};

    use super::*;

    fn edited() -> Vec<u8> {
        let doc = Doc::with_client_id(7);
        let fragment = doc.get_or_insert_xml_fragment("default");
        let mut txn = doc.transact_mut();
        let text = fragment.push_back(&mut txn, XmlTextPrelim::new("café 🎨"));
        text.insert(&mut txn, 0, "brief ");
        text.remove_range(&mut txn, 0, 2);
        let _ = txn.get_or_insert_text("plain").get_string(&txn);
        txn.encode_update_v1()
    }

    #[test]
    fn a_real_edit_is_readable() {
        let update = edited();
        assert!(Update::decode_v1(&update).is_ok());
        assert_eq!(check(&update), Ok(()));
    }

    #[test]
    fn numbers_past_two_to_the_53_are_not() {
        // One client with one struct, client id 2^53.
        let mut update = vec![1, 1];
        let mut id = 1u64 << 53;
        while id >= 0x80 {
            update.push((id as u8 & 0x7f) | 0x80);
            id >>= 7;
        }
        update.push(id as u8);
        update.extend([0, 0, 1, 0]);
        assert_eq!(check(&update), Err(Unreadable::IntegerOutOfRange));
    }

    #[test]
    fn an_empty_struct_or_deletion_is_not() {
        // One client (7, clock 0) with a GC struct of length 0; no deletions.
        assert_eq!(check(&[1, 1, 7, 0, 0, 0, 0]), Err(Unreadable::EmptyStruct));
        // An empty string item under the root "default".
        let root: &[u8] = &[1, 1, 7, 0, 4, 1, 7, b'd', b'e', b'f', b'a', b'u', b'l', b't', 0, 0];
        assert_eq!(check(root), Err(Unreadable::EmptyStruct));
        // No structs; a deletion of length 0.
        assert_eq!(check(&[0, 1, 7, 1, 3, 0]), Err(Unreadable::EmptyDeleteRange));
    }

    #[test]
    fn unknown_kinds_and_broken_json_are_not() {
        // A type item of kind 7 (yrs's weak link) under "default".
        let weak: &[u8] = &[1, 1, 7, 0, 7, 1, 7, b'd', b'e', b'f', b'a', b'u', b'l', b't', 7, 0];
        assert_eq!(check(weak), Err(Unreadable::UnknownType(7)));
        // An embed whose JSON does not parse.
        let embed: &[u8] = &[1, 1, 7, 0, 5, 1, 7, b'd', b'e', b'f', b'a', b'u', b'l', b't', 2, b'{', b'x', 0];
        assert_eq!(check(embed), Err(Unreadable::BadJson));
        // Cut short anywhere.
        let update = edited();
        for end in 0..update.len() - 1 {
            assert!(check(&update[..end]).is_err(), "{end} bytes");
        }
    }
}
