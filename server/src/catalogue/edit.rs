//! An admin's edit of a contest type: what may change, and the rules it obeys.
//! Parsed and checked here without I/O, so the rules have unit tests.

use serde::Deserialize;
use utoipa::ToSchema;

use super::model::ContestTypeRow;
use crate::{
    api::flag,
    error::{codes, values, FieldErrors},
};

pub const MAX_TITLE: usize = 100;
/// Terms and brief HTML: long enough for a page of legal text.
pub const MAX_TEXT: usize = 20_000;

/// The editable fields; those left out keep their value. The id and the launch
/// slug are not editable: contests and launch URLs depend on them.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ContestTypeUpdate {
    /// Required when sent; at most 100 characters.
    pub title: Option<String>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub has_terms: Option<bool>,
    /// Empty clears them; required while `has_terms` is 1.
    pub participate_terms: Option<String>,
    /// A string, or `{"text": ...}` as `GET` answers it.
    pub brief_html: Option<BriefHtmlInput>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub only_tip_start: Option<bool>,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Option<crate::api::FlagDoc>, inline)]
    pub is_quick_start: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum BriefHtmlInput {
    Text(String),
    Object { text: String },
}

impl BriefHtmlInput {
    fn into_text(self) -> String {
        match self {
            Self::Text(text) | Self::Object { text } => text,
        }
    }
}

fn too_long(errors: &mut FieldErrors, field: &str, max: usize) {
    errors.add_values(field, values::LONGER_THAN, values::params([("max", max.into())]));
}

impl ContestTypeUpdate {
    /// `current` with the changes applied, or every rule the result breaks.
    pub fn apply(self, current: &ContestTypeRow) -> Result<ContestTypeRow, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut next = current.clone();
        if let Some(title) = self.title {
            let title = title.trim();
            if title.is_empty() {
                errors.add("title", codes::REQUIRED);
            } else if title.chars().count() > MAX_TITLE {
                too_long(&mut errors, "title", MAX_TITLE);
            }
            next.title = title.to_owned();
        }
        if let Some(terms) = self.participate_terms {
            let terms = terms.trim();
            if terms.chars().count() > MAX_TEXT {
                too_long(&mut errors, "participate_terms", MAX_TEXT);
            }
            next.participate_terms = (!terms.is_empty()).then(|| terms.to_owned());
        }
        if let Some(html) = self.brief_html {
            let html = html.into_text();
            if html.chars().count() > MAX_TEXT {
                too_long(&mut errors, "brief_html", MAX_TEXT);
            }
            next.brief_html = html;
        }
        for (value, column) in [
            (self.has_terms, &mut next.has_terms),
            (self.only_tip_start, &mut next.only_tip_start),
            (self.is_quick_start, &mut next.is_quick_start),
        ] {
            if let Some(value) = value {
                *column = i64::from(value);
            }
        }
        // Terms are shown for acceptance before the brief: a type with terms needs their text.
        if next.has_terms != 0 && next.participate_terms.is_none() && !errors.has("participate_terms") {
            errors.add("participate_terms", codes::REQUIRED);
        }
        if errors.is_empty() {
            Ok(next)
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn logo() -> ContestTypeRow {
        ContestTypeRow {
            id: 1,
            title: "Logo".into(),
            launch_brief_slug: "logo-design".into(),
            has_terms: 1,
            participate_terms: Some("Original work only.".into()),
            brief_html: "<p>Brief</p>".into(),
            only_tip_start: 0,
            is_quick_start: 1,
        }
    }

    fn update(json: &str) -> ContestTypeUpdate {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn an_empty_edit_changes_nothing() {
        let next = update("{}").apply(&logo()).unwrap();
        assert_eq!((next.title.as_str(), next.has_terms, next.is_quick_start), ("Logo", 1, 1));
    }

    #[test]
    fn fields_and_flags_change_in_any_spelling() {
        let next = update(r#"{"title":" Emblem ","has_terms":false,"participate_terms":"","brief_html":{"text":"<b>x</b>"},"only_tip_start":"1","is_quick_start":0}"#)
            .apply(&logo())
            .unwrap();
        assert_eq!(next.title, "Emblem");
        assert_eq!((next.has_terms, next.participate_terms, next.only_tip_start, next.is_quick_start), (0, None, 1, 0));
        assert_eq!(next.brief_html, "<b>x</b>");
        assert_eq!(update(r#"{"brief_html":"plain"}"#).apply(&logo()).unwrap().brief_html, "plain");
    }

    #[test]
    fn broken_rules_are_reported_per_field() {
        let long = "x".repeat(MAX_TITLE + 1);
        let errors = update(&format!(r#"{{"title":"{long}"}}"#)).apply(&logo()).unwrap_err();
        assert!(errors.has("title"));
        let errors = update(r#"{"title":"  ","participate_terms":""}"#).apply(&logo()).unwrap_err();
        assert!(errors.has("title") && errors.has("participate_terms"));
        assert!(update(&format!(r#"{{"title":"{}"}}"#, "x".repeat(MAX_TITLE))).apply(&logo()).is_ok());
    }
}
