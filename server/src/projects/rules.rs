//! The launch rules of a project that are not brief questions (projects doc,
//! section 5): the timeline (2, 7, 14 or 30 days, or a custom range whose end is at
//! least a day after its start) and the budget (within the service's minimum and
//! maximum, with the exact messages of the specification). Subscription projects
//! need neither.

use crate::error::{codes, values, AppError, FieldErrors};

use super::status::TIMELINES;

/// A timeline that passed the rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Timeline {
    pub days: Option<i64>,
    pub range_start: Option<String>,
    pub range_end: Option<String>,
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date; None unless it is a real date.
pub fn parse_date(raw: &str) -> Option<i64> {
    let bytes = raw.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = raw.get(range)?;
        part.bytes().all(|b| b.is_ascii_digit()).then(|| part.parse().ok())?
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let month_days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    if day < 1 || day > month_days {
        return None;
    }
    Some(days_from_civil(year, month, day))
}

/// Howard Hinnant's `days_from_civil`: the proleptic Gregorian calendar, day 0 = 1970-01-01.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Checks the timeline: a choice of [`TIMELINES`], or (with `timeline` null) a custom
/// range. Nothing at all is allowed only when `required` is false.
pub fn check_timeline(
    timeline: Option<i64>,
    start: Option<&str>,
    end: Option<&str>,
    required: bool,
    errors: &mut FieldErrors,
) -> Timeline {
    let start = start.map(str::trim).filter(|s| !s.is_empty());
    let end = end.map(str::trim).filter(|s| !s.is_empty());
    if let Some(days) = timeline {
        if !TIMELINES.contains(&days) {
            errors.add("timeline", codes::TIMELINE_IN);
        }
        return Timeline { days: Some(days), range_start: None, range_end: None };
    }
    if start.is_none() && end.is_none() {
        if required {
            errors.add("timeline", codes::REQUIRED);
        }
        return Timeline::default();
    }
    let mut dates = [None, None];
    for (slot, (field, value)) in [("timeline_range_start", start), ("timeline_range_end", end)].into_iter().enumerate()
    {
        match value {
            None => errors.add(field, codes::REQUIRED),
            Some(value) => match parse_date(value) {
                None => errors.add(field, codes::DATE_FORMAT),
                Some(day) => dates[slot] = Some(day),
            },
        }
    }
    if let [Some(from), Some(to)] = dates {
        if to < from + 1 {
            errors.add("timeline_range_end", codes::TIMELINE_RANGE_ORDER);
        }
    }
    Timeline { days: None, range_start: start.map(str::to_owned), range_end: end.map(str::to_owned) }
}

/// Checks a budget in whole dollars against the service's range (in cents); answers cents.
pub fn check_budget(
    budget: Option<f64>,
    minimum_cents: i64,
    maximum_cents: i64,
    required: bool,
    errors: &mut FieldErrors,
) -> Option<i64> {
    let Some(dollars) = budget else {
        if required {
            errors.add("budget", codes::REQUIRED);
        }
        return None;
    };
    let cents = (dollars * 100.0).round() as i64;
    let (floor, ceil) = (minimum_cents / 100, maximum_cents / 100);
    if !dollars.is_finite() || cents < minimum_cents {
        errors.add_values("budget", values::BUDGET_AT_LEAST, values::params([("min", floor.into())]));
        return None;
    }
    if cents > maximum_cents {
        errors.add_values("budget", values::BUDGET_AT_MOST, values::params([("max", ceil.into())]));
        return None;
    }
    Some(cents)
}

/// Most a project's budget may be raised to, in cents ($1,000,000).
pub const MAX_RAISED_BUDGET_CENTS: i64 = 1_000_000 * 100;

/// A raise of the budget from `current_cents` to `new_cents`: refused `budget.max` (naming
/// the maximum) above [`MAX_RAISED_BUDGET_CENTS`], `budget.increase` when not above the
/// current budget. Each says what is actually wrong: a budget over the maximum used to be
/// told it "must be greater than the current budget".
pub fn check_raise(current_cents: i64, new_cents: i64) -> Result<(), AppError> {
    if new_cents > MAX_RAISED_BUDGET_CENTS {
        let mut errors = FieldErrors::new();
        let max = MAX_RAISED_BUDGET_CENTS / 100;
        errors.add_values("budget", values::BUDGET_AT_MOST, values::params([("max", max.into())]));
        return errors.into_result();
    }
    if new_cents <= current_cents {
        return Err(AppError::field("budget", codes::BUDGET_NOT_HIGHER));
    }
    Ok(())
}

/// A budget as sent: a number, or the text answer of the budget question ("$250").
pub fn parse_budget(raw: &str) -> Option<f64> {
    let cleaned: String = raw.chars().filter(|c| c.is_ascii_digit() || *c == '.').collect();
    cleaned.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_real_calendar_days() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2024-03-01").unwrap() - parse_date("2024-02-28").unwrap(), 2);
        for bad in ["2023-02-29", "2024-13-01", "2024-1-01", "01/02/2024", "2024-00-10", "２０２４-01-01"] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn timelines_take_a_choice_or_a_range_ending_a_day_later() {
        let mut errors = FieldErrors::new();
        assert_eq!(check_timeline(Some(7), None, None, true, &mut errors).days, Some(7));
        check_timeline(Some(3), None, None, true, &mut errors);
        assert!(errors.has("timeline"));

        let mut errors = FieldErrors::new();
        check_timeline(None, Some("2030-05-01"), Some("2030-05-02"), true, &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        check_timeline(None, Some("2030-05-01"), Some("2030-05-01"), true, &mut errors);
        assert!(errors.has("timeline_range_end"));

        let mut errors = FieldErrors::new();
        check_timeline(None, None, None, false, &mut errors);
        assert!(errors.is_empty(), "not required for subscriptions");
        check_timeline(None, Some("2030-05-01"), None, false, &mut errors);
        assert!(errors.has("timeline_range_end"), "a half range is incomplete");
    }

    #[test]
    fn budgets_answer_the_specification_messages_with_the_bounds() {
        let mut errors = FieldErrors::new();
        assert_eq!(check_budget(Some(150.0), 9_900, 100_000, true, &mut errors), Some(15_000));
        check_budget(Some(98.0), 9_900, 100_000, true, &mut errors);
        let json = serde_json::to_value(&errors).unwrap();
        assert_eq!(json["budget"][0]["message"], "* Please enter a budget greater than or equal to 99");
        let mut errors = FieldErrors::new();
        check_budget(Some(1001.0), 9_900, 100_000, true, &mut errors);
        let json = serde_json::to_value(&errors).unwrap();
        assert_eq!(json["budget"][0]["message"], "* Please enter a budget less than or equal to 1000");
        assert_eq!(parse_budget("$250"), Some(250.0));
    }
}
