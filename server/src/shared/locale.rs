//! The languages mail and documents are written in, and how dates and money read in each.
//!
//! A user's `language` (`app_user.language`, set from the web client's settings) is `en` or
//! `es` (Spanish as written in Argentina); anything else reads as English. Money is US
//! dollars in every language: English "$1,234.56", Spanish "US$ 1.234,56" (the ISO-style
//! prefix Argentine writing uses to tell dollars from pesos, dot between thousands, comma
//! before the cents). Dates are UTC calendar days: "December 7, 2026", "7 de diciembre de 2026".

/// A language of mail and documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    En,
    Es,
}

impl Language {
    /// Every language, for tests that check each one.
    pub const ALL: [Language; 2] = [Language::En, Language::Es];

    /// The language of a stored code (`en`, `es`); English for anything else.
    pub fn from_code(code: &str) -> Self {
        match code.trim().to_ascii_lowercase().as_str() {
            "es" => Language::Es,
            _ => Language::En,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Es => "es",
        }
    }

    /// Cents to the cent: "$1,234.50" / "US$ 1.234,50".
    pub fn money(self, cents: i64) -> String {
        let english = super::money::exact_text(cents);
        match self {
            Language::En => english,
            Language::Es => {
                let (sign, figure) = match english.strip_prefix('-') {
                    Some(rest) => ("-", rest),
                    None => ("", english.as_str()),
                };
                let swapped: String = figure
                    .trim_start_matches('$')
                    .chars()
                    .map(|c| match c {
                        ',' => '.',
                        '.' => ',',
                        c => c,
                    })
                    .collect();
                format!("{sign}US$ {swapped}")
            }
        }
    }

    /// The UTC calendar day of `ms` (since the epoch): "December 7, 2026" / "7 de diciembre de 2026".
    pub fn date(self, ms: i64) -> String {
        let (year, month, day) = civil_day(ms);
        let index = usize::try_from(month - 1).unwrap_or(0);
        match self {
            Language::En => format!("{} {day}, {year}", MONTHS_EN[index]),
            Language::Es => format!("{day} de {} de {year}", MONTHS_ES[index]),
        }
    }
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MONTHS_ES: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// (year, month 1-12, day 1-31) of the UTC day of `ms` since the epoch (the
/// civil-from-days algorithm: no date crate for a date line).
pub fn civil_day(ms: i64) -> (i64, i64, i64) {
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-07 00:00 UTC.
    const DEC_7_2026: i64 = 1_796_601_600_000;

    #[test]
    fn dates_read_in_each_language() {
        assert_eq!(civil_day(0), (1970, 1, 1));
        assert_eq!(civil_day(951_782_400_000), (2000, 2, 29));
        assert_eq!(Language::En.date(DEC_7_2026), "December 7, 2026");
        assert_eq!(Language::Es.date(DEC_7_2026), "7 de diciembre de 2026");
        assert_eq!(Language::Es.date(DEC_7_2026 - 1), "6 de diciembre de 2026");
    }

    #[test]
    fn money_reads_in_each_language() {
        assert_eq!(Language::En.money(123_456), "$1,234.56");
        assert_eq!(Language::Es.money(123_456), "US$ 1.234,56");
        assert_eq!(Language::Es.money(-5), "-US$ 0,05");
        assert_eq!(Language::Es.money(100_000_000), "US$ 1.000.000,00");
    }

    #[test]
    fn unknown_codes_read_as_english() {
        assert_eq!(Language::from_code("es"), Language::Es);
        assert_eq!(Language::from_code("ES "), Language::Es);
        assert_eq!(Language::from_code("fr"), Language::En);
        assert_eq!(Language::from_code(""), Language::En);
    }
}
