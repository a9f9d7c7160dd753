//! Parsed account values: a `Username`, an `EmailAddress` or a `Password` exists only
//! if it passed the rules of the specification (contests doc section 5, projects doc
//! section 5), so code that holds one never checks again.

use crate::{
    error::{codes, Code},
    shared::names,
};

/// A username: 1-20 characters of letters, digits, `-` and `_`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub const MAX_CHARS: usize = 20;

    pub fn parse(raw: &str) -> Result<Self, Code> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(codes::REQUIRED);
        }
        // Said first and plainly: a bidi override or a zero-width character is no typo.
        if value.chars().any(names::is_forbidden) {
            return Err(codes::NAME_INVALID_CHARACTERS);
        }
        if value.chars().any(char::is_whitespace) {
            return Err(codes::USERNAME_FORMAT);
        }
        if !value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(codes::USERNAME_ALPHA_DASH);
        }
        if value.chars().count() > Self::MAX_CHARS {
            return Err(codes::USERNAME_MAX);
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The name a person shows (`app_user.name`): 1-100 characters once trimmed, in NFC,
/// without control, bidi or zero-width characters ([`names`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub const MAX_CHARS: usize = 100;

    pub fn parse(raw: &str) -> Result<Self, Code> {
        let value = names::normalize(raw.trim())?;
        if value.is_empty() {
            return Err(codes::REQUIRED);
        }
        if value.chars().count() > Self::MAX_CHARS {
            return Err(codes::TOO_LONG);
        }
        Ok(Self(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// An e-mail address of plausible shape: `local@domain.tld`, at most 254 characters.
/// Deliverability is the mail server's business; the shape is ours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(raw: &str) -> Result<Self, Code> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(codes::EMAIL_REQUIRED);
        }
        if value.len() > 254 || !has_email_shape(value) {
            return Err(codes::EMAIL_FORMAT);
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn has_email_shape(value: &str) -> bool {
    let Some((local, domain)) = value.rsplit_once('@') else { return false };
    let labels: Vec<&str> = domain.split('.').collect();
    !local.is_empty()
        && !local.contains('@')
        && !value.chars().any(|c| c.is_whitespace() || c.is_control())
        && labels.len() >= 2
        && labels.iter().all(|l| !l.is_empty() && !l.starts_with('-') && !l.ends_with('-'))
        && labels.iter().all(|l| l.chars().all(|c| c.is_alphanumeric() || c == '-'))
}

/// A password of 8 to 128 characters (counted as characters, not bytes).
pub struct Password(String);

impl Password {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_CHARS: usize = 128;

    pub fn parse(raw: &str) -> Result<Self, Code> {
        let count = raw.chars().count();
        if count == 0 {
            return Err(codes::REQUIRED);
        }
        if !(Self::MIN_CHARS..=Self::MAX_CHARS).contains(&count) {
            return Err(codes::PASSWORD_LENGTH);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// `user_type_id` of the specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserType {
    Admin = 1,
    Client = 2,
    Designer = 3,
}

impl UserType {
    pub fn from_id(id: i64) -> Option<Self> {
        match id {
            1 => Some(Self::Admin),
            2 => Some(Self::Client),
            3 => Some(Self::Designer),
            _ => None,
        }
    }
    pub fn id(self) -> i64 {
        self as i64
    }
}

/// `creative_level_id` of a designer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum CreativeLevel {
    Bronze = 1,
    Silver = 2,
    Gold = 3,
    Platinum = 4,
}

impl CreativeLevel {
    pub fn from_id(id: i64) -> Option<Self> {
        match id {
            1 => Some(Self::Bronze),
            2 => Some(Self::Silver),
            3 => Some(Self::Gold),
            4 => Some(Self::Platinum),
            _ => None,
        }
    }
    pub fn id(self) -> i64 {
        self as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_follow_the_specification() {
        assert_eq!(Username::parse(" ana_b-2 ").unwrap().as_str(), "ana_b-2");
        assert_eq!(Username::parse("").unwrap_err(), codes::REQUIRED);
        assert_eq!(Username::parse("ana b").unwrap_err(), codes::USERNAME_FORMAT);
        assert_eq!(Username::parse("ana!").unwrap_err(), codes::USERNAME_ALPHA_DASH);
        assert_eq!(Username::parse("a".repeat(21).as_str()).unwrap_err(), codes::USERNAME_MAX);
        assert!(Username::parse(&"a".repeat(20)).is_ok());
        assert_eq!(Username::parse("ad\u{200B}min").unwrap_err(), codes::NAME_INVALID_CHARACTERS);
        assert_eq!(Username::parse("\u{202E}nimda").unwrap_err(), codes::NAME_INVALID_CHARACTERS);
    }

    #[test]
    fn display_names_are_nfc_and_show_what_they_are() {
        assert_eq!(DisplayName::parse("  Jose\u{301} ").unwrap().as_str(), "Jos\u{e9}");
        assert_eq!(DisplayName::parse(" ").unwrap_err(), codes::REQUIRED);
        assert_eq!(DisplayName::parse(&"é".repeat(101)).unwrap_err(), codes::TOO_LONG);
        assert_eq!(DisplayName::parse("\u{202E}nimdA adA").unwrap_err(), codes::NAME_INVALID_CHARACTERS);
        assert_eq!(DisplayName::parse("Ada\u{0}").unwrap_err(), codes::NAME_INVALID_CHARACTERS);
    }

    #[test]
    fn email_shapes() {
        assert!(EmailAddress::parse("ana@example.com").is_ok());
        assert!(EmailAddress::parse("a.b+c@sub.example.co").is_ok());
        assert_eq!(EmailAddress::parse("  ").unwrap_err(), codes::EMAIL_REQUIRED);
        for bad in ["ana", "ana@", "@example.com", "ana@example", "ana@exa mple.com", "ana@-x.com", "a@b@c.com"] {
            assert_eq!(EmailAddress::parse(bad).unwrap_err(), codes::EMAIL_FORMAT, "{bad}");
        }
    }

    #[test]
    fn passwords_are_8_to_128_characters() {
        assert_eq!(Password::parse("").unwrap_err(), codes::REQUIRED);
        assert_eq!(Password::parse("1234567").unwrap_err(), codes::PASSWORD_LENGTH);
        assert!(Password::parse("12345678").is_ok());
        assert!(Password::parse(&"é".repeat(128)).is_ok());
        assert_eq!(Password::parse(&"x".repeat(129)).unwrap_err(), codes::PASSWORD_LENGTH);
        assert_eq!(format!("{:?}", Password::parse("secret-pass").unwrap()), "Password(***)");
    }

    #[test]
    fn ids_round_trip() {
        assert_eq!(UserType::from_id(3), Some(UserType::Designer));
        assert_eq!(UserType::from_id(4), None);
        assert!(CreativeLevel::Gold > CreativeLevel::Silver);
        assert_eq!(CreativeLevel::from_id(1).unwrap().id(), 1);
    }
}
