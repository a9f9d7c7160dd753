//! Why a frame did not decode, sorted into the cases a client is told apart.
//!
//! The typed decoder's error says only that decoding failed. A failed frame is parsed
//! once more into a generic value to find out whether it was not JSON / MessagePack at
//! all, not a frame, an unknown `op` (`op.unknown`), or a known `op` with bad fields.

use std::fmt;

use serde_json::Value;

use crate::{limits::MAX_FRAME_BYTES, Encoding, ErrorCode, ServerFrame};

/// Why a frame could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// Longer than [`MAX_FRAME_BYTES`]; not looked at. (`frame.too_large`)
    TooLarge { len: usize },
    /// Not JSON / MessagePack at all. (`frame.invalid`)
    Syntax { detail: String },
    /// A valid document, but not a map with a string `op`. (`frame.invalid`)
    NotAFrame,
    /// A map whose `op` is not one this side knows. (`op.unknown`)
    UnknownOp { op: String, id: Option<String> },
    /// A known `op` with missing or mistyped fields. (`frame.invalid`)
    InvalidFields { op: String, id: Option<String>, detail: String },
}

impl DecodeError {
    /// Sorts out why `bytes` did not decode as a frame whose `op` is one of `known_ops`;
    /// `detail` is the typed decoder's complaint, kept for `InvalidFields`.
    pub(crate) fn classify(encoding: Encoding, bytes: &[u8], known_ops: &[&str], detail: String) -> DecodeError {
        let map = match encoding.parse::<Value>(bytes) {
            Ok(Value::Object(map)) => map,
            Ok(_) => return DecodeError::NotAFrame,
            Err(detail) => return DecodeError::Syntax { detail },
        };
        let id = map.get("id").and_then(Value::as_str).map(str::to_owned);
        match map.get("op").and_then(Value::as_str) {
            Some(op) if known_ops.contains(&op) => DecodeError::InvalidFields { op: op.to_owned(), id, detail },
            Some(op) => DecodeError::UnknownOp { op: op.to_owned(), id },
            None => DecodeError::NotAFrame,
        }
    }

    /// The code to answer with.
    pub fn code(&self) -> ErrorCode {
        match self {
            DecodeError::TooLarge { .. } => ErrorCode::FrameTooLarge,
            DecodeError::UnknownOp { .. } => ErrorCode::OpUnknown,
            DecodeError::Syntax { .. } | DecodeError::NotAFrame | DecodeError::InvalidFields { .. } => {
                ErrorCode::FrameInvalid
            }
        }
    }

    /// The refused frame's `id`, when it could be read.
    pub fn request_id(&self) -> Option<&str> {
        match self {
            DecodeError::UnknownOp { id, .. } | DecodeError::InvalidFields { id, .. } => id.as_deref(),
            _ => None,
        }
    }

    /// The `error` frame that answers this failure.
    pub fn to_frame(&self) -> ServerFrame {
        ServerFrame::Error {
            id: self.request_id().map(str::to_owned),
            ch: None,
            code: self.code(),
            message: self.to_string(),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLarge { len } => {
                write!(f, "frame of {len} bytes exceeds {MAX_FRAME_BYTES}")
            }
            DecodeError::Syntax { detail } => write!(f, "frame could not be parsed: {detail}"),
            DecodeError::NotAFrame => f.write_str("frame must be a map with a string \"op\""),
            DecodeError::UnknownOp { op, .. } => write!(f, "unknown op \"{op}\""),
            DecodeError::InvalidFields { op, detail, .. } => {
                write!(f, "invalid \"{op}\" frame: {detail}")
            }
        }
    }
}

impl std::error::Error for DecodeError {}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::ClientFrame;

    /// `value` in `encoding`, for hand-made frames that no Rust type produces.
    fn raw(encoding: Encoding, value: &Value) -> Vec<u8> {
        encoding.encode(value)
    }

    #[test]
    fn garbage_is_a_syntax_error_answered_frame_invalid() {
        let json_garbage: [&[u8]; 4] = [b"", b"{", b"\xc1", b"{\"op\":\"ping\"} trailing"];
        // 0xc1 is never used in MessagePack; the last one is a map cut short.
        let msgpack_garbage: [&[u8]; 3] = [b"", b"\xc1", b"\x81\xa2op"];
        let cases = json_garbage
            .map(|b| (Encoding::Json, b))
            .into_iter()
            .chain(msgpack_garbage.map(|b| (Encoding::Msgpack, b)));
        for (encoding, bytes) in cases {
            let err = encoding.decode_client(bytes).unwrap_err();
            assert!(matches!(err, DecodeError::Syntax { .. }), "{encoding:?} {bytes:?}: {err:?}");
            assert_eq!(err.code(), ErrorCode::FrameInvalid);
        }
    }

    #[test]
    fn documents_that_are_not_frames_are_answered_frame_invalid() {
        for encoding in Encoding::ALL {
            for value in [json!([1, 2]), json!("ping"), json!(7), json!({"ch": "court"}), json!({"op": 3})] {
                let err = encoding.decode_client(&raw(encoding, &value)).unwrap_err();
                assert_eq!(err, DecodeError::NotAFrame, "{encoding:?} {value}");
                assert_eq!(err.code(), ErrorCode::FrameInvalid);
            }
        }
    }

    #[test]
    fn an_unknown_op_is_answered_op_unknown_with_the_id() {
        for encoding in Encoding::ALL {
            let bytes = raw(encoding, &json!({"op": "publish", "ch": "court", "id": "r9"}));
            let err = encoding.decode_client(&bytes).unwrap_err();
            assert_eq!(err, DecodeError::UnknownOp { op: "publish".into(), id: Some("r9".into()) });
            assert_eq!(err.code(), ErrorCode::OpUnknown);
            // A server op sent by a client is just as unknown to the server.
            let err = encoding.decode_client(&raw(encoding, &json!({"op": "pong"}))).unwrap_err();
            assert_eq!(err.code(), ErrorCode::OpUnknown);
        }
    }

    #[test]
    fn a_known_op_with_bad_fields_is_answered_frame_invalid_with_the_id() {
        let cases = [
            json!({"op": "sub", "id": "r1"}),
            json!({"op": "sub", "ch": 42, "id": "r1"}),
            json!({"op": "sub", "ch": "contest:42", "since": -1, "id": "r1"}),
            json!({"op": "sub", "ch": "contest:42", "since": "17", "id": "r1"}),
            json!({"op": "typing", "id": "r1"}),
            json!({"op": "auth", "token": null, "id": "r1"}),
        ];
        for encoding in Encoding::ALL {
            for value in &cases {
                let err = encoding.decode_client(&raw(encoding, value)).unwrap_err();
                assert!(
                    matches!(&err, DecodeError::InvalidFields { op, .. } if *op == value["op"]),
                    "{encoding:?} {value}: {err:?}"
                );
                assert_eq!(err.code(), ErrorCode::FrameInvalid);
                assert_eq!(err.request_id(), Some("r1"));
            }
        }
    }

    #[test]
    fn frames_over_the_limit_are_refused_unread() {
        let padding = "x".repeat(MAX_FRAME_BYTES);
        let frame = ClientFrame::Sub { ch: "court".into(), since: None, id: Some(padding) };
        for encoding in Encoding::ALL {
            let err = encoding.decode_client(&encoding.encode_client(&frame)).unwrap_err();
            assert!(matches!(err, DecodeError::TooLarge { .. }));
            assert_eq!(err.code(), ErrorCode::FrameTooLarge);
        }
    }

    #[test]
    fn a_decode_error_becomes_an_error_frame_echoing_the_id() {
        let err = Encoding::Json.decode_client(br#"{"op":"sub","id":"r1"}"#).unwrap_err();
        let ServerFrame::Error { id, ch, code, message } = err.to_frame() else { panic!("not an error frame") };
        assert_eq!((id.as_deref(), ch, code), (Some("r1"), None, ErrorCode::FrameInvalid));
        assert!(message.contains("ch"), "{message}");
    }
}
