//! Contest types of the specification and their brief questions.
//!
//! Ids are the specification's: 11-15 are naming contests, 27 is brandstorming,
//! 1 and 28 need height and width, 9 and 32 have special listing titles.

/// `form_field_type_id` values (contests doc sections 3 and 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType {
    Html = 1,
    Text = 2,
    Radio = 3,
    Select = 4,
    Checkbox = 5,
    Textarea = 6,
    Multiselect = 7,
    ImageCheckbox = 8,
    File = 9,
    Slider = 10,
    Rating = 11,
    Date = 12,
}

/// The title a contest type is listed under: `' Contest'` appended except for
/// ids 9 and 32, and `' Editing'` for id 32.
pub fn listing_title(contest_type_id: i64, title: &str) -> String {
    match contest_type_id {
        9 => title.to_owned(),
        32 => format!("{title} Editing"),
        _ => format!("{title} Contest"),
    }
}

/// (id, title, launch_brief_slug, has_terms, is_quick_start, only_tip_start)
pub const CONTEST_TYPES: &[(i64, &str, &str, bool, bool, bool)] = &[
    (1, "Logo", "logo-design", true, true, false),
    (2, "Web Page", "web-page-design", false, true, false),
    (3, "Banner", "banner-design", false, false, false),
    (4, "Header", "header-design", false, false, false),
    (5, "Icon", "icon-design", false, false, false),
    (6, "T-Shirt", "t-shirt-design", false, true, false),
    (7, "Business Card", "business-card-design", false, true, false),
    (8, "Brochure", "brochure-design", false, false, false),
    (9, "Photo Colorization and Restoration", "photo-colorization-restoration", false, false, true),
    (10, "Mascot", "mascot-design", false, false, false),
    (11, "Business Name", "business-name", true, true, false),
    (12, "Slogan", "slogan", false, false, false),
    (13, "Tagline", "tagline", false, false, false),
    (14, "Product Name", "product-name", false, false, false),
    (15, "Domain Name", "domain-name", false, false, false),
    (27, "Brandstorming", "brandstorming", false, false, false),
    (28, "Packaging", "packaging-design", false, false, false),
    (29, "Flyer", "flyer-design", false, false, false),
    (30, "Poster", "poster-design", false, false, false),
    (31, "AI Image", "ai-image", false, false, true),
    (32, "Photoshop", "photoshop-editing", false, false, true),
];

pub fn is_naming(contest_type_id: i64) -> bool {
    (11..=15).contains(&contest_type_id)
}

pub fn needs_dimensions(contest_type_id: i64) -> bool {
    matches!(contest_type_id, 1 | 28)
}

/// One brief question before ids are assigned.
#[derive(Debug, Clone)]
pub struct QuestionSpec {
    pub field: FieldType,
    pub title: String,
    pub placeholder: Option<&'static str>,
    pub html: Option<&'static str>,
    pub required: bool,
    pub is_title: bool,
    pub is_description: bool,
    pub quick_start: bool,
    /// (title, title_left, title_right, value, file path)
    pub options: Vec<OptionSpec>,
}

#[derive(Debug, Clone, Default)]
pub struct OptionSpec {
    pub title: String,
    pub title_left: Option<&'static str>,
    pub title_right: Option<&'static str>,
    pub value: Option<&'static str>,
    pub file: Option<String>,
}

fn q(field: FieldType, title: &str) -> QuestionSpec {
    QuestionSpec {
        field,
        title: title.to_owned(),
        placeholder: None,
        html: None,
        required: false,
        is_title: false,
        is_description: false,
        quick_start: false,
        options: Vec::new(),
    }
}

fn choices(titles: &[&str]) -> Vec<OptionSpec> {
    titles.iter().map(|t| OptionSpec { title: (*t).to_owned(), ..Default::default() }).collect()
}

/// The brief questions of a contest type, in display order. Every field type of
/// section 3 appears in the image-contest brief.
pub fn questions_for(contest_type_id: i64, type_title: &str) -> Vec<QuestionSpec> {
    let mut list = vec![QuestionSpec {
        html: Some("<p>Tell designers about your project. The more they know, the better your entries.</p>"),
        ..q(FieldType::Html, "About this brief")
    }];
    if is_naming(contest_type_id) {
        list.push(QuestionSpec {
            required: true,
            is_title: true,
            quick_start: true,
            placeholder: Some("e.g. Naming our coffee roastery"),
            ..q(FieldType::Text, "What is your contest title?")
        });
        list.push(QuestionSpec {
            required: true,
            is_description: true,
            quick_start: true,
            ..q(FieldType::Textarea, "Describe what your organization or product does and its target audience")
        });
        list.push(QuestionSpec {
            required: true,
            options: choices(&["Playful", "Serious", "Modern", "Classic", "Luxurious", "Friendly"]),
            ..q(FieldType::Multiselect, "Which tones should the name have?")
        });
        list.push(QuestionSpec {
            options: choices(&["One word", "Two words", "A short phrase"]),
            ..q(FieldType::Checkbox, "Which lengths are fine?")
        });
        list.push(q(FieldType::Textarea, "Names or words you like"));
        list.push(q(FieldType::Textarea, "Names or words to avoid"));
        list.push(QuestionSpec {
            options: choices(&["Yes", "No"]),
            ..q(FieldType::Radio, "Must the .com domain be available?")
        });
        list.push(q(FieldType::Date, "When do you plan to launch?"));
        return list;
    }
    list.push(QuestionSpec {
        required: true,
        is_title: true,
        quick_start: true,
        placeholder: Some("e.g. Bright Bean Coffee"),
        ..q(FieldType::Text, &format!("What name should appear in your {}?", type_title.to_lowercase()))
    });
    list.push(QuestionSpec {
        required: true,
        is_description: true,
        quick_start: true,
        ..q(FieldType::Textarea, "Describe what your organization or product does and its target audience")
    });
    list.push(QuestionSpec {
        required: true,
        options: choices(&[
            "Food & Drink",
            "Technology",
            "Health & Wellness",
            "Retail",
            "Education",
            "Entertainment",
            "Non-profit",
            "Other",
        ]),
        ..q(FieldType::Select, "Which industry are you in?")
    });
    list.push(QuestionSpec {
        options: choices(&["Yes, replace it", "Yes, refresh it", "No, this is new"]),
        ..q(FieldType::Radio, "Do you have an existing design?")
    });
    list.push(QuestionSpec {
        options: choices(&[
            "Blue",
            "Red",
            "Green",
            "Yellow",
            "Orange",
            "Purple",
            "Black & White",
            "Let the designer choose",
        ]),
        ..q(FieldType::Checkbox, "Which colors would you like to explore?")
    });
    list.push(QuestionSpec {
        options: ["Minimal", "Vintage", "Hand-drawn", "Geometric", "Bold", "Elegant"]
            .iter()
            .map(|s| OptionSpec {
                title: (*s).to_owned(),
                file: Some(format!("/static/styles/{}.png", s.to_lowercase().replace(' ', "-"))),
                ..Default::default()
            })
            .collect(),
        ..q(FieldType::ImageCheckbox, "Which styles do you like?")
    });
    list.push(QuestionSpec {
        options: vec![
            OptionSpec {
                title: "Classic or modern".into(),
                title_left: Some("Classic"),
                title_right: Some("Modern"),
                value: Some("50"),
                ..Default::default()
            },
            OptionSpec {
                title: "Playful or serious".into(),
                title_left: Some("Playful"),
                title_right: Some("Serious"),
                value: Some("50"),
                ..Default::default()
            },
            OptionSpec {
                title: "Simple or detailed".into(),
                title_left: Some("Simple"),
                title_right: Some("Detailed"),
                value: Some("50"),
                ..Default::default()
            },
        ],
        ..q(FieldType::Slider, "Where does your style sit?")
    });
    list.push(QuestionSpec {
        options: choices(&["Website", "Print", "Social media", "Signage", "Merchandise", "Packaging"]),
        ..q(FieldType::Multiselect, "Where will the design be used?")
    });
    list.push(q(FieldType::File, "Attach any reference files"));
    if needs_dimensions(contest_type_id) {
        list.push(QuestionSpec { required: true, placeholder: Some("e.g. 500 px"), ..q(FieldType::Text, "Height") });
        list.push(QuestionSpec { required: true, placeholder: Some("e.g. 500 px"), ..q(FieldType::Text, "Width") });
    }
    list.push(q(FieldType::Date, "When do you need the final files?"));
    list.push(q(FieldType::Textarea, "Anything else designers should know?"));
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn listing_titles_follow_the_rule() {
        assert_eq!(listing_title(1, "Logo"), "Logo Contest");
        assert_eq!(listing_title(9, "Photo Colorization and Restoration"), "Photo Colorization and Restoration");
        assert_eq!(listing_title(32, "Photoshop"), "Photoshop Editing");
    }

    #[test]
    fn image_briefs_cover_every_field_type_but_rating() {
        let fields: HashSet<i64> = questions_for(1, "Logo").iter().map(|q| q.field as i64).collect();
        for id in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12] {
            assert!(fields.contains(&id), "field type {id} missing");
        }
    }

    #[test]
    fn each_brief_has_exactly_one_title_and_one_description() {
        for (id, title, ..) in CONTEST_TYPES {
            let qs = questions_for(*id, title);
            assert_eq!(qs.iter().filter(|q| q.is_title).count(), 1, "type {id}");
            assert_eq!(qs.iter().filter(|q| q.is_description).count(), 1, "type {id}");
            assert!(qs.len() < 100, "question ids are type*100+position");
        }
        assert!(questions_for(28, "Packaging").iter().any(|q| q.title == "Height"));
        assert!(!questions_for(2, "Web Page").iter().any(|q| q.title == "Height"));
    }

    /// Option images of the briefs are files the web client ships (web/public).
    #[test]
    fn every_seeded_option_image_is_shipped_with_the_web_client() {
        let public = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/public");
        for (id, title, ..) in CONTEST_TYPES {
            for option in questions_for(*id, title).iter().flat_map(|q| q.options.iter()) {
                if let Some(file) = &option.file {
                    let path = public.join(file.trim_start_matches('/'));
                    assert!(path.is_file(), "type {id}: {} is missing", path.display());
                }
            }
        }
    }

    #[test]
    fn slugs_are_unique() {
        let slugs: HashSet<_> = CONTEST_TYPES.iter().map(|t| t.2).collect();
        assert_eq!(slugs.len(), CONTEST_TYPES.len());
    }
}
