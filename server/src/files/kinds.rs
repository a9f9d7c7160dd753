//! What may be uploaded where: the upload categories of the specification and the file
//! types recognised by their content.
//!
//! Types come from the bytes (magic numbers, matched by the `infer` crate), never from
//! the name or the `Content-Type` the browser sent: a text file renamed `logo.png` is
//! not an image. The specification's image list (png, bmp, cis-cod, gif, ief, jpeg,
//! pipeg, tiff) is the `image/*` list of Apache's `mime.types`; it maps here as:
//! - png, bmp, gif, jpeg, tiff: recognised by their signatures;
//! - pipeg (`image/pipeg`, JFIF): a JPEG, so recognised and stored as `image/jpeg`;
//! - ief and cis-cod: no signature exists to check and no browser shows them, so they
//!   are refused like any content that cannot be identified.

use crate::error::{codes, Code};

/// An upload category (`file_category_id`): where the file will be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileCategory {
    /// 4: files attached to a contest brief (also the project timeline dialog).
    ContestBrief,
    /// 5: the main image of a contest entry.
    MainEntry,
    /// 8: further images of a contest entry.
    OtherEntry,
    /// 13: project uploads (the specification names the id only).
    ProjectUpload,
    /// 14: files attached to a project brief.
    ProjectBrief,
    /// 16: further project uploads (the specification names the id only).
    ProjectOtherUpload,
}

impl FileCategory {
    /// Parses the form value; anything but a known id is `file_category_id.in`.
    pub fn parse(raw: &str) -> Result<Self, Code> {
        match raw.trim().parse::<i64>() {
            Ok(4) => Ok(Self::ContestBrief),
            Ok(5) => Ok(Self::MainEntry),
            Ok(8) => Ok(Self::OtherEntry),
            Ok(13) => Ok(Self::ProjectUpload),
            Ok(14) => Ok(Self::ProjectBrief),
            Ok(16) => Ok(Self::ProjectOtherUpload),
            _ => Err(codes::FILE_CATEGORY_INVALID),
        }
    }

    /// Every category, in id order.
    pub const ALL: [Self; 6] = [
        Self::ContestBrief,
        Self::MainEntry,
        Self::OtherEntry,
        Self::ProjectUpload,
        Self::ProjectBrief,
        Self::ProjectOtherUpload,
    ];

    pub fn id(self) -> i64 {
        match self {
            Self::ContestBrief => 4,
            Self::MainEntry => 5,
            Self::OtherEntry => 8,
            Self::ProjectUpload => 13,
            Self::ProjectBrief => 14,
            Self::ProjectOtherUpload => 16,
        }
    }

    /// Entry images are shown in galleries, so only images; briefs and project files
    /// also take documents and archives.
    pub fn accepts(self, kind: FileKind) -> bool {
        match self {
            Self::MainEntry | Self::OtherEntry => kind.is_image(),
            Self::ContestBrief | Self::ProjectUpload | Self::ProjectBrief | Self::ProjectOtherUpload => true,
        }
    }
}

/// A file type Vitrine accepts, as recognised from the first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Png,
    Bmp,
    Gif,
    Jpeg,
    Tiff,
    Pdf,
    Zip,
}

/// How many leading bytes are kept for recognition (PDF allows its header anywhere
/// in the first 1024 bytes; the image signatures need a dozen).
pub const SNIFF_BYTES: usize = 1024;

type Matcher = fn(&[u8]) -> bool;

/// Tried in order; the first match wins.
const MATCHERS: &[(FileKind, Matcher)] = &[
    (FileKind::Png, infer::image::is_png),
    (FileKind::Jpeg, infer::image::is_jpeg),
    (FileKind::Gif, infer::image::is_gif),
    (FileKind::Tiff, infer::image::is_tiff),
    (FileKind::Bmp, infer::image::is_bmp),
    (FileKind::Pdf, infer::archive::is_pdf),
    (FileKind::Zip, infer::archive::is_zip),
];

impl FileKind {
    /// The type of a file from its first bytes ([`SNIFF_BYTES`] suffice), if accepted at all.
    pub fn sniff(head: &[u8]) -> Option<Self> {
        MATCHERS.iter().find(|(_, matches)| matches(head)).map(|(kind, _)| *kind)
    }

    /// The `Content-Type` stored and served for this kind.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Bmp => "image/bmp",
            Self::Gif => "image/gif",
            Self::Jpeg => "image/jpeg",
            Self::Tiff => "image/tiff",
            Self::Pdf => "application/pdf",
            Self::Zip => "application/zip",
        }
    }

    pub fn is_image(self) -> bool {
        matches!(self, Self::Png | Self::Bmp | Self::Gif | Self::Jpeg | Self::Tiff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn kinds_are_recognised_by_content_not_name() {
        assert_eq!(FileKind::sniff(PNG), Some(FileKind::Png));
        assert_eq!(FileKind::sniff(b"\xFF\xD8\xFF\xE0\0\x10JFIF\0"), Some(FileKind::Jpeg), "pipeg is JFIF");
        assert_eq!(FileKind::sniff(b"GIF89a\x01\0\x01\0"), Some(FileKind::Gif));
        assert_eq!(FileKind::sniff(b"II*\0\x08\0\0\0\0\0\0\0"), Some(FileKind::Tiff));
        assert_eq!(FileKind::sniff(b"%PDF-1.4\n"), Some(FileKind::Pdf));
        assert_eq!(FileKind::sniff(b"PK\x03\x04\x14\0\0\0"), Some(FileKind::Zip));
        assert_eq!(FileKind::sniff(b"just some text, named logo.png"), None);
        assert_eq!(FileKind::sniff(b""), None);
    }

    #[test]
    fn entry_categories_take_images_only() {
        let main = FileCategory::parse("5").unwrap();
        assert!(main.accepts(FileKind::Png));
        assert!(!main.accepts(FileKind::Pdf));
        let brief = FileCategory::parse(" 4 ").unwrap();
        assert!(brief.accepts(FileKind::Pdf) && brief.accepts(FileKind::Zip) && brief.accepts(FileKind::Gif));
    }

    #[test]
    fn only_known_categories_parse() {
        for id in [4, 5, 8, 13, 14, 16] {
            assert_eq!(FileCategory::parse(&id.to_string()).unwrap().id(), id);
        }
        for raw in ["1", "15", "", "five", "5.0"] {
            assert_eq!(FileCategory::parse(raw), Err(codes::FILE_CATEGORY_INVALID), "{raw:?}");
        }
    }
}
