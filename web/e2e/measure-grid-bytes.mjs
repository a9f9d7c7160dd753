// Bytes one grid page downloads from `/files/*/content` (issue #37: thumbnails and lazy loading).
//
//   node e2e/measure-grid-bytes.mjs [webDistDir]
//
// Starts a demo-seeded server (e2e/lib/server.mjs) serving the client in `webDistDir` (default
// web/dist), so that the same server can be measured with the client before and after a change.
// Two pages, each opened fresh in Chromium at 1360x900 and left until the network is quiet:
// - a running demo contest's entries grid, as seeded (192 px PNG pictures);
// - demo-gold's portfolio after 12 uploads of 1600x1200 photo-like PNGs (noise over a gradient,
//   as a photograph or a rendered design compresses), the size designers actually upload.
// Prints, per page, the number of `/files/*/content` responses and the sum of their body bytes.
import { resolve } from 'node:path';

import { chromium } from 'playwright-core';

import { chromiumPath } from './lib/paths.mjs';
import { rgbPng } from './png.mjs';
import { startServer } from './lib/server.mjs';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const UPLOADS = 12;

/** A photo-like RGB PNG: a gradient with ±12 of seeded noise per channel. */
function photoPng(width, height, seed) {
  let state = seed >>> 0 || 1;
  const noise = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 25) - 12;
  };
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      row[1 + x * 3] = Math.max(0, Math.min(255, Math.round(60 + 150 * t + noise())));
      row[2 + x * 3] = Math.max(0, Math.min(255, Math.round(90 + 80 * (x / width) + noise())));
      row[3 + x * 3] = Math.max(0, Math.min(255, Math.round(200 - 120 * t + noise())));
    }
    rows.push(row);
  }
  return rgbPng(width, height, rows);
}

async function seedPortfolio(server, token, userId) {
  const { data: categories } = await server.api('GET', `/users/${userId}/portfolios/categories`, { token });
  let uploaded = 0;
  for (let i = 0; i < UPLOADS; i++) {
    const png = photoPng(1600, 1200, i + 1);
    uploaded += png.length;
    const form = new FormData();
    form.append('file_category_id', '5');
    form.append('files[]', new Blob([png], { type: 'image/png' }), `photo-${i + 1}.png`);
    const response = await fetch(`${server.baseUrl}/files`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    if (!response.ok) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
    const fileId = (await response.json()).data[0].id;
    await server.api('POST', `/users/${userId}/portfolios`, { token, body: { file_id: fileId, title: `Photo ${i + 1}`, category_id: categories[0].id } });
  }
  return uploaded;
}

/** Opens `url` signed in with `token`; answers the count and bytes of file contents received. */
async function measure(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('vitrine.access_token', value), token);
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    // Bytes on the wire for the body, as the browser's network panel counts them.
    if (/\/files\/\d+\/content/.test(new URL(response.url()).pathname)) bodies.push(response.request().sizes().then((s) => s.responseBodySize));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const sizes = await Promise.all(bodies);
  await context.close();
  return { responses: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

const distDir = resolve(process.argv[2] ?? 'dist');
const server = await startServer({ env: { VITRINE_WEB_DIR: distDir } });
const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
try {
  const clientToken = await server.token('demo-client');
  const { data: active } = await server.api('GET', '/contests/active', { token: clientToken });
  const contest = active.find((c) => c.title === 'Lighthouse Bakery') ?? active[0];
  const entries = await measure(browser, `${server.baseUrl}/contests/${contest.id}/entries`, clientToken);
  console.log(`contest entries (seeded 192 px pictures): ${entries.responses} file responses, ${entries.bytes} bytes`);

  const goldToken = await server.token('demo-gold');
  const me = await server.api('GET', '/oauth/users', { token: goldToken });
  const goldId = me.data?.id ?? me.id;
  const uploaded = await seedPortfolio(server, goldToken, goldId);
  const portfolio = await measure(browser, `${server.baseUrl}/designers/${goldId}`, clientToken);
  console.log(`designer portfolio (${UPLOADS} uploads of 1600x1200, ${uploaded} bytes in all): ${portfolio.responses} file responses, ${portfolio.bytes} bytes`);
} finally {
  await browser.close();
  await server.stop();
}
