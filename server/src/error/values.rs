//! Messages that name values: a budget's floor, an upload limit, a length.
//!
//! The catalogue's message for such a code is general ("... the service minimum"); the answer
//! names the value. A [`Template`] is that answer's wording with `{name}` placeholders: the
//! server fills it for the envelope's English `message`, and sends the values themselves as
//! `params`, so that a client wording the code in another language can put the same numbers in
//! its own sentence (`web/src/lib/errors`, whose `values.{en,es}.json` word each template; the
//! English must equal the text here, checked against `codes.gen.json`).

use std::collections::BTreeMap;

use serde_json::Value;

use super::codes::{self, Code};

/// The values an answer names, by placeholder: `{"min": 25}`.
pub type Params = BTreeMap<String, Value>;

/// A code's message with the values it names left as `{name}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    pub code: Code,
    pub text: &'static str,
}

impl Template {
    /// The text with each `{name}` replaced by its value (strings without their quotes).
    /// A placeholder without a value stays as written, so a missing one shows in tests.
    pub fn fill(&self, params: &Params) -> String {
        let mut text = self.text.to_owned();
        for (name, value) in params {
            let shown = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            text = text.replace(&format!("{{{name}}}"), &shown);
        }
        text
    }
}

/// A budget under the service's minimum (`min`: whole dollars).
pub const BUDGET_AT_LEAST: Template =
    Template { code: codes::BUDGET_MIN, text: "* Please enter a budget greater than or equal to {min}" };
/// A budget over the service's maximum (`max`: whole dollars).
pub const BUDGET_AT_MOST: Template =
    Template { code: codes::BUDGET_MAX, text: "* Please enter a budget less than or equal to {max}" };
/// An upload over its limit (`limit`: a size such as "25 MiB").
pub const UPLOAD_LIMIT: Template =
    Template { code: codes::FILE_TOO_LARGE, text: "The upload is too large. The limit is {limit}." };
/// A tip-only contest's award under its minimum (`min`: whole dollars).
pub const PRICE_AT_LEAST: Template =
    Template { code: codes::CART_PRICE_MIN_TIP_ONLY, text: "The price must be at least {min}." };
/// A text over its length limit (`max`: characters).
pub const LONGER_THAN: Template =
    Template { code: codes::TOO_LONG, text: "This value may not be longer than {max} characters." };

/// Every template, for `codes.gen.json` and the tests.
pub const ALL: &[Template] = &[BUDGET_AT_LEAST, BUDGET_AT_MOST, UPLOAD_LIMIT, PRICE_AT_LEAST, LONGER_THAN];

/// Shorthand for the one-value case: `params([("min", 25.into())])`.
pub fn params<const N: usize>(values: [(&str, Value); N]) -> Params {
    values.into_iter().map(|(name, value)| (name.to_owned(), value)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_puts_each_value_in_its_place() {
        assert_eq!(
            BUDGET_AT_LEAST.fill(&params([("min", 25.into())])),
            "* Please enter a budget greater than or equal to 25"
        );
        assert_eq!(
            UPLOAD_LIMIT.fill(&params([("limit", "25 MiB".into())])),
            "The upload is too large. The limit is 25 MiB."
        );
        assert_eq!(BUDGET_AT_LEAST.fill(&Params::new()), BUDGET_AT_LEAST.text);
    }

    #[test]
    fn every_template_has_one_code_and_names_at_least_one_value() {
        let mut codes: Vec<&str> = ALL.iter().map(|t| t.code.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ALL.len(), "one template per code");
        for template in ALL {
            assert!(template.text.contains('{'), "{} names no value", template.code.code);
            assert!(codes::ALL.contains(&template.code), "{} is in the catalogue", template.code.code);
        }
    }
}
