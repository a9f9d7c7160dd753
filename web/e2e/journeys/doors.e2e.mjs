// The doors of a fresh `seed --demo` (#40): an anonymous visitor finds the contest launch from `/`
// (and the designer sign-up), reads a designer's profile signed out, and the footer's terms; the
// client buys a marketplace design with PayPal (the local test-mode PayPal), comes back to a paid
// return page and finds the design among "My Designs", while a designer's open marketplace page
// sees it sold live; demo-gold reads their Earnings after the seeded win. The visitor also browses
// the marketplace signed out (#53), and a `/login?sendMessageTo=` link lands them in that
// conversation once they log in. One Chromium, a context per person.

/** The approval page of the local PayPal: 'Pay Now'. */
async function payAtPayPal(page) {
  await page.waitForURL(/\/checkoutnow\?token=[A-Z0-9]{17}$/);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL(/\/payments\/paypal\/return\?/);
}

export default {
  name: 'doors',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { baseUrl, t, shot, log, api } = ctx;

    // 1. A visitor at / sees the three doors and finds the contest launch.
    const visitor = await ctx.open('visitor');
    await visitor.goto(`${baseUrl}/`);
    await visitor.getByTestId('landing').getByRole('heading', { level: 1, name: t('landing:title') }).waitFor();
    await visitor.getByTestId('door-project').getByRole('link', { name: t('landing:project.action') }).waitFor();
    await visitor.getByTestId('door-designer').getByRole('link', { name: t('landing:designer.action') }).waitFor();
    await shot(visitor, 'landing');
    await visitor.getByTestId('door-contest-go').click();
    await visitor.waitForURL(/\/contests\/logo-design\/launch$/);
    await visitor.getByTestId('launch-header').getByRole('link', { name: t('layouts:launch.logIn') }).waitFor();
    await shot(visitor, 'contest-launch-from-landing');

    // The login page offers both accounts; the terms from a footer.
    await visitor.goto(`${baseUrl}/login`);
    const choice = visitor.getByTestId('create-account-choice');
    await choice.getByRole('link', { name: t('auth:login.asClient') }).waitFor();
    await choice.getByRole('link', { name: t('auth:login.asDesigner') }).waitFor();
    await shot(visitor, 'login-create-account-choice');
    await visitor.goto(`${baseUrl}/`);
    await visitor.getByTestId('footer-terms').click();
    await visitor.getByRole('heading', { level: 1, name: t('landing:terms.title') }).waitFor();

    // 2. A designer's profile, signed out: the public part, no client buttons.
    const token = await ctx.server.token('demo-client');
    const gold = (await api('GET', '/oauth/users', { token: await ctx.server.token('demo-gold') })).data;
    await visitor.goto(`${baseUrl}/designers/${gold.id}`);
    await visitor.getByTestId('profile-username').getByText('demo-gold').waitFor();
    await visitor.getByTestId('profile-sign-in').waitFor();
    await shot(visitor, 'designer-profile-signed-out');

    // The marketplace is a public shop window: the visitor browses what is for sale, buying needs a login.
    const forSale = (await api('GET', `/users/${gold.id}/marketplace-entries`)).data[0];
    if (!forSale) throw new Error('the demo has no entry of demo-gold for sale');
    await visitor.goto(`${baseUrl}/marketplace`);
    await visitor.getByTestId('marketplace-visitor').waitFor();
    await visitor.getByTestId('marketplace-contest').filter({ hasText: forSale.contest.title }).click();
    await visitor.locator(`[data-testid=listing-card][data-entry-id="${forSale.contest_entry_id}"]`).waitFor();
    if ((await visitor.getByRole('button', { name: t('marketplace:purchase') }).count()) !== 0) throw new Error('a visitor is offered to buy');
    if ((await visitor.title()) !== `${t('common:titles.marketplace')} | Vitrine`) throw new Error(`the page title is ${await visitor.title()}`);
    await shot(visitor, 'marketplace-signed-out');

    // "Message this designer" from outside: /login?sendMessageTo= lands in the conversation after signing in.
    await visitor.goto(`${baseUrl}/login?sendMessageTo=${gold.id}`);
    await visitor.getByLabel(t('auth:login.username')).fill('demo-client');
    await visitor.getByLabel(t('auth:login.password')).fill('vitrine-demo');
    await visitor.getByRole('button', { name: t('auth:login.submit') }).click();
    await visitor.waitForURL(new RegExp(`/messages\\?sendMessageTo=${gold.id}$`));
    await visitor.getByTestId('thread').getByText('@demo-gold').waitFor();
    await shot(visitor, 'login-lands-in-conversation');

    // 3. The client buys an entry for sale with PayPal; a designer's marketplace page watches.
    const sale = (await api('GET', `/users/${gold.id}/marketplace-entries`)).data[0];
    if (!sale) throw new Error('the demo has no entry of demo-gold for sale');
    log(`buying entry ${sale.contest_entry_id} ("${sale.title}", $${sale.sale_price}) with PayPal`);
    const watcher = await ctx.open('watcher', { as: 'demo-silver' });
    await watcher.goto(`${baseUrl}/marketplace`);
    const contestTile = (page) => page.getByTestId('marketplace-contest').filter({ hasText: sale.contest.title });
    await contestTile(watcher).click();
    const watchedCard = watcher.locator(`[data-testid=listing-card][data-entry-id="${sale.contest_entry_id}"]`);
    await watchedCard.waitFor();
    await ctx.markDocument(watcher);

    const client = await ctx.open('client', { as: 'demo-client' });
    await client.goto(`${baseUrl}/marketplace`);
    await contestTile(client).click();
    const card = client.locator(`[data-testid=listing-card][data-entry-id="${sale.contest_entry_id}"]`);
    await card.getByRole('button', { name: t('marketplace:purchase') }).click();
    await client.getByTestId('method-paypal').click();
    await shot(client, 'purchase-paypal-tab');
    await client.getByTestId('paypal-button').click();
    await payAtPayPal(client);
    await client.locator('[data-testid=paypal-return][data-outcome=paid]').waitFor();
    await shot(client, 'paypal-purchase-paid');

    // The other page saw it sold, without a reload.
    await watchedCard.waitFor({ state: 'detached' });
    await ctx.assertSameDocument(watcher, 'the design was sold');
    await shot(watcher, 'sold-live');

    // The buyer owns it and sees it among their designs.
    await client.getByTestId('paypal-back').click();
    await client.waitForURL(/\/marketplace\?view=bought$/);
    await client.getByTestId('bought-designs').locator(`[data-entry-id="${sale.contest_entry_id}"]`).getByTestId('listing-owned').waitFor();
    await shot(client, 'my-designs');
    const bought = await api('GET', '/marketplace-contest-entries?filter[bought]=1', { token });
    if (!bought.data.some((l) => l.contest_entry_id === sale.contest_entry_id && l.status === 'sold')) {
      throw new Error(`the PayPal purchase is not the client's: ${JSON.stringify(bought.data)}`);
    }

    // 4. demo-gold's earnings after the seeded win: totals and the credited prize.
    const designer = await ctx.open('designer', { as: 'demo-gold' });
    await designer.goto(`${baseUrl}/dashboard`);
    // The account menu: the mobile menu's panel, or the name's dropdown (opened by hover).
    if (ctx.isMobile) await designer.getByRole('button', { name: new RegExp(t('layouts:menu')) }).click();
    else await designer.getByRole('button', { name: /Goldie Gold/ }).hover();
    await designer.getByRole('link', { name: t('layouts:nav.Earnings') }).first().click();
    await designer.waitForURL(/\/earnings$/);
    await designer.getByTestId('earnings-owed').waitFor();
    await designer.getByTestId('payout').first().waitFor();
    await shot(designer, 'earnings');
  },
};
