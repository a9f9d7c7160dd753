// Issue #40's promise, followed as a client would: the price shown before paying is the price
// charged, recorded and invoiced. An admin makes a 15 % coupon; a new client opens the logo brief
// from its link, signs up, picks Gold and Featured, and sees the coupon's line and a total with
// cents on the options step, the same total on the review and on the pay button; pays with a test
// card; then finds that amount, to the cent, on the payments page, in the transaction the server
// recorded, and on the invoice's "Total paid" line. Then the client takes the $49 unlimited-upgrades
// plan: an upgrade bought after launch is quoted "Free", applied without a payment, and charged
// nothing. Last, another new client whose coupon covers the whole package starts a contest with
// one click and no card: recorded as a $0 launch with its coupon.
import { launchAndPay, launchFree, personalInfo, usd } from '../flows/contest-launch.mjs';
import { fillCvcIfAsked } from '../lib/stripe.mjs';

/** The invoice's way of writing cents ($509.15, $599.00). */
const invoiceDollars = (cents) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export default {
  name: 'money',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 300_000,
  async run(ctx) {
    const { baseUrl, t, shot, log } = ctx;
    const admin = await ctx.server.token('demo-admin');
    const code = `HARBOR${Date.now().toString(36).toUpperCase()}`;
    await ctx.api('POST', '/contests/types/1/coupons', { token: admin, body: { code, percent_off: 15 } });
    log(`coupon ${code} (15 % off) made by the admin`);

    const client = await ctx.open('client');
    const launched = await launchAndPay(ctx, client, { discountCode: code, percentOff: 15 });
    const { contestId, totalCents } = launched;
    if (totalCents % 100 === 0) throw new Error(`the coupon left a whole total (${totalCents} cents): choose a package that tests cents`);
    log(`contest ${contestId} launched for ${usd(totalCents)}`);

    // What the server recorded is what the screens showed.
    const token = await ctx.server.token(launched.username, launched.password);
    const { data: transactions } = await ctx.api('GET', '/transactions', { token });
    const launch = transactions.find((row) => row.purpose === 'contest_launch' && row.contest_id === contestId);
    if (!launch) throw new Error(`no launch transaction for contest ${contestId}: ${JSON.stringify(transactions)}`);
    if (launch.amount_cents !== totalCents) throw new Error(`charged ${launch.amount_cents} cents, shown ${totalCents}`);

    // The payments page and the invoice say the same (a new client gives their details first).
    await personalInfo(ctx, client, 'payments');
    await client.goto(`${baseUrl}/payments`);
    const row = client.getByTestId('transaction').filter({ hasText: t('payments:transactions.purpose.contest_launch') });
    await row.waitFor();
    await shot(client, 'payments');
    await row.getByText(`$${(totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).waitFor();
    const download = client.waitForEvent('download');
    await row.getByRole('button', { name: t('payments:transactions.invoice') }).click();
    const invoice = await download;
    const { readFile } = await import('node:fs/promises');
    const pdf = (await readFile(await invoice.path())).toString('latin1');
    const totalLine = `Total paid: ${invoiceDollars(totalCents)} USD`;
    if (!pdf.includes(totalLine)) throw new Error(`the invoice does not say "${totalLine}"`);
    log(`payments page and invoice both say ${usd(totalCents)}`);

    // The $49 plan (the second one offered), paid with the card that paid the launch.
    await client.goto(`${baseUrl}/subscriptions`);
    await client.getByRole('button', { name: t('subscriptions:purchase') }).nth(1).click();
    const plan = client.getByRole('dialog');
    await plan.getByTestId('card-4242').waitFor();
    await fillCvcIfAsked(plan);
    await plan.locator('[data-testid=pay-button]:not([disabled])').waitFor();
    const planLabel = await plan.getByTestId('pay-button').textContent();
    if (!planLabel.endsWith('· $49')) throw new Error(`the plan's pay button reads "${planLabel}"`);
    await plan.getByTestId('pay-button').click();
    await client.getByTestId('active-subscriptions').getByText(t('subscriptions:name_2')).waitFor();

    // An upgrade after launch is now free: quoted $0, applied without paying.
    const { data: upgrades } = await ctx.api('GET', '/contests/types/1/upgrades');
    const highlighted = upgrades.find((u) => u.is_highlighted === 1);
    await client.goto(`${baseUrl}/contests/${contestId}/upgrades`);
    await client.getByTestId(`upgrade-${highlighted.id}`).locator('input').check();
    await client.locator('[data-testid="upgrades-quote"][data-cents="0"]').waitFor();
    const apply = client.getByTestId('apply-free-upgrades');
    await apply.waitFor();
    await shot(client, 'free-upgrade');
    await apply.click();
    await client.getByText(t('contest-options:freeApplied')).waitFor();
    await client.getByTestId(`upgrade-${highlighted.id}`).locator('input:disabled').waitFor();
    const { data: contest } = await ctx.api('GET', `/contests/${contestId}`, { token });
    if (contest.detail.is_highlighted !== 1) throw new Error('the free upgrade did not take effect');
    const { data: after } = await ctx.api('GET', '/transactions', { token });
    const charged = after.filter((r) => r.contest_id === contestId).map((r) => `${r.purpose} ${r.amount_cents}`);
    if (charged.length !== 1) throw new Error(`the contest has these payments: ${charged.join(', ')}; the free upgrade charged something`);
    log('the subscriber applied Highlighted for free');

    // A coupon worth the whole package: no card, one click, recorded at $0.
    const freeCode = `GIFT${Date.now().toString(36).toUpperCase()}`;
    await ctx.api('POST', '/contests/types/1/coupons', { token: admin, body: { code: freeCode, percent_off: 100, usage_limit: 1 } });
    const gifted = await ctx.open('gifted');
    const free = await launchFree(ctx, gifted, { discountCode: freeCode });
    const giftedToken = await ctx.server.token(free.username, free.password);
    const { data: recorded } = await ctx.api('GET', '/transactions', { token: giftedToken });
    const zero = recorded.find((row) => row.contest_id === free.contestId);
    if (!zero || zero.amount_cents !== 0 || zero.state !== 'paid' || zero.provider !== 'none') {
      throw new Error(`the free launch is recorded as ${JSON.stringify(recorded)}`);
    }
  },
};
