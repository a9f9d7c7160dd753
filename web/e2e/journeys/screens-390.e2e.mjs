// Every screen that exists so far, on a 390 px wide phone: nothing wider than the screen, the
// header collapsed into a menu button that holds the links, the profile menu and the language
// choice (which is remembered across a reload). The contest page and the entry detail at 390 px
// are live-entry's mobile variant.

const WIDTH = 390;

/** The page must not scroll sideways: a 390 px phone shows all of it. */
async function fitsTheScreen(page, what) {
  // A screen just reached may still be settling (a toast sliding in, a lazy page's styles):
  // give it a moment to fit before measuring; what still overflows then is a real fault.
  await page.waitForFunction((limit) => document.documentElement.scrollWidth <= limit, WIDTH, { timeout: 3_000 }).catch(() => {});
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width <= WIDTH) return;
  // Name the widest culprits, so the failure says what to fix.
  const culprits = await page.evaluate((limit) => {
    const out = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      const inside = [...element.children].some((child) => child.getBoundingClientRect().right > limit + 1);
      if (box.right > limit + 1 && !inside) {
        out.push(`${element.tagName.toLowerCase()}.${element.className} (${Math.round(box.right)} px)`);
      }
    }
    return out.slice(0, 5);
  }, WIDTH);
  throw new Error(`${what} is ${width} px wide on a ${WIDTH} px screen: ${culprits.join('; ')}`);
}

export default {
  name: 'screens-390',
  variants: ['mobile'],
  async run({ baseUrl, api, open, shot, log }) {
    const visitor = await open('visitor');

    // The signed-out screens, each with the language choice under its card.
    for (const [path, title, name] of [
      ['/signup', 'Create your designer account', 'signup'],
      ['/password/reset', 'Reset your password', 'password-reset'],
      ['/login', 'Log in', 'login'],
    ]) {
      await visitor.goto(`${baseUrl}${path}`);
      await visitor.getByRole('heading', { name: title }).waitFor();
      await visitor.getByRole('radiogroup', { name: 'Language' }).waitFor();
      await fitsTheScreen(visitor, path);
      await shot(visitor, name);
    }

    // Signing in through the form at 390 px lands on the dashboard under a collapsed header.
    await visitor.getByLabel('Username or email').fill('demo-client');
    await visitor.getByLabel('Password').fill('vitrine-demo');
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await visitor.waitForURL(`${baseUrl}/dashboard`);
    const menuButton = visitor.getByRole('button', { name: /Menu/ });
    await menuButton.waitFor();
    if (await visitor.locator('header nav').first().isVisible()) {
      throw new Error('the header shows its full navigation at 390 px');
    }
    if (await visitor.getByRole('button', { name: /Cleo Client/ }).isVisible().catch(() => false)) {
      throw new Error('the profile menu is outside the menu at 390 px');
    }
    await fitsTheScreen(visitor, 'the dashboard');
    await shot(visitor, 'dashboard');

    // The menu holds the navigation, the profile links and the language choice.
    await menuButton.click();
    const menu = visitor.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Payment Methods' }).waitFor();
    await menu.getByRole('link', { name: 'Log out' }).waitFor();
    await fitsTheScreen(visitor, 'the open menu');
    await shot(visitor, 'menu-open');

    // Spanish, chosen there, stays after a reload.
    await menu.getByRole('radio', { name: 'Español (Argentina)' }).click();
    await menu.getByRole('link', { name: 'Medios de pago' }).waitFor();
    await shot(visitor, 'menu-spanish');
    await visitor.reload();
    await visitor.getByRole('button', { name: /Menú/ }).click();
    await visitor.locator('#mobile-menu').getByRole('link', { name: 'Cerrar sesión' }).waitFor();
    const lang = await visitor.evaluate(() => document.documentElement.lang);
    if (lang !== 'es') throw new Error(`the document's language is "${lang}" after the reload`);
    await visitor.locator('#mobile-menu').getByRole('radio', { name: 'English' }).click();
    await visitor.locator('#mobile-menu').getByRole('link', { name: 'Payment Methods' }).waitFor();

    // A followed link closes the menu.
    await visitor.locator('#mobile-menu').getByRole('link', { name: 'Active' }).click();
    await visitor.locator('#mobile-menu').waitFor({ state: 'detached' });

    // The launch brief of a logo contest.
    const { data: logo } = await api('GET', '/contests/types/1');
    await visitor.goto(`${baseUrl}/contests/${logo.launch_brief_slug}/launch`);
    await visitor.locator('form').first().waitFor();
    await shot(visitor, 'launch-brief');
    await fitsTheScreen(visitor, 'the launch brief');

    // The launch pages' own frame (docs/spec-decisions.md): the signed-in user's name with Log out,
    // no app navigation; the language choice sits in its footer.
    const launchHeader = visitor.getByTestId('launch-header');
    await launchHeader.getByRole('button', { name: /Cleo Client/ }).click();
    await launchHeader.getByRole('link', { name: 'Log out' }).waitFor();
    await shot(visitor, 'launch-brief-account-menu');

    // The same brief in Spanish: its own texts, the steps and the header all switch.
    await visitor.getByRole('contentinfo').getByRole('radio', { name: 'Español (Argentina)' }).click();
    await visitor.getByRole('heading', { name: 'Brief de diseño' }).waitFor();
    await visitor.getByRole('list', { name: 'Pasos del lanzamiento' }).getByText('Tipo de concurso').waitFor();
    await launchHeader.getByRole('button', { name: /Cleo Client/ }).click();
    await launchHeader.getByRole('link', { name: 'Cerrar sesión' }).waitFor();
    await fitsTheScreen(visitor, 'the Spanish launch brief');
    await shot(visitor, 'launch-brief-spanish');
    log('every signed-out screen, the dashboard, the menu and the launch brief fit 390 px');
  },
};
