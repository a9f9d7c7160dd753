//! Substring search in SQL both engines run: `LOWER(column) LIKE $n ESCAPE '\'`.
//!
//! What a user types is text, not a pattern: `50%` finds "50% off" and not "500 logos", `_`
//! is an underscore. [`contains_pattern`] lowercases the needle (the column side is
//! `LOWER(..)`) and escapes the wildcards; every query using it says [`ESCAPE`] after `LIKE`.

/// What follows `LIKE $n` in every query that binds a [`contains_pattern`].
pub const ESCAPE: &str = "ESCAPE '\\'";

/// A `LIKE` pattern matching `needle` anywhere, case-insensitively, its wildcards literal.
pub fn contains_pattern(needle: &str) -> String {
    let mut pattern = String::from("%");
    for c in needle.trim().to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    use super::contains_pattern;

    #[test]
    fn wildcards_in_what_a_user_typed_are_literal() {
        assert_eq!(contains_pattern(" Logo "), "%logo%");
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }
}
