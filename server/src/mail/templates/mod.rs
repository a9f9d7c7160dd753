//! What each mail says, in the recipient's language: one template per message kind and
//! language, each with a text part (`{kind}.{lang}.txt`, whose first line is the subject
//! and whose second is blank) and an HTML part (`{kind}.{lang}.html`, extending
//! `layout.html`), rendered with minijinja.
//!
//! Values are escaped in the HTML part (auto-escaping by file name) and kept as they are in
//! the text part. A template naming a value the message does not carry fails to render
//! (strict undefined), and the unit tests render every kind in every language and find each
//! value in both parts. Money and dates are written by the `money` and `date` filters in the
//! template's language ([`Language::money`], [`Language::date`]); links arrive absolute,
//! built by the caller from the public URL (`Settings::link_base`).

use std::sync::LazyLock;

use minijinja::{AutoEscape, Environment, Output, State, UndefinedBehavior, Value};
use serde::Serialize;

use crate::shared::locale::Language;

/// One message to render, with its values.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mail {
    /// A password-reset link that works for `minutes`.
    PasswordReset { name: String, link: String, minutes: u64 },
    /// A one-time sign-in link that works for `minutes`.
    SignInLink { name: String, link: String, minutes: u64 },
    /// To a contest's holder: the deciding window ran out with no winner; `link`: the contest.
    NoWinner { title: String, link: String },
    /// To the winner: `hours` left to deliver the final files; `link`: the contest.
    DeliveryReminder { title: String, hours: u64, link: String },
    /// To the winner: the final files are overdue; `link`: the contest.
    DeliveryOverdueDesigner { title: String, link: String },
    /// To the holder: the winner's final files are overdue; `link`: the contest.
    DeliveryOverdueHolder { title: String, link: String },
    /// The Email Blast upgrade: a new contest, to a top-rated designer of its `category`
    /// (named in the recipient's language; `prize_cents` 0: no prize line); `unsubscribe`
    /// opts out of these (also sent as `List-Unsubscribe`).
    EmailBlast { category: String, title: String, prize_cents: i64, link: String, unsubscribe: String },
    /// An admin's coupon for the client's next contest.
    CouponInvite { name: String, title: String, code: String, link: String },
    /// The page an unsubscribe link opens (`done`: after the opt-out; else asking first).
    /// Not mailed: the server answers its HTML part.
    Unsubscribe { done: bool },
}

/// A rendered message: its subject, and its text and HTML parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

macro_rules! templates {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!($name))),*]
    };
}

const TEMPLATES: &[(&str, &str)] = templates![
    "layout.html",
    "password_reset.en.txt",
    "password_reset.en.html",
    "password_reset.es.txt",
    "password_reset.es.html",
    "sign_in_link.en.txt",
    "sign_in_link.en.html",
    "sign_in_link.es.txt",
    "sign_in_link.es.html",
    "no_winner.en.txt",
    "no_winner.en.html",
    "no_winner.es.txt",
    "no_winner.es.html",
    "delivery_reminder.en.txt",
    "delivery_reminder.en.html",
    "delivery_reminder.es.txt",
    "delivery_reminder.es.html",
    "delivery_overdue_designer.en.txt",
    "delivery_overdue_designer.en.html",
    "delivery_overdue_designer.es.txt",
    "delivery_overdue_designer.es.html",
    "delivery_overdue_holder.en.txt",
    "delivery_overdue_holder.en.html",
    "delivery_overdue_holder.es.txt",
    "delivery_overdue_holder.es.html",
    "email_blast.en.txt",
    "email_blast.en.html",
    "email_blast.es.txt",
    "email_blast.es.html",
    "coupon_invite.en.txt",
    "coupon_invite.en.html",
    "coupon_invite.es.txt",
    "coupon_invite.es.html",
    "unsubscribe.en.txt",
    "unsubscribe.en.html",
    "unsubscribe.es.txt",
    "unsubscribe.es.html",
];

static ENV: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_keep_trailing_newline(true);
    for (name, source) in TEMPLATES {
        env.add_template(name, source).unwrap_or_else(|err| panic!("mail template {name}: {err}"));
    }
    env.set_formatter(html_escape_keeping_slashes);
    env.add_filter("money", |state: &State, cents: i64| language_of(state).money(cents));
    env.add_filter("date", |state: &State, ms: i64| language_of(state).date(ms));
    env
});

/// minijinja's formatter, but escaping only `& < > " '` in HTML: links stay readable in the
/// HTML part (the default also writes `/` as `&#x2f;`, which no attribute needs).
fn html_escape_keeping_slashes(out: &mut Output, state: &State, value: &Value) -> Result<(), minijinja::Error> {
    if state.auto_escape() != AutoEscape::Html || value.is_safe() || value.is_none() || value.is_undefined() {
        return minijinja::escape_formatter(out, state, value);
    }
    let text = value.to_string();
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    out.write_str(&escaped)
        .map_err(|_| minijinja::Error::new(minijinja::ErrorKind::WriteFailure, "mail template output"))
}

fn language_of(state: &State) -> Language {
    let code = state.lookup("lang").map(|lang| lang.to_string()).unwrap_or_default();
    Language::from_code(&code)
}

impl Mail {
    /// The kind's name (its templates' prefix) and the values the templates see: the
    /// message's fields and `lang`, the language's code (which the filters read).
    fn values(&self, language: Language) -> (String, Value) {
        let values = Value::from_serialize(self);
        let kind = values.get_attr("kind").map(|kind| kind.to_string()).unwrap_or_default();
        let lang = Value::from(language.code());
        (kind, minijinja::context! { lang => lang, ..values })
    }
}

/// Renders `mail` in `language`.
pub fn render(mail: &Mail, language: Language) -> Result<Rendered, minijinja::Error> {
    let (kind, values) = mail.values(language);
    let lang = language.code();
    let text = ENV.get_template(&format!("{kind}.{lang}.txt"))?.render(&values)?;
    let html = ENV.get_template(&format!("{kind}.{lang}.html"))?.render(&values)?;
    let (subject, body) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    Ok(Rendered { subject: subject.trim().to_owned(), text: body.trim_start_matches('\n').to_owned(), html })
}

#[cfg(test)]
mod tests;
