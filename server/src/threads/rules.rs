//! The input rules every thread keeps, whatever it hangs on.

use crate::error::{codes, AppError, FieldErrors};

/// A comment is 1 to this many characters once trimmed.
pub const MAX_COMMENT: usize = 5000;
/// An image tag's note is 1 to this many characters once trimmed.
pub const MAX_NOTE: usize = 1000;
/// Emoji ids run 1 (like) to this.
pub const MAX_EMOJI_REACTION_ID: i64 = 6;
/// The emoji a removal without one takes back, and the one that is a community activity.
pub const LIKE: i64 = 1;

/// The trimmed text of a comment: present, and not too long.
pub fn checked_comment(text: Option<&str>) -> Result<String, AppError> {
    let text = text.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(AppError::field("comment", codes::REQUIRED));
    }
    if text.chars().count() > MAX_COMMENT {
        return Err(AppError::field("comment", codes::TOO_LONG));
    }
    Ok(text.to_owned())
}

/// The `emoji_reaction_id` of a request: present and one of the catalogue's emoji.
pub fn checked_emoji(id: Option<i64>) -> Result<i64, AppError> {
    match id {
        None => Err(AppError::field("emoji_reaction_id", codes::REQUIRED)),
        Some(id) if (1..=MAX_EMOJI_REACTION_ID).contains(&id) => Ok(id),
        Some(_) => Err(AppError::field("emoji_reaction_id", codes::EMOJI_REACTION_INVALID)),
    }
}

/// A point on an image with a note, as checked: fractions of the image's size.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub note: String,
}

/// Checks a tag's `x`, `y` (0 to 1) and `note` (1 to 1000 characters, trimmed), adding
/// what is wrong to `errors`, so an area can check its own fields alongside.
pub fn checked_point(x: Option<f64>, y: Option<f64>, note: Option<&str>, errors: &mut FieldErrors) -> Point {
    for (field, value) in [("x", x), ("y", y)] {
        match value {
            None => errors.add(field, codes::REQUIRED),
            Some(v) if !(0.0..=1.0).contains(&v) => errors.add(field, codes::POSITION_RANGE),
            Some(_) => {}
        }
    }
    let note = note.map(str::trim).unwrap_or_default();
    if note.is_empty() {
        errors.add("note", codes::REQUIRED);
    } else if note.chars().count() > MAX_NOTE {
        errors.add("note", codes::TOO_LONG);
    }
    Point { x: x.unwrap_or_default(), y: y.unwrap_or_default(), note: note.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_text_is_trimmed_and_bounded() {
        assert_eq!(checked_comment(Some("  hi  ")).unwrap(), "hi");
        assert!(checked_comment(Some("   ")).is_err());
        assert!(checked_comment(None).is_err());
        assert!(checked_comment(Some(&"x".repeat(MAX_COMMENT))).is_ok());
        assert!(checked_comment(Some(&"é".repeat(MAX_COMMENT))).is_ok(), "characters, not bytes");
        assert!(checked_comment(Some(&"x".repeat(MAX_COMMENT + 1))).is_err());
    }

    #[test]
    fn emoji_are_one_to_six() {
        assert!(checked_emoji(None).is_err());
        assert!(checked_emoji(Some(0)).is_err());
        assert_eq!(checked_emoji(Some(LIKE)).unwrap(), 1);
        assert_eq!(checked_emoji(Some(6)).unwrap(), 6);
        assert!(checked_emoji(Some(7)).is_err());
    }

    fn point(x: f64, y: f64, note: &str) -> Result<Point, AppError> {
        let mut errors = FieldErrors::new();
        let point = checked_point(Some(x), Some(y), Some(note), &mut errors);
        errors.into_result().map(|()| point)
    }

    #[test]
    fn positions_are_fractions_and_notes_are_bounded() {
        assert_eq!(point(0.0, 1.0, " ok ").unwrap(), Point { x: 0.0, y: 1.0, note: "ok".into() });
        assert!(point(1.01, 0.5, "ok").is_err());
        assert!(point(0.5, -0.1, "ok").is_err());
        assert!(point(0.5, 0.5, " ").is_err());
        assert!(point(0.5, 0.5, &"n".repeat(MAX_NOTE)).is_ok());
        assert!(point(0.5, 0.5, &"n".repeat(MAX_NOTE + 1)).is_err());
        let mut errors = FieldErrors::new();
        checked_point(None, None, None, &mut errors);
        assert!(errors.into_result().is_err());
    }
}
