// Projects from launch to a rated update, with three people at once: a client launches a
// project (custom dates, a budget inside the service's range) and invites two creatives; the
// gold designer hears the invitation in the bell and bids; a bronze designer bids and is refused
// in the discussion; the client and the gold designer talk (comments and typing, live both ways);
// the client approves and pays by card; both see the project become active and meet in the
// workroom, where an update is posted and rated. The bronze designer withdraws their bid and the
// client's list drops it live; in the workroom the project's own thread carries a comment live, the
// client deletes their update comment and the designer's page drops it live (#53). The client opens
// a creative's profile from the invite dialog (Escape leaves it open; INVITE CREATIVE chooses
// them). Then a visitor from a referral link launches logged out and signs up in the launch's
// sign-up tab (terms required, the server's field message, the referral sent), under the launch
// pages' header, which turns to their name.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { textPattern } from '../lib/catalogue.mjs';
import { tinyPng } from '../png.mjs';

const SLUGS = '/logo-brand-identity/logo-design/new-logo';

/** YYYY-MM-DD, `days` from today. */
const day = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Fills the brief of the New Logo service: title, description, custom dates, the budget. */
async function fillBrief(page, t, { title, budget, pick = true }) {
  if (pick) {
    await page.getByLabel(t('projects:launch.category')).selectOption({ label: t('catalogue:Logo & Brand Identity') });
    await page.getByLabel(t('projects:launch.subCategory')).selectOption({ label: t('catalogue:Logo Design') });
    await page.getByLabel(t('projects:launch.service')).selectOption({ label: t('catalogue:New Logo') });
  }
  await page.getByTestId('service-panel').waitFor();
  await page.getByLabel(new RegExp(t('catalogue:Give your project a title'))).fill(title);
  await page.getByLabel(new RegExp(t('catalogue:Describe what you need'))).fill('A warm, hand-drawn mark for a small-batch roaster by the harbour.');
  await page.getByText(t('projects:timeline.custom')).click();
  await page.getByLabel(t('projects:timeline.start'), { exact: true }).fill(day(3));
  await page.getByLabel(t('projects:timeline.end'), { exact: true }).fill(day(12));
  await page.getByLabel(t('projects:budget.amount')).fill(String(budget));
}

/** Pay To Start, then Next in the timeline-and-budget dialog; answers the new project's id. */
async function payToStart(page, t) {
  await page.getByRole('button', { name: t('projects:launch.pay') }).click();
  // The dialog tells the listing fee paid with the approved bid (projects doc, section 9: 19).
  const dialog = page.getByRole('dialog', { name: t('projects:dialog.title') });
  await dialog.getByTestId('listing-fee').getByText(t('projects:dialog.listingFee', { amount: '$19' })).waitFor();
  return nextInDialog(page, t);
}

/** Next in the timeline-and-budget dialog; answers the new project's id. */
async function nextInDialog(page, t) {
  const dialog = page.getByRole('dialog', { name: t('projects:dialog.title') });
  await dialog.waitFor();
  const created = page.waitForResponse((r) => r.url().endsWith('/projects') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: t('projects:dialog.next'), exact: true }).click();
  const response = await created;
  if (response.status() !== 201 && response.status() !== 200) throw new Error(`launch refused: ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
}

export default {
  name: 'projects',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 300_000,
  async run(ctx) {
    const { baseUrl, t, shot, log, api } = ctx;
    const artwork = join(ctx.server.dataDir, 'update.png');
    writeFileSync(artwork, tinyPng(320, 200));

    const client = await ctx.open('client', { as: 'demo-client' });
    const gold = await ctx.open('gold', { as: 'demo-gold' });
    const bronze = await ctx.open('bronze', { as: 'demo-bronze' });

    // The gold designer waits on their projects page: the invitation must arrive live.
    await gold.goto(`${baseUrl}/projects/unstarted-projects`);
    await gold.getByRole('heading', { name: t('projects:lists.unstarted-projects') }).waitFor();
    await ctx.markDocument(gold);

    // 1. The client launches: the selectors rewrite the address in place.
    await client.goto(`${baseUrl}/projects/launch`);
    await client.getByRole('heading', { name: t('projects:launch.heading') }).waitFor();
    await client.getByText(t('projects:launch.selectFirst')).waitFor();
    await shot(client, 'launch-empty');
    await fillBrief(client, t, { title: 'Harbor Coffee logo', budget: 300 });
    if (!client.url().endsWith(SLUGS)) throw new Error(`the address was not rewritten: ${client.url()}`);
    await client.getByTestId('price-guide').getByText('$99').waitFor();
    await client.getByLabel(t('projects:budget.amount')).fill('50');
    await client.getByText(t('projects:budget.budgetMin', { floor: '$99' })).waitFor();
    await client.getByLabel(t('projects:budget.amount')).fill('300');
    await shot(client, 'launch-filled');
    const projectId = await payToStart(client, t);
    log(`project ${projectId} launched`);
    await client.getByText(t('projects:created')).waitFor();

    // 2. The invite dialog: a pending choice asks before a tab change; then two creatives.
    const dialog = client.getByTestId('invite-dialog');
    await dialog.getByText(t('projects:invite.congratulations')).waitFor();
    // The gold creative's profile, extra large over the dialog: Escape leaves it open; INVITE
    // CREATIVE chooses them and closes it (#53).
    const goldCard = dialog.getByTestId('creative').filter({ hasText: /demo-gold(?!-)/ });
    await goldCard.getByTestId('creative-profile').click();
    const profile = client.getByTestId('profile-modal');
    await profile.getByTestId('profile-username').getByText('demo-gold', { exact: true }).waitFor();
    await profile.getByTestId('profile-level').waitFor();
    await client.keyboard.press('Escape');
    // The tabs (a dropdown on phones) answer after Escape: the profile is still open.
    await profile.locator('[role=tab]:visible, [data-testid=profile-tab-select]:visible').first().waitFor();
    if (!(await profile.isVisible())) throw new Error('Escape closed the profile opened from the invite dialog');
    await shot(client, 'invite-profile');
    await profile.getByRole('button', { name: t('profiles:actions.inviteCreative') }).click();
    await profile.waitFor({ state: 'detached' });
    await goldCard.getByRole('button', { name: t('projects:invite.remove') }).waitFor();
    await dialog.getByRole('tab', { name: t('projects:invite.tabs.all') }).click();
    await client.getByText(t('projects:invite.confirmText')).waitFor();
    await shot(client, 'invite-confirm');
    await client.getByRole('button', { name: t('projects:invite.confirm'), exact: true }).click();
    for (const name of ['demo-gold', 'demo-bronze']) {
      await dialog.getByTestId('creative').filter({ hasText: new RegExp(`${name}(?!-)`) }).getByRole('button', { name: t('projects:invite.invite') }).click();
    }
    await shot(client, 'invite-selected');
    await dialog.getByRole('button', { name: t('projects:invite.send_other', { count: 2 }) }).click();
    await client.getByText(t('projects:invite.sentMany')).waitFor();
    await shot(client, 'invite-sent');

    // 3. The gold designer's bell rises without a reload; they open the project and bid.
    await gold.getByTestId('bell-badge').waitFor();
    await ctx.assertSameDocument(gold, 'the invitation arrived');
    await gold.getByRole('button', { name: new RegExp(`^${t('notifications:bell.title')}`) }).click();
    await gold.getByText(textPattern(t('notifications:texts.project.invited', { project: 'Harbor Coffee logo' }))).waitFor();
    await shot(gold, 'gold-bell');
    await gold.goto(`${baseUrl}/projects/unstarted-projects?projectId=${projectId}`);
    await client.goto(`${baseUrl}/projects/all-projects?projectId=${projectId}`);
    await client.getByText(t('projects:bids.none')).waitFor();
    await ctx.markDocument(client);
    const bidForm = gold.getByTestId('bid-form');
    await bidForm.getByLabel(t('projects:bids.amount')).fill('280');
    await bidForm.getByLabel(t('projects:bids.offer')).fill('Three hand-drawn concepts, two rounds of changes, vector files.');
    const bidFile = gold.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'POST');
    await bidForm.getByLabel(t('projects:bids.files')).setInputFiles(artwork);
    await bidFile;
    await bidForm.getByRole('button', { name: t('projects:bids.place') }).click();
    await gold.getByText(t('projects:bids.placed')).waitFor();
    await client.getByTestId('bid').filter({ hasText: /demo-gold(?!-)/ }).locator('img').waitFor();
    await ctx.assertSameDocument(client, 'the bid arrived');
    await shot(gold, 'gold-bid');

    // 4. The bronze designer bids too, and the discussion explains why they cannot write.
    await bronze.goto(`${baseUrl}/projects/unstarted-projects?projectId=${projectId}`);
    await bronze.getByTestId('bid-form').getByLabel(t('projects:bids.amount')).fill('150');
    await bronze.getByTestId('bid-form').getByLabel(t('projects:bids.offer')).fill('A clean logo in a week.');
    await bronze.getByRole('button', { name: t('projects:bids.place') }).click();
    await bronze.getByTestId('bronze-rule').waitFor();
    await bronze.getByLabel(t('projects:discussion.label')).fill('Can I ask a question?');
    const refused = bronze.waitForResponse((r) => r.url().includes('/comments') && r.request().method() === 'POST');
    await bronze.getByRole('button', { name: t('projects:discussion.post') }).click();
    if ((await refused).status() !== 403) throw new Error('the bronze designer was not refused');
    await bronze.locator('[data-kind=error]').getByText(t('projects:discussion.bronzeRule')).waitFor();
    await shot(bronze, 'bronze-refused');
    await client.getByTestId('bid').filter({ hasText: 'demo-bronze' }).waitFor();
    await client.getByTestId('bids-count').getByText('2').waitFor();

    // The bronze designer withdraws their bid (asked first); the client's list drops it live.
    await ctx.markDocument(client);
    await bronze.getByRole('button', { name: t('projects:bids.withdraw') }).click();
    const withdrawDialog = bronze.getByRole('dialog', { name: t('projects:bids.withdrawTitle') });
    await withdrawDialog.getByText(t('projects:bids.withdrawBody', { amount: '$150' })).waitFor();
    await shot(bronze, 'bronze-withdraw-confirm');
    await withdrawDialog.getByRole('button', { name: t('projects:bids.withdraw') }).click();
    await bronze.getByText(t('projects:bids.withdrawn')).waitFor();
    await bronze.getByTestId('bid-form').waitFor();
    await client.getByTestId('bid').filter({ hasText: 'demo-bronze' }).waitFor({ state: 'detached' });
    await client.getByTestId('bids-count').getByText('1').waitFor();
    await ctx.assertSameDocument(client, 'the withdrawn bid left');

    // 5. The client and the gold designer discuss the bid: comments and typing, both ways.
    const goldBid = client.getByTestId('bid').filter({ hasText: /demo-gold(?!-)/ });
    await goldBid.getByRole('button', { name: t('projects:bids.discuss_other', { count: 0 }) }).click();
    await goldBid.getByTestId('bid-discussion').getByText(t('projects:discussion.empty')).waitFor();
    await ctx.markDocument(gold);
    await goldBid.getByLabel(t('projects:discussion.label')).pressSequentially('Could you show a sketch', { delay: 20 });
    await gold.getByTestId('typing').getByText(t('projects:discussion.typing', { name: 'demo-client' })).waitFor();
    await shot(gold, 'gold-sees-typing');
    await goldBid.getByRole('button', { name: t('projects:discussion.post') }).click();
    await client.getByText(t('projects:discussion.posted')).first().waitFor();
    await gold.getByTestId('bid-comment').getByText('Could you show a sketch').waitFor();
    await gold.getByLabel(t('projects:discussion.label')).pressSequentially('Yes, by tomorrow', { delay: 20 });
    await goldBid.getByTestId('typing').getByText(t('projects:discussion.typing', { name: 'demo-gold' })).waitFor();
    await gold.getByRole('button', { name: t('projects:discussion.post') }).click();
    await goldBid.getByTestId('bid-comment').getByText('Yes, by tomorrow').waitFor();
    await ctx.assertSameDocument(client, 'the discussion');
    await ctx.assertSameDocument(gold, 'the discussion');
    await shot(client, 'client-discussion');

    // 6. The client approves the gold bid and pays by card; both see the project become active.
    await goldBid.getByRole('button', { name: t('projects:bids.approve') }).click();
    const payment = client.getByTestId('card-payment');
    await payment.waitFor();
    // A pay-to-start project pays its listing fee (19) with the approved bid.
    await payment.getByTestId('fee-breakdown').getByText(t('projects:pay.feeBreakdown', { bid: '$280', fee: '$19' })).waitFor();
    await shot(client, 'card-payment');
    await client.getByRole('button', { name: t('projects:pay.button', { amount: '$299' }) }).click();
    await client.getByText(t('projects:pay.approved')).waitFor();
    await client.getByTestId('project-detail').getByTestId('project-status').getByText(t('projects:status.2')).waitFor();
    await gold.getByTestId('project-detail').getByTestId('project-status').getByText(t('projects:status.2')).waitFor();
    await ctx.assertSameDocument(gold, 'the project became active');
    await shot(gold, 'gold-active');

    // 7. The workroom: the designer posts an update; the client sees it, comments and rates it.
    await gold.getByRole('link', { name: t('projects:project.openWorkroom') }).click();
    await client.getByRole('link', { name: t('projects:project.openWorkroom') }).click();
    await client.getByText(t('projects:workroom.none')).waitFor();
    await ctx.markDocument(client);
    await gold.getByRole('button', { name: t('projects:workroom.postUpdate') }).click();
    await gold.getByLabel(t('projects:workroom.description')).fill('First sketch: the anchor and the bean.');
    const uploaded = gold.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'POST');
    await gold.getByLabel(t('projects:workroom.files')).setInputFiles(artwork);
    await uploaded;
    await gold.getByRole('button', { name: t('projects:workroom.post') }).click();
    await gold.getByText(t('projects:workroom.posted')).waitFor();
    const update = client.getByTestId('update');
    await update.getByText('First sketch: the anchor and the bean.').waitFor();
    await ctx.assertSameDocument(client, 'the update arrived');
    await update.locator('img').waitFor();
    if (!(await update.locator('img').evaluate((img) => img.complete && img.naturalWidth > 0))) throw new Error('the update image did not load');
    await ctx.markDocument(gold);
    await update.getByRole('button', { name: t('projects:workroom.stars_other', { count: 5 }) }).click();
    await client.getByText(t('projects:workroom.rated')).waitFor();
    await update.getByLabel(t('projects:workroom.comment')).fill('Love the anchor!');
    await update.getByRole('button', { name: t('projects:discussion.post') }).click();
    await gold.getByTestId('update-comment').getByText('Love the anchor!').waitFor();
    await gold.locator('[data-testid=update-rating] .text-amber-400').nth(4).waitFor();
    await ctx.assertSameDocument(gold, 'the rating and comment arrived');
    await shot(client, 'client-workroom');
    await shot(gold, 'gold-workroom');

    // The project's own thread: the designer writes, the client sees it arrive.
    const thread = gold.getByTestId('project-comments');
    await thread.getByLabel(t('projects:comments.placeholder')).fill('Fonts next: a serif for the name?');
    await thread.getByRole('button', { name: t('projects:discussion.post') }).click();
    await client.getByTestId('project-comment').getByText('Fonts next: a serif for the name?').waitFor();
    await ctx.assertSameDocument(client, 'the project comment arrived');
    await client.getByTestId('project-comments').getByRole('button', { name: t('components:markCommentsRead') }).click();
    await client.getByText(t('spec-messages:All comments are marked as read')).waitFor();
    // The client deletes their update comment (asked first); the designer's page drops it live.
    await update.getByRole('button', { name: t('projects:comments.deleteOf', { username: 'demo-client' }) }).click();
    const deleteDialog = client.getByRole('dialog', { name: t('projects:comments.deleteTitle') });
    await shot(client, 'delete-comment-confirm');
    await deleteDialog.getByRole('button', { name: t('projects:comments.delete') }).click();
    await gold.getByTestId('update-comment').getByText('Love the anchor!').waitFor({ state: 'detached' });
    await ctx.assertSameDocument(gold, 'the deleted comment left');
    await shot(gold, 'gold-comment-deleted');

    // The gold designer keeps their project preferences: the New Logo service, with an image.
    await gold.goto(`${baseUrl}/projects/preferences`);
    const newLogo = gold.getByRole('checkbox', { name: t('catalogue:New Logo') });
    const preferred = gold.waitForResponse((r) => r.url().endsWith('/projects/services/preferences/1') && r.request().method() === 'POST');
    await newLogo.click();
    if ((await preferred).status() !== 201) throw new Error('the service preference was not saved');
    await gold.getByTestId('preferences').locator('input[type=file]').setInputFiles(artwork);
    await gold.getByTestId('preferences').locator('img').waitFor();
    await gold.reload();
    await gold.getByRole('checkbox', { name: t('catalogue:New Logo'), checked: true }).waitFor();
    await shot(gold, 'gold-preferences');

    // 8. A visitor from a referral link fills the brief logged out, then creates an account in
    //    the launch's own sign-up tab: the terms must be ticked, the server's per-field message
    //    shows under its field, and the referral goes with the account (#53).
    const visitor = await ctx.open('visitor');
    await visitor.goto(`${baseUrl}/projects/launch${SLUGS}?ref=harbour-friend`);
    const launchHeader = visitor.getByTestId('launch-header');
    await launchHeader.getByRole('link', { name: t('layouts:launch.contactUs') }).waitFor();
    await launchHeader.getByRole('link', { name: t('layouts:launch.logIn') }).waitFor();
    await fillBrief(visitor, t, { title: 'Tide Bakery logo', budget: 150, pick: false });
    await visitor.getByRole('button', { name: t('projects:launch.pay') }).click();
    const guest = visitor.getByTestId('guest-auth');
    await guest.waitFor();
    await guest.getByRole('tab', { name: t('signup-client:tabLogin') }).click();
    await guest.getByRole('button', { name: t('projects:guest.logMeIn') }).waitFor();
    await guest.getByRole('tab', { name: t('signup-client:tabSignup') }).click();
    const suffix = `${ctx.variant}${Date.now() % 100000}`;
    await guest.getByLabel(t('signup-client:email')).fill(`tess${suffix}@example.com`);
    await guest.getByLabel(t('signup-client:phone')).fill('+1 555 0111');
    // A username already taken first: the server's message shows under the field.
    await guest.getByLabel(t('signup-client:username')).fill('demo-gold');
    await guest.getByLabel(t('signup-client:name'), { exact: true }).fill('Tess Tide');
    await guest.getByLabel(t('signup-client:password')).fill('tide-bakery-2026');
    const createAccount = guest.getByRole('button', { name: t('signup-client:submit') });
    await createAccount.click();
    await guest.getByText(t('signup-client:errTerms')).waitFor();
    await shot(visitor, 'visitor-terms-required');
    await guest.getByLabel(t('signup-client:agree_terms')).check();
    const refusedSignup = visitor.waitForResponse((r) => r.url().endsWith('/oauth/register'));
    await createAccount.click();
    if ((await refusedSignup).status() !== 422) throw new Error('a taken username was not refused');
    await guest.locator('input[name=username][aria-invalid=true]').waitFor();
    await shot(visitor, 'visitor-field-error');
    await guest.getByLabel(t('signup-client:username')).fill(`tess${suffix}`);
    await guest.locator('input[name=username][aria-invalid=true]').waitFor({ state: 'detached' });
    const registered = visitor.waitForRequest((r) => r.url().endsWith('/oauth/register') && r.method() === 'POST');
    await createAccount.click();
    const registration = (await registered).postDataJSON();
    if (registration.agree_terms !== 1 || registration.referral_source !== 'harbour-friend' || registration.user_type_id !== 2) {
      throw new Error(`the sign-up did not carry the terms and the referral: ${JSON.stringify({ ...registration, password: undefined })}`);
    }
    const visitorProject = await nextInDialog(visitor, t);
    await visitor.getByTestId('invite-dialog').waitFor();
    // Signed up on the page: the same frame now shows the new client's name, whose menu logs out.
    await launchHeader.getByTestId('launch-account').getByText('Tess Tide').waitFor();
    await shot(visitor, 'visitor-launched');
    const owner = await ctx.token(`tess${suffix}`, 'tide-bakery-2026');
    const { data: shown } = await api('GET', `/projects/${visitorProject}`, { token: owner });
    if (shown.title !== 'Tide Bakery logo' || shown.budget !== 150 || shown.detail.timeline !== null) {
      throw new Error(`the visitor's project is not the brief: ${JSON.stringify(shown)}`);
    }
  },
};
