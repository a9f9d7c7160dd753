//! The stored user and the JSON the API shows of it.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::domain::{CreativeLevel, UserType};

/// One `app_user` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub name: String,
    pub phone: Option<String>,
    pub password_hash: String,
    pub user_type_id: i64,
    pub creative_level_id: Option<i64>,
    pub is_active: i64,
    pub registration_step: i64,
    pub region_id: Option<i64>,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub city: Option<String>,
    pub paypal_email: Option<String>,
    pub about_self: Option<String>,
    pub featured_bio: Option<String>,
    pub qualification: String,
    pub has_subscribed: i64,
    pub profile_picture: Option<String>,
    pub cover_pic: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// `en` or `es`: the language of their mail and documents.
    pub language: String,
}

/// The columns [`UserRow`] reads, for `SELECT {USER_COLUMNS} FROM app_user u`.
pub const USER_COLUMNS: &str = "u.id, u.username, u.email, u.name, u.phone, u.password_hash, u.user_type_id, \
    u.creative_level_id, u.is_active, u.registration_step, u.region_id, u.country_id, u.state_id, u.city, \
    u.paypal_email, u.about_self, u.featured_bio, u.qualification, u.has_subscribed, u.profile_picture, \
    u.cover_pic, u.created_at, u.updated_at, u.language";

impl UserRow {
    pub fn user_type(&self) -> UserType {
        // The CHECK constraint admits only 1-3.
        UserType::from_id(self.user_type_id).unwrap_or(UserType::Designer)
    }
    pub fn creative_level(&self) -> Option<CreativeLevel> {
        self.creative_level_id.and_then(CreativeLevel::from_id)
    }
    pub fn is_admin(&self) -> bool {
        self.user_type() == UserType::Admin
    }
    pub fn is_active(&self) -> bool {
        self.is_active != 0
    }
    /// The language of their mail and documents.
    pub fn language(&self) -> crate::shared::locale::Language {
        crate::shared::locale::Language::from_code(&self.language)
    }
}

#[cfg(test)]
impl UserRow {
    /// A user for unit tests: `U <u@example.com>` of `user_type_id`, writing in `language`.
    pub fn for_tests(id: i64, user_type_id: i64, language: &str) -> Self {
        UserRow {
            id,
            username: "u".into(),
            email: "u@example.com".into(),
            name: "U".into(),
            phone: None,
            password_hash: String::new(),
            user_type_id,
            creative_level_id: None,
            is_active: 1,
            registration_step: 2,
            region_id: None,
            country_id: None,
            state_id: None,
            city: None,
            paypal_email: None,
            about_self: None,
            featured_bio: None,
            qualification: "{}".into(),
            has_subscribed: 0,
            profile_picture: None,
            cover_pic: None,
            created_at: 0,
            updated_at: 0,
            language: language.into(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FilePath {
    pub full_path: String,
}

/// A user as the API shows it. Private fields (e-mail, phone, PayPal) only to the
/// user themself and to admins.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserView {
    pub id: i64,
    pub name: String,
    pub username: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    pub user_type_id: i64,
    pub creative_level_id: Option<i64>,
    pub is_active: i64,
    pub registration_step: i64,
    pub profile_picture: Option<FilePath>,
    pub cover_pic: Option<FilePath>,
    pub qualification: BTreeMap<String, String>,
    /// Epoch milliseconds, UTC.
    pub created_at: i64,
    pub detail: UserDetailView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserDetailView {
    pub has_subscribed: i64,
    pub about_self: Option<String>,
    pub featured_bio: Option<String>,
    pub region_id: Option<i64>,
    pub country_id: Option<i64>,
    pub state_id: Option<i64>,
    pub city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paypal_email: Option<String>,
}

impl UserView {
    /// The view of `user` for a viewer; `private` adds the fields only they and admins see.
    pub fn of(user: UserRow, private: bool) -> Self {
        let qualification = serde_json::from_str(&user.qualification).unwrap_or_default();
        Self {
            id: user.id,
            name: user.name,
            username: user.username,
            email: private.then_some(user.email),
            phone: if private { user.phone } else { None },
            user_type_id: user.user_type_id,
            creative_level_id: user.creative_level_id,
            is_active: user.is_active,
            registration_step: user.registration_step,
            profile_picture: user.profile_picture.map(|full_path| FilePath { full_path }),
            cover_pic: user.cover_pic.map(|full_path| FilePath { full_path }),
            qualification,
            created_at: user.created_at,
            detail: UserDetailView {
                has_subscribed: user.has_subscribed,
                about_self: user.about_self,
                featured_bio: user.featured_bio,
                region_id: user.region_id,
                country_id: user.country_id,
                state_id: user.state_id,
                city: user.city,
                paypal_email: if private { user.paypal_email } else { None },
            },
        }
    }
}
