// The last step of five journeys (issue #40), on the demo seed, one server and one Chromium:
//
// 1. A designer comments on the client's contest board, then the board fills with the client's
//    own remarks so the comment falls to the second page. The client follows the notification
//    from the bell: the board fetches the older page and the comment shows, highlighted.
// 2. The client opens a bidder's profile from the bid card of the seeded project: the Messages
//    tab holds the bid's discussion (the client writes in it), INVITE CREATIVE invites.
// 3. and 5. Two unfinished launches of the client: one left at the review, one waiting in the
//    subscription queue. Continue launch on the dashboard leads to the review, and to the brief
//    with the edit flag, where Cancel and Update saves the brief and returns.
// 4. A designer adds a portfolio item (image, title, category) on their profile page, edits it
//    and deletes it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { runningContest } from '../lib/contests.mjs';
import { tinyPng } from '../png.mjs';

const PROJECT = 'Seaside Bakery rebrand';
const AT_REVIEW = 'Lantern Tea House';
const QUEUED = 'Copper Kettle Diner';

/** An unpaid logo contest of demo-client titled `title`, over REST (the launch's brief step). */
async function unpaidContest({ api }, token, title, body = {}) {
  const { data: questions } = await api('GET', '/contests/types/1/questions');
  const answers = questions
    .filter((question) => question.is_required === 1 || question.form_field_type_id === 8)
    .map((question) => {
      if (question.options.length > 0) return { id: question.id, answer_options: [question.options[0].id] };
      const text = question.is_title === 1 ? title : 'A small place with a big menu.';
      return { id: question.id, answer: /height|width/i.test(question.title) ? '500' : text };
    });
  const { data } = await api('POST', '/contests', { token, body: { contest_type_id: 1, contest_type_questions: answers, agree_terms: 1, ...body } });
  return data.id;
}

export default {
  name: 'web-misc',
  variants: ['en', 'es'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { api, baseUrl, t, shot, log } = ctx;
    const client = await ctx.token('demo-client');
    const silver = await ctx.token('demo-silver');

    // --- 1. A comment notification leads to the comment, on the board's second page.
    const contestId = await runningContest(ctx);
    const { data: focused } = await api('POST', `/contests/${contestId}/comments`, {
      token: silver,
      body: { comment: 'Could the wave in the mark be a deeper navy?' },
    });
    // The owner's own board comments notify nobody: the designer's stays the newest notification.
    for (let n = 1; n <= 21; n += 1) {
      await api('POST', `/contests/${contestId}/comments`, { token: client, body: { comment: `Note to self #${n}` } });
    }
    const page = await ctx.open('client', { as: 'demo-client' });
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByTestId('bell-badge').waitFor();
    await page.getByRole('button', { name: new RegExp(`^${t('notifications:bell.title')}`) }).click();
    await page.getByText(t('notifications:texts.comment.on_contest', { username: 'demo-silver', contest: 'Harbor Coffee Roasters' })).first().click();
    await page.waitForFunction(() => location.pathname.includes('/entries'));
    if (!page.url().endsWith(`/contests/${contestId}/entries?focusedContestCommentId=${focused.id}`)) throw new Error(`the notification led to ${page.url()}`);
    const highlighted = page.locator(`#comment-${focused.id}[data-focused="true"]`);
    await highlighted.waitFor();
    await highlighted.getByText('Could the wave in the mark be a deeper navy?').waitFor();
    // Scrolled to (smoothly): the comment comes into the viewport.
    await page.waitForFunction((id) => {
      const box = document.getElementById(`comment-${id}`)?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    }, focused.id);
    await shot(page, 'comment-highlighted');
    // The highlight is brief.
    await page.locator(`#comment-${focused.id}:not([data-focused])`).waitFor();
    log('comment notification followed');

    // --- 2. A bidder's profile from the bid card: the discussion under Messages, INVITE CREATIVE.
    await page.goto(`${baseUrl}/projects/all-projects`);
    await page.getByText(PROJECT).first().click();
    const goldBid = page.getByTestId('bid').filter({ hasText: /demo-gold(?!-)/ });
    await goldBid.getByTestId('bidder-name').click();
    const modal = page.getByTestId('profile-modal');
    await modal.getByTestId('profile-username').filter({ hasText: /^demo-gold$/ }).waitFor();
    const messages = modal.getByTestId('profile-messages');
    await messages.getByText('Could the icon work in one colour for the paper bags?').waitFor();
    await messages.locator('textarea').fill('Could you also show the mark on a striped awning?');
    await messages.getByRole('button', { name: t('projects:discussion.post') }).click();
    await messages.getByTestId('bid-comment').filter({ hasText: 'striped awning' }).waitFor();
    await shot(page, 'bidder-profile-messages');
    await modal.getByRole('button', { name: t('profiles:actions.inviteCreative') }).click();
    await page.getByText(t('projects:bids.invited', { username: 'demo-gold' })).waitFor();
    await modal.waitFor({ state: 'detached' });
    log('bidder profile: message and invite');

    // --- 5. and 3. Unfinished launches continue from the dashboard.
    const atReview = await unpaidContest(ctx, client, AT_REVIEW);
    const { data: pricings } = await api('GET', '/contests/types/1/pricings');
    await api('PUT', `/contests/${atReview}/options`, { token: client, body: { contest_type_pricing_id: pricings[0].id, upgrade_ids: [] } });
    // Only a subscriber to the unlimited plan queues a contest (#53): an admin grants it here.
    const admin = await ctx.token('demo-admin');
    const clientId = (await api('GET', '/oauth/users', { token: client })).data.id;
    await api('PUT', `/users/${clientId}/subscriptions`, { token: admin, body: { trigger_id: 13, is_active: 1 } });
    const queued = await unpaidContest(ctx, client, QUEUED, { is_added_queue: true });
    await page.goto(`${baseUrl}/dashboard`);
    const unstarted = page.getByTestId('list-unstarted');
    const resumeReview = unstarted.getByRole('link', { name: new RegExp(AT_REVIEW) });
    await resumeReview.getByText(t('dashboard:continueLaunch')).waitFor();
    await shot(page, 'dashboard-continue-launch');
    await resumeReview.click();
    await page.waitForURL(new RegExp(`/contests/${atReview}/review`));
    log('continued at the review');

    await page.goto(`${baseUrl}/dashboard`);
    await unstarted.getByRole('link', { name: new RegExp(QUEUED) }).click();
    await page.waitForURL(new RegExp(`/contests/${queued}/briefs/edit\\?edit=1$`));
    // demo-client has no subscription: Pay To Start or Cancel and Update.
    for (const label of ['launch-brief:payToStart', 'launch-brief:cancelAndUpdate']) {
      await page.getByRole('button', { name: t(label) }).waitFor();
    }
    const title = page.getByRole('textbox').first();
    await title.fill(`${QUEUED} & Bar`);
    await shot(page, 'brief-edit-choices');
    await page.getByRole('button', { name: t('launch-brief:cancelAndUpdate') }).click();
    await page.waitForURL(/\/dashboard$/);
    await unstarted.getByText(`${QUEUED} & Bar`).waitFor();
    log('brief updated with Cancel and Update');

    // --- 4. A designer's own portfolio: add, edit, delete.
    const designer = await ctx.open('designer', { as: 'demo-bronze' });
    await designer.goto(`${baseUrl}/profile`);
    const manager = designer.getByTestId('portfolio-manager');
    await manager.waitFor();
    await manager.getByRole('button', { name: t('profiles:manage.add') }).click();
    const editor = designer.getByRole('dialog', { name: t('profiles:manage.addTitle') });
    const image = join(ctx.server.dataDir, 'portfolio.png');
    writeFileSync(image, tinyPng(320, 200));
    await editor.getByLabel(t('profiles:manage.image')).setInputFiles(image);
    await editor.getByLabel(t('profiles:manage.title')).fill('Tide Pool Aquarium mark');
    await editor.getByLabel(t('profiles:manage.category')).selectOption({ index: 1 });
    await editor.getByRole('button', { name: t('profiles:manage.add') }).click();
    const item = manager.getByTestId('portfolio-manager-item').filter({ hasText: 'Tide Pool Aquarium mark' });
    await item.locator('img').waitFor();
    await shot(designer, 'portfolio-added');
    await item.getByRole('button', { name: t('profiles:manage.edit') }).click();
    const edit = designer.getByRole('dialog', { name: t('profiles:manage.editTitle') });
    await edit.getByLabel(t('profiles:manage.title')).fill('Tide Pool Aquarium mark, final');
    await edit.getByRole('button', { name: t('profiles:manage.save') }).click();
    const edited = manager.getByTestId('portfolio-manager-item').filter({ hasText: 'Tide Pool Aquarium mark, final' });
    await edited.waitFor();
    await edited.getByRole('button', { name: t('profiles:manage.delete') }).click();
    const confirm = designer.getByRole('dialog', { name: t('profiles:manage.confirmTitle') });
    await shot(designer, 'portfolio-confirm-delete');
    await confirm.getByRole('button', { name: t('profiles:manage.confirmDelete') }).click();
    await edited.waitFor({ state: 'detached' });
    // The list is fetched again after the delete: the server no longer has it.
    await designer.reload();
    await manager.waitFor();
    if ((await manager.getByText('Tide Pool Aquarium mark').count()) !== 0) throw new Error('the deleted portfolio item is still listed');
    log('portfolio item added, edited and deleted');
  },
};
