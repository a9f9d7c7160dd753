use super::*;

const LINK: &str = "https://vitrine.example/password/reset/abc";

/// One message of every kind, each value distinct so that it can be found in the parts.
fn every_kind() -> Vec<Mail> {
    let s = |text: &str| text.to_owned();
    vec![
        Mail::PasswordReset { name: s("Ana Muñoz"), link: s(LINK), minutes: 61 },
        Mail::SignInLink { name: s("Ana Muñoz"), link: s("https://vitrine.example/login/xyz"), minutes: 17 },
        Mail::NoWinner { title: s("Logo para Café"), link: s("https://vitrine.example/contests/9/entries") },
        Mail::DeliveryReminder {
            title: s("Logo para Café"),
            hours: 23,
            link: s("https://vitrine.example/contests/8/entries"),
        },
        Mail::DeliveryOverdueDesigner {
            title: s("Logo para Café"),
            link: s("https://vitrine.example/contests/7/entries"),
        },
        Mail::DeliveryOverdueHolder {
            title: s("Logo para Café"),
            link: s("https://vitrine.example/contests/6/entries"),
        },
        Mail::EmailBlast {
            category: s("Logo Design"),
            title: s("Logo para Café"),
            prize_cents: 123_456,
            link: s("https://vitrine.example/contests/9/entries"),
            unsubscribe: s("https://vitrine.example/mail/unsubscribe?user=4&key=k"),
        },
        Mail::CouponInvite {
            name: s("Ana Muñoz"),
            title: s("Logo para Café"),
            code: s("AGAIN10"),
            link: s("https://vitrine.example/contests/logo/launch?discount_code=AGAIN10"),
        },
    ]
}

/// Each value of `mail` as the parts show it (numbers as written, cents as money).
fn shown_values(mail: &Mail, language: Language) -> Vec<String> {
    let value = serde_json::to_value(mail).unwrap();
    let mut shown = Vec::new();
    for (key, value) in value.as_object().unwrap() {
        match (key.as_str(), value) {
            ("kind", _) => {}
            ("prize_cents", value) => shown.push(language.money(value.as_i64().unwrap())),
            (_, serde_json::Value::String(text)) => shown.push(text.clone()),
            (_, other) => shown.push(other.to_string()),
        }
    }
    shown
}

#[test]
fn every_kind_renders_in_english_and_spanish_with_every_value() {
    for mail in every_kind() {
        let mut subjects = Vec::new();
        for language in Language::ALL {
            let rendered = render(&mail, language).unwrap_or_else(|err| panic!("{mail:?} in {language:?}: {err:#}"));
            assert!(!rendered.subject.is_empty() && !rendered.subject.contains('\n'), "{mail:?}");
            assert!(rendered.html.contains(&format!("<html lang=\"{}\">", language.code())), "{mail:?}");
            for value in shown_values(&mail, language) {
                assert!(rendered.text.contains(&value), "{mail:?} in {language:?}: text lacks {value:?}");
                let escaped =
                    value.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
                assert!(rendered.html.contains(&escaped), "{mail:?} in {language:?}: html lacks {escaped:?}");
            }
            subjects.push(rendered.subject);
        }
        assert_ne!(subjects[0], subjects[1], "{mail:?}: the Spanish subject is another text");
    }
}

#[test]
fn spanish_reads_spanish() {
    let mail = &every_kind()[0];
    let es = render(mail, Language::Es).unwrap();
    assert_eq!(es.subject, "Restablecé tu contraseña de Vitrine");
    assert!(es.text.starts_with("Hola, Ana Muñoz:\n"), "{}", es.text);
    assert!(es.text.contains("vence en 61 minutos"));
    let en = render(mail, Language::En).unwrap();
    assert_eq!(en.subject, "Reset your Vitrine password");
    assert!(en.text.contains("expires in 61 minutes"));
}

#[test]
fn money_is_written_for_the_language() {
    let blast = &every_kind()[6];
    assert!(render(blast, Language::En).unwrap().text.contains("The prize is $1,234.56."));
    assert!(render(blast, Language::Es).unwrap().text.contains("El premio es de US$ 1.234,56."));
    let Mail::EmailBlast { category, title, link, unsubscribe, .. } = blast.clone() else { unreachable!() };
    let no_prize = Mail::EmailBlast { category, title, prize_cents: 0, link, unsubscribe };
    assert!(!render(&no_prize, Language::En).unwrap().text.contains("prize"));
}

#[test]
fn values_are_escaped_in_html_only() {
    let mail = Mail::NoWinner {
        title: "<b>Tom & Jerry</b>".to_owned(),
        link: "https://vitrine.example/contests/1/entries".to_owned(),
    };
    let rendered = render(&mail, Language::En).unwrap();
    assert!(rendered.text.contains("\"<b>Tom & Jerry</b>\""));
    assert!(rendered.html.contains("&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;"), "{}", rendered.html);
    assert!(!rendered.html.contains("<b>Tom"));
}

#[test]
fn the_unsubscribe_page_asks_then_confirms() {
    for language in Language::ALL {
        let asking = render(&Mail::Unsubscribe { done: false }, language).unwrap();
        let done = render(&Mail::Unsubscribe { done: true }, language).unwrap();
        assert!(asking.html.contains("<form method=\"post\">"));
        assert!(!done.html.contains("<form"));
        assert_ne!(asking.subject, done.subject);
    }
}
