//! The two encodings, chosen per connection by WebSocket subprotocol.
//!
//! `v1.json` sends text frames of JSON; `v1.msgpack` sends binary frames of
//! MessagePack maps with the same string keys (`rmp_serde::to_vec_named`). Decoding
//! sorts failures into the three cases a client must be told apart (see [`DecodeError`]).

use serde::{de::DeserializeOwned, Serialize};

use crate::{limits::MAX_FRAME_BYTES, ClientFrame, DecodeError, ServerFrame};

/// Subprotocol name of the JSON encoding, also used when the client names none.
pub const SUBPROTOCOL_JSON: &str = "v1.json";
/// Subprotocol name of the MessagePack encoding.
pub const SUBPROTOCOL_MSGPACK: &str = "v1.msgpack";
/// Prefix of the `Sec-WebSocket-Protocol` entry that carries the access token
/// (`vitrine.bearer.<token>`), for browsers, which cannot set `Authorization` on a
/// WebSocket. Listed beside the encoding's name, never chosen by the server.
pub const SUBPROTOCOL_BEARER_PREFIX: &str = "vitrine.bearer.";

/// The names of a raw `Sec-WebSocket-Protocol` header, trimmed, empty ones left out.
fn subprotocol_names(header: Option<&str>) -> impl Iterator<Item = &str> {
    header.unwrap_or("").split(',').map(str::trim).filter(|n| !n.is_empty())
}

/// The access token a client listed as `vitrine.bearer.<token>` among its subprotocols.
pub fn bearer_from_subprotocols(header: Option<&str>) -> Option<&str> {
    subprotocol_names(header).find_map(|name| name.strip_prefix(SUBPROTOCOL_BEARER_PREFIX))
}

/// How one connection's frames are encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// JSON in text frames.
    #[default]
    Json,
    /// MessagePack maps with string keys in binary frames.
    Msgpack,
}

impl Encoding {
    /// Both encodings, JSON first.
    pub const ALL: [Encoding; 2] = [Encoding::Json, Encoding::Msgpack];

    /// The encoding for one negotiated subprotocol name: none means JSON, an
    /// unknown name means `None` (the upgrade is refused).
    pub fn from_subprotocol(name: Option<&str>) -> Option<Encoding> {
        match name {
            None => Some(Encoding::Json),
            Some(SUBPROTOCOL_JSON) => Some(Encoding::Json),
            Some(SUBPROTOCOL_MSGPACK) => Some(Encoding::Msgpack),
            Some(_) => None,
        }
    }

    /// Picks from a raw `Sec-WebSocket-Protocol` header, which lists names in the
    /// client's order of preference: the first known name wins; no header (or an
    /// empty one, or one with only the bearer entry) means JSON; only unknown names
    /// means `None`.
    pub fn negotiate(header: Option<&str>) -> Option<Encoding> {
        let mut names = subprotocol_names(header).filter(|n| !n.starts_with(SUBPROTOCOL_BEARER_PREFIX)).peekable();
        if names.peek().is_none() {
            return Some(Encoding::Json);
        }
        names.find_map(|name| Encoding::from_subprotocol(Some(name)))
    }

    /// The subprotocol name to answer the upgrade with.
    pub const fn subprotocol(self) -> &'static str {
        match self {
            Encoding::Json => SUBPROTOCOL_JSON,
            Encoding::Msgpack => SUBPROTOCOL_MSGPACK,
        }
    }

    /// Whether frames go in binary WebSocket messages (else text, valid UTF-8).
    pub const fn is_binary(self) -> bool {
        matches!(self, Encoding::Msgpack)
    }

    /// Decodes a client frame, refusing one over [`MAX_FRAME_BYTES`] unread.
    pub fn decode_client(self, bytes: &[u8]) -> Result<ClientFrame, DecodeError> {
        if bytes.len() > MAX_FRAME_BYTES {
            return Err(DecodeError::TooLarge { len: bytes.len() });
        }
        self.decode(bytes, &ClientFrame::OPS)
    }

    pub fn encode_server(self, frame: &ServerFrame) -> Vec<u8> {
        self.encode(frame)
    }

    /// Decodes a server frame (clients, the load harness, tests). No size limit.
    pub fn decode_server(self, bytes: &[u8]) -> Result<ServerFrame, DecodeError> {
        self.decode(bytes, &ServerFrame::OPS)
    }

    pub fn encode_client(self, frame: &ClientFrame) -> Vec<u8> {
        self.encode(frame)
    }

    pub(crate) fn encode<T: Serialize>(self, value: &T) -> Vec<u8> {
        // Neither encoder can fail on these types: every map key is a string and
        // the output is a Vec, so there is no I/O to go wrong.
        match self {
            Encoding::Json => serde_json::to_vec(value).expect("protocol types always encode to JSON"),
            Encoding::Msgpack => rmp_serde::to_vec_named(value).expect("protocol types always encode to MessagePack"),
        }
    }

    /// Decodes straight into `T`; only a failure pays for a second, generic parse
    /// that finds out which kind of failure it was.
    fn decode<T: DeserializeOwned>(self, bytes: &[u8], known_ops: &[&str]) -> Result<T, DecodeError> {
        self.parse(bytes).map_err(|detail| DecodeError::classify(self, bytes, known_ops, detail))
    }

    /// Parses `bytes` as a `T`, keeping the parser's complaint as text.
    pub(crate) fn parse<T: DeserializeOwned>(self, bytes: &[u8]) -> Result<T, String> {
        match self {
            Encoding::Json => serde_json::from_slice(bytes).map_err(|e| e.to_string()),
            Encoding::Msgpack => rmp_serde::from_slice(bytes).map_err(|e| e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::samples;

    #[test]
    fn every_client_frame_round_trips_in_both_encodings() {
        for encoding in Encoding::ALL {
            for frame in samples::client_frames() {
                let bytes = encoding.encode_client(&frame);
                assert_eq!(encoding.decode_client(&bytes), Ok(frame), "{encoding:?}");
            }
        }
    }

    #[test]
    fn every_server_frame_round_trips_in_both_encodings() {
        for encoding in Encoding::ALL {
            for frame in samples::server_frames() {
                let bytes = encoding.encode_server(&frame);
                assert_eq!(encoding.decode_server(&bytes), Ok(frame), "{encoding:?}");
            }
        }
    }

    #[test]
    fn samples_cover_every_op() {
        let op_of =
            |bytes: Vec<u8>| serde_json::from_slice::<Value>(&bytes).unwrap()["op"].as_str().unwrap().to_owned();
        let client: Vec<_> = samples::client_frames().iter().map(|f| op_of(Encoding::Json.encode_client(f))).collect();
        let server: Vec<_> = samples::server_frames().iter().map(|f| op_of(Encoding::Json.encode_server(f))).collect();
        for op in ClientFrame::OPS {
            assert!(client.iter().any(|o| o == op), "no client sample for {op}");
        }
        for op in ServerFrame::OPS {
            assert!(server.iter().any(|o| o == op), "no server sample for {op}");
        }
        assert!(client
            .iter()
            .chain(&server)
            .all(|op| ClientFrame::OPS.contains(&op.as_str()) || ServerFrame::OPS.contains(&op.as_str())));
    }

    #[test]
    fn json_frames_are_utf8_text_and_msgpack_frames_are_binary() {
        let frame = ServerFrame::Pong;
        assert!(std::str::from_utf8(&Encoding::Json.encode_server(&frame)).is_ok());
        assert!(!Encoding::Json.is_binary());
        assert!(Encoding::Msgpack.is_binary());
    }

    #[test]
    fn msgpack_frames_are_maps_with_string_keys() {
        // fixmap(1), fixstr "op", fixstr "pong"
        assert_eq!(Encoding::Msgpack.encode_server(&ServerFrame::Pong), b"\x81\xa2op\xa4pong");
        // Nested data objects keep string keys too: a decoder into a JSON value,
        // which accepts string keys only, reads the whole frame back.
        // Document frames carry a `bin`, which a JSON value cannot hold: they are checked
        // in `doc.rs`.
        for frame in samples::server_frames().into_iter().filter(|f| !matches!(f, ServerFrame::Doc { .. })) {
            let bytes = Encoding::Msgpack.encode_server(&frame);
            let as_json: Value = rmp_serde::from_slice(&bytes).unwrap();
            assert_eq!(as_json, serde_json::to_value(&frame).unwrap());
        }
    }

    #[test]
    fn subprotocols_select_the_encoding() {
        assert_eq!(Encoding::from_subprotocol(None), Some(Encoding::Json));
        assert_eq!(Encoding::from_subprotocol(Some("v1.json")), Some(Encoding::Json));
        assert_eq!(Encoding::from_subprotocol(Some("v1.msgpack")), Some(Encoding::Msgpack));
        assert_eq!(Encoding::from_subprotocol(Some("v2.json")), None);
        assert_eq!(Encoding::from_subprotocol(Some("")), None);
        for encoding in Encoding::ALL {
            assert_eq!(Encoding::from_subprotocol(Some(encoding.subprotocol())), Some(encoding));
        }
    }

    #[test]
    fn negotiation_takes_the_first_known_name_from_the_header() {
        assert_eq!(Encoding::negotiate(None), Some(Encoding::Json));
        assert_eq!(Encoding::negotiate(Some(" ")), Some(Encoding::Json));
        assert_eq!(Encoding::negotiate(Some("v2.cbor, v1.msgpack, v1.json")), Some(Encoding::Msgpack));
        assert_eq!(Encoding::negotiate(Some("v1.json,v1.msgpack")), Some(Encoding::Json));
        assert_eq!(Encoding::negotiate(Some("graphql-ws")), None);
        assert_eq!(Encoding::negotiate(Some("vitrine.bearer.abc, v1.msgpack")), Some(Encoding::Msgpack));
        assert_eq!(Encoding::negotiate(Some("vitrine.bearer.abc")), Some(Encoding::Json));
    }

    #[test]
    fn the_bearer_entry_gives_the_token() {
        assert_eq!(bearer_from_subprotocols(Some("v1.json, vitrine.bearer.ab12")), Some("ab12"));
        assert_eq!(bearer_from_subprotocols(Some("v1.json")), None);
        assert_eq!(bearer_from_subprotocols(None), None);
    }
}
