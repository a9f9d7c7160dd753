// The signed-in header on a 1280 px screen, as each role sees it, in English and Spanish: one
// row (the links, the widgets and the profile menu fit beside each other), a skip link as the
// first tab stop, and dropdowns that say whether they are open, close on Escape (the focus back
// on their button) and close once one of their links is followed.

const WIDE = 1600;
const NARROW = 1280;

/** The height of the header's bar (its first row, without the phone menu's panel). */
async function barHeight(page) {
  return page.evaluate(() => document.querySelector('header > div').getBoundingClientRect().height);
}

export default {
  name: 'header',
  variants: ['en', 'es'],
  async run({ baseUrl, open, shot, t, log }) {
    for (const [username, name] of [
      ['demo-client', 'Cleo Client'],
      ['demo-gold', 'Goldie Gold'],
      ['demo-admin', 'Ada Admin'],
    ]) {
      const page = await open(username, { as: username });
      await page.setViewportSize({ width: WIDE, height: 900 });
      await page.goto(`${baseUrl}/dashboard`);
      const profile = page.getByRole('button', { name: new RegExp(name) });
      await profile.waitFor();
      const oneRow = await barHeight(page);
      await page.setViewportSize({ width: NARROW, height: 900 });
      const atNarrow = await barHeight(page);
      if (atNarrow > oneRow + 1) {
        await shot(page, `${username}-wraps`);
        throw new Error(`${username}'s header is ${atNarrow} px high at ${NARROW} px (${oneRow} px on one row)`);
      }
      await shot(page, `${username}-header`);

      // The first Tab lands on the skip link, which leads past the header to the page.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: t('layouts:skipToContent') });
      if (!(await skip.evaluate((element) => element === document.activeElement))) {
        throw new Error(`${username}: the first tab stop is not the skip link`);
      }
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'main');

      // The profile menu: closed and saying so, opened by a click, closed by Escape with the
      // focus back on its button, and closed by following one of its links.
      if ((await profile.getAttribute('aria-expanded')) !== 'false') throw new Error('the profile menu starts open');
      await profile.click();
      await page.getByRole('link', { name: t('layouts:nav.Profile') }).waitFor();
      await profile.press('Escape');
      await page.getByRole('link', { name: t('layouts:nav.Profile') }).waitFor({ state: 'detached' });
      if (!(await profile.evaluate((element) => element === document.activeElement))) {
        throw new Error(`${username}: Escape did not give the focus back to the profile menu's button`);
      }
      await profile.click();
      await page.getByRole('link', { name: t('layouts:nav.Profile') }).click();
      await page.waitForURL(/\/profile$/);
      await page.mouse.move(NARROW / 2, 600);
      await page.getByRole('link', { name: t('layouts:nav.Profile') }).waitFor({ state: 'detached' });
      if ((await profile.getAttribute('aria-expanded')) !== 'false') {
        throw new Error(`${username}: the profile menu stays open over the page it led to`);
      }
      log(`${username}: one row at ${NARROW} px (${atNarrow} px), skip link, menu closes`);
      await page.context().close();
    }
  },
};
