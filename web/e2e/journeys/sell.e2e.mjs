// Selling from the browser (#50), with three people in their own browsers.
//
// 0. demo-client opens the marketplace first (the demo's Harbor Coffee Roasters is for sale) and
//    keeps it open, without a reload, through steps 1 to 3.
// 1. demo-silver opens their entry "Bar cloud" of Nimbus Analytics (a finished contest they did not
//    win) and lists it for sale from the entry: title, price, category, a tag, description. The
//    client's marketplace shows Nimbus Analytics live, and Bar cloud in it.
// 2. On "My listings" they change its price, withdraw it from sale and put it back; the page stays
//    open from then on. The client sees the new price, the listing leave and come back, live; the
//    listing keeps its tag through it all (the server's marketplace_tag_ids).
// 3. demo-gold-2 lists "Ink drop" of Quill & Ink Stationers from "My listings", choosing the
//    finished contest and the entry there; Quill & Ink Stationers joins the client's marketplace live.
// 4. demo-client finds "Bar cloud" on demo-silver's profile (For Sale) and in the marketplace,
//    and buys full rights to it with the card the demo seed saved for them.
// 5. demo-silver's listing turns sold, with the day it sold (the listing's sold_at) and the
//    price, without a reload.
import { fillCvcIfAsked } from '../lib/stripe.mjs';

const NIMBUS = 'Nimbus Analytics';
const QUILL = 'Quill & Ink Stationers';
const BAR_CLOUD = 'Bar cloud';
const INK_DROP = 'Ink drop';

/** A day as the client writes it (src/lib/dates.ts formatDate): MM/DD/YYYY, in Spanish DD/MM/YYYY. */
function formatDate(ms, language) {
  const date = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  const [day, month, year] = [pad(date.getDate()), pad(date.getMonth() + 1), date.getFullYear()];
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/** demo-silver's listing of entry `entryId`, as GET /marketplace-contest-entries answers it. */
async function ownListing(ctx, username, entryId) {
  const token = await ctx.token(username);
  const { data } = await ctx.api('GET', '/marketplace-contest-entries?sort=-created_at', { token });
  const found = data.find((listing) => listing.contest_entry_id === entryId);
  if (!found) throw new Error(`${username} has no listing of entry ${entryId}`);
  return found;
}

/** The seeded entry of `username` titled `title` in the finished contest `contestTitle`. */
async function seededEntry(ctx, username, contestTitle, title) {
  const token = await ctx.token(username);
  const { data: contests } = await ctx.api('GET', '/contests/participated', { token });
  const contest = contests.find((c) => c.title === contestTitle);
  if (!contest) throw new Error(`${username} took part in no finished ${contestTitle}`);
  const { data: entries } = await ctx.api('GET', `/contests/${contest.id}/entries?filter[designer]=${username}`, { token });
  const entry = entries.find((e) => e.title === title);
  if (!entry) throw new Error(`${username} has no entry ${title} in ${contestTitle}`);
  return { contestId: contest.id, entryId: entry.id };
}

export default {
  name: 'sell',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { baseUrl, t, shot, log } = ctx;
    const admin = await ctx.token('demo-admin');
    const tag = `Minimal ${Date.now().toString(36)}`;
    const { data: tagView } = await ctx.api('POST', '/marketplace-tags', { token: admin, body: { title: tag } });
    const barCloud = await seededEntry(ctx, 'demo-silver', NIMBUS, BAR_CLOUD);
    log(`Bar cloud is entry ${barCloud.entryId} of contest ${barCloud.contestId}; tag ${tag} (${tagView.id})`);

    // 0. The client's marketplace, open before anything is listed.
    const client = await ctx.open('client', { as: 'demo-client' });
    await client.goto(`${baseUrl}/marketplace`);
    const tiles = client.getByTestId('marketplace-contest');
    await tiles.filter({ hasText: 'Harbor Coffee Roasters' }).waitFor();
    await client.getByTestId('marketplace-listings').getByTestId('listing-card').first().waitFor();
    if ((await tiles.filter({ hasText: NIMBUS }).count()) > 0) throw new Error(`${NIMBUS} is in the marketplace before anything of it is listed`);
    await ctx.markDocument(client);
    const clientCard = client.getByTestId('marketplace-listings').locator(`[data-testid=listing-card][data-entry-id="${barCloud.entryId}"]`);

    // 1. From the entry's own page.
    const silver = await ctx.open('silver', { as: 'demo-silver' });
    await silver.goto(`${baseUrl}/contests/${barCloud.contestId}/entries/${barCloud.entryId}`);
    const sell = silver.getByTestId('sell-entry');
    await sell.getByRole('button', { name: t('marketplace:sell.button') }).click();
    const form = silver.getByRole('dialog', { name: t('marketplace:form.newTitle') });
    const title = form.getByLabel(t('marketplace:form.title'));
    await title.waitFor();
    if ((await title.inputValue()) !== BAR_CLOUD) throw new Error(`the listing's title starts as "${await title.inputValue()}"`);
    await form.getByLabel(t('marketplace:form.price')).fill('120');
    await form.getByRole('option', { name: 'Logos' }).waitFor({ state: 'attached' });
    await form.getByLabel(t('marketplace:category')).selectOption({ label: 'Logos' });
    await form.getByLabel(tag).check();
    await form.getByLabel(t('marketplace:form.description')).fill('Bars rising into a soft cloud: a mark for a data or weather product.');
    await shot(silver, 'sell-from-entry');
    await form.getByRole('button', { name: t('marketplace:form.list') }).click();
    await form.waitFor({ state: 'detached' });
    await silver.locator('[data-testid=sell-entry][data-status=available]').waitFor();
    await sell.getByText(t('marketplace:sell.available', { price: '$120' })).waitFor();
    await shot(silver, 'entry-listed');
    log('listed from the entry');

    // The client's marketplace, open all along: Nimbus Analytics arrives, and in it Bar cloud.
    const nimbusTile = tiles.filter({ hasText: NIMBUS });
    await nimbusTile.waitFor();
    await nimbusTile.click();
    await clientCard.getByTestId('listing-price').filter({ hasText: '$120' }).waitFor();
    await ctx.assertSameDocument(client, 'the new listing arrived');
    await shot(client, 'marketplace-live-listing');
    log('the new listing arrived live');

    // 2. My listings: a new price, withdrawn, back on sale.
    await sell.getByRole('link', { name: t('marketplace:sell.myListings') }).click();
    await silver.getByRole('heading', { name: t('marketplace:mine.title') }).waitFor();
    const own = silver.getByTestId('own-listing').filter({ hasText: BAR_CLOUD });
    await own.getByTestId('listing-price').filter({ hasText: '$120' }).waitFor();
    await own.getByRole('button', { name: t('marketplace:mine.editListing', { title: BAR_CLOUD }) }).click();
    const edit = silver.getByRole('dialog', { name: t('marketplace:form.editTitle') });
    // The tag given when it was listed is checked: the listing's own, as the server tells it.
    await edit.getByLabel(tag).and(edit.locator('input[type=checkbox]:checked')).waitFor();
    await edit.getByLabel(t('marketplace:form.price')).fill('95');
    await edit.getByRole('button', { name: t('marketplace:form.save') }).click();
    await edit.waitFor({ state: 'detached' });
    await own.getByTestId('listing-price').filter({ hasText: '$95' }).waitFor();
    // The client sees the new price without a reload.
    await clientCard.getByTestId('listing-price').filter({ hasText: '$95' }).waitFor();
    await ctx.assertSameDocument(client, 'the new price arrived');
    await shot(client, 'marketplace-live-price');

    await own.getByRole('button', { name: t('marketplace:mine.withdrawListing', { title: BAR_CLOUD }) }).click();
    await silver.locator(`[data-testid=own-listing][data-entry-id="${barCloud.entryId}"][data-status=hidden]`).waitFor();
    await shot(silver, 'listing-withdrawn');
    await clientCard.waitFor({ state: 'detached' });
    await own.getByRole('button', { name: t('marketplace:mine.relistListing', { title: BAR_CLOUD }) }).click();
    await silver.locator(`[data-testid=own-listing][data-entry-id="${barCloud.entryId}"][data-status=available]`).waitFor();
    await own.locator('[data-testid=listing-price]:has-text("$95")').waitFor();
    await shot(silver, 'my-listings');
    await ctx.markDocument(silver);
    // Back on sale for the client too, at its price; withdrawn and back, it kept its tag.
    await clientCard.getByTestId('listing-price').filter({ hasText: '$95' }).waitFor();
    await ctx.assertSameDocument(client, 'the listing came back');
    const relisted = await ownListing(ctx, 'demo-silver', barCloud.entryId);
    if (JSON.stringify(relisted.marketplace_tag_ids) !== JSON.stringify([tagView.id])) {
      throw new Error(`Bar cloud's tags are ${JSON.stringify(relisted.marketplace_tag_ids)}, not [${tagView.id}]`);
    }
    log('changed, withdrawn and back, live for the client');

    // 3. demo-gold-2 lists from My listings, choosing the contest and the entry.
    const gail = await ctx.open('gail', { as: 'demo-gold-2' });
    await gail.goto(`${baseUrl}/marketplace`);
    await gail.getByRole('tab', { name: t('marketplace:mine.title') }).click();
    await gail.getByTestId('my-listings-empty').waitFor();
    await gail.getByRole('button', { name: t('marketplace:mine.listDesign') }).click();
    const picker = gail.getByRole('dialog', { name: t('marketplace:picker.title') });
    await picker.getByLabel(t('marketplace:picker.contest')).selectOption({ label: QUILL });
    const inkDrop = picker.getByTestId('sellable-entry').filter({ hasText: INK_DROP });
    await inkDrop.waitFor();
    await shot(gail, 'sell-picker');
    await inkDrop.getByRole('button').click();
    const gailForm = gail.getByRole('dialog', { name: t('marketplace:form.newTitle') });
    await gailForm.getByLabel(t('marketplace:form.price')).fill('45');
    await gailForm.getByRole('button', { name: t('marketplace:form.list') }).click();
    await gailForm.waitFor({ state: 'detached' });
    await gail.getByTestId('own-listing').filter({ hasText: INK_DROP }).getByTestId('listing-price').filter({ hasText: '$45' }).waitFor();
    await shot(gail, 'gail-listed');
    log('listed from My listings');
    // Quill & Ink Stationers joins the client's marketplace, still without a reload.
    await tiles.filter({ hasText: QUILL }).waitFor();
    await ctx.assertSameDocument(client, "demo-gold-2's listing arrived");

    // 4. The client: on demo-silver's profile, then in the marketplace, where they buy it.
    const silverId = (await ctx.api('GET', '/oauth/users', { token: await ctx.token('demo-silver') })).data.id;
    await client.goto(`${baseUrl}/designers/${silverId}`);
    const modal = client.getByTestId('profile-modal');
    await modal.getByTestId('profile-username').filter({ hasText: /^demo-silver$/ }).waitFor();
    const forSale = t('profiles:tabs.forSale', { count: 1 });
    if (ctx.isMobile) await modal.getByTestId('profile-tab-select').selectOption({ label: forSale });
    else await modal.getByRole('tab', { name: forSale }).click();
    await modal.getByTestId('listing-card').filter({ hasText: BAR_CLOUD }).getByTestId('listing-price').filter({ hasText: '$95' }).waitFor();
    await shot(client, 'profile-for-sale');

    await client.goto(`${baseUrl}/marketplace`);
    await client.getByTestId('marketplace-contest').filter({ hasText: NIMBUS }).click();
    const card = client.getByTestId('marketplace-listings').getByTestId('listing-card').filter({ hasText: BAR_CLOUD });
    await card.getByTestId('listing-price').filter({ hasText: '$95' }).waitFor();
    await shot(client, 'marketplace-listing');
    await card.getByRole('button', { name: t('marketplace:purchase') }).click();
    const purchase = client.getByRole('dialog', { name: t('marketplace:purchaseTitle') });
    await purchase.getByTestId('card-4242').waitFor();
    await fillCvcIfAsked(purchase);
    const pay = purchase.locator('[data-testid=pay-button]:not([disabled])');
    await pay.waitFor();
    const payLabel = await pay.textContent();
    if (!payLabel.includes('$95')) throw new Error(`the pay button reads "${payLabel}"`);
    await shot(client, 'purchase');
    await pay.click();
    await purchase.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    log('bought');

    // 5. The designer's page, open all along, shows it sold: the day it sold (its sold_at) and the price.
    const sold = silver.locator(`[data-testid=own-listing][data-entry-id="${barCloud.entryId}"][data-status=sold]`);
    await sold.waitFor();
    const { sold_at: soldAt } = await ownListing(ctx, 'demo-silver', barCloud.entryId);
    if (typeof soldAt !== 'number') throw new Error(`the sold listing's sold_at is ${soldAt}`);
    const soldOn = t('marketplace:mine.soldOn', { date: formatDate(soldAt, ctx.language), price: '$95' });
    await sold.getByTestId('listing-sold').filter({ hasText: soldOn }).waitFor();
    await ctx.assertSameDocument(silver, 'the listing turned sold');
    await shot(silver, 'listing-sold');
  },
};
