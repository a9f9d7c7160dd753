//! Decoding the bytes a client sent, which yrs does not always survive.
//!
//! yrs's decoders add clocks and lengths read from the wire without checking them: a
//! corrupted update overflows (a panic where overflow checks are on, which the release
//! profile turns on for yrs, see the workspace `Cargo.toml`). A panic here would end the
//! connection's task; caught, it is one refused message.

use std::panic::{catch_unwind, AssertUnwindSafe};

use yrs::{sync::Message, updates::decoder::Decode, Update};

use super::DocError;

/// A client's Yjs update (v1 encoding); `doc.invalid` if it does not decode.
pub fn decode_update(bytes: &[u8]) -> Result<Update, DocError> {
    match catch_unwind(AssertUnwindSafe(|| Update::decode_v1(bytes))) {
        Ok(Ok(update)) => Ok(update),
        Ok(Err(_)) | Err(_) => Err(DocError::Invalid),
    }
}

/// A client's y-protocols message; `doc.invalid` if it does not decode.
pub fn decode_message(bytes: &[u8]) -> Result<Message, DocError> {
    match catch_unwind(AssertUnwindSafe(|| Message::decode_v1(bytes))) {
        Ok(Ok(message)) => Ok(message),
        Ok(Err(_)) | Err(_) => Err(DocError::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_update_whose_clocks_overflow_is_refused_not_a_panic() {
        // One client (id 1) with two blocks starting at clock u32::MAX: the second block's
        // clock overflows while decoding. Layout (lib0 v1): blocks of 1 client; 2 blocks;
        // client 1; clock 4294967295; then two one-character string items into root "t".
        let mut bytes = vec![1, 2, 1, 0xff, 0xff, 0xff, 0xff, 0x0f];
        for _ in 0..2 {
            // info 4 (string content, no origins), parent: a root type named "t", "x".
            bytes.extend_from_slice(&[4, 1, 1, b't', 1, b'x']);
        }
        bytes.push(0); // an empty delete set
        assert_eq!(decode_update(&bytes).err(), Some(DocError::Invalid));
    }

    #[test]
    fn garbage_is_refused() {
        assert_eq!(decode_update(&[0xff, 0xff, 0xff]).err(), Some(DocError::Invalid));
        assert!(decode_message(&[0xff, 0xff, 0xff]).is_err());
    }
}
