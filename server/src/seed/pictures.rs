//! Pictures for the demo's contest entries, showcases and private portfolio items
//! (`seed --demo`): small PNG "logos" painted here (a motif of circles and polygons in a
//! palette, chosen by the title), stored in the files folder exactly as an upload is
//! (`files::disk` key, a `file` row with its SHA-256) and attached as the entry's main
//! image, the showcase's or the portfolio item's picture, so that contest pages, the
//! design court, showcases, profiles and the community feed show designs rather than
//! grey boxes.
//!
//! Idempotent: only entries, showcases and portfolio items of demo designers that have no
//! file yet get one.

use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Connection};
use tracing::instrument;

use crate::{
    entries::store as entries_store,
    files::{
        disk,
        store::{self as files_store, NewFile},
    },
    storage::Storage,
    store::{clock::Clock, Db},
};

/// Side of a picture, in pixels.
const SIZE: usize = 192;
/// Upload category of a contest entry's main image (contests doc, section 9).
const MAIN_ENTRY_CATEGORY: i64 = 5;
/// `contest_entry_file.kind` of the main image.
const MAIN_IMAGE: i64 = 1;

type Rgb = [u8; 3];

/// Background, main colour, accent.
const PALETTES: &[[Rgb; 3]] = &[
    [[253, 246, 227], [30, 64, 120], [235, 140, 52]],
    [[236, 248, 243], [22, 101, 52], [250, 204, 21]],
    [[245, 243, 255], [91, 33, 182], [244, 114, 182]],
    [[255, 241, 242], [159, 18, 57], [251, 191, 36]],
    [[240, 249, 255], [3, 105, 161], [56, 189, 248]],
    [[250, 250, 249], [41, 37, 36], [234, 88, 12]],
];

/// Paints every demo entry, showcase and private portfolio item without a file and attaches the picture; returns
/// how many were painted.
#[instrument(skip_all)]
pub async fn seed(db: &Db, storage: &Storage, clock: &dyn Clock) -> anyhow::Result<usize> {
    let mut conn = db.pool.acquire().await?;
    let bare: Vec<(i64, i64, Option<String>)> = sqlx::query_as(
        "SELECT e.id, e.created_by, e.title FROM contest_entry e JOIN app_user u ON u.id = e.created_by \
         WHERE u.username LIKE 'demo-%' AND NOT EXISTS (SELECT 1 FROM contest_entry_file f WHERE f.contest_entry_id = e.id) \
         ORDER BY e.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let now = clock.now_ms();
    let mut tx = conn.begin().await?;
    for (entry_id, designer, title) in &bare {
        let title = title.clone().unwrap_or_else(|| format!("Entry {entry_id}"));
        let png = paint(&title);
        let file_id = store(&mut tx, storage, *designer, &title, &png, now).await?;
        entries_store::attach_file(&mut tx, *entry_id, file_id, 1, MAIN_IMAGE, now).await?;
    }
    // Showcases take an image uploaded as an entry's main image is (category 5).
    let showcases: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT s.id, s.app_user_id, s.title FROM external_showcase s JOIN app_user u ON u.id = s.app_user_id \
         WHERE u.username LIKE 'demo-%' AND s.file_id IS NULL ORDER BY s.id",
    )
    .fetch_all(&mut *tx)
    .await?;
    for (showcase_id, designer, title) in &showcases {
        let png = paint(title);
        let file_id = store(&mut tx, storage, *designer, title, &png, now).await?;
        sqlx::query("UPDATE external_showcase SET file_id = $1 WHERE id = $2")
            .bind(file_id)
            .bind(showcase_id)
            .execute(&mut *tx)
            .await?;
    }
    // Portfolio items of the 'PRIVATE PROJECT' kind (no entry to show) take one too.
    let items: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT p.id, p.app_user_id, p.title FROM portfolio_item p JOIN app_user u ON u.id = p.app_user_id \
         WHERE u.username LIKE 'demo-%' AND p.contest_entry_id IS NULL AND p.file_id IS NULL ORDER BY p.id",
    )
    .fetch_all(&mut *tx)
    .await?;
    for (item_id, designer, title) in &items {
        let png = paint(title);
        let file_id = store(&mut tx, storage, *designer, title, &png, now).await?;
        sqlx::query("UPDATE portfolio_item SET file_id = $1 WHERE id = $2")
            .bind(file_id)
            .bind(item_id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(bare.len() + showcases.len() + items.len())
}

/// Writes the bytes where uploads go and records the file row.
async fn store(
    conn: &mut AnyConnection,
    storage: &Storage,
    owner: i64,
    title: &str,
    png: &[u8],
    now: i64,
) -> anyhow::Result<i64> {
    let key = disk::new_storage_key(now);
    storage.put_bytes(&key, png.to_vec()).await?;
    let slug: String =
        title.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let name = format!("{}.png", slug.trim_matches('-'));
    let sha = hex::encode(Sha256::digest(png));
    let id = files_store::insert_file(
        &mut *conn,
        &NewFile {
            app_user_id: owner,
            file_category_id: MAIN_ENTRY_CATEGORY,
            original_name: &name,
            content_type: "image/png",
            size_bytes: i64::try_from(png.len())?,
            sha256: &sha,
            storage_key: &key,
            now_ms: now,
        },
    )
    .await?;
    Ok(id)
}

/// A picture for `title`: its palette and motif follow from the title, so the same
/// entry always looks the same.
pub fn paint(title: &str) -> Vec<u8> {
    let hash = title.bytes().fold(2_166_136_261_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(16_777_619));
    let [bg, main, accent] = PALETTES[hash as usize % PALETTES.len()];
    let mut c = Canvas::new(bg);
    let s = SIZE as f32;
    match (hash / 7) % 5 {
        // A sun over two hills.
        0 => {
            c.circle(s * 0.62, s * 0.38, s * 0.16, accent);
            c.polygon(&[(s * 0.05, s * 0.8), (s * 0.38, s * 0.36), (s * 0.72, s * 0.8)], main);
            c.polygon(&[(s * 0.4, s * 0.8), (s * 0.66, s * 0.5), (s * 0.95, s * 0.8)], mix(main, bg, 0.35));
            c.rect(s * 0.05, s * 0.8, s * 0.9, s * 0.04, main);
        }
        // A badge: ring, disc and a diamond.
        1 => {
            c.circle(s * 0.5, s * 0.5, s * 0.4, main);
            c.circle(s * 0.5, s * 0.5, s * 0.33, bg);
            c.circle(s * 0.5, s * 0.5, s * 0.27, accent);
            c.polygon(&[(s * 0.5, s * 0.3), (s * 0.68, s * 0.5), (s * 0.5, s * 0.7), (s * 0.32, s * 0.5)], main);
        }
        // A lighthouse with its beam over waves.
        2 => {
            c.polygon(&[(s * 0.52, s * 0.3), (s * 0.95, s * 0.12), (s * 0.95, s * 0.42)], mix(accent, bg, 0.45));
            c.polygon(&[(s * 0.42, s * 0.32), (s * 0.58, s * 0.32), (s * 0.64, s * 0.82), (s * 0.36, s * 0.82)], main);
            c.rect(s * 0.38, s * 0.48, s * 0.24, s * 0.06, bg);
            c.rect(s * 0.37, s * 0.64, s * 0.26, s * 0.06, bg);
            c.polygon(&[(s * 0.4, s * 0.32), (s * 0.5, s * 0.2), (s * 0.6, s * 0.32)], accent);
            c.rect(s * 0.08, s * 0.82, s * 0.84, s * 0.06, mix(main, bg, 0.5));
        }
        // A compass star in a circle.
        3 => {
            c.circle(s * 0.5, s * 0.5, s * 0.4, mix(main, bg, 0.85));
            let (m, l, w) = (s * 0.5, s * 0.36, s * 0.08);
            c.polygon(&[(m, m - l), (m + w, m), (m, m + l), (m - w, m)], main);
            c.polygon(&[(m - l, m), (m, m - w), (m + l, m), (m, m + w)], accent);
            c.circle(m, m, s * 0.05, bg);
        }
        // A cloud above a small bar chart.
        _ => {
            c.circle(s * 0.36, s * 0.42, s * 0.14, main);
            c.circle(s * 0.54, s * 0.34, s * 0.18, main);
            c.circle(s * 0.7, s * 0.45, s * 0.12, main);
            c.rect(s * 0.26, s * 0.42, s * 0.48, s * 0.15, main);
            for (i, h) in [0.12_f32, 0.2, 0.28].iter().enumerate() {
                let x = s * (0.36 + 0.1 * i as f32);
                c.rect(x, s * (0.82 - h), s * 0.07, s * h, accent);
            }
        }
    }
    c.png()
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let m = |x: u8, y: u8| (f32::from(x) * (1.0 - t) + f32::from(y) * t).round().clamp(0.0, 255.0) as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

/// An RGB picture with shapes drawn at 4 samples a pixel (smooth edges).
struct Canvas {
    pixels: Vec<Rgb>,
}

impl Canvas {
    fn new(bg: Rgb) -> Self {
        Self { pixels: vec![bg; SIZE * SIZE] }
    }

    /// Blends `color` into every pixel by the share of its samples `inside` accepts.
    fn shape(&mut self, color: Rgb, inside: impl Fn(f32, f32) -> bool) {
        const SAMPLES: [(f32, f32); 4] = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)];
        for y in 0..SIZE {
            for x in 0..SIZE {
                let hits = SAMPLES.iter().filter(|(dx, dy)| inside(x as f32 + dx, y as f32 + dy)).count();
                if hits > 0 {
                    let pixel = &mut self.pixels[y * SIZE + x];
                    *pixel = mix(*pixel, color, hits as f32 / 4.0);
                }
            }
        }
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgb) {
        self.shape(color, |x, y| (x - cx).powi(2) + (y - cy).powi(2) <= r * r);
    }

    fn rect(&mut self, x0: f32, y0: f32, w: f32, h: f32, color: Rgb) {
        self.shape(color, |x, y| x >= x0 && x < x0 + w && y >= y0 && y < y0 + h);
    }

    /// A convex polygon, its corners in either order.
    fn polygon(&mut self, corners: &[(f32, f32)], color: Rgb) {
        self.shape(color, |x, y| {
            let sides = corners.iter().zip(corners.iter().cycle().skip(1)).map(|(a, b)| {
                let cross = (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0);
                cross.signum()
            });
            let signs: Vec<f32> = sides.filter(|s| *s != 0.0).collect();
            signs.iter().all(|s| *s > 0.0) || signs.iter().all(|s| *s < 0.0)
        });
    }

    /// The picture as a PNG: 8-bit RGB, zlib with stored (uncompressed) deflate blocks,
    /// which every decoder reads and needs no compression library.
    fn png(&self) -> Vec<u8> {
        let mut raw = Vec::with_capacity(SIZE * (SIZE * 3 + 1));
        for row in self.pixels.chunks(SIZE) {
            raw.push(0); // filter: none
            for p in row {
                raw.extend_from_slice(p);
            }
        }
        let mut z = vec![0x78, 0x01];
        let blocks: Vec<&[u8]> = raw.chunks(65_535).collect();
        for (i, block) in blocks.iter().enumerate() {
            z.push(u8::from(i + 1 == blocks.len()));
            let len = u16::try_from(block.len()).unwrap_or(u16::MAX);
            z.extend_from_slice(&len.to_le_bytes());
            z.extend_from_slice(&(!len).to_le_bytes());
            z.extend_from_slice(block);
        }
        z.extend_from_slice(&adler32(&raw).to_be_bytes());

        let size = u32::try_from(SIZE).unwrap_or(0).to_be_bytes();
        let mut header = Vec::with_capacity(13);
        header.extend_from_slice(&size);
        header.extend_from_slice(&size);
        header.extend_from_slice(&[8, 2, 0, 0, 0]);
        let mut png = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
        chunk(&mut png, b"IHDR", &header);
        chunk(&mut png, b"IDAT", &z);
        chunk(&mut png, b"IEND", &[]);
        png
    }
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&u32::try_from(data.len()).unwrap_or(0).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut c = 0xffff_ffff_u32;
    for b in bytes {
        c ^= u32::from(*b);
        for _ in 0..8 {
            c = if c & 1 == 1 { 0xedb8_8320 ^ (c >> 1) } else { c >> 1 };
        }
    }
    !c
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1_u32, 0_u32);
    for byte in bytes {
        a = (a + u32::from(*byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::kinds::FileKind;

    #[test]
    fn a_picture_is_a_png_the_upload_sniffer_recognises() {
        let png = paint("Loaf and beam");
        assert_eq!(FileKind::sniff(&png), Some(FileKind::Png));
        // IHDR says SIZE x SIZE, 8-bit RGB.
        assert_eq!(&png[12..16], b"IHDR");
        assert_eq!(u32::from_be_bytes([png[16], png[17], png[18], png[19]]) as usize, SIZE);
        assert_eq!(&png[24..26], &[8, 2]);
    }

    #[test]
    fn the_checksums_are_the_standard_ones() {
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn titles_choose_different_pictures_and_the_same_title_the_same() {
        assert_eq!(paint("Pine compass"), paint("Pine compass"));
        assert_ne!(paint("Pine compass"), paint("Mountain badge"));
    }
}
