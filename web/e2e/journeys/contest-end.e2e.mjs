// The end of a contest and what the client paid for, with several people at once (issue #40):
// (a) the winner opens the "verified" notification, lands on the delivery screen and uploads the
//     final files; the client, on the same screen, sees them arrive and accepts them; the winner
//     sees the acceptance; the admin credits and both see the contest reach Completed; a third
//     designer who opens the screen is sent to the dashboard;
// (b) a featured contest is listed first, with its badge, in a designer's Browse Contests, and a
//     highlighted one is set apart;
// (c) a subscriber asks to start a contest (Start Contest Now); the request appears live on the
//     admin's Start Requests page; the admin approves it and the client's contest turns Active.
// All without a reload where the page is expected to move live.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { runningContest } from '../lib/contests.mjs';
import { tinyPng, uploadPng } from '../png.mjs';

/** Waits until the page's status pill reads status `id` in the page's language. */
async function statusShows(ctx, page, id) {
  await page.getByTestId('contest-status').filter({ hasText: ctx.t(`contests:status.${id}`) }).waitFor();
}

/** The upgrade of the logo type whose kind flag `flag` is set. */
async function upgradeId(ctx, flag) {
  const { data } = await ctx.api('GET', '/contests/types/1/upgrades');
  return data.find((upgrade) => upgrade[flag] === 1).id;
}

async function delivery(ctx, people) {
  const { api, token, t, shot, log, baseUrl } = ctx;
  const { client, designer } = people;
  const contestId = await runningContest(ctx);
  const gold = await token('demo-gold');
  const holder = await token('demo-client');
  const admin = await token('demo-admin');
  const entryImage = join(ctx.server.dataDir, 'end-entry.png');
  const artwork = join(ctx.server.dataDir, 'end-final.png');
  writeFileSync(entryImage, tinyPng(240, 240));
  writeFileSync(artwork, tinyPng(480, 480));
  const fileId = await uploadPng(ctx, gold, entryImage, 5);
  const { data: entry } = await api('POST', `/contests/${contestId}/entries`, {
    token: gold,
    body: { main_file_id: fileId, title: 'Harbor mark' },
  });
  await api('POST', `/contests/${contestId}/entries/${entry.id}/award-winners`, { token: holder, body: {} });
  await api('PUT', `/contests/${contestId}/statuses`, { token: admin, body: { status_id: 7 } });
  const screen = `/contests/${contestId}/entries/${entry.id}/upload-artwork`;
  log(`contest ${contestId} awarded to entry ${entry.id} and verified`);

  // The client waits on the delivery screen for the files.
  await client.goto(`${baseUrl}${screen}`);
  await client.getByTestId('delivery-step-awaitDelivery').waitFor();
  await ctx.markDocument(client);

  // The winner follows the "verified" notification (type 6): it opens the delivery screen.
  await designer.goto(`${baseUrl}/notifications`);
  const opened = designer.context().waitForEvent('page');
  await designer.locator('[data-testid=notification][data-type="6"] button').first().click();
  const work = await opened;
  await work.waitForURL((url) => url.pathname === screen);
  await work.getByTestId('delivery-step-upload').waitFor();
  await ctx.markDocument(work);
  await shot(work, 'winner-lands-on-delivery');

  await work.getByTestId('artwork-input').setInputFiles(artwork);
  await work.getByRole('button', { name: t('contests:delivery.upload') }).click();
  await work.getByTestId('delivery-step-delivered').waitFor();

  // The client sees the files arrive without a reload, downloads one and accepts them.
  await statusShows(ctx, client, 8);
  const download = client.getByTestId('delivery-step-download');
  await download.getByRole('button', { name: t('contests:delivery.download') }).first().waitFor();
  await ctx.assertSameDocument(client, 'the delivery');
  await shot(client, 'client-sees-final-files');
  const downloading = client.waitForEvent('download');
  await download.getByRole('button', { name: t('contests:delivery.download') }).first().click();
  const saved = join(ctx.server.dataDir, 'end-downloaded');
  await (await downloading).saveAs(saved);
  if (!readFileSync(saved).equals(readFileSync(artwork))) throw new Error('the downloaded file is not the artwork');
  await client.getByRole('button', { name: t('contests:delivery.accept') }).click();
  await client.getByTestId('delivery-accepted').getByText(t('contests:delivery.acceptedOwner')).waitFor();

  // The winner sees the acceptance without a reload.
  await work.getByTestId('delivery-accepted').getByText(t('contests:delivery.accepted')).waitFor();
  await ctx.assertSameDocument(work, 'the acceptance');
  await shot(work, 'winner-sees-acceptance');

  // The admin credits: both screens reach the final status live.
  await api('PUT', `/contests/${contestId}/statuses`, { token: admin, body: { status_id: 9 } });
  for (const page of [client, work]) await statusShows(ctx, page, 9);
  await work.getByTestId('delivery-step-completed').waitFor();
  await ctx.assertSameDocument(client, 'the credit');
  await ctx.assertSameDocument(work, 'the credit');
  await shot(client, 'client-contest-completed');
  await work.close();
  log('delivered, accepted and credited, each side live');

  // Anyone else is sent away from the screen.
  const stranger = await ctx.open('stranger', { as: 'demo-silver' });
  await stranger.goto(`${baseUrl}${screen}`);
  await stranger.waitForURL((url) => url.pathname === '/dashboard');
  await stranger.getByText(t('contests:deliveryPage.forbidden')).waitFor();
  await stranger.context().close();
}

async function featured(ctx, people) {
  const { api, token, shot, log, baseUrl, t } = ctx;
  const { designer } = people;
  const admin = await token('demo-admin');
  const boosted = await runningContest(ctx);
  await api('PUT', `/contests/${boosted}/upgrades-manually`, {
    token: admin,
    body: { upgrade_ids: [await upgradeId(ctx, 'is_featured')] },
  });
  const lit = await runningContest(ctx);
  await api('PUT', `/contests/${lit}/upgrades-manually`, {
    token: admin,
    body: { upgrade_ids: [await upgradeId(ctx, 'is_highlighted')] },
  });
  const newest = await runningContest(ctx);

  await designer.goto(`${baseUrl}/available-contests`);
  const rows = designer.getByTestId('contest-row');
  await rows.first().waitFor();
  const first = rows.first();
  if ((await first.getAttribute('data-contest-id')) !== String(boosted)) {
    throw new Error(`the featured contest ${boosted} is not listed first`);
  }
  await first.getByTestId('featured-badge').getByText(t('dashboard:upgrades.featured')).waitFor();
  if ((await rows.nth(1).getAttribute('data-contest-id')) !== String(newest)) {
    throw new Error('after the featured contest, the newest comes first');
  }
  const highlighted = designer.locator(`[data-testid=contest-row][data-contest-id="${lit}"]`);
  await highlighted.getByTestId('highlighted-label').waitFor();
  if ((await highlighted.getAttribute('data-highlighted')) !== 'true') throw new Error('the highlighted row is not set apart');
  await shot(designer, 'browse-featured-first');
  log(`featured contest ${boosted} listed first; highlighted ${lit} set apart`);
}

async function startRequest(ctx, people) {
  const { api, token, shot, log, baseUrl, t } = ctx;
  const { client } = people;
  const admin = await token('demo-admin');
  const holder = await token('demo-client');
  const { data: questions } = await api('GET', '/contests/types/1/questions');
  const answers = questions
    .filter((question) => question.is_required === 1)
    .map((question) => {
      if (question.options.length > 0) return { id: question.id, answer_options: [question.options[0].id] };
      const text = question.is_title === 1 ? 'Saltmarsh Tea House' : 'A tea house on the marsh.';
      return { id: question.id, answer: /height|width/i.test(question.title) ? '500' : text };
    });
  // demo-client subscribes (an admin grants it here; buying it is the payments journeys' part):
  // only a subscriber may add a contest to the queue.
  const holderId = (await api('GET', '/oauth/users', { token: holder })).data.id;
  await api('PUT', `/users/${holderId}/subscriptions`, { token: admin, body: { trigger_id: 13, is_active: 1 } });
  const { data: contest } = await api('POST', '/contests', {
    token: holder,
    body: { contest_type_id: 1, contest_type_questions: answers, is_added_queue: 1, agree_terms: 1 },
  });

  const adminPage = await ctx.open('admin', { as: 'demo-admin' });
  await adminPage.goto(`${baseUrl}/admin/contests/start-requests`);
  await adminPage.getByText(t('admin:startRequests.empty')).waitFor();
  await ctx.markDocument(adminPage);
  await client.goto(`${baseUrl}/contests/${contest.id}/entries`);
  await statusShows(ctx, client, 1);
  await ctx.markDocument(client);

  // The subscriber asks to start it now; the request appears on the admin's page live.
  await api('PUT', `/contests/${contest.id}/requests`, { token: holder, body: { approval_status_id: 1 } });
  const row = adminPage.getByRole('row').filter({ hasText: 'Saltmarsh Tea House' });
  await row.waitFor();
  await ctx.assertSameDocument(adminPage, 'the request');
  await shot(adminPage, 'admin-start-requests');
  await row.getByRole('button', { name: t('admin:startRequests.approve'), exact: true }).click();
  const dialog = adminPage.getByRole('dialog', { name: t('admin:startRequests.approveTitle', { title: 'Saltmarsh Tea House' }) });
  await dialog.getByRole('button', { name: t('admin:startRequests.approve'), exact: true }).click();
  await adminPage.getByText(t('admin:startRequests.empty')).waitFor();

  // The client's contest turns Active without a reload.
  await statusShows(ctx, client, 2);
  await ctx.assertSameDocument(client, 'the approval');
  await shot(client, 'client-contest-active');
  log(`start request for contest ${contest.id} approved; the client saw it go Active`);
  await adminPage.context().close();
}

export default {
  name: 'contest-end',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 300_000,
  async run(ctx) {
    const people = {
      client: await ctx.open('client', { as: 'demo-client' }),
      designer: await ctx.open('designer', { as: 'demo-gold' }),
    };
    await delivery(ctx, people);
    await featured(ctx, people);
    await startRequest(ctx, people);
  },
};
