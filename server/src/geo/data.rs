//! Reference geography: regions, countries (ISO 3166-1 alpha-2) and the US states
//! with their state-level sales-tax rate (percent), which carts apply as
//! `tax_percentage_off` (projects doc, section 9).

/// (id, name)
pub const REGIONS: &[(i64, &str)] =
    &[(1, "North America"), (2, "South America"), (3, "Europe"), (4, "Asia"), (5, "Africa"), (6, "Oceania")];

/// The id of the United States, the one country whose states are listed.
pub const UNITED_STATES: i64 = 1;

/// (id, region id, name, iso2)
pub const COUNTRIES: &[(i64, i64, &str, &str)] = &[
    (UNITED_STATES, 1, "United States", "US"),
    (2, 1, "Canada", "CA"),
    (3, 1, "Mexico", "MX"),
    (4, 1, "Costa Rica", "CR"),
    (5, 1, "Jamaica", "JM"),
    (6, 1, "Panama", "PA"),
    (7, 1, "Guatemala", "GT"),
    (20, 2, "Argentina", "AR"),
    (21, 2, "Brazil", "BR"),
    (22, 2, "Chile", "CL"),
    (23, 2, "Colombia", "CO"),
    (24, 2, "Peru", "PE"),
    (25, 2, "Uruguay", "UY"),
    (26, 2, "Ecuador", "EC"),
    (27, 2, "Venezuela", "VE"),
    (40, 3, "United Kingdom", "GB"),
    (41, 3, "Ireland", "IE"),
    (42, 3, "France", "FR"),
    (43, 3, "Germany", "DE"),
    (44, 3, "Spain", "ES"),
    (45, 3, "Portugal", "PT"),
    (46, 3, "Italy", "IT"),
    (47, 3, "Netherlands", "NL"),
    (48, 3, "Belgium", "BE"),
    (49, 3, "Switzerland", "CH"),
    (50, 3, "Austria", "AT"),
    (51, 3, "Poland", "PL"),
    (52, 3, "Sweden", "SE"),
    (53, 3, "Norway", "NO"),
    (54, 3, "Denmark", "DK"),
    (55, 3, "Finland", "FI"),
    (56, 3, "Greece", "GR"),
    (57, 3, "Romania", "RO"),
    (58, 3, "Ukraine", "UA"),
    (59, 3, "Serbia", "RS"),
    (60, 3, "Czechia", "CZ"),
    (61, 3, "Hungary", "HU"),
    (62, 3, "Bulgaria", "BG"),
    (63, 3, "Croatia", "HR"),
    (80, 4, "India", "IN"),
    (81, 4, "Pakistan", "PK"),
    (82, 4, "Bangladesh", "BD"),
    (83, 4, "Indonesia", "ID"),
    (84, 4, "Philippines", "PH"),
    (85, 4, "Vietnam", "VN"),
    (86, 4, "Thailand", "TH"),
    (87, 4, "Malaysia", "MY"),
    (88, 4, "Singapore", "SG"),
    (89, 4, "Japan", "JP"),
    (90, 4, "South Korea", "KR"),
    (91, 4, "China", "CN"),
    (92, 4, "Sri Lanka", "LK"),
    (93, 4, "Nepal", "NP"),
    (94, 4, "Israel", "IL"),
    (95, 4, "Turkey", "TR"),
    (96, 4, "United Arab Emirates", "AE"),
    (120, 5, "Nigeria", "NG"),
    (121, 5, "Egypt", "EG"),
    (122, 5, "South Africa", "ZA"),
    (123, 5, "Kenya", "KE"),
    (124, 5, "Morocco", "MA"),
    (125, 5, "Ghana", "GH"),
    (126, 5, "Tunisia", "TN"),
    (127, 5, "Ethiopia", "ET"),
    (140, 6, "Australia", "AU"),
    (141, 6, "New Zealand", "NZ"),
    (142, 6, "Fiji", "FJ"),
];

/// (code, name, state sales-tax percent) for the 50 states and the District of Columbia.
pub const US_STATES: &[(&str, &str, f64)] = &[
    ("AL", "Alabama", 4.0),
    ("AK", "Alaska", 0.0),
    ("AZ", "Arizona", 5.6),
    ("AR", "Arkansas", 6.5),
    ("CA", "California", 7.25),
    ("CO", "Colorado", 2.9),
    ("CT", "Connecticut", 6.35),
    ("DE", "Delaware", 0.0),
    ("DC", "District of Columbia", 6.0),
    ("FL", "Florida", 6.0),
    ("GA", "Georgia", 4.0),
    ("HI", "Hawaii", 4.0),
    ("ID", "Idaho", 6.0),
    ("IL", "Illinois", 6.25),
    ("IN", "Indiana", 7.0),
    ("IA", "Iowa", 6.0),
    ("KS", "Kansas", 6.5),
    ("KY", "Kentucky", 6.0),
    ("LA", "Louisiana", 4.45),
    ("ME", "Maine", 5.5),
    ("MD", "Maryland", 6.0),
    ("MA", "Massachusetts", 6.25),
    ("MI", "Michigan", 6.0),
    ("MN", "Minnesota", 6.875),
    ("MS", "Mississippi", 7.0),
    ("MO", "Missouri", 4.225),
    ("MT", "Montana", 0.0),
    ("NE", "Nebraska", 5.5),
    ("NV", "Nevada", 6.85),
    ("NH", "New Hampshire", 0.0),
    ("NJ", "New Jersey", 6.625),
    ("NM", "New Mexico", 4.875),
    ("NY", "New York", 4.0),
    ("NC", "North Carolina", 4.75),
    ("ND", "North Dakota", 5.0),
    ("OH", "Ohio", 5.75),
    ("OK", "Oklahoma", 4.5),
    ("OR", "Oregon", 0.0),
    ("PA", "Pennsylvania", 6.0),
    ("RI", "Rhode Island", 7.0),
    ("SC", "South Carolina", 6.0),
    ("SD", "South Dakota", 4.2),
    ("TN", "Tennessee", 7.0),
    ("TX", "Texas", 6.25),
    ("UT", "Utah", 6.1),
    ("VT", "Vermont", 6.0),
    ("VA", "Virginia", 5.3),
    ("WA", "Washington", 6.5),
    ("WV", "West Virginia", 6.0),
    ("WI", "Wisconsin", 5.0),
    ("WY", "Wyoming", 4.0),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_and_codes_are_unique() {
        let ids: HashSet<_> = COUNTRIES.iter().map(|c| c.0).collect();
        assert_eq!(ids.len(), COUNTRIES.len());
        let isos: HashSet<_> = COUNTRIES.iter().map(|c| c.3).collect();
        assert_eq!(isos.len(), COUNTRIES.len());
        assert_eq!(US_STATES.len(), 51);
        assert!(COUNTRIES.iter().all(|c| REGIONS.iter().any(|r| r.0 == c.1)));
    }
}
