//! What an uploaded picture says about its maker beyond its pixels, removed before it is
//! stored (issue #52): a phone's JPEG carries the camera, the time and the GPS position of
//! the shot (EXIF), editing history (XMP), captions (IPTC) and, after the image itself,
//! further pictures with their own EXIF (MPF: depth maps, gain maps); a PNG carries text
//! chunks and EXIF alike. Designers upload work made at home: none of that is published.
//!
//! Kept: the pixels, what decoding needs (tables, JFIF, Adobe's colour transform) and the
//! colour profile (ICC), so the picture looks the same. The one EXIF field that changes how
//! a picture is shown, its orientation, is kept alone in a new minimal EXIF, or a portrait
//! photo would turn on its side. The containers are read and written by `img-parts`; the
//! pixels are never decoded or re-encoded here.
//!
//! GIF, BMP and TIFF originals are left as they are: GIF and BMP carry no location, and a
//! TIFF is itself an EXIF structure (rewriting it is a re-encode). Thumbnails are
//! re-encoded from the pixels and carry nothing (`derived`).

use image::metadata::Orientation;
use img_parts::{
    jpeg::{markers, Jpeg, JpegSegment},
    png::Png,
    Bytes, ImageEXIF,
};

use super::FileKind;

/// The bytes of `original` without its metadata, or `None` when there is nothing to
/// remove (or the container does not parse: the upload is then kept as sent, and what
/// cannot be parsed cannot be shown with its metadata either).
pub fn stripped(kind: FileKind, original: &[u8]) -> Option<Vec<u8>> {
    let bytes = Bytes::copy_from_slice(original);
    let out = match kind {
        FileKind::Jpeg => strip_jpeg(Jpeg::from_bytes(bytes).ok()?),
        FileKind::Png => strip_png(Png::from_bytes(bytes).ok()?),
        _ => return None,
    };
    (out != original).then_some(out)
}

/// An EXIF block holding only the orientation (TIFF, big-endian, one IFD of one entry),
/// or `None` for an upright picture, which needs none.
fn orientation_only(exif: Option<&[u8]>) -> Option<Bytes> {
    let orientation = exif.and_then(Orientation::from_exif_chunk)?;
    if orientation == Orientation::NoTransforms {
        return None;
    }
    let mut block = Vec::with_capacity(26);
    block.extend_from_slice(b"MM\0\x2A"); // byte order and the TIFF magic
    block.extend_from_slice(&8u32.to_be_bytes()); // the first IFD follows the header
    block.extend_from_slice(&1u16.to_be_bytes()); // one entry:
    block.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation,
    block.extend_from_slice(&3u16.to_be_bytes()); // a SHORT,
    block.extend_from_slice(&1u32.to_be_bytes()); // one of them,
    block.extend_from_slice(&u16::from(orientation.to_exif()).to_be_bytes());
    block.extend_from_slice(&[0, 0]); // (the value field is 4 bytes)
    block.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
    Some(Bytes::from(block))
}

/// Whether a JPEG segment before the image data is metadata: APP1 (EXIF, XMP), APP2
/// other than the ICC profile (MPF, FlashPix), APP3-APP13 (vendor notes, IPTC) and
/// comments. APP0 (JFIF), APP14 (Adobe: how to decode the colours) and APP15 stay.
fn is_jpeg_metadata(segment: &JpegSegment) -> bool {
    match segment.marker() {
        markers::APP2 => !segment.contents().starts_with(b"ICC_PROFILE\0"),
        marker => marker == markers::COM || (markers::APP1..=markers::APP13).contains(&marker),
    }
}

fn strip_jpeg(mut jpeg: Jpeg) -> Vec<u8> {
    let orientation = orientation_only(jpeg.exif().as_deref());
    jpeg.segments_mut().retain(|segment| !is_jpeg_metadata(segment));
    if orientation.is_some() {
        jpeg.set_exif(orientation);
    }
    let mut out = jpeg.encoder().bytes().to_vec();
    // img-parts keeps everything after the first scan as it was, the pictures MPF
    // appends after the end of the image among it: cut at the primary image's end.
    if let Some(end) = primary_image_end(&out) {
        out.truncate(end);
    }
    out
}

/// The offset just past the primary image's EOI marker, walking segments and scans from
/// the start (a 0xFF in entropy-coded data is followed by 0x00 or a restart marker, so
/// the first EOI met this way is the image's own, not one inside an appended picture).
fn primary_image_end(jpeg: &[u8]) -> Option<usize> {
    let mut at = 2; // after SOI
    loop {
        // The next marker: 0xFF, fill bytes, then its code.
        while *jpeg.get(at)? != 0xFF {
            at += 1;
        }
        while *jpeg.get(at)? == 0xFF {
            at += 1;
        }
        let marker = *jpeg.get(at)?;
        at += 1;
        match marker {
            // Stuffed 0xFF in entropy-coded data, restart markers: still in the scan.
            0x00 | markers::RST0..=markers::RST7 => continue,
            markers::EOI => return Some(at),
            _ => {
                let length = usize::from(u16::from_be_bytes([*jpeg.get(at)?, *jpeg.get(at + 1)?]));
                at += length;
            }
        }
    }
}

/// PNG chunks that are metadata: text (tEXt, zTXt, iTXt), EXIF (eXIf) and the time of the
/// last change (tIME). Colour (iCCP, sRGB, gAMA, cHRM) and density (pHYs) stay.
const PNG_METADATA: [[u8; 4]; 5] = [*b"tEXt", *b"zTXt", *b"iTXt", *b"eXIf", *b"tIME"];

fn strip_png(mut png: Png) -> Vec<u8> {
    let orientation = orientation_only(png.exif().as_deref());
    png.chunks_mut().retain(|chunk| !PNG_METADATA.contains(&chunk.kind()));
    if orientation.is_some() {
        png.set_exif(orientation);
    }
    png.encoder().bytes().to_vec()
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use image::{ImageDecoder, ImageFormat, RgbImage};

    use super::*;

    /// A real 3x2 JPEG from the `image` encoder (JFIF, tables, one scan).
    fn plain_jpeg() -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        RgbImage::from_pixel(3, 2, image::Rgb([200, 40, 40])).write_to(&mut out, ImageFormat::Jpeg).unwrap();
        out.into_inner()
    }

    fn plain_png() -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        RgbImage::from_pixel(3, 2, image::Rgb([40, 200, 40])).write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    /// A little-endian EXIF block with the orientation and a GPS latitude reference tag
    /// (what a phone writes, shortened): the GPS part must not survive.
    fn phone_exif(orientation: u16) -> Vec<u8> {
        let mut block = b"II\x2A\0".to_vec();
        block.extend_from_slice(&8u32.to_le_bytes());
        block.extend_from_slice(&2u16.to_le_bytes());
        block.extend_from_slice(&0x0112u16.to_le_bytes());
        block.extend_from_slice(&3u16.to_le_bytes());
        block.extend_from_slice(&1u32.to_le_bytes());
        block.extend_from_slice(&u32::from(orientation).to_le_bytes());
        // GPSLatitudeRef "N" and a marker string a reader could find.
        block.extend_from_slice(&0x0001u16.to_le_bytes());
        block.extend_from_slice(&2u16.to_le_bytes());
        block.extend_from_slice(&2u32.to_le_bytes());
        block.extend_from_slice(b"N\0\0\0");
        block.extend_from_slice(&0u32.to_le_bytes());
        block.extend_from_slice(b"GPS 51.5074 N, 0.1278 W");
        block
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    /// The JPEG with EXIF, XMP, a comment and an MPF picture appended after its end.
    fn phone_jpeg(orientation: u16) -> Vec<u8> {
        let mut jpeg = Jpeg::from_bytes(plain_jpeg().into()).unwrap();
        jpeg.set_exif(Some(phone_exif(orientation).into()));
        let xmp = Bytes::from_static(b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Home studio</x:xmpmeta>");
        jpeg.segments_mut().insert(1, JpegSegment::new_with_contents(markers::APP1, xmp));
        jpeg.segments_mut().insert(1, JpegSegment::new_with_contents(markers::COM, Bytes::from_static(b"Ana Munoz")));
        let icc = Bytes::from_static(b"ICC_PROFILE\0\x01\x01profile");
        jpeg.segments_mut().insert(1, JpegSegment::new_with_contents(markers::APP2, icc));
        let mut bytes = jpeg.encoder().bytes().to_vec();
        // An appended picture, as MPF phones write: its own EXIF with the position.
        let mut appended = Jpeg::from_bytes(plain_jpeg().into()).unwrap();
        appended.set_exif(Some(phone_exif(1).into()));
        bytes.extend_from_slice(&appended.encoder().bytes());
        bytes
    }

    fn decodes_to_same_pixels(stripped: &[u8], original: &[u8]) {
        let a = image::load_from_memory(stripped).expect("the stripped picture decodes");
        let b = image::load_from_memory(original).unwrap();
        assert_eq!(a.to_rgb8(), b.to_rgb8(), "the same pixels");
    }

    #[test]
    fn a_phones_jpeg_loses_its_exif_xmp_comment_and_appended_picture_but_not_its_pixels_or_colours() {
        let original = phone_jpeg(1);
        assert!(contains(&original, b"GPS 51.5074"));
        let out = stripped(FileKind::Jpeg, &original).expect("there was metadata");
        for gone in [&b"GPS 51.5074"[..], b"Home studio", b"Ana Munoz", b"Exif\0\0"] {
            assert!(!contains(&out, gone), "{:?} survived", String::from_utf8_lossy(gone));
        }
        assert!(contains(&out, b"ICC_PROFILE\0"), "the colour profile stays");
        assert!(out.ends_with(&[0xFF, markers::EOI]), "ends at the primary image's end");
        decodes_to_same_pixels(&out, &original);
        assert_eq!(stripped(FileKind::Jpeg, &out), None, "stripping twice changes nothing");
    }

    #[test]
    fn a_turned_photo_keeps_its_orientation_alone() {
        let original = phone_jpeg(6);
        let out = stripped(FileKind::Jpeg, &original).unwrap();
        assert!(!contains(&out, b"GPS 51.5074"));
        let mut decoder = image::codecs::jpeg::JpegDecoder::new(Cursor::new(&out)).unwrap();
        assert_eq!(decoder.orientation().unwrap(), Orientation::Rotate90, "still shown upright");
    }

    #[test]
    fn a_png_loses_its_text_exif_and_time_chunks() {
        let mut png = Png::from_bytes(plain_png().into()).unwrap();
        let at = png.chunks().len() - 1; // before IEND
        let text = img_parts::png::PngChunk::new(*b"tEXt", Bytes::from_static(b"Author\0Ana Munoz"));
        png.chunks_mut().insert(at, text);
        png.set_exif(Some(phone_exif(1).into()));
        let original = png.encoder().bytes().to_vec();
        let out = stripped(FileKind::Png, &original).expect("there was metadata");
        assert!(!contains(&out, b"Ana Munoz") && !contains(&out, b"GPS 51.5074") && !contains(&out, b"eXIf"));
        decodes_to_same_pixels(&out, &original);
    }

    #[test]
    fn clean_pictures_and_other_kinds_are_left_alone() {
        assert_eq!(stripped(FileKind::Png, &plain_png()), None);
        assert_eq!(stripped(FileKind::Jpeg, &plain_jpeg()), None);
        assert_eq!(stripped(FileKind::Pdf, b"%PDF-1.4 Author: Ana"), None);
        assert_eq!(stripped(FileKind::Jpeg, b"\xFF\xD8 not really"), None, "what does not parse is kept");
    }
}
