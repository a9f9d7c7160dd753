import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG (a coffee-coloured gradient with a ring), made here so the test ships no binary. */
export function tinyPng(width, height) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const ring = Math.abs(Math.hypot(dx, dy) - width / 4) < width / 20;
      const t = (x + y) / (width + height);
      row[1 + x * 3] = ring ? 250 : Math.round(120 + 80 * t);
      row[2 + x * 3] = ring ? 240 : Math.round(72 + 40 * t);
      row[3 + x * 3] = ring ? 230 : Math.round(40 + 20 * t);
    }
    rows.push(row);
  }
  return rgbPng(width, height, rows);
}

/**
 * An 8-bit truecolour PNG of `rows`: one Buffer per row, a filter byte (0) then R, G, B per pixel.
 * Also used by measure-grid-bytes.mjs for its photo-like uploads.
 */
export function rgbPng(width, height, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads the PNG at `path` over REST (`POST /files`) as `token`; answers its file id. */
export async function uploadPng(ctx, token, path, category) {
  const form = new FormData();
  form.append('file_category_id', String(category));
  form.append('files[]', new Blob([readFileSync(path)], { type: 'image/png' }), 'design.png');
  const response = await fetch(`${ctx.baseUrl}/files`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (!response.ok) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  return (await response.json()).data[0].id;
}
