//! Project categories, sub-categories and services, with budget ranges in cents.

/// (category id, title, slug, [(sub-category id, title, slug, [(service id, title, slug, description, min $, max $)])])
pub type ServiceRow = (i64, &'static str, &'static str, &'static str, i64, i64);
pub type SubCategoryRow = (i64, &'static str, &'static str, &'static [ServiceRow]);
pub type CategoryRow = (i64, &'static str, &'static str, &'static [SubCategoryRow]);

pub const CATEGORIES: &[CategoryRow] = &[
    (
        1,
        "Logo & Brand Identity",
        "logo-brand-identity",
        &[
            (
                1,
                "Logo Design",
                "logo-design",
                &[
                    (
                        1,
                        "New Logo",
                        "new-logo",
                        "A logo designed from scratch for a new or growing business.",
                        99,
                        1000,
                    ),
                    (
                        2,
                        "Logo Refresh",
                        "logo-refresh",
                        "Modernise an existing logo while keeping what customers recognise.",
                        49,
                        500,
                    ),
                ],
            ),
            (
                2,
                "Brand Identity",
                "brand-identity",
                &[
                    (3, "Brand Guide", "brand-guide", "Logo usage, colours, type and voice in one guide.", 299, 2500),
                    (4, "Business Card", "business-card", "Front and back business card ready for print.", 49, 400),
                ],
            ),
        ],
    ),
    (
        2,
        "Web & App Design",
        "web-app-design",
        &[
            (
                3,
                "Website Design",
                "website-design",
                &[
                    (5, "Landing Page", "landing-page", "One page that turns visitors into customers.", 149, 2000),
                    (
                        6,
                        "Website Redesign",
                        "website-redesign",
                        "A fresh design for an existing multi-page site.",
                        299,
                        5000,
                    ),
                ],
            ),
            (
                4,
                "App Design",
                "app-design",
                &[(
                    7,
                    "Mobile App UI",
                    "mobile-app-ui",
                    "Screens and components for an iOS or Android app.",
                    299,
                    5000,
                )],
            ),
        ],
    ),
    (
        3,
        "Print & Packaging",
        "print-packaging",
        &[
            (
                5,
                "Packaging",
                "packaging",
                &[
                    (
                        8,
                        "Product Packaging",
                        "product-packaging",
                        "Box, bag or wrapper design with print-ready dielines.",
                        199,
                        3000,
                    ),
                    (9, "Label Design", "label-design", "A label for bottles, jars or cans.", 99, 1000),
                ],
            ),
            (
                6,
                "Print",
                "print",
                &[
                    (10, "Flyer", "flyer", "A single-page flyer for events or promotions.", 49, 500),
                    (11, "Brochure", "brochure", "A folded brochure that explains your offer.", 99, 1500),
                ],
            ),
        ],
    ),
    (
        4,
        "Illustration & Art",
        "illustration-art",
        &[(
            7,
            "Illustration",
            "illustration",
            &[
                (12, "Character or Mascot", "character-mascot", "A character that gives your brand a face.", 99, 2000),
                (13, "Book Cover", "book-cover", "Front cover, spine and back for print or e-book.", 149, 1500),
            ],
        )],
    ),
    (
        5,
        "Social Media & Marketing",
        "social-media-marketing",
        &[(
            8,
            "Social Media",
            "social-media",
            &[
                (14, "Social Media Kit", "social-media-kit", "Profile images, covers and post templates.", 79, 1000),
                (15, "Banner Ads", "banner-ads", "Display ads in the standard sizes.", 49, 800),
            ],
        )],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_sane() {
        for (_, _, _, subs) in CATEGORIES {
            for (_, _, _, services) in *subs {
                for (id, _, _, _, min, max) in *services {
                    assert!(min > &0 && max > min, "service {id}");
                }
            }
        }
    }

    /// `projects::seed` gives services 1 to 15 a slideshow of `/images/services/{slug}-1.png`
    /// and `-2.png`: files the web client ships (web/public), so no seeded image is a 404.
    #[test]
    fn every_seeded_slideshow_image_is_shipped_with_the_web_client() {
        let public = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/public");
        let mut seen = 0;
        for (_, _, _, subs) in CATEGORIES {
            for (_, _, _, services) in *subs {
                for (id, _, slug, ..) in services.iter().filter(|s| s.0 <= 15) {
                    for n in [1, 2] {
                        let file = public.join(format!("images/services/{slug}-{n}.png"));
                        assert!(file.is_file(), "service {id}: {} is missing", file.display());
                    }
                    seen += 1;
                }
            }
        }
        assert_eq!(seen, 15);
    }
}
