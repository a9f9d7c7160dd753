// After the launch: a gold designer reads the brief of demo-client's running contest and enters
// it; the client sees the entry arrive, awards it; an admin verifies; the designer uploads the
// final files; the client downloads them ('Contest Complete'); the admin credits the designer.
// Three browser contexts, each seeing every status change live (no reload).
//
// A step of the whole contest journey (journeys/contest.e2e.mjs), and of contest-award.e2e.mjs on a
// contest set up over REST.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { tinyPng } from '../png.mjs';

/** A spec message as the page shows it: in the interface language, or as the spec words it. */
function specMessage(t, text) {
  const escape = (value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(text)}|${escape(t(`spec-messages:${text}`))}`);
}

/** Waits until the page's status pill reads status `id` in the page's language. */
async function statusShows(ctx, page, id) {
  await page.getByTestId('contest-status').filter({ hasText: ctx.t(`contests:status.${id}`) }).waitFor();
}

/**
 * The designer, the client (an open page of demo-client, or a new one) and an admin take the
 * running contest `contestId` from an entry to a credited, delivered contest.
 */
export async function enterAwardDeliver(ctx, { contestId, client: clientPage, briefPictures = true } = {}) {
  const { baseUrl, shot, t, log } = ctx;
  const contestUrl = `${baseUrl}/contests/${contestId}/entries`;
  const entryImage = join(ctx.server.dataDir, 'award-entry.png');
  const artwork = join(ctx.server.dataDir, 'final-logo.png');
  writeFileSync(entryImage, tinyPng(240, 240));
  writeFileSync(artwork, tinyPng(480, 480));

  const client = clientPage ?? (await ctx.open('client', { as: 'demo-client' }));
  const designer = await ctx.open('designer', { as: 'demo-gold' });
  const admin = await ctx.open('admin', { as: 'demo-admin' });

  for (const page of [client, admin]) {
    await page.goto(contestUrl);
    await statusShows(ctx, page, 2);
    await ctx.markDocument(page);
  }

  // The designer reads the brief (unfolded for designers), then enters.
  await designer.goto(contestUrl);
  const brief = designer.getByTestId('design-brief');
  await brief.getByText(t('contests:brief.title')).waitFor();
  if ((await brief.locator('dd').count()) === 0) throw new Error('the designer sees an empty brief');
  if (briefPictures) await brief.locator('img').first().waitFor(); // the image-checkbox answer, as pictures
  await ctx.markDocument(designer);
  await shot(designer, 'designer-reads-brief');
  const before = await client.getByTestId('entry-card').count();
  await designer.locator('input[type=file]').setInputFiles(entryImage);
  const submitted = designer.waitForResponse(
    (response) => response.url().endsWith(`/contests/${contestId}/entries`) && response.request().method() === 'POST',
  );
  await designer.getByRole('button', { name: t('contests:submit.button') }).click();
  const response = await submitted;
  if (response.status() !== 201) throw new Error(`the entry was refused: ${response.status()} ${await response.text()}`);
  const entry = (await response.json()).data;

  // The client and the admin see it arrive without a reload.
  for (const page of [client, admin]) {
    await page.locator(`[data-testid=entry-card][data-entry-id="${entry.id}"]`).waitFor();
    await ctx.assertSameDocument(page, 'the entry arrived');
  }
  if ((await client.getByTestId('entry-card').count()) !== before + 1) throw new Error('the entry did not land once');
  await shot(client, 'client-sees-entry');

  // The designer sends a second version of it.
  await designer.locator(`[data-testid=entry-card][data-entry-id="${entry.id}"] a`).click();
  await designer.getByTestId('version-input').setInputFiles(artwork);
  await designer.getByRole('button', { name: t('contests:versions.upload') }).click();
  await designer.getByRole('dialog').getByText(t('contests:versions.label', { version: 2 })).waitFor();
  await shot(designer, 'designer-new-version');
  await designer.keyboard.press('Escape');

  // The admin reports it: first as a copy of itself (refused), then as it is; a second report
  // is refused too. (The court judges reports; here only the dialog's answers matter.)
  await admin.locator(`[data-testid=entry-card][data-entry-id="${entry.id}"] a`).click();
  await admin.getByRole('button', { name: t('contests:report.button') }).click();
  const report = admin.getByRole('form', { name: t('contests:report.title', { number: entry.number }) });
  await report.locator('textarea').fill('The lettering looks traced from another brand.');
  await report.locator('select').selectOption(String(entry.id));
  await report.getByRole('button', { name: t('contests:report.send') }).click();
  await report.getByText(specMessage(t, 'Copy entry is same as report entry')).waitFor();
  await shot(admin, 'admin-report-refused');
  await report.locator('select').selectOption('');
  await report.getByRole('button', { name: t('contests:report.send') }).click();
  await report.waitFor({ state: 'detached' });
  await admin.getByRole('button', { name: t('contests:report.button') }).click();
  await report.locator('textarea').fill('Again.');
  await report.getByRole('button', { name: t('contests:report.send') }).click();
  await report.getByText(specMessage(t, 'This entry has already been reported')).waitFor();
  await admin.keyboard.press('Escape');

  // The client likes it, and after a reload the heart is still theirs; the likers list marks them.
  await client.locator(`[data-testid=entry-card][data-entry-id="${entry.id}"] a`).click();
  const dialog = client.getByRole('dialog');
  // The heart's name in the interface language, without its count ("Like (1 likes)").
  const heart = (key) => new RegExp(`^${t(`components:like.${key}`, { count: 0 }).split(' (')[0]}`);
  await dialog.getByRole('button', { name: heart('like') }).click();
  await dialog.getByRole('button', { name: heart('unlike') }).waitFor();
  await client.reload();
  await client.getByRole('dialog').getByText(t('contests:versions.label', { version: 2 })).waitFor();
  await client.getByRole('dialog').getByRole('button', { name: heart('unlike') }).waitFor();
  await client.getByRole('dialog').getByRole('button', { name: heart('unlike') }).hover();
  await client.getByTestId('likers').getByText(t('components:likers.holder')).waitFor();
  await shot(client, 'client-likers');
  await ctx.markDocument(client);

  // The client awards it.
  await client.getByRole('button', { name: t('contests:award.button') }).click();
  await shot(client, 'client-confirms-award');
  await client.getByRole('button', { name: t('contests:award.yes') }).click();
  await statusShows(ctx, client, 5);
  // The holder is asked at once to rate the winner and answer the feedback questions.
  const feedback = client.getByTestId('feedback-dialog');
  await feedback.waitFor();
  const stars = (count) => ({ name: t('components:rating.stars_other', { count }) });
  await feedback.getByTestId('rate-winner').getByRole('radio', stars(5)).click();
  await feedback.getByRole('radiogroup').nth(1).getByRole('radio', stars(4)).click();
  await shot(client, 'client-rates-winner');
  await client.getByRole('button', { name: t('feedback:send') }).click();
  await client.getByText(t('feedback:sent')).waitFor();
  await feedback.waitFor({ state: 'detached' });
  const answered = await ctx.api('GET', '/admin/clients-feedback', { token: await ctx.token('demo-admin') });
  if (!answered.data.some((row) => row.contest_id === contestId && row.question_id === 1 && row.rating === 4)) {
    throw new Error('the feedback answer is not stored');
  }
  // Ratings are private to the holder: read it as the holder (demo-client or a new client).
  const holder = await client.evaluate(() => window.localStorage.getItem('vitrine.access_token'));
  const rated = await ctx.api('GET', `/contests/${contestId}/entries/${entry.id}`, { token: holder });
  if (rated.data.rating !== 5) throw new Error(`the winner is rated ${rated.data.rating}, not 5`);
  log('the holder rated the winner 5 stars and answered the feedback questions');
  await client.keyboard.press('Escape');
  await client.getByTestId('delivery-step-awaitVerification').waitFor();
  for (const page of [designer, admin]) {
    await statusShows(ctx, page, 5);
    await ctx.assertSameDocument(page, 'the award');
  }
  await designer.getByTestId('delivery-step-awaitVerification').waitFor();
  await shot(designer, 'designer-won');
  log('awarded; every context saw status 5 live');

  // The admin verifies: the winner's 48 hours start.
  await admin.getByRole('button', { name: t('contests:delivery.verify') }).click();
  for (const page of [admin, client, designer]) await statusShows(ctx, page, 7);
  await ctx.assertSameDocument(client, 'the verification');
  await ctx.assertSameDocument(designer, 'the verification');
  await client.getByTestId('delivery-step-awaitDelivery').waitFor();
  await shot(designer, 'designer-may-upload');

  // The designer uploads the final files; the contest is complete for the client.
  await designer.getByTestId('artwork-input').setInputFiles(artwork);
  await designer.getByRole('button', { name: t('contests:delivery.upload') }).click();
  await designer.getByTestId('delivery-step-delivered').waitFor();
  await shot(designer, 'designer-delivered');
  for (const page of [client, admin]) {
    await statusShows(ctx, page, 8);
    await ctx.assertSameDocument(page, 'the delivery');
  }
  await client.getByTestId('delivery-step-download').getByText(t('contests:delivery.readyToDownload')).waitFor();
  await shot(client, 'client-contest-complete');
  const downloading = client.waitForEvent('download');
  await client.getByRole('button', { name: t('contests:delivery.download') }).first().click();
  const download = await downloading;
  const saved = join(ctx.server.dataDir, 'downloaded-artwork');
  await download.saveAs(saved);
  if (!readFileSync(saved).equals(readFileSync(artwork))) throw new Error('the downloaded file is not the artwork');
  log(`the client downloaded ${download.suggestedFilename()}`);

  // The admin credits the designer.
  await admin.getByTestId('delivery-step-credit').waitFor();
  await shot(admin, 'admin-credits');
  await admin.getByRole('button', { name: t('contests:delivery.credit') }).click();
  for (const page of [admin, client, designer]) await statusShows(ctx, page, 9);
  await ctx.assertSameDocument(client, 'the credit');
  await ctx.assertSameDocument(designer, 'the credit');
  await designer.getByTestId('delivery-step-completed').waitFor();
  await shot(designer, 'designer-credited');
  await shot(client, 'client-completed');
}
