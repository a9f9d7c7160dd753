//! The two sign-up variants of `POST /oauth/register` and their rules.
//!
//! - Launch variant (`user_type_id` 2): a client with email, phone, name, username,
//!   password and terms (contests doc, sections 3 and 5).
//! - Public sign-up (`user_type_id` 3, the default): a designer, who also gives region,
//!   country, state (when the country has states), city, PayPal e-mail, a password
//!   confirmation and the age requirement (projects doc, section 5).
//!
//! [`check_shape`] applies every rule that needs no database; the handler adds
//! uniqueness and geography checks to the same [`FieldErrors`].

use serde::Deserialize;
use utoipa::ToSchema;

use super::domain::{CreativeLevel, EmailAddress, Password, UserType, Username};
use crate::{
    api::{flag, loose_id},
    error::{catalogue, FieldErrors},
};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RegisterRequest {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub name: Option<String>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub agree_terms: Option<bool>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub agree_age_requirements: Option<bool>,
    /// 2 client (launch variant) or 3 designer (public sign-up, the default).
    #[serde(default, deserialize_with = "loose_id")]
    pub user_type_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub region_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub country_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub state_id: Option<i64>,
    pub city: Option<String>,
    pub paypal_email: Option<String>,
    pub referral_source: Option<String>,
    pub rewardful_referral: Option<String>,
}

/// A registration whose every database-free rule holds.
#[derive(Debug)]
pub struct Registration {
    pub user_type: UserType,
    pub username: Username,
    pub email: EmailAddress,
    pub password: Password,
    pub name: String,
    pub phone: String,
    pub region_id: Option<i64>,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub city: Option<String>,
    pub paypal_email: Option<EmailAddress>,
    pub referral_source: Option<String>,
    pub rewardful_referral: Option<String>,
}

impl Registration {
    /// New designers start at bronze; clients have no level.
    pub fn creative_level(&self) -> Option<CreativeLevel> {
        (self.user_type == UserType::Designer).then_some(CreativeLevel::Bronze)
    }

    /// Clients from the launch flow still owe personal information (step 1);
    /// designers gave everything at sign-up (step 2).
    pub fn registration_step(&self) -> i64 {
        match self.user_type {
            UserType::Client => 1,
            _ => 2,
        }
    }
}

const MAX_TEXT: usize = 100;

fn required_text(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> Option<String> {
    match value.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add(field, catalogue::REQUIRED);
            None
        }
        Some(v) if v.chars().count() > MAX_TEXT => {
            errors.add(field, catalogue::TOO_LONG);
            None
        }
        Some(v) => Some(v.to_owned()),
    }
}

fn parsed<T>(errors: &mut FieldErrors, field: &str, result: Result<T, crate::error::Code>) -> Option<T> {
    result.map_err(|code| errors.add(field, code)).ok()
}

/// Checks every rule that needs no database. On success the caller still owes
/// uniqueness and geography checks, recorded into the returned `FieldErrors`.
pub fn check_shape(req: &RegisterRequest) -> (Option<Registration>, FieldErrors) {
    let mut errors = FieldErrors::new();
    let user_type = match req.user_type_id.unwrap_or(3) {
        2 => Some(UserType::Client),
        3 => Some(UserType::Designer),
        _ => {
            errors.add("user_type_id", catalogue::USER_TYPE_INVALID);
            None
        }
    };
    let designer = user_type == Some(UserType::Designer);

    let email = parsed(&mut errors, "email", EmailAddress::parse(req.email.as_deref().unwrap_or("")));
    let username = parsed(&mut errors, "username", Username::parse(req.username.as_deref().unwrap_or("")));
    let password = parsed(&mut errors, "password", Password::parse(req.password.as_deref().unwrap_or("")));
    let name = required_text(&mut errors, "name", &req.name);
    let phone = required_text(&mut errors, "phone", &req.phone);
    if req.agree_terms != Some(true) {
        errors.add("agree_terms", catalogue::TERMS_REQUIRED);
    }

    let mut city = None;
    let mut paypal_email = None;
    if designer {
        match req.confirm_password.as_deref() {
            None | Some("") => errors.add("confirm_password", catalogue::REQUIRED),
            Some(confirm) if Some(confirm) != req.password.as_deref() => {
                errors.add("confirm_password", catalogue::PASSWORD_CONFIRMATION)
            }
            Some(_) => {}
        }
        if req.agree_age_requirements != Some(true) {
            errors.add("agree_age_requirements", catalogue::AGE_REQUIRED);
        }
        for (field, value) in [("region_id", req.region_id), ("country_id", req.country_id)] {
            if value.is_none() {
                errors.add(field, catalogue::REQUIRED);
            }
        }
        city = required_text(&mut errors, "city", &req.city);
        paypal_email = match req.paypal_email.as_deref().map(str::trim) {
            None | Some("") => {
                errors.add("paypal_email", catalogue::REQUIRED);
                None
            }
            Some(raw) => parsed(&mut errors, "paypal_email", EmailAddress::parse(raw)),
        };
    }

    let registration = match (user_type, username, email, password, name, phone) {
        (Some(user_type), Some(username), Some(email), Some(password), Some(name), Some(phone))
            if errors.is_empty() =>
        {
            Some(Registration {
                user_type,
                username,
                email,
                password,
                name,
                phone,
                region_id: designer.then_some(req.region_id).flatten(),
                country_id: designer.then_some(req.country_id).flatten(),
                state_id: designer.then_some(req.state_id).flatten(),
                city,
                paypal_email,
                referral_source: req.referral_source.clone().filter(|s| !s.trim().is_empty()),
                rewardful_referral: req.rewardful_referral.clone().filter(|s| !s.trim().is_empty()),
            })
        }
        _ => None,
    };
    (registration, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client() -> RegisterRequest {
        RegisterRequest {
            email: Some("c@example.com".into()),
            phone: Some("555-0100".into()),
            name: Some("Cleo".into()),
            username: Some("cleo".into()),
            password: Some("password1".into()),
            agree_terms: Some(true),
            user_type_id: Some(2),
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_client_registration_passes() {
        let (reg, errors) = check_shape(&client());
        assert!(errors.is_empty(), "{errors:?}");
        let reg = reg.unwrap();
        assert_eq!(reg.user_type, UserType::Client);
        assert_eq!(reg.creative_level(), None);
        assert_eq!(reg.registration_step(), 1);
    }

    #[test]
    fn a_designer_owes_the_extended_fields() {
        let req = RegisterRequest { user_type_id: None, ..client() };
        let (reg, errors) = check_shape(&req);
        assert!(reg.is_none());
        for field in ["confirm_password", "agree_age_requirements", "region_id", "country_id", "city", "paypal_email"] {
            assert!(errors.has(field), "{field} should be reported");
        }
        assert!(!errors.has("email"));
    }

    #[test]
    fn admins_cannot_sign_up() {
        let (_, errors) = check_shape(&RegisterRequest { user_type_id: Some(1), ..client() });
        assert!(errors.has("user_type_id"));
    }

    #[test]
    fn terms_must_be_accepted() {
        let (_, errors) = check_shape(&RegisterRequest { agree_terms: Some(false), ..client() });
        assert!(errors.has("agree_terms"));
    }
}
