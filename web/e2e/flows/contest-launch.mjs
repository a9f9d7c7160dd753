// A new client (not a demo account) launches a contest from the browser: fills the logo brief
// anonymously, creates an account inside the launch flow, picks a package and an upgrade,
// reviews, adds a test card, pays, and sees the contest go Active live (the hub's
// `contest.status` on the contest's channel, without a reload).
//
// The steps of the whole contest journey (journeys/contest.e2e.mjs): `launchAndPay(ctx, page)`
// answers { contestId, username, password, total, totalCents }; `afterLaunchExtras` and
// `accountPages` follow. With `{ discountCode, percentOff }` the brief is opened from a coupon link
// and every screen's total is checked, to the cent, against the journey's own arithmetic.

import { CARDS, cvcField, fillCard } from '../lib/stripe.mjs';

/** A fresh client: unique per run so the journey never depends on seeded accounts. */
function newClient() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return {
    username: `maya_${stamp}`,
    email: `maya.${stamp}@example.com`,
    password: 'harbor-coffee-2026',
    name: 'Maya Lindqvist',
    phone: '+1 555 0100',
  };
}

/** A label that starts with catalogue text `text` in the page's language (a required one ends with *). */
const catalogueLabel = (t, text) => new RegExp(`^${t(`catalogue:${text}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Fills the logo brief's required questions (type 1, slug logo-design). */
async function fillLogoBrief(page, t) {
  await page.getByLabel(catalogueLabel(t, 'What name should appear in your logo?')).fill('Harbor Coffee Roasters');
  await page
    .getByLabel(catalogueLabel(t, 'Describe what your organization or product does and its target audience'))
    .fill('A small-batch coffee roaster by the harbour. We sell beans online and run two cafés; our customers are young professionals who care where their coffee comes from.');
  await page.getByLabel(catalogueLabel(t, 'Which industry are you in?')).selectOption({ label: t('catalogue:Food & Drink') });
  await page.getByLabel(catalogueLabel(t, 'Height')).fill('500');
  await page.getByLabel(catalogueLabel(t, 'Width')).fill('500');
}

/** Cents as the screens' price tags show them: $848, $594.15. */
export function usd(cents) {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}

/** Waits until the total `testId` carries exactly `cents` (its data-cents) and shows it. */
async function totalIs(page, testId, cents) {
  const total = page.getByTestId(testId);
  await page.locator(`[data-testid="${testId}"][data-cents="${cents}"]`).waitFor();
  const text = await total.textContent();
  if (text !== usd(cents)) throw new Error(`${testId} reads "${text}", not ${usd(cents)}`);
}

/** Steps 1 and 2: the brief as an anonymous visitor (from a coupon link when given one), then
 * Create Account inside the launch flow. Answers the new contest's id, on its options step. */
async function briefAndAccount(ctx, page, client, discountCode) {
  const { baseUrl, t, shot, log } = ctx;
  const link = discountCode ? `?discount_code=${encodeURIComponent(discountCode)}` : '';
  await page.goto(`${baseUrl}/contests/logo-design/launch${link}`);
  await fillLogoBrief(page, t);
  await page.getByLabel(t('launch-brief:acceptTerms')).check();
  await shot(page, 'brief-filled');
  await page.getByRole('button', { name: t('launch-brief:continue'), exact: true }).click();

  const gate = page.getByRole('dialog');
  await gate.getByRole('tab', { name: t('signup-client:tabSignup') }).waitFor();
  await gate.getByLabel(t('signup-client:email')).fill(client.email);
  await gate.getByLabel(t('signup-client:phone')).fill(client.phone);
  await gate.getByLabel(t('signup-client:username')).fill(client.username);
  await gate.getByLabel(t('signup-client:name'), { exact: true }).fill(client.name);
  await gate.getByLabel(t('signup-client:password')).fill(client.password);
  await gate.getByLabel(t('signup-client:agree_terms')).check();
  await shot(page, 'create-account');
  await gate.getByRole('button', { name: t('signup-client:submit') }).click();
  await page.waitForURL(/\/contests\/\d+\/options/);
  await page.getByText(t('launch-brief:registered')).waitFor();
  const contestId = Number(/\/contests\/(\d+)\/options/.exec(page.url())[1]);
  log(`${client.username} signed up and created contest ${contestId}`);
  return contestId;
}

export async function launchAndPay(ctx, page, { client = newClient(), discountCode = null, percentOff = 0 } = {}) {
  const { t, shot } = ctx;

  // 1-2. The brief, then the account.
  const contestId = await briefAndAccount(ctx, page, client, discountCode);

  // 3. Options: a package and an upgrade; the total follows the choices.
  const { data: pricings } = await ctx.api('GET', '/contests/types/1/pricings');
  const { data: upgrades } = await ctx.api('GET', '/contests/types/1/upgrades');
  const gold = pricings.find((p) => p.name === 'Gold');
  const featured = upgrades.find((u) => u.is_featured === 1);
  await page.getByTestId(`package-${gold.id}`).click();
  await page.getByTestId(`upgrade-${featured.id}`).locator('input').check();
  // The coupon takes its percentage off the package only, rounded half up to the cent.
  const discountCents = Math.floor((gold.amount * 100 * percentOff + 50) / 100);
  const totalCents = gold.amount * 100 - discountCents + featured.amount * 100;
  const total = totalCents / 100;
  await totalIs(page, 'options-total', totalCents);
  if (discountCode) {
    const line = page.getByTestId('options-total-line-coupon');
    await line.getByText(`−${usd(discountCents)}`).waitFor();
    await line.getByText(discountCode).waitFor();
  }
  await shot(page, 'options');
  await page.getByRole('button', { name: t('contest-options:continueToReview') }).click();

  // 4. Review: the summary, then a card added in the flow and paid with.
  await page.waitForURL(/\/contests\/\d+\/review/);
  await totalIs(page, 'review-total', totalCents);
  const form = page.getByTestId('add-card-form');
  await form.getByLabel(t('payments:cardholderName')).fill(client.name);
  // The Payment Element of the (stand-in) Stripe.js: a test card typed in, the country the profile's.
  await fillCard(form, { number: CARDS.visa });
  await shot(page, 'review-add-card');
  await form.getByRole('button', { name: t('payments:saveCard') }).click();
  const saved = page.getByTestId('card-4242');
  await saved.waitFor();
  if (!(await saved.isChecked())) throw new Error('the card just added is not preselected');
  // A card that never paid here asks for its CVC, and the pay button waits for it.
  const pay = page.getByTestId('pay-button');
  await page.getByText(t('payments:cvcRequired')).waitFor();
  if (await pay.isEnabled()) throw new Error('the pay button is enabled without the CVC');
  await cvcField(page).fill('123');
  await page.locator('[data-testid=pay-button]:not([disabled])').waitFor();
  const label = await pay.textContent();
  if (!label.endsWith(`· ${usd(totalCents)}`)) throw new Error(`the pay button reads "${label}", not the total ${usd(totalCents)}`);
  await shot(page, 'review-ready-to-pay');

  // 5. Pay; the contest goes Active on this page, told by the hub.
  await ctx.markDocument(page);
  await pay.click();
  await page.getByTestId('contest-active').waitFor();
  await ctx.assertSameDocument(page, 'the contest went Active');
  await shot(page, 'contest-active');
  const { data: contest } = await ctx.api('GET', `/contests/${contestId}`);
  if (contest.status_id !== 2) throw new Error(`the contest's status is ${contest.status_id}, not 2 (Active)`);
  return { contestId, username: client.username, password: client.password, total, totalCents };
}

/**
 * A new client whose coupon covers the whole launch (a package alone, 100 % off): the options
 * step totals $0, the review offers "Start contest" instead of a card, and one click starts the
 * contest, told live by the hub. Answers { contestId, username, password }.
 */
export async function launchFree(ctx, page, { client = newClient(), discountCode }) {
  const { t, shot, log } = ctx;
  const contestId = await briefAndAccount(ctx, page, client, discountCode);
  const { data: pricings } = await ctx.api('GET', '/contests/types/1/pricings');
  const silver = pricings.find((p) => p.name === 'Silver');
  await page.getByTestId(`package-${silver.id}`).click();
  await totalIs(page, 'options-total', 0);
  await page.getByTestId('options-total-line-coupon').getByText(discountCode).waitFor();
  await shot(page, 'free-options');
  await page.getByRole('button', { name: t('contest-options:continueToReview') }).click();
  await page.waitForURL(/\/contests\/\d+\/review/);
  await totalIs(page, 'review-total', 0);
  await page.getByText(t('contest-options:nothingToPay')).waitFor();
  if ((await page.getByTestId('pay-button').count()) !== 0) throw new Error('a $0 launch still shows a pay button');
  await shot(page, 'free-review');
  await ctx.markDocument(page);
  await page.getByTestId('free-launch-button').click();
  await page.getByTestId('contest-active').waitFor();
  await ctx.assertSameDocument(page, 'the free contest went Active');
  await shot(page, 'free-active');
  log(`${client.username} started contest ${contestId} without paying`);
  return { contestId, username: client.username, password: client.password };
}

/**
 * After launch, on the contest page the success panel opens: an upgrade bought (the one already on
 * the contest cannot be chosen again), then the prize raised, both paid with the saved card.
 */
export async function afterLaunchExtras(ctx, page, contestId) {
  // The contest page opens from the success panel.
  await page.getByRole('link', { name: ctx.t('contest-options:openContest') }).click();
  await page.waitForURL(new RegExp(`/contests/${contestId}/entries`));
  await ctx.shot(page, 'contest-page');

  // Then the upgrades page; the saved card no longer asks for its CVC.
  const { baseUrl } = ctx;
  await page.goto(`${baseUrl}/contests/${contestId}/upgrades`);
  const { data: upgrades } = await ctx.api('GET', '/contests/types/1/upgrades');
  const featured = upgrades.find((u) => u.is_featured === 1);
  const highlighted = upgrades.find((u) => u.is_highlighted === 1);
  if (!(await page.getByTestId(`upgrade-${featured.id}`).locator('input').isDisabled())) {
    throw new Error('the upgrade already on the contest can be chosen again');
  }
  await page.getByTestId(`upgrade-${highlighted.id}`).locator('input').check();
  const upgradePay = page.getByTestId('extras-upgrades').getByTestId('pay-panel');
  await upgradePay.locator('[data-testid=pay-button]:not([disabled])').waitFor();
  await ctx.shot(page, 'upgrades-after-launch');
  await upgradePay.getByTestId('pay-button').click();
  await page.getByTestId(`upgrade-${highlighted.id}`).locator('input:disabled').waitFor();
  await page.getByRole('radio', { name: '+$50', exact: true }).click();
  const prizePay = page.getByTestId('extras-prize').getByTestId('pay-panel');
  await prizePay.locator('[data-testid=pay-button]:not([disabled])').waitFor();
  await prizePay.getByTestId('pay-button').click();
  await page.getByText('$650').waitFor();
  await ctx.shot(page, 'prize-raised');
}

/**
 * Outside the contest flows a new client is asked for their personal information first: opening
 * `/<page>` leads to the form, filled and saved here.
 */
export async function personalInfo(ctx, page, path) {
  const { t, baseUrl } = ctx;
  await page.goto(`${baseUrl}/${path}`);
  await page.waitForURL(/\/personal-info$/);
  await page.getByLabel(t('signup-client:phone')).fill('+1 555 0100');
  const pick = async (label) => {
    const select = page.getByLabel(t(label));
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    await select.selectOption({ index: 1 });
  };
  await pick('signup-client:region');
  await pick('signup-client:country');
  if (await page.getByLabel(t('signup-client:state')).count()) await pick('signup-client:state');
  await page.getByLabel(t('signup-client:city')).fill('Portland');
  await ctx.shot(page, 'personal-info');
  await page.getByRole('button', { name: t('signup-client:save') }).click();
  await page.waitForURL(/\/dashboard$/);
}

/**
 * The new client's account pages: personal information (asked for outside the contest flows),
 * payment methods (a second card made the default) and a subscription paid with it.
 */
export async function accountPages(ctx, page) {
  const { baseUrl, t } = ctx;
  await personalInfo(ctx, page, 'payment-methods');

  // Payment methods: the card added while paying is the default; a second card becomes the default.
  await page.goto(`${baseUrl}/payment-methods`);
  await page.getByTestId('card-tile-4242').waitFor();
  await page.getByRole('button', { name: t('payments:addAnotherCard') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('payments:cardholderName')).fill('Maya Lindqvist');
  await fillCard(dialog, { number: CARDS.mastercard, expiry: '08 / 31', cvc: '456' });
  await dialog.getByRole('button', { name: t('payments:saveCard') }).click();
  const mastercard = page.getByTestId('card-tile-4444');
  await mastercard.waitFor();
  await mastercard.getByRole('button', { name: t('payments:makeDefault') }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('payments:confirm') }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: t('payments:defaultCard') }).locator('..').getByTestId('card-tile-4444').waitFor();
  await ctx.shot(page, 'payment-methods');

  // Subscriptions: unlimited upgrades ($49), paid with the (new, default) card and its CVC.
  await page.goto(`${baseUrl}/subscriptions`);
  await page.getByText(t('subscriptions:none')).waitFor();
  await page.getByRole('button', { name: t('subscriptions:purchase') }).nth(1).click();
  const pay = page.getByRole('dialog');
  const preselected = pay.getByTestId('card-4444');
  await preselected.waitFor();
  if (!(await preselected.isChecked())) throw new Error('the default card is not preselected');
  await cvcField(pay).fill('321');
  await ctx.shot(page, 'subscription-pay');
  await pay.getByTestId('pay-button').click();
  await page.getByTestId('active-subscriptions').getByText(t('subscriptions:name_2')).waitFor();
  await ctx.shot(page, 'subscription-active');

  // Payments: every payment of the journey, and the launch's invoice as a PDF.
  await page.goto(`${baseUrl}/payments`);
  const launch = page.getByTestId('transaction').filter({ hasText: t('payments:transactions.purpose.contest_launch') });
  await launch.waitFor();
  await page.getByTestId('transaction').filter({ hasText: t('payments:transactions.purpose.subscription') }).waitFor();
  await ctx.shot(page, 'payments');
  const download = page.waitForEvent('download');
  const token = page.waitForResponse((r) => r.url().includes('/invoices/download/token'));
  await launch.getByRole('button', { name: t('payments:transactions.invoice') }).click();
  const issued = await token;
  if (issued.status() !== 201) throw new Error(`the invoice link was refused: ${issued.status()} ${await issued.text()}`);
  const invoice = await download;
  if (!invoice.suggestedFilename().endsWith('.pdf')) throw new Error(`the invoice is ${invoice.suggestedFilename()}`);
}
