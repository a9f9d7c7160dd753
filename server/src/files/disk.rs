//! The keys uploaded bytes are stored under, and the names a file goes by.
//!
//! `{yyyy}/{mm}/{random}` (on disk, below `{files_dir}`; in a bucket, the object's name,
//! `crate::storage`): random names (never the uploaded name) so that nothing a client
//! sends reaches a path; month folders so that no folder grows without bound. Uploads are
//! first written under `{files_dir}/.incoming`, on the same file system, so that storing a
//! finished file on disk is one atomic rename.

use rand::RngCore;

use crate::{error::Code, shared::names};

/// 128 random bits, hex: names of stored and incoming files.
pub fn random_name() -> String {
    let mut bytes = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// A new storage key for a file received at `now_ms`: `yyyy/mm/{random}` (UTC).
pub fn new_storage_key(now_ms: i64) -> String {
    let (year, month) = year_month(now_ms);
    format!("{year:04}/{month:02}/{}", random_name())
}

/// The UTC year and month of an epoch-millisecond instant (days to civil date,
/// after Howard Hinnant's `civil_from_days`).
fn year_month(now_ms: i64) -> (i64, i64) {
    let days = now_ms.div_euclid(86_400_000) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month)
}

/// Most characters kept of an uploaded name.
const MAX_NAME_CHARS: usize = 255;

/// The name to remember for an upload: the last part of what the browser sent (old
/// browsers send whole paths), in NFC, at most 255 characters; `name.invalid_characters`
/// when it holds control, bidi or zero-width characters (`shared::names`): a file
/// "invoice\u{202E}fdp.exe" would read "invoiceexe.pdf" on every screen that lists it.
pub fn clean_name(raw: &str) -> Result<String, Code> {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let name: String = names::normalize(last)?.chars().take(MAX_NAME_CHARS).collect();
    Ok(match name.trim() {
        "" | "." | ".." => "file".to_owned(),
        trimmed => trimmed.to_owned(),
    })
}

/// `Content-Disposition` of a download: an ASCII `filename` any browser reads (other
/// characters, quotes and backslashes become `_`) and the exact name as RFC 6266
/// `filename*` for browsers that read UTF-8.
pub fn attachment_disposition(name: &str) -> String {
    disposition("attachment", name)
}

/// The same for bytes shown in the browser (`GET /files/{id}/content`).
pub fn inline_disposition(name: &str) -> String {
    disposition("inline", name)
}

fn disposition(kind: &str, name: &str) -> String {
    let ascii: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || " .,-_()+[]".contains(c) { c } else { '_' }).collect();
    let ascii = ascii.trim();
    let ascii = if ascii.is_empty() { "download" } else { ascii };
    let mut encoded = String::with_capacity(name.len() * 3);
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_are_utc_calendar_months() {
        assert_eq!(year_month(0), (1970, 1));
        assert_eq!(year_month(-1), (1969, 12));
        assert_eq!(year_month(1_700_000_000_000), (2023, 11)); // 2023-11-14
        assert_eq!(year_month(1_709_164_800_000), (2024, 2)); // 2024-02-29 00:00
        assert_eq!(year_month(1_709_251_199_999), (2024, 2)); // 2024-02-29 23:59:59.999
        assert_eq!(year_month(1_709_251_200_000), (2024, 3));
        assert_eq!(year_month(1_735_689_599_999), (2024, 12));
    }

    #[test]
    fn storage_keys_are_dated_and_random() {
        let key = new_storage_key(1_700_000_000_000);
        assert!(key.starts_with("2023/11/") && key.len() == 8 + 32, "{key}");
        assert_ne!(key, new_storage_key(1_700_000_000_000));
    }

    #[test]
    fn uploaded_names_lose_paths_and_refuse_hidden_characters() {
        let clean = |raw: &str| clean_name(raw).unwrap();
        assert_eq!(clean("C:\\Users\\me\\logo final.png"), "logo final.png");
        assert_eq!(clean("../../etc/passwd"), "passwd");
        assert_eq!(clean(".."), "file");
        assert_eq!(clean(""), "file");
        assert_eq!(clean(&"x".repeat(300)).len(), 255);
        assert_eq!(clean("cafe\u{301}.png"), "caf\u{e9}.png", "NFC");
        for bad in ["a\u{0}b.pdf", "a\nb.pdf", "innocent\u{202E}gnp.exe", "lo\u{200B}go.png"] {
            assert_eq!(clean_name(bad), Err(crate::error::codes::NAME_INVALID_CHARACTERS), "{bad:?}");
        }
    }

    #[test]
    fn download_names_cannot_break_the_header() {
        assert_eq!(attachment_disposition("logo.png"), "attachment; filename=\"logo.png\"; filename*=UTF-8''logo.png");
        let tricky = attachment_disposition("a\"b\\c;d.pdf");
        assert!(tricky.starts_with("attachment; filename=\"a_b_c_d.pdf\"; "), "{tricky}");
        assert!(tricky.ends_with("a%22b%5Cc%3Bd.pdf"), "{tricky}");
        assert!(attachment_disposition("café.png").contains("filename*=UTF-8''caf%C3%A9.png"));
        assert!(attachment_disposition("日本").contains("filename=\"__\""));
        assert!(inline_disposition("a.png").starts_with("inline; filename=\"a.png\""));
    }
}
