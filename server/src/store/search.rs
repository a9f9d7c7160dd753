//! Substring search in SQL both engines run, blind to case and to accents: "cafe" finds
//! "Café", "NANDU" finds "ñandú".
//!
//! What a user types is text, not a pattern: `50%` finds "50% off" and not "500 logos", `_`
//! is an underscore. [`contains_pattern`] folds the needle (lowercase, accents off) and escapes
//! the wildcards; [`contains`] writes the SQL that folds the column the same way and says
//! `ESCAPE '\'`.
//!
//! The column is folded in SQL by [`FOLDS`] (nested `REPLACE`, upper and lower case) then
//! `LOWER`: SQLite's `LOWER` knows ASCII only and has no `unaccent`, so one expression serves
//! both engines. The lists searched are a page of a few thousand rows at most (admin lists,
//! projects, the marketplace, portfolios), scanned either way by a `LIKE '%..%'`.

/// One hit of a search box over several areas (the admin's Search page): each area's
/// store answers its own rows in this shape. `kind`: user, contest, project or entry.
#[derive(Debug, sqlx::FromRow)]
pub struct SearchHitRow {
    pub kind: String,
    pub id: i64,
    pub title: String,
    pub subtitle: String,
    pub contest_id: Option<i64>,
    pub status_id: Option<i64>,
}

/// What follows `LIKE $n` in every query that binds a [`contains_pattern`].
pub const ESCAPE: &str = "ESCAPE '\\'";

/// Accented letters of the Latin alphabets (Spanish, French, Portuguese, German, ...)
/// and their base letter, both cases.
pub const FOLDS: &[(char, char)] = &[
    ('á', 'a'),
    ('à', 'a'),
    ('â', 'a'),
    ('ä', 'a'),
    ('ã', 'a'),
    ('å', 'a'),
    ('Á', 'a'),
    ('À', 'a'),
    ('Â', 'a'),
    ('Ä', 'a'),
    ('Ã', 'a'),
    ('Å', 'a'),
    ('é', 'e'),
    ('è', 'e'),
    ('ê', 'e'),
    ('ë', 'e'),
    ('É', 'e'),
    ('È', 'e'),
    ('Ê', 'e'),
    ('Ë', 'e'),
    ('í', 'i'),
    ('ì', 'i'),
    ('î', 'i'),
    ('ï', 'i'),
    ('Í', 'i'),
    ('Ì', 'i'),
    ('Î', 'i'),
    ('Ï', 'i'),
    ('ó', 'o'),
    ('ò', 'o'),
    ('ô', 'o'),
    ('ö', 'o'),
    ('õ', 'o'),
    ('ø', 'o'),
    ('Ó', 'o'),
    ('Ò', 'o'),
    ('Ô', 'o'),
    ('Ö', 'o'),
    ('Õ', 'o'),
    ('Ø', 'o'),
    ('ú', 'u'),
    ('ù', 'u'),
    ('û', 'u'),
    ('ü', 'u'),
    ('Ú', 'u'),
    ('Ù', 'u'),
    ('Û', 'u'),
    ('Ü', 'u'),
    ('ñ', 'n'),
    ('Ñ', 'n'),
    ('ç', 'c'),
    ('Ç', 'c'),
    ('ý', 'y'),
    ('ÿ', 'y'),
    ('Ý', 'y'),
];

/// `column`, folded in SQL: accents off ([`FOLDS`]), then lowercase.
pub fn folded(column: &str) -> String {
    let mut sql = column.to_owned();
    for (from, to) in FOLDS {
        sql = format!("REPLACE({sql}, '{from}', '{to}')");
    }
    format!("LOWER({sql})")
}

/// `folded(column) LIKE placeholder ESCAPE '\'`: the condition that `column` contains
/// what [`contains_pattern`] was given, bound at `placeholder` (`$3`, `?`).
pub fn contains(column: &str, placeholder: &str) -> String {
    format!("{} LIKE {placeholder} {ESCAPE}", folded(column))
}

/// Text folded as [`folded`] folds a column.
pub fn fold(text: &str) -> String {
    text.to_lowercase().chars().map(|c| FOLDS.iter().find(|(from, _)| *from == c).map_or(c, |(_, to)| *to)).collect()
}

/// A `LIKE` pattern matching `needle` anywhere, blind to case and accents, its wildcards literal.
pub fn contains_pattern(needle: &str) -> String {
    let mut pattern = String::from("%");
    for c in fold(needle.trim()).chars() {
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
    use super::*;

    #[test]
    fn wildcards_in_what_a_user_typed_are_literal() {
        assert_eq!(contains_pattern(" Logo "), "%logo%");
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }

    #[test]
    fn the_needle_loses_case_and_accents() {
        assert_eq!(contains_pattern("Café ÑANDÚ"), "%cafe nandu%");
        assert_eq!(fold("São Paulo"), "sao paulo");
    }

    #[test]
    fn the_column_is_folded_with_every_pair_then_lowered() {
        let sql = folded("c.title");
        assert!(sql.starts_with("LOWER(REPLACE("), "{sql}");
        assert_eq!(sql.matches("REPLACE(").count(), FOLDS.len());
        assert!(contains("c.title", "$5").ends_with("LIKE $5 ESCAPE '\\'"));
    }
}
