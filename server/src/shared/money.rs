//! Dollar amounts as the browser sends them, turned into integer cents, sales tax, and
//! amounts written out as text (invoices, notifications).
//!
//! The API speaks US dollars (`price: 12.5`); everything stored or computed is cents,
//! so a price is rounded to the cent once, here, and never touched as a float again.

use serde::{Deserialize, Deserializer};

/// Reads a dollar amount sent as a number or a numeric string, in cents; anything
/// else (or a value with more than two decimals' worth of precision beyond a cent,
/// a negative or absurd amount) is `None` for the validator to report.
pub fn dollars_as_cents<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(f64),
        Text(String),
        Other(serde::de::IgnoredAny),
    }
    let dollars = match Option::<Raw>::deserialize(deserializer)? {
        Some(Raw::Number(n)) => Some(n),
        Some(Raw::Text(s)) => s.trim().parse::<f64>().ok(),
        Some(Raw::Other(_)) | None => None,
    };
    Ok(dollars.and_then(to_cents))
}

/// Largest amount accepted anywhere in commerce: one million dollars.
const MAX_CENTS: i64 = 100_000_000;

fn to_cents(dollars: f64) -> Option<i64> {
    if !dollars.is_finite() || dollars < 0.0 {
        return None;
    }
    let cents = (dollars * 100.0).round();
    // Reject 12.345: a price is whole cents (a float of 12.34 is within rounding error).
    if (dollars * 100.0 - cents).abs() > 1e-6 || cents > MAX_CENTS as f64 {
        return None;
    }
    Some(cents as i64)
}

/// Cents as dollars for the API's `price`, `amount` fields.
pub fn as_dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Cents written out as the web client's `lib/money.ts` writes them, in every language:
/// US dollars with a comma between thousands. `exact` always shows the cents ("1,234.00",
/// for what was charged); otherwise only when there are any ("1,234", "449.10", a price).
pub fn figure(cents: i64, exact: bool) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    if exact || !cents.is_multiple_of(100) {
        format!("{sign}{grouped}.{:02}", cents % 100)
    } else {
        format!("{sign}{grouped}")
    }
}

/// Cents to the cent with the sign: "$1,234.50" (invoices, receipts).
pub fn exact_text(cents: i64) -> String {
    let figure = figure(cents, true);
    match figure.strip_prefix('-') {
        Some(positive) => format!("-${positive}"),
        None => format!("${figure}"),
    }
}

/// Dollars (as the API and notification values carry them) to whole cents.
pub fn dollars_to_cents(dollars: f64) -> i64 {
    (dollars * 100.0).round() as i64
}

/// Sales tax on `subtotal_cents` at the state's `tax_percentage_off` (7.25 means 7.25 %),
/// rounded half up to the cent. The percentage is turned into hundredths of a percent
/// first so the product is exact integer arithmetic.
pub fn tax_cents(subtotal_cents: i64, tax_percentage: f64) -> i64 {
    let basis_points = (tax_percentage * 100.0).round() as i64;
    if basis_points <= 0 || subtotal_cents <= 0 {
        return 0;
    }
    (subtotal_cents * basis_points + 5_000) / 10_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_with_thousands_separators_like_the_web_client() {
        assert_eq!(figure(0, false), "0");
        assert_eq!(figure(84_800, false), "848");
        assert_eq!(figure(44_910, false), "449.10");
        assert_eq!(figure(125_000, false), "1,250");
        assert_eq!(figure(123_456_789, true), "1,234,567.89");
        assert_eq!(figure(100_000_000, false), "1,000,000");
        assert_eq!(figure(5, true), "0.05");
        assert_eq!(exact_text(125_050), "$1,250.50");
        assert_eq!(exact_text(-1_000), "-$10.00");
        assert_eq!(dollars_to_cents(449.1), 44_910);
    }

    #[derive(Deserialize)]
    struct Body {
        #[serde(default, deserialize_with = "dollars_as_cents")]
        price: Option<i64>,
    }

    fn price(json: &str) -> Option<i64> {
        serde_json::from_str::<Body>(json).unwrap().price
    }

    #[test]
    fn prices_are_read_as_cents() {
        assert_eq!(price(r#"{"price": 5}"#), Some(500));
        assert_eq!(price(r#"{"price": 12.34}"#), Some(1234));
        assert_eq!(price(r#"{"price": "7.5"}"#), Some(750));
        assert_eq!(price(r#"{"price": 0.1}"#), Some(10));
        assert_eq!(price(r#"{"price": 12.345}"#), None);
        assert_eq!(price(r#"{"price": -5}"#), None);
        assert_eq!(price(r#"{"price": "x"}"#), None);
        assert_eq!(price(r#"{"price": [5]}"#), None);
        assert_eq!(price(r#"{}"#), None);
    }

    #[test]
    fn tax_is_rounded_half_up_to_the_cent() {
        assert_eq!(tax_cents(2_000, 7.25), 145);
        assert_eq!(tax_cents(1_000, 6.35), 64); // 63.5 -> 64
        assert_eq!(tax_cents(999, 4.0), 40); // 39.96 -> 40
        assert_eq!(tax_cents(1_000, 0.0), 0);
        assert_eq!(tax_cents(0, 7.25), 0);
    }
}
