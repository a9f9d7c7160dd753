// A tour of the product's screens with the demo seed, as the client, a designer and an admin, in
// English, Spanish and on a 390 px phone: each screen is photographed (screenshots/tour/<variant>/)
// and checked for what a user would not trust: the error page or a script error, a picture that
// does not load, a page wider than the phone, and, in Spanish, seeded catalogue names left in
// English.

/** Seeded catalogue names that must not show in English in the Spanish interface. */
const ENGLISH_CATALOGUE = ['Logo & Brand Identity', 'Web & App Design', 'Logo Contest', 'Business Card Contest', 'New Logo'];

async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Lazy pages show a spinner while their code loads; wait until none is left in the main area.
  await page.waitForFunction(() => !document.querySelector('main [role=status]'), null, { timeout: 10_000 }).catch(() => undefined);
}

async function brokenImages(page) {
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src'))
      .map((img) => img.getAttribute('src')),
  );
}

export default {
  name: 'tour',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 300_000,
  async run(ctx) {
    const { baseUrl, api, token, shot, log, language, isMobile } = ctx;
    const clientToken = await token('demo-client');
    const active = await api('GET', '/contests/active?page=1', { token: clientToken });
    const contest = active.data[0];
    if (!contest) throw new Error('the demo client has no active contest');
    const entries = await api('GET', `/contests/${contest.id}/entries`, { token: clientToken });
    const projects = await api('GET', '/projects', { token: clientToken });
    const project = projects.data.find((p) => p.status_id >= 2) ?? projects.data[0];
    const goldId = (await api('GET', '/oauth/users', { token: await token('demo-gold') })).data.id;

    const problems = [];
    const scriptErrors = new Map();
    async function visit(page, path, name) {
      if (!scriptErrors.has(page)) {
        scriptErrors.set(page, []);
        page.on('pageerror', (error) => scriptErrors.get(page).push(error.message));
      }
      scriptErrors.get(page).length = 0;
      await page.goto(`${baseUrl}${path}`);
      await settle(page);
      await shot(page, name);
      if (await page.getByTestId('route-error').isVisible()) problems.push(`${name}: the error page`);
      if (scriptErrors.get(page).length > 0) problems.push(`${name}: script errors: ${scriptErrors.get(page).join('; ')}`);
      const broken = await brokenImages(page);
      if (broken.length > 0) problems.push(`${name}: pictures that do not load: ${broken.join(', ')}`);
      if (isMobile) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${name}: ${width} px wide on a 390 px phone`);
      }
      if (language === 'es') {
        const text = await page.evaluate(() => document.body.innerText);
        const english = ENGLISH_CATALOGUE.filter((name) => text.includes(name));
        if (english.length > 0) problems.push(`${name}: catalogue names in English: ${english.join(', ')}`);
      }
      log(`${name} ok`);
    }

    const client = await ctx.open('client', { as: 'demo-client' });
    await visit(client, '/dashboard', 'client-dashboard');
    await visit(client, '/contests/active', 'client-contests-active');
    await visit(client, `/contests/${contest.id}/entries`, 'client-contest');
    if (entries.data[0]) await visit(client, `/contests/${contest.id}/entries/${entries.data[0].id}`, 'client-entry');
    await visit(client, '/contests/logo-design/launch', 'client-launch-brief');
    await visit(client, '/projects/launch', 'client-project-launch');
    await visit(client, '/projects/all-projects', 'client-projects');
    if (project) await visit(client, `/projects/${project.id}/projects-updates`, 'client-workroom');
    await visit(client, '/messages', 'client-messages');
    await visit(client, '/notifications', 'client-notifications');
    await visit(client, '/profile', 'client-profile');
    await visit(client, '/marketplace', 'client-marketplace');
    await visit(client, '/carts', 'client-cart');
    await visit(client, '/feed', 'client-feed');
    await visit(client, '/showcases', 'client-showcases');
    await visit(client, `/designers/${goldId}`, 'client-designer-profile');
    await visit(client, '/payment-methods', 'client-payment-methods');
    await visit(client, '/subscriptions', 'client-subscriptions');

    const designer = await ctx.open('designer', { as: 'demo-gold' });
    await visit(designer, '/dashboard', 'designer-dashboard');
    await visit(designer, '/projects/my-projects', 'designer-projects');
    await visit(designer, `/contests/${contest.id}/entries`, 'designer-contest');
    await visit(designer, '/design-court', 'designer-court');
    await visit(designer, '/profile', 'designer-profile');

    const admin = await ctx.open('admin', { as: 'demo-admin' });
    await visit(admin, '/design-court', 'admin-court');

    if (problems.length > 0) throw new Error(`the tour found:\n  ${problems.join('\n  ')}`);
  },
};
