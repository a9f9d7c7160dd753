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

use super::domain::{CreativeLevel, DisplayName, EmailAddress, Password, UserType, Username};
use crate::{
    api::{flag, loose_id},
    error::{codes, FieldErrors},
};

/// What either variant may send; [`NewAccount`] says which fields each one requires.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[schema(
        max_length = 254,
        pattern = r"^\s*[^@\s\x00-\x1f\x7f-\x9f]+@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\s*$"
    )]
    pub email: Option<String>,
    #[schema(pattern = r"\S", max_length = 100)]
    pub phone: Option<String>,
    #[schema(pattern = r"\S", max_length = 100)]
    pub name: Option<String>,
    /// Letters, numbers, dashes and underscores, at most 20.
    #[schema(pattern = r"^\s*[A-Za-z0-9_-]{1,20}\s*$")]
    pub username: Option<String>,
    #[schema(min_length = 8, max_length = 128)]
    pub password: Option<String>,
    /// The password again (designers).
    pub confirm_password: Option<String>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub agree_terms: Option<bool>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub agree_age_requirements: Option<bool>,
    /// 2 client (launch variant) or 3 designer (public sign-up, the default).
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<i64>, minimum = 2, maximum = 3)]
    pub user_type_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub region_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    #[schema(value_type = Option<crate::geo::CountryDoc>, inline)]
    pub country_id: Option<i64>,
    #[serde(default, deserialize_with = "loose_id")]
    pub state_id: Option<i64>,
    #[schema(pattern = r"\S", max_length = 100)]
    pub city: Option<String>,
    #[schema(
        max_length = 254,
        pattern = r"^\s*[^@\s\x00-\x1f\x7f-\x9f]+@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\s*$"
    )]
    pub paypal_email: Option<String>,
    pub referral_source: Option<String>,
    pub rewardful_referral: Option<String>,
}

/// The body for the document: [`RegisterRequest`] with what [`check_shape`] requires of
/// each variant, one of two shapes chosen by `user_type_id`. The rules across fields it
/// cannot say (the confirmation equals the password; the region, country and state
/// belong together) are checked as before.
pub struct NewAccount;

impl utoipa::PartialSchema for NewAccount {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::Type;
        use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, OneOfBuilder};
        let user_type = |id: i64| crate::api::id_schema_with(|o| o.enum_values(Some([id])));
        // Required means present and not null: the fields are nullable in the request.
        let text = || ObjectBuilder::new().schema_type(Type::String);
        let require = |o: ObjectBuilder, field: &str| match field {
            "agree_terms" | "agree_age_requirements" => o.required(field),
            "region_id" | "country_id" => o.property(field, crate::api::id_schema()).required(field),
            _ => o.property(field, text()).required(field),
        };
        let both = ["email", "username", "password", "name", "phone", "agree_terms"];
        let client = both
            .iter()
            .fold(ObjectBuilder::new(), |o, field| require(o, field))
            .property("user_type_id", user_type(2))
            .required("user_type_id")
            .property("agree_terms", crate::api::flag_set_schema());
        let designer_only =
            ["confirm_password", "agree_age_requirements", "region_id", "country_id", "city", "paypal_email"];
        let designer = both
            .iter()
            .chain(designer_only.iter())
            .fold(ObjectBuilder::new(), |o, field| require(o, field))
            .property("user_type_id", user_type(3))
            .property("agree_terms", crate::api::flag_set_schema())
            .property("agree_age_requirements", crate::api::flag_set_schema());
        let variant = OneOfBuilder::new().item(client).item(designer);
        AllOfBuilder::new().item(utoipa::openapi::Ref::from_schema_name("RegisterRequest")).item(variant).into()
    }
}

impl ToSchema for NewAccount {
    // The request's own schema is named only through this one: register it with it.
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        crate::api::register_schema::<RegisterRequest>(schemas);
    }
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
            errors.add(field, codes::REQUIRED);
            None
        }
        Some(v) if v.chars().count() > MAX_TEXT => {
            errors.add(field, codes::TOO_LONG);
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
            errors.add("user_type_id", codes::USER_TYPE_INVALID);
            None
        }
    };
    let designer = user_type == Some(UserType::Designer);

    let email = parsed(&mut errors, "email", EmailAddress::parse(req.email.as_deref().unwrap_or("")));
    let username = parsed(&mut errors, "username", Username::parse(req.username.as_deref().unwrap_or("")));
    let password = parsed(&mut errors, "password", Password::parse(req.password.as_deref().unwrap_or("")));
    let name = parsed(&mut errors, "name", DisplayName::parse(req.name.as_deref().unwrap_or("")))
        .map(DisplayName::into_string);
    let phone = required_text(&mut errors, "phone", &req.phone);
    if req.agree_terms != Some(true) {
        errors.add("agree_terms", codes::TERMS_REQUIRED);
    }

    let mut city = None;
    let mut paypal_email = None;
    if designer {
        match req.confirm_password.as_deref() {
            None | Some("") => errors.add("confirm_password", codes::REQUIRED),
            Some(confirm) if Some(confirm) != req.password.as_deref() => {
                errors.add("confirm_password", codes::PASSWORD_CONFIRMATION)
            }
            Some(_) => {}
        }
        if req.agree_age_requirements != Some(true) {
            errors.add("agree_age_requirements", codes::AGE_REQUIRED);
        }
        for (field, value) in [("region_id", req.region_id), ("country_id", req.country_id)] {
            if value.is_none() {
                errors.add(field, codes::REQUIRED);
            }
        }
        city = required_text(&mut errors, "city", &req.city);
        paypal_email = match req.paypal_email.as_deref().map(str::trim) {
            None | Some("") => {
                errors.add("paypal_email", codes::REQUIRED);
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
