//! Smaller copies of stored images for grids: decoded with the `image` crate, scaled to a
//! width, re-encoded without any metadata (EXIF, GPS, colour profiles, comments), kept next
//! in the same storage as the originals under a key made from the original's storage key:
//! `.derived/{storage_key}.{size}` (e.g. `.derived/2026/11/ab12….thumb`; on disk, under
//! `{files_dir}`).
//! No column is needed: the key is on the file row, the size is in the request.
//!
//! Made at upload, and on first request for files stored before (the demo seed's
//! pictures); the original is never touched. Decoding is bounded by [`limits`] so that a
//! small file announcing 100 000 × 100 000 pixels (a decompression bomb) is refused
//! before any pixel buffer is allocated; such a file, like one that is not an image, has
//! no derivative and keeps its original only.

use std::{io::Cursor, sync::LazyLock};

use anyhow::Context;
use image::{
    codecs::{jpeg::JpegEncoder, png::PngEncoder},
    imageops::FilterType,
    DynamicImage, ImageDecoder, ImageReader, Limits, RgbImage,
};
use serde::Deserialize;
use tokio::sync::Semaphore;
use utoipa::ToSchema;

use crate::storage::Storage;

/// A derivative's size, as `GET /files/{id}/content?size=` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    /// At most 480 px wide: grid cards (about 240 CSS px on a 2x screen).
    Thumb,
    /// At most 1280 px wide: one picture across a page.
    Medium,
}

impl Size {
    pub const ALL: [Size; 2] = [Size::Thumb, Size::Medium];

    /// Widest a derivative of this size is; narrower originals are not enlarged.
    pub fn max_width(self) -> u32 {
        match self {
            Self::Thumb => 480,
            Self::Medium => 1280,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Self::Thumb => "thumb",
            Self::Medium => "medium",
        }
    }
}

/// The storage key of the derivative of size `size` of the file stored under `storage_key`.
pub fn key_of(storage_key: &str, size: Size) -> String {
    format!(".derived/{storage_key}.{}", size.suffix())
}

/// Largest side decoded, in pixels (a 16384-px-wide design is already unusual).
const MAX_SIDE: u32 = 16_384;
/// Most memory one decode may allocate: a 8192 × 8192 RGBA picture.
const MAX_ALLOC: u64 = 256 * 1024 * 1024;
/// JPEG quality of derivatives: no visible loss at grid sizes.
const JPEG_QUALITY: u8 = 80;

/// The bounds every decode runs under.
pub fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    limits
}

/// At most two decodes at once, whatever the number of uploads and requests: each may
/// hold up to [`MAX_ALLOC`] bytes, and they run on the blocking pool.
static DECODES: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(2));

/// Each size's encoded bytes.
type Encoded = Vec<(Size, Vec<u8>)>;

/// Makes the derivatives of every [`Size`] of the image stored under `storage_key`,
/// decoded from the original's bytes (blocking pool, bounded), and stores them beside it.
/// `Ok(false)` when the bytes do not decode within [`limits`]: nothing is written.
pub async fn make_all(storage: &Storage, storage_key: &str) -> anyhow::Result<bool> {
    let bytes = storage.read(storage_key).await?.with_context(|| format!("no bytes under {storage_key}"))?;
    let permit = DECODES.acquire().await.context("decode semaphore closed")?;
    let encoded = tokio::task::spawn_blocking(move || -> anyhow::Result<Option<Encoded>> {
        // Held by the blocking task, not by the awaiting future: a request dropped half way
        // (the browser went away) must not free a slot while its decode still runs.
        let _permit = permit;
        let Some(image) = decode(&bytes) else { return Ok(None) };
        Size::ALL
            .into_iter()
            .map(|size| Ok((size, encode(&image, size, bytes.len())?)))
            .collect::<anyhow::Result<_>>()
            .map(Some)
    })
    .await
    .context("derivative task panicked")??;
    let Some(encoded) = encoded else { return Ok(false) };
    for (size, bytes) in encoded {
        storage.put_bytes(&key_of(storage_key, size), bytes).await?;
    }
    Ok(true)
}

/// The decoded picture, upright (the EXIF orientation applied, since the EXIF goes), or
/// None if it is not a picture the crate reads within [`limits`].
pub fn decode(bytes: &[u8]) -> Option<DynamicImage> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().ok()?;
    reader.limits(limits());
    let attempt = || -> image::ImageResult<DynamicImage> {
        let mut decoder = reader.into_decoder()?;
        let orientation = decoder.orientation()?;
        let mut image = DynamicImage::from_decoder(decoder)?;
        image.apply_orientation(orientation);
        Ok(image)
    };
    match attempt() {
        Ok(image) => Some(image),
        Err(err) => {
            tracing::warn!(error = %err, "an image was not decoded; it gets no thumbnail");
            None
        }
    }
}

/// The derivative's bytes: scaled to the size's width, JPEG on white; for a picture that
/// needed no scaling, PNG instead when that is smaller (flat logos). Neither carries metadata.
pub fn encode(image: &DynamicImage, size: Size, original_len: usize) -> anyhow::Result<Vec<u8>> {
    let scaled = if image.width() > size.max_width() {
        image.resize(size.max_width(), u32::MAX, FilterType::Triangle)
    } else {
        image.clone()
    };
    let mut jpeg = Vec::new();
    on_white(&scaled).write_with_encoder(JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY))?;
    if scaled.width() == image.width() && jpeg.len() >= original_len {
        let mut png = Vec::new();
        scaled.write_with_encoder(PngEncoder::new(&mut png))?;
        if png.len() < jpeg.len() {
            return Ok(png);
        }
    }
    Ok(jpeg)
}

/// JPEG has no transparency: transparent pixels are shown on white, as the pages do.
fn on_white(image: &DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.to_rgb8();
    }
    let rgba = image.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let blend = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([blend(r), blend(g), blend(b)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x * y) % 256) as u8])
        }));
        let mut out = Vec::new();
        image.write_with_encoder(PngEncoder::new(&mut out)).unwrap();
        out
    }

    #[test]
    fn derivatives_are_no_wider_than_their_size_and_keep_the_ratio() {
        let image = decode(&png(2000, 1000)).unwrap();
        let thumb = image::load_from_memory(&encode(&image, Size::Thumb, usize::MAX).unwrap()).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (480, 240));
        let small = decode(&png(100, 50)).unwrap();
        let same = image::load_from_memory(&encode(&small, Size::Medium, usize::MAX).unwrap()).unwrap();
        assert_eq!((same.width(), same.height()), (100, 50), "never enlarged");
    }

    #[test]
    fn a_huge_declared_size_is_refused_before_decoding() {
        let mut header = png(1, 1);
        // IHDR width and height (bytes 16..24) claim 100 000 x 100 000 pixels.
        header[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        header[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        assert!(decode(&header).is_none());
        assert!(decode(b"%PDF-1.4 not a picture").is_none());
    }

    #[test]
    fn derivative_keys_follow_the_storage_key() {
        assert_eq!(key_of("2026/11/ab", Size::Thumb), ".derived/2026/11/ab.thumb");
        assert_eq!(key_of("2026/11/ab", Size::Medium), ".derived/2026/11/ab.medium");
    }
}
