// The admin console with three people at once. The admin publishes a broadcast banner that
// appears live on a client's and a designer's open pages (the designer dismisses it, and it
// stays dismissed after a reload); the admin verifies and credits a contest from the console
// and finds the prize owed to the winning designer in Outgoing Transactions, then marks it
// paid; the admin creates a project service that the client then picks in the launch screen;
// a client buys full rights to a marketplace entry (the contest's purchase-design payment) and
// the admin finds the sale in Marketplace Sales; the admin hides a piece of the external
// portfolio, which its designer's showcase list then marks hidden.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { runningContest } from '../lib/contests.mjs';
import { tinyPng, uploadPng } from '../png.mjs';

/** A contest of demo-client whose winner (demo-gold's entry) waits for verification. */
async function awardedContest(ctx) {
  const { api, token } = ctx;
  const contestId = await runningContest(ctx);
  const gold = await token('demo-gold');
  const client = await token('demo-client');
  const image = join(ctx.server.dataDir, 'admin-entry.png');
  writeFileSync(image, tinyPng(240, 180));
  const fileId = await uploadPng(ctx, gold, image, 5);
  const { data: entry } = await api('POST', `/contests/${contestId}/entries`, {
    token: gold,
    body: { main_file_id: fileId, title: 'Harbor mark' },
  });
  await api('POST', `/contests/${contestId}/entries/${entry.id}/award-winners`, { token: client, body: {} });
  return { contestId, entryId: entry.id, gold, image };
}

/** Clicks `label` in the row of `rowText`, then confirms in the dialog titled `title`. */
async function confirmInRow(page, rowText, label, title, confirm) {
  const row = page.getByRole('row').filter({ hasText: rowText });
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog.getByRole('button', { name: confirm, exact: true });
}

export default {
  name: 'admin',
  variants: ['en', 'es'],
  timeoutMs: 300_000,
  async run(ctx) {
    const { baseUrl, t, shot, log, api } = ctx;
    const { contestId, entryId, gold: goldToken, image } = await awardedContest(ctx);
    log(`contest ${contestId} awarded to entry ${entryId}`);

    const admin = await ctx.open('admin', { as: 'demo-admin' });
    const client = await ctx.open('client', { as: 'demo-client' });
    const designer = await ctx.open('designer', { as: 'demo-gold' });
    await client.goto(`${baseUrl}/dashboard`);
    await designer.goto(`${baseUrl}/contests/participating`);
    await client.getByRole('heading', { name: t('dashboard:lists.active.title') }).waitFor();
    await ctx.markDocument(client);
    await ctx.markDocument(designer);

    // 1. The admin's dashboard: what waits, with the awarded contest among the ones to verify.
    await admin.goto(`${baseUrl}/dashboard`);
    const toVerify = admin.getByTestId('queue-contests_to_verify');
    await toVerify.waitFor();
    const before = Number(await toVerify.getByTestId('queue-count').textContent());
    if (before < 1) throw new Error(`the dashboard shows ${before} contests to verify`);
    await shot(admin, 'dashboard');

    // 2. A broadcast banner, live on the client's and the designer's open pages.
    const message = ctx.language === 'es' ? 'Mantenimiento esta noche a las 23:00 UTC' : 'Maintenance tonight at 23:00 UTC';
    await admin.goto(`${baseUrl}/admin/banners`);
    await admin.getByRole('heading', { name: t('admin:pages.banners') }).waitFor();
    await admin.getByLabel(t('admin:banners.message'), { exact: true }).fill(message);
    await admin.getByLabel(t('admin:banners.color'), { exact: true }).selectOption('warning');
    await shot(admin, 'banner-form');
    await admin.getByRole('button', { name: t('admin:banners.publish') }).click();
    await admin.getByTestId('banners-table').getByText(message).waitFor();
    for (const page of [client, designer]) {
      await page.getByTestId('broadcast-banner').filter({ hasText: message }).waitFor();
      await ctx.assertSameDocument(page, 'the banner arrived');
      await shot(page, `banner-live-${page.label}`);
    }
    // Dismissed stays dismissed, across a reload.
    await designer.getByTestId('broadcast-banner').filter({ hasText: message }).getByRole('button', { name: t('broadcast:dismiss') }).click();
    await designer.reload();
    await designer.locator('[data-testid="broadcast-bar"][data-loaded="true"]').waitFor({ state: 'attached' });
    if ((await designer.getByTestId('broadcast-banner').filter({ hasText: message }).count()) !== 0) {
      throw new Error('a dismissed banner came back after a reload');
    }

    // 3. Verify the contest from the console; the designer delivers; credit it.
    await admin.goto(`${baseUrl}/admin/contests/verify`);
    await admin.getByTestId('contests-verify').getByText(`#${contestId}`).waitFor();
    await shot(admin, 'verify-list');
    const title = (await admin.getByRole('row').filter({ hasText: `#${contestId}` }).getByRole('link').textContent()).replace(`#${contestId} `, '');
    const verify = await confirmInRow(admin, `#${contestId}`, t('admin:contests.verify'), t('admin:contests.verifyTitle', { title }), t('admin:contests.verify'));
    await shot(admin, 'verify-confirm');
    await verify.click();
    await admin.getByText(t('admin:contests.verified')).waitFor();
    await admin.getByTestId('contests-verify').getByText(`#${contestId}`).waitFor({ state: 'detached' });

    const artworkId = await uploadPng(ctx, goldToken, image, 13);
    await api('POST', `/contests/${contestId}/entries/${entryId}/artworks`, { token: goldToken, body: { file_ids: [artworkId] } });

    await admin.goto(`${baseUrl}/admin/contests/credit`);
    await admin.getByTestId('contests-credit').getByText(`#${contestId}`).waitFor();
    const credit = await confirmInRow(admin, `#${contestId}`, t('admin:contests.credit'), t('admin:contests.creditTitle', { title }), t('admin:contests.credit'));
    await credit.click();
    await admin.getByText(t('admin:contests.credited')).waitFor();

    // 4. The prize is owed to the designer in Outgoing Transactions; marking it paid moves it.
    await admin.goto(`${baseUrl}/admin/transactions/outgoing`);
    const owed = admin.getByTestId('payouts').getByRole('row').filter({ hasText: 'demo-gold' }).filter({ hasText: title });
    await owed.waitFor();
    await shot(admin, 'outgoing-owed');
    await owed.getByRole('button', { name: t('admin:payouts.markPaid') }).click();
    const payDialog = admin.getByRole('dialog');
    await payDialog.getByLabel(t('admin:payouts.reference')).fill('PAYPAL-7Q2');
    await payDialog.getByRole('button', { name: t('admin:payouts.markPaid') }).click();
    await admin.getByText(t('admin:payouts.paid')).waitFor();
    await admin.getByRole('tab', { name: t('admin:status.payout.2'), exact: true }).click();
    await admin.getByTestId('payouts').getByText('PAYPAL-7Q2', { exact: false }).waitFor();
    await shot(admin, 'outgoing-paid');

    // 5. A new project service, then the client picks it in the launch screen.
    const service = ctx.language === 'es' ? 'Portada de podcast' : 'Podcast Cover Art';
    await admin.goto(`${baseUrl}/admin/projects/services`);
    await admin.getByRole('button', { name: t('admin:catalogue.new.services') }).click();
    const form = admin.getByRole('dialog', { name: t('admin:catalogue.newTitle.services') });
    await form.getByLabel(t('admin:catalogue.title'), { exact: true }).fill(service);
    await form.getByLabel(t('admin:catalogue.category'), { exact: true }).selectOption({ label: 'Logo & Brand Identity' });
    await form.getByLabel(t('admin:catalogue.subCategory'), { exact: true }).selectOption({ label: 'Logo Design' });
    await form.getByLabel(t('admin:catalogue.minimum'), { exact: true }).fill('60');
    await form.getByLabel(t('admin:catalogue.maximum'), { exact: true }).fill('400');
    await form.getByLabel(t('admin:catalogue.description'), { exact: true }).fill('Square cover art for a podcast, delivered at 3000 px.');
    const picture = join(ctx.server.dataDir, 'service.png');
    writeFileSync(picture, tinyPng(300, 300));
    await form.locator('input[type=file]').setInputFiles(picture);
    await form.locator('img').first().waitFor();
    // The picture is read back with the admin's token: a broken image is a failure.
    const width = await form.locator('img').first().evaluate((img) => img.decode().then(() => img.naturalWidth));
    if (width !== 300) throw new Error(`the uploaded picture shows ${width} px wide`);
    await shot(admin, 'service-form');
    await form.getByRole('button', { name: t('admin:catalogue.create') }).click();
    await admin.getByTestId('catalogue-services').getByText(service).waitFor();
    await shot(admin, 'services');

    await client.goto(`${baseUrl}/projects/launch`);
    await client.getByRole('heading', { name: t('projects:launch.heading') }).waitFor();
    // The client's launch screen shows the seeded catalogue in the client's language.
    await client.getByLabel(t('projects:launch.category')).selectOption({ label: t('catalogue:Logo & Brand Identity') });
    await client.getByLabel(t('projects:launch.subCategory')).selectOption({ label: t('catalogue:Logo Design') });
    await client.getByLabel(t('projects:launch.service')).selectOption({ label: service });
    await client.getByTestId('service-panel').getByText(service).first().waitFor();
    await shot(client, 'launch-new-service');

    // 6. demo-client buys full rights to one of demo-gold's listings under the contest's
    // purchase-design path, with the card the demo seed saved; the admin sees the sale.
    const clientToken = await ctx.token('demo-client');
    const clientId = (await api('GET', '/oauth/users', { token: clientToken })).data.id;
    const goldId = (await api('GET', '/oauth/users', { token: goldToken })).data.id;
    const [card] = (await api('GET', `/users/${clientId}/customer-cards`, { token: clientToken })).data;
    const listings = (await api('GET', `/users/${goldId}/marketplace-entries`, { token: clientToken })).data;
    const listing = listings.find((l) => l.status === 'available');
    if (!card || !listing) throw new Error('the demo seed has no saved card or no listing for sale');
    const base = `/contests/${listing.contest_id}/purchase-design/payments/stripe/payment-intents`;
    const { data: intent } = await api('POST', base, {
      token: clientToken,
      body: { entry_id: listing.contest_entry_id, idempotency_key: `admin-journey-${ctx.language}` },
    });
    await api('POST', `${base}/finalize/${intent.id}`, { token: clientToken, body: { customer_card_id: card.id } });
    await api('POST', `/payments/test-mode/payment-intents/${intent.id}/confirm`, { token: clientToken, body: { client_secret: intent.client_secret } });
    await admin.goto(`${baseUrl}/admin/marketplace-sales`);
    await admin.getByRole('heading', { name: t('admin:pages.marketplaceSales') }).waitFor();
    const sale = admin.getByTestId('marketplace-sales').getByRole('row').filter({ hasText: listing.title });
    await sale.filter({ hasText: 'demo-client' }).filter({ hasText: 'demo-gold' }).filter({ hasText: `$${listing.sale_price}.00` }).waitFor();
    await shot(admin, 'marketplace-sales');
    // The designer's name narrows the list to their sales.
    await sale.getByRole('button', { name: 'demo-gold', exact: true }).click();
    await admin.getByText(t('admin:sales.designerIs', { username: 'demo-gold' })).waitFor();

    // 7. The external portfolio: the admin hides one of demo-gold's showcases.
    await admin.goto(`${baseUrl}/admin/external-portfolio`);
    await admin.getByRole('heading', { name: t('admin:pages.externalPortfolio') }).waitFor();
    const piece = admin
      .getByTestId('external-portfolio')
      .getByRole('row')
      .filter({ has: admin.getByRole('button', { name: 'demo-gold', exact: true }) })
      .first();
    await piece.waitFor();
    const pieceTitle = (await piece.getByRole('link').first().textContent()).trim();
    await shot(admin, 'external-portfolio');
    const hide = await confirmInRow(admin, pieceTitle, t('admin:portfolio.hide'), t('admin:portfolio.hideTitle', { title: pieceTitle }), t('admin:portfolio.hide'));
    await shot(admin, 'external-portfolio-hide');
    const put = admin.waitForResponse((r) => r.url().includes('/externals/showcases/') && r.request().method() === 'PUT');
    await hide.click();
    const answer = await put;
    if (!answer.ok()) throw new Error(`hiding the showcase answered ${answer.status()}: ${await answer.text()}`);
    await admin.getByText(t('admin:portfolio.hiddenDone')).waitFor();
    await admin.getByRole('row').filter({ hasText: pieceTitle }).getByTestId('portfolio-status').getByText(t('admin:portfolio.hidden')).waitFor();
    const shown = (await api('GET', `/externals/showcases?filter[user_id]=${goldId}`, { token: clientToken })).data;
    if (shown.some((s) => s.title === pieceTitle)) throw new Error('a hidden showcase is still shown to a client');
  },
};
