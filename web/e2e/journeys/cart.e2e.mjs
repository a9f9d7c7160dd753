// The tipping cart and the community feed, in the browser.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { tinyPng } from '../png.mjs';
//
// 1. demo-client opens an entry of their running demo contest and adds a tip through the modal
//    (add tip -> cart); a second tab of theirs shows the basket badge live.
// 2. They pay it: the payment form's country and state (California, from their profile) show the
//    state's tax; a card is added, its CVC given, and the payable total (tip + tax) is charged.
//    The thank-you view shows, and the second tab's basket empties without a reload.
// 3. A designer (demo-silver) and the client have /feed open; demo-bronze likes an entry: the
//    new activity arrives on both pages without a reload.
// 4. demo-gold-2 adds a showcase through its form (with an image): it arrives on both feeds
//    too, and the showcases list shows it.

export default {
  name: 'cart',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { api, token, t, shot, log } = ctx;
    const clientToken = await token('demo-client');
    const { data: active } = await api('GET', '/contests/active', { token: clientToken });
    const contest = active.find((c) => c.title === 'Lighthouse Bakery');
    if (!contest) throw new Error('the demo contest Lighthouse Bakery is not running');
    const { data: entries } = await api('GET', `/contests/${contest.id}/entries/with-details`, { token: clientToken });
    const entry = entries.find((e) => /^demo-gold$/.test(e.created_by_user?.username ?? ''));
    if (!entry) throw new Error('no entry of demo-gold in the demo contest');
    log(`contest ${contest.id}, entry ${entry.id}`);

    // 1. The tip, and a second tab of the same client.
    const tab = await ctx.open('client', { as: 'demo-client' });
    const second = await tab.context().newPage();
    second.label = 'client, second tab';
    await second.goto(`${ctx.baseUrl}/dashboard`);
    await second.getByTestId('cart-basket').waitFor();
    await ctx.markDocument(second);

    await tab.goto(`${ctx.baseUrl}/contests/${contest.id}/entries/${entry.id}`);
    const dialog = tab.getByRole('dialog');
    await dialog.getByTestId('add-tip').click();
    const tipModal = tab.getByRole('dialog', { name: t('cart:tipTitle') });
    await tipModal.locator('input[name=amount]').fill('20');
    await shot(tab, 'add-tip');
    await tipModal.getByRole('button', { name: t('cart:addToCart') }).click();
    await tab.getByText(t('spec-messages:Tip added to cart successfully')).waitFor();
    const cartModal = tab.getByRole('dialog', { name: t('cart:cartTitle') });
    await cartModal.getByTestId('cart-total').filter({ hasText: '$20.00' }).waitFor();
    await shot(tab, 'cart');

    await second.getByTestId('cart-badge').filter({ hasText: '1' }).waitFor();
    await ctx.assertSameDocument(second, 'the basket counted the tip');
    await second.getByTestId('cart-basket').click();
    // Exact: 'Your cart is empty!' contains the heading's words while the items load.
    await second.getByText(t('cart:yourCart'), { exact: true }).waitFor();
    await second.getByText(t('cart:yourTotal')).waitFor();
    await shot(second, 'second-tab-basket');
    await second.getByTestId('cart-basket').click();

    // 2. The payment: California's 7.25 % on $20.00 is $1.45, $21.45 to pay.
    await cartModal.getByRole('button', { name: t('cart:proceed') }).click();
    const payment = tab.getByRole('dialog', { name: t('cart:paymentTitle') });
    await payment.getByTestId('cart-tax').filter({ hasText: '$1.45' }).waitFor();
    await payment.getByTestId('cart-payable').filter({ hasText: '$21.45' }).waitFor();
    // demo-client pays with the card the demo seed saved for it: preselected as the default,
    // paid with before, so no CVC is asked.
    await payment.getByTestId('card-4242').waitFor();
    // The step as it is ready to pay: shot earlier, the pay button could turn enabled while axe ran
    // and be measured at its disabled indigo-300 (2:1) as its fade to indigo-600 began.
    await payment.locator('[data-testid=pay-button]:not([disabled])').waitFor();
    await shot(tab, 'payment-with-tax');
    await payment.getByTestId('pay-button').click();
    await tab.getByTestId('cart-thanks').getByText(t('cart:processed')).waitFor();
    await shot(tab, 'thank-you');

    // The second tab's basket empties, told by the hub.
    await second.getByTestId('cart-badge').waitFor({ state: 'detached' });
    await ctx.assertSameDocument(second, 'the basket emptied');
    await second.getByTestId('cart-basket').click();
    await second.getByText(t('cart:dropdownEmpty')).waitFor();
    await shot(second, 'second-tab-emptied');

    const { data: payments } = await api('GET', '/transactions', { token: clientToken });
    const paid = payments.find((p) => p.purpose === 'cart');
    if (!paid || paid.amount_cents !== 2145) throw new Error(`the cart was charged ${paid?.amount_cents} cents, not 2145`);

    // 3. The community feed, live for a designer and a client.
    const designer = await ctx.open('designer', { as: 'demo-silver' });
    await designer.goto(`${ctx.baseUrl}/feed`);
    await second.goto(`${ctx.baseUrl}/feed`);
    for (const page of [designer, second]) {
      await page.getByTestId('feed-item').first().waitFor();
      await ctx.markDocument(page);
    }
    await shot(designer, 'feed-designer');
    const bronze = await token('demo-bronze');
    await api('POST', `/contests/${contest.id}/entries/${entry.id}/reactions`, { token: bronze, body: { emoji_reaction_id: 1 } });
    const liked = t('feed:entryLiked', { username: 'demo-bronze', designer: 'demo-gold', number: entry.number, contest: contest.title });
    for (const page of [designer, second]) {
      await page.getByTestId('feed-item').first().getByText(liked).waitFor();
      await ctx.assertSameDocument(page, 'the like arrived on the feed');
    }
    await shot(designer, 'feed-designer-live');
    await shot(second, 'feed-client-live');

    // 4. A showcase, added through its form.
    const maker = await ctx.open('showcase designer', { as: 'demo-gold-2' });
    await maker.goto(`${ctx.baseUrl}/showcases/new`);
    const image = join(ctx.server.dataDir, 'showcase.png');
    writeFileSync(image, tinyPng(480, 360));
    const title = 'Tidepool Tea labels';
    await maker.getByLabel(t('showcases:fieldTitle')).fill(title);
    await maker.locator('textarea[name=description]').fill('Labels and a gift box for a coastal tea blender.');
    await maker.getByLabel(t('showcases:fieldUrl')).fill('https://example.com/tidepool');
    const uploaded = maker.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'POST');
    await maker.locator('input[type=file]').setInputFiles(image);
    await uploaded;
    const create = maker.getByRole('button', { name: t('showcases:create') });
    await maker.locator('button[type=submit]:not([disabled])').waitFor();
    await shot(maker, 'showcase-form');
    await create.click();
    await maker.getByTestId('showcase-detail').getByRole('heading', { name: title }).waitFor();
    await maker.getByTestId('showcase-detail').locator('img').first().waitFor();
    await shot(maker, 'showcase-detail');
    const added = t('feed:showcaseCreated', { username: 'demo-gold-2', title });
    for (const page of [designer, second]) {
      await page.getByTestId('feed-item').first().getByText(added).waitFor();
      await ctx.assertSameDocument(page, 'the showcase arrived on the feed');
    }
    await shot(second, 'feed-client-showcase');
    await second.goto(`${ctx.baseUrl}/showcases`);
    // The new showcase's tile: its link, and its picture once loaded (until then the tile shows
    // the title as a placeholder, so the title alone is on the tile twice).
    const tile = second.getByTestId('showcase-grid').getByRole('link', { name: title });
    await tile.locator('img').waitFor();
    await shot(second, 'showcases-list');
  },
};
