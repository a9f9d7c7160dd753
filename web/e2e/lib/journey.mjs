// One journey in one variant: a seeded server of its own, one Chromium, as many browser contexts
// (people) as the journey opens. The runner (../run.mjs) starts one process per journey and
// variant; this module gives the journey what it needs and cleans up whatever happens.
//
// A journey file in ../journeys/ exports:
//   export default {
//     name: 'contest',                  // screenshots go to screenshots/<name>/<variant>/
//     variants: ['en', 'es', 'mobile'], // which of VARIANTS it passes in
//     timeoutMs: 240_000,               // the watchdog for one variant (default 180 s)
//     async run(ctx) { ... },           // throws to fail
//   };
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { checkAccessibility } from './accessibility.mjs';
import { translator } from './catalogue.mjs';
import { chromiumPath, shotsDir } from './paths.mjs';
import { startServer } from './server.mjs';

/** The interface language and screen a journey runs in. */
export const VARIANTS = {
  en: { language: 'en', viewport: { width: 1360, height: 900 } },
  es: { language: 'es', viewport: { width: 1360, height: 900 } },
  mobile: { language: 'en', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How long one step (a click, a wait for text) may take: generous, CI shares two cores. */
const STEP_TIMEOUT_MS = 30_000;
const TOKEN_KEY = 'vitrine.access_token';
const LANGUAGE_KEY = 'vitrine.language';

export async function runJourney(journey, variantName) {
  const variant = VARIANTS[variantName];
  if (!variant) throw new Error(`unknown variant ${variantName}; known: ${Object.keys(VARIANTS).join(', ')}`);
  const tag = `${journey.name}/${variantName}`;
  const log = (message) => console.log(`[${tag}] ${message}`);
  const dir = join(shotsDir, journey.name, variantName);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length > 0) {
      try {
        await cleanups.pop()();
      } catch (error) {
        console.error(`[${tag}] cleanup: ${error.message}`);
      }
    }
  };

  let timer;
  const watchdog = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${journey.timeoutMs ?? 180_000} ms`)), journey.timeoutMs ?? 180_000);
  });

  async function body() {
    const server = await startServer({ logFile: join(dir, 'server.log') });
    cleanups.push(() => server.stop());
    log(`server on ${server.baseUrl}`);
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_FLAGS });
    cleanups.push(() => browser.close());

    let shotNumber = 0;
    const ctx = {
      server,
      baseUrl: server.baseUrl,
      api: server.api,
      token: server.token,
      variant: variantName,
      language: variant.language,
      isMobile: Boolean(variant.isMobile),
      t: translator(variant.language),
      log,

      /**
       * A person in a browser context of their own, in the variant's language and screen.
       * `as: username` signs them in (the token is put where the client keeps it, so the
       * sign-in form is tested by the journeys that say so, not by every journey).
       */
      async open(label, { as, token } = {}) {
        const bearer = token ?? (as ? await server.token(as) : null);
        const context = await browser.newContext({
          viewport: variant.viewport,
          isMobile: variant.isMobile ?? false,
          hasTouch: variant.hasTouch ?? false,
          locale: variant.language === 'es' ? 'es-AR' : 'en-US',
          acceptDownloads: true,
        });
        context.setDefaultTimeout(STEP_TIMEOUT_MS);
        await context.addInitScript(
          ([languageKey, language, tokenKey, initialToken]) => {
            // Only on the first load of each tab: later sign-ins and language changes stay.
            if (window.sessionStorage.getItem('e2e.init')) return;
            window.sessionStorage.setItem('e2e.init', '1');
            window.localStorage.setItem(languageKey, language);
            if (initialToken) window.localStorage.setItem(tokenKey, initialToken);
          },
          [LANGUAGE_KEY, variant.language, TOKEN_KEY, bearer],
        );
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`[${tag}] ${label} page error: ${error.message}`));
        page.label = label;
        return page;
      },

      /**
       * A numbered full-page screenshot: screenshots/<journey>/<variant>/NN-<name>.png, after axe has
       * found no serious or critical violation on the screen (lib/accessibility.mjs).
       */
      async shot(page, name) {
        // Every screen a journey photographs is one it visits: axe checks it first.
        await checkAccessibility(page, name, log);
        shotNumber += 1;
        const file = `${String(shotNumber).padStart(2, '0')}-${name}.png`;
        await page.screenshot({ path: join(dir, file), fullPage: true, animations: 'disabled' });
        return join(dir, file);
      },

      /** Marks the page's document; `assertSameDocument` later proves nothing reloaded it. */
      async markDocument(page) {
        await page.evaluate(() => {
          window.__e2eSameDocument = true;
        });
      },
      async assertSameDocument(page, what) {
        const same = await page.evaluate(() => window.__e2eSameDocument === true);
        if (!same) throw new Error(`${page.label ?? 'the page'} was reloaded before ${what}`);
      },
    };
    await journey.run(ctx);
  }

  try {
    await Promise.race([body(), watchdog]);
    log('PASSED');
    return true;
  } catch (error) {
    console.error(`[${tag}] FAILED: ${error?.stack ?? error}`);
    return false;
  } finally {
    clearTimeout(timer);
    await cleanup();
  }
}
