// Designers' profiles and the marketplace, live in two browsers.
//
// A client opens a gold designer's profile from an entry of their running contest (the
// designer's name on the entry card), reads the Reviews (the designer won two of the client's
// earlier contests, each rated when it completed), browses For Sale and buys full rights to an
// entry with a test card. A second member has the marketplace page open on the same contest:
// the bought entry leaves it without a reload.

const CONTEST = 'Lighthouse Bakery';
const FOR_SALE = 'Roasted Wave Coffee Mark';

export default {
  name: 'profiles',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 180_000,
  async run(ctx) {
    const { baseUrl, t, shot, log } = ctx;
    const clientToken = await ctx.token('demo-client');
    const { data: active } = await ctx.api('GET', '/contests/active', { token: clientToken });
    const contest = active.find((c) => c.title === CONTEST);
    if (!contest) throw new Error(`the seed has no running ${CONTEST}`);

    // A second member watches the marketplace, on the contest whose entries are for sale.
    const watcher = await ctx.open('watcher', { as: 'demo-silver' });
    await watcher.goto(`${baseUrl}/marketplace`);
    const watched = watcher.getByTestId('listing-card').filter({ hasText: FOR_SALE });
    await watched.waitFor();
    await ctx.markDocument(watcher);
    await shot(watcher, 'watcher-marketplace');

    // The client, on their contest, opens demo-gold's profile from the designer's name.
    const client = await ctx.open('client', { as: 'demo-client' });
    await client.goto(`${baseUrl}/contests/${contest.id}/entries`);
    await client.getByTestId('entry-card').first().waitFor();
    await client.locator('[data-testid="designer-name"][data-username="demo-gold"]').first().click();
    const modal = client.getByTestId('profile-modal');
    await modal.getByTestId('profile-username').filter({ hasText: /^demo-gold$/ }).waitFor();
    await modal.getByTestId('portfolio-card').first().waitFor();
    await shot(client, 'profile-portfolio');

    const tab = async (label) => {
      if (ctx.isMobile) await modal.getByTestId('profile-tab-select').selectOption({ label });
      else await modal.getByRole('tab', { name: label }).click();
    };

    // Reviews: two wins of the client's, each with the stars they gave.
    await tab(t('profiles:tabs.reviews', { count: 2 }));
    const reviews = modal.getByTestId('review-card');
    await reviews.nth(1).waitFor();
    for (const title of ['Nimbus Analytics', 'Quill & Ink Stationers']) {
      await reviews.filter({ hasText: title }).filter({ hasText: 'demo-client' }).waitFor();
    }
    log('reviews shown');
    await shot(client, 'profile-reviews');

    // About: the experience counts.
    await tab(t('profiles:tabs.about'));
    await modal.getByText(t('profiles:about.repeatClients')).waitFor();
    await shot(client, 'profile-about');

    // For Sale: two entries; buy full rights to one with a test card.
    await tab(t('profiles:tabs.forSale', { count: 2 }));
    const card = modal.getByTestId('listing-card').filter({ hasText: FOR_SALE });
    await card.waitFor();
    await modal.getByText(t('marketplace:banner')).first().waitFor();
    await shot(client, 'profile-for-sale');
    await card.getByRole('button', { name: t('marketplace:purchase') }).click();
    const dialog = client.getByRole('dialog', { name: t('marketplace:purchaseTitle') });
    // demo-client pays with the card the demo seed saved for it: preselected as the default,
    // paid with before, so no CVC is asked.
    await dialog.getByTestId('card-4242').waitFor();
    const pay = dialog.getByTestId('pay-button');
    await pay.waitFor();
    await client.waitForFunction(() => !document.querySelector('[data-testid="pay-button"]')?.hasAttribute('disabled'));
    await shot(client, 'purchase-dialog');
    await pay.click();
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    if (!ctx.isMobile) await modal.getByRole('tab', { name: t('profiles:tabs.forSale', { count: 1 }) }).waitFor();
    log('bought');
    await shot(client, 'profile-after-purchase');

    // The watcher's page drops the entry live.
    await watched.waitFor({ state: 'detached' });
    await ctx.assertSameDocument(watcher, 'the entry left the marketplace');
    await watcher.getByTestId('listing-card').first().waitFor();
    await shot(watcher, 'watcher-after-purchase');

    // The designer's own side: their profile and settings, and their referral link.
    const gold = await ctx.open('gold', { as: 'demo-gold' });
    await gold.goto(`${baseUrl}/profile`);
    await gold.getByRole('heading', { name: t('profiles:page.title') }).waitFor();
    await gold.getByLabel(t('profiles:page.featuredBio')).fill('Logo designer for bakeries and cafes.');
    await gold.getByRole('button', { name: t('profiles:page.save') }).click();
    await gold.getByText(t('profiles:page.saved')).waitFor();
    await shot(gold, 'own-profile');
    await gold.getByRole('button', { name: t('profiles:page.preview') }).click();
    await gold.getByTestId('featured-bio').filter({ hasText: 'Logo designer for bakeries' }).waitFor();
    await shot(gold, 'own-profile-preview');
    await gold.goto(`${baseUrl}/affiliate`);
    await gold.getByTestId('referral-link').waitFor();
    await shot(gold, 'affiliate');
  },
};
