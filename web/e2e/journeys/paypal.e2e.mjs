// Paying with PayPal through the test-mode PayPal (the server's local PayPal and its approval
// page): demo-client buys a contest upgrade with PayPal, approves it on the approval page and
// comes back to a "Payment Successful" page while a second tab on the upgrades page sees the
// upgrade applied live; cancels a prize increase at PayPal and nothing changes, then approves it
// with a card PayPal declines and is told so, nothing changed; approves the
// gold bid of the seeded project with PayPal and the gold designer sees the project go active;
// the Payments page says which payments were made with PayPal.

/**
 * The approval page of the local PayPal (an Orders v2 order's `payer-action` link): 'Pay Now',
 * 'Pay with a card that declines' (`pay: 'declining'`) or 'Cancel and return to Vitrine'.
 */
async function approveAtPayPal(ctx, page, { pay, shotName }) {
  await page.waitForURL(/\/checkoutnow\?token=[A-Z0-9]{17}$/);
  await page.getByRole('button', { name: 'Pay Now' }).waitFor();
  if (shotName) await ctx.shot(page, shotName);
  const button = pay === 'declining' ? 'Pay with a card that declines' : pay ? 'Pay Now' : 'Cancel and return to Vitrine';
  await page.getByRole('button', { name: button }).click();
  // PayPal's return: the order id as `token` and, approved, the payer.
  await page.waitForURL(pay ? /\/payments\/paypal\/return\?.*token=[A-Z0-9]{17}&PayerID=/ : /\/payments\/paypal\/return\?.*cancelled=1.*token=/);
}

/** The PayPal tab of a payment form, then its button: the browser leaves for PayPal. */
async function payWithPayPal(ctx, scope) {
  await scope.getByTestId('method-paypal').click();
  await scope.getByTestId('paypal-button').click();
}

export default {
  name: 'paypal',
  variants: ['en', 'es'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { baseUrl, t, shot, log, api } = ctx;
    const token = await ctx.server.token('demo-client');
    const active = await api('GET', '/contests/active', { token });
    const listed = active.data.find((c) => c.title === 'Lighthouse Bakery') ?? active.data[0];
    const { data: contest } = await api('GET', `/contests/${listed.id}`, { token });
    const { data: upgrades } = await api('GET', `/contests/types/${contest.contest_type_id}/upgrades`);
    const upgrade =
      upgrades.find((u) => u.is_featured === 1 && contest.is_featured !== 1) ??
      upgrades.find((u) => u.is_highlighted === 1 && contest.detail.is_highlighted !== 1);
    if (!upgrade) throw new Error('the demo contest already carries every upgrade this journey buys');
    log(`contest ${contest.id}: buying upgrade ${upgrade.id} ($${upgrade.amount}) with PayPal`);
    const upgradesUrl = `${baseUrl}/contests/${contest.id}/upgrades`;

    // 1. A second tab watches the upgrades page; the first picks the upgrade and the PayPal tab.
    const client = await ctx.open('client', { as: 'demo-client' });
    const watcher = await ctx.open('client-tab', { as: 'demo-client' });
    await watcher.goto(upgradesUrl);
    await watcher.getByTestId(`upgrade-${upgrade.id}`).locator('input:not([disabled])').waitFor();
    await ctx.markDocument(watcher);
    await client.goto(upgradesUrl);
    await client.getByTestId(`upgrade-${upgrade.id}`).locator('input').check();
    const upgradeForm = client.getByTestId('extras-upgrades');
    await upgradeForm.getByTestId('method-paypal').click();
    await client.getByTestId('paypal-choice').getByText(t('payments:paypal.explain', { amount: `$${upgrade.amount}` })).waitFor();
    await shot(client, 'upgrade-paypal-tab');
    await client.getByTestId('paypal-button').click();

    // 2. The approval page, 'Pay Now', and back: the payment is executed once and shown.
    await approveAtPayPal(ctx, client, { pay: true, shotName: 'paypal-approval-page' });
    await client.locator('[data-testid=paypal-return][data-outcome=paid]').waitFor();
    await client.getByText(t('payments:paypal.successTitle')).waitFor();
    await client.getByText(t('payments:paypal.successBody')).waitFor();
    await shot(client, 'paypal-payment-successful');

    // 3. The other tab saw the upgrade applied without a reload.
    await watcher.getByTestId(`upgrade-${upgrade.id}`).locator('input:disabled').waitFor();
    await ctx.assertSameDocument(watcher, 'the upgrade was applied');
    await shot(watcher, 'upgrade-applied-live');
    const upgraded = (await api('GET', `/contests/${contest.id}`, { token })).data;
    const applied = upgrade.is_featured === 1 ? upgraded.is_featured : upgraded.detail.is_highlighted;
    if (applied !== 1) throw new Error('the upgrade paid with PayPal is not on the contest');

    // 4. Back to the page the payment started on; then a prize increase cancelled at PayPal.
    await client.getByTestId('paypal-back').click();
    await client.waitForURL(/\/contests\/\d+\/upgrades$/);
    await client.getByTestId(`upgrade-${upgrade.id}`).locator('input:disabled').waitFor();
    const prizeBefore = upgraded.detail.winning_entry_amount;
    await client.getByRole('radio', { name: '+$25', exact: true }).click();
    const prizeForm = client.getByTestId('extras-prize');
    await payWithPayPal(ctx, prizeForm);
    await approveAtPayPal(ctx, client, { pay: false });
    await client.locator('[data-testid=paypal-return][data-outcome=cancelled]').waitFor();
    await client.getByText(t('payments:paypal.cancelledBody')).waitFor();
    await shot(client, 'paypal-cancelled');
    const after = (await api('GET', `/contests/${contest.id}`, { token })).data;
    if (after.detail.winning_entry_amount !== prizeBefore) throw new Error('a cancelled PayPal payment raised the prize');
    const payments = (await api('GET', '/transactions', { token })).data;
    const cancelled = payments.find((p) => p.purpose === 'contest_prize' && p.provider === 'paypal');
    if (!cancelled || cancelled.state !== 'open' || cancelled.status_id !== 1) {
      throw new Error(`the cancelled PayPal payment is not left open: ${JSON.stringify(cancelled)}`);
    }

    // 4b. The prize increase again, approved with a card PayPal declines: the return page says
    // so and nothing changes.
    await client.getByTestId('paypal-back').click();
    await client.waitForURL(/\/contests\/\d+\/upgrades$/);
    await client.getByRole('radio', { name: '+$25', exact: true }).click();
    await payWithPayPal(ctx, client.getByTestId('extras-prize'));
    await approveAtPayPal(ctx, client, { pay: 'declining' });
    await client.locator('[data-testid=paypal-return][data-outcome=failed]').waitFor();
    await client.getByRole('alert').getByText(t('payments:paypal.errors.paypal_declined')).waitFor();
    await shot(client, 'paypal-declined');
    const declined = (await api('GET', `/contests/${contest.id}`, { token })).data;
    if (declined.detail.winning_entry_amount !== prizeBefore) throw new Error('a declined PayPal payment raised the prize');

    // 5. The seeded project: the client approves the gold bid with PayPal; the gold designer,
    // watching the project, sees it become active.
    const projects = await api('GET', '/projects', { token });
    const project = (projects.data ?? projects).find((p) => p.title === 'Seaside Bakery rebrand');
    if (!project) throw new Error('the seeded project is missing');
    const gold = await ctx.open('gold', { as: 'demo-gold' });
    await gold.goto(`${baseUrl}/projects/unstarted-projects?projectId=${project.id}`);
    await gold.getByTestId('project-detail').waitFor();
    await ctx.markDocument(gold);
    await client.goto(`${baseUrl}/projects/all-projects?projectId=${project.id}`);
    const goldBid = client.getByTestId('bid').filter({ hasText: /demo-gold(?!-)/ });
    await goldBid.getByRole('button', { name: t('projects:bids.approve') }).click();
    const dialog = client.getByTestId('card-payment');
    await dialog.getByTestId('method-paypal').click();
    await dialog.getByTestId('paypal-choice').waitFor();
    await shot(client, 'project-approval-paypal-tab');
    await dialog.getByTestId('paypal-button').click();
    await approveAtPayPal(ctx, client, { pay: true, shotName: 'paypal-approval-page-project' });
    await client.locator('[data-testid=paypal-return][data-outcome=paid]').waitFor();
    await shot(client, 'project-payment-successful');
    await gold.getByTestId('project-detail').getByTestId('project-status').getByText(t('projects:status.2')).waitFor();
    await ctx.assertSameDocument(gold, 'the project became active');
    await shot(gold, 'gold-sees-project-active');
    await client.getByTestId('paypal-back').click();
    await client.getByTestId('project-detail').getByTestId('project-status').getByText(t('projects:status.2')).waitFor();
    await shot(client, 'client-project-active');

    // 6. The Payments page lists the PayPal payments beside the card ones.
    await client.goto(`${baseUrl}/payments`);
    await client.getByTestId('transaction').filter({ hasText: t('payments:transactions.viaPayPal') }).first().waitFor();
    await shot(client, 'payments-page');
  },
};
