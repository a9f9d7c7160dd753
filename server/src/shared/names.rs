//! Names people read: display names, usernames, uploaded file names. One rule for all of
//! them, so that what one user types cannot disguise itself on another user's screen.
//!
//! A name is normalised to NFC (the same letters always stored as the same code points, so
//! "José" typed on a Mac and on Windows is one name) and refused when it holds a character
//! that shows nothing or reorders what follows: control characters (NUL included), bidi
//! overrides, embeddings, isolates and marks ("\u{202E}nimdA" reads "Admin"; a file
//! "innocent\u{202E}gnp.exe" reads "innocentexe.png"), and zero-width characters (two names
//! that look alike but are not). Refused rather than silently stripped: the writer learns
//! what was wrong, and nothing is stored that differs from what they typed.

use unicode_normalization::UnicodeNormalization;

use crate::error::{codes, Code};

/// Whether `c` may not appear in a name: a control character, a bidi control, or a
/// zero-width character.
pub fn is_forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            // Bidi embeddings and overrides (LRE, RLE, PDF, LRO, RLO), isolates (LRI, RLI,
            // FSI, PDI), marks (LRM, RLM, ALM).
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
            // Zero-width space, non-joiner and joiner, word joiner, byte order mark.
            | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}')
}

/// `raw` in NFC, or 422's code `name.invalid_characters` when it holds a character
/// [`is_forbidden`] refuses. Lengths and blanks are the caller's rules.
pub fn normalize(raw: &str) -> Result<String, Code> {
    let name: String = raw.nfc().collect();
    if name.chars().any(is_forbidden) {
        return Err(codes::NAME_INVALID_CHARACTERS);
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_stored_in_nfc() {
        // "e" + combining acute accent becomes the one code point "é".
        assert_eq!(normalize("Jose\u{301}").unwrap(), "Jos\u{e9}");
        assert_eq!(normalize("Ada Lovelace").unwrap(), "Ada Lovelace");
        assert_eq!(normalize("محمد").unwrap(), "محمد", "right-to-left letters are letters");
    }

    #[test]
    fn controls_bidi_and_zero_width_characters_are_refused() {
        for bad in [
            "\u{202E}nimdA adA",
            "innocent\u{202E}gnp.exe",
            "a\u{0}b",
            "tab\there",
            "a\u{7F}",
            "a\u{85}",
            "a\u{2066}b\u{2069}",
            "a\u{200E}",
            "a\u{200F}",
            "a\u{061C}",
            "ad\u{200B}min",
            "a\u{200C}",
            "a\u{200D}",
            "a\u{2060}",
            "\u{FEFF}admin",
        ] {
            assert_eq!(normalize(bad), Err(codes::NAME_INVALID_CHARACTERS), "{bad:?}");
        }
    }
}
