// A tip, from the client's cart to the designer's payout (#50), with three people in their own
// browsers.
//
// 1. demo-client opens demo-gold's entry of their running demo contest Lighthouse Bakery and adds
//    a $15 tip through the tip modal; the cart holds it.
// 2. They pay the cart with a test card added there (Stripe's Mastercard 5555 5555 5555 4444, in
//    the Payment Element): the tip and California's tax; the thank-you view shows.
// 3. demo-admin finds the tip pending on Verify Tips and approves it; it moves to Approved.
// 4. demo-gold's Earnings show it owed: a Tip for Lighthouse Bakery, $15.00, and the owed total
//    counts it.
// 5. The admin marks that payout paid on Outgoing Transactions (with a reference) and finds it
//    under Paid; demo-gold's open Earnings show it paid live (no reload), on the day, and the paid
//    total counts it.
import { CARDS, fillCard, fillCvcIfAsked } from '../lib/stripe.mjs';

const CONTEST = 'Lighthouse Bakery';
const TIP = 15;
const REFERENCE = 'PAYPAL-TIP-15';

/** A day as the client writes it (src/lib/dates.ts formatDate): MM/DD/YYYY, in Spanish DD/MM/YYYY. */
function formatDate(ms, language) {
  const date = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  const [day, month, year] = [pad(date.getDate()), pad(date.getMonth() + 1), date.getFullYear()];
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/** Cents as the client writes an exact amount (src/lib/money.ts exactCents): "$1,234.50". */
const exactCents = (cents) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export default {
  name: 'tip',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { api, token, baseUrl, t, shot, log } = ctx;
    const clientToken = await token('demo-client');
    const goldToken = await token('demo-gold');
    const { data: active } = await api('GET', '/contests/active', { token: clientToken });
    const contest = active.find((c) => c.title === CONTEST);
    if (!contest) throw new Error(`the demo contest ${CONTEST} is not running`);
    const { data: entries } = await api('GET', `/contests/${contest.id}/entries/with-details`, { token: clientToken });
    const entry = entries.find((e) => e.created_by_user?.username === 'demo-gold');
    if (!entry) throw new Error(`no entry of demo-gold in ${CONTEST}`);
    const { data: gold } = await api('GET', '/oauth/users', { token: goldToken });
    const { data: before } = await api('GET', `/users/${gold.id}/transactions/earnings`, { token: goldToken });
    log(`contest ${contest.id}, entry ${entry.id}; demo-gold owed ${before.owed_cents}, paid ${before.paid_cents}`);

    // 1. The tip, into the cart.
    const client = await ctx.open('client', { as: 'demo-client' });
    await client.goto(`${baseUrl}/contests/${contest.id}/entries/${entry.id}`);
    await client.getByRole('dialog').getByTestId('add-tip').click();
    const tipModal = client.getByRole('dialog', { name: t('cart:tipTitle') });
    await tipModal.locator('input[name=amount]').fill(String(TIP));
    await shot(client, 'add-tip');
    await tipModal.getByRole('button', { name: t('cart:addToCart') }).click();
    await client.getByText(t('spec-messages:Tip added to cart successfully')).waitFor();
    const cart = client.getByRole('dialog', { name: t('cart:cartTitle') });
    await cart.getByTestId('cart-total').filter({ hasText: exactCents(TIP * 100) }).waitFor();
    await shot(client, 'cart');
    log('tip in the cart');

    // 2. Paid with a test card added in the payment step.
    await cart.getByRole('button', { name: t('cart:proceed') }).click();
    const payment = client.getByRole('dialog', { name: t('cart:paymentTitle') });
    await payment.getByTestId('cart-payable').waitFor();
    await payment.getByRole('button', { name: t('payments:addCard') }).click();
    await payment.getByLabel(t('payments:cardholderName')).fill('Cleo Client');
    await fillCard(payment, { number: CARDS.mastercard, expiry: '11 / 33', cvc: '321' });
    await shot(client, 'payment-new-card');
    await payment.getByRole('button', { name: t('payments:saveCard') }).click();
    const mastercard = payment.getByTestId('card-4444');
    await mastercard.waitFor();
    if (!(await mastercard.isChecked())) await mastercard.check();
    await fillCvcIfAsked(payment, '321');
    const pay = payment.locator('[data-testid=pay-button]:not([disabled])');
    await pay.waitFor();
    const payable = (await payment.getByTestId('cart-payable').textContent()) ?? '';
    const payableAmount = payable.match(/\$[\d,]+\.\d{2}/)?.[0];
    if (!payableAmount || !(await pay.textContent()).includes(payableAmount.replace(/\.00$/, ''))) {
      throw new Error(`the pay button reads "${await pay.textContent()}" for a payable "${payable}"`);
    }
    await shot(client, 'payment');
    await pay.click();
    await client.getByTestId('cart-thanks').getByText(t('cart:processed')).waitFor();
    await shot(client, 'thank-you');
    const { data: payments } = await api('GET', '/transactions', { token: clientToken });
    const paid = payments.find((p) => p.purpose === 'cart' && p.state === 'paid');
    if (!paid) throw new Error(`no paid cart payment: ${JSON.stringify(payments.map((p) => [p.purpose, p.state]))}`);
    log(`paid ${paid.amount_cents} cents with the Mastercard`);

    // 3. The admin approves it on Verify Tips.
    const admin = await ctx.open('admin', { as: 'demo-admin' });
    await admin.goto(`${baseUrl}/admin/verify-tips`);
    const tipRow = admin.getByTestId('tips').getByRole('row').filter({ hasText: 'demo-gold' }).filter({ hasText: CONTEST });
    await tipRow.filter({ hasText: exactCents(TIP * 100) }).waitFor();
    await shot(admin, 'tips-pending');
    await tipRow.getByRole('button', { name: t('admin:tips.approve'), exact: true }).click();
    const approve = admin.getByRole('dialog', { name: t('admin:tips.approveTitle', { amount: exactCents(TIP * 100) }) });
    await approve.waitFor();
    await shot(admin, 'tip-approve');
    await approve.getByRole('button', { name: t('admin:tips.approve'), exact: true }).click();
    await admin.getByText(t('admin:tips.approved')).waitFor();
    await approve.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: t('admin:status.tip.2'), exact: true }).click();
    await tipRow.filter({ hasText: t('admin:status.tip.2') }).waitFor();
    await shot(admin, 'tips-approved');
    log('tip approved');

    // 4. The designer's earnings: the tip owed.
    const designer = await ctx.open('designer', { as: 'demo-gold' });
    await designer.goto(`${baseUrl}/earnings`);
    const tipLine = designer.getByTestId('payout').filter({ hasText: t('earnings:kinds.tip') }).filter({ hasText: CONTEST });
    await tipLine.getByTestId('payout-amount').filter({ hasText: exactCents(TIP * 100) }).waitFor();
    if ((await tipLine.getAttribute('data-status')) !== 'owed') throw new Error(`the tip reads ${await tipLine.getAttribute('data-status')}, not owed`);
    await tipLine.getByText(t('earnings:owed'), { exact: true }).waitFor();
    await designer.getByTestId('earnings-owed').filter({ hasText: exactCents(before.owed_cents + TIP * 100) }).waitFor();
    await shot(designer, 'earnings-tip-owed');
    log('the designer sees the tip owed');

    // 5. The admin pays it out; the designer sees it paid.
    await admin.goto(`${baseUrl}/admin/transactions/outgoing`);
    const owedRow = admin
      .getByTestId('payouts')
      .getByRole('row')
      .filter({ hasText: 'demo-gold' })
      .filter({ hasText: `${t('admin:payouts.kind.tip')}: ${CONTEST}` });
    await owedRow.filter({ hasText: exactCents(TIP * 100) }).waitFor();
    await shot(admin, 'outgoing-tip-owed');
    await owedRow.getByRole('button', { name: t('admin:payouts.markPaid'), exact: true }).click();
    const markPaid = admin.getByRole('dialog', { name: t('admin:payouts.markPaidTitle', { amount: exactCents(TIP * 100), designer: 'demo-gold' }) });
    await markPaid.getByLabel(t('admin:payouts.reference')).fill(REFERENCE);
    await shot(admin, 'outgoing-mark-paid');
    await markPaid.getByRole('button', { name: t('admin:payouts.markPaid'), exact: true }).click();
    await admin.getByText(t('admin:payouts.paid')).waitFor();
    await markPaid.waitFor({ state: 'detached' });
    await owedRow.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: t('admin:status.payout.2'), exact: true }).click();
    await admin.getByTestId('payouts').getByRole('row').filter({ hasText: REFERENCE }).filter({ hasText: `${t('admin:payouts.kind.tip')}: ${CONTEST}` }).waitFor();
    await shot(admin, 'outgoing-tip-paid');
    log('payout marked paid');

    const { data: after } = await api('GET', `/users/${gold.id}/transactions/earnings`, { token: goldToken });
    const payout = after.payouts.find((p) => p.kind === 'tip' && p.title === CONTEST);
    if (!payout || payout.status_id !== 2 || typeof payout.paid_at !== 'number') throw new Error(`the tip's payout is ${JSON.stringify(payout)}`);
    if (payout.reference !== REFERENCE) throw new Error(`the payout's reference is ${payout.reference}`);
    // No reload: the designer's open Earnings follow `earnings.updated` on their channel.
    const paidLine = designer.locator('[data-testid=payout][data-status=paid]').filter({ hasText: t('earnings:kinds.tip') }).filter({ hasText: CONTEST });
    await paidLine.getByText(t('earnings:paidOn', { date: formatDate(payout.paid_at, ctx.language) })).waitFor();
    await paidLine.getByTestId('payout-amount').filter({ hasText: exactCents(TIP * 100) }).waitFor();
    await designer.getByTestId('earnings-owed').filter({ hasText: exactCents(before.owed_cents) }).waitFor();
    await designer.getByTestId('earnings-paid').filter({ hasText: exactCents(before.paid_cents + TIP * 100) }).waitFor();
    await shot(designer, 'earnings-tip-paid');
  },
};
