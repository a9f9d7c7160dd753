// A client watches its running contest; a bronze designer submits an entry in a second context;
// the entry and the bell's badge reach the client's open page without a reload.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { runningContest } from '../lib/contests.mjs';
import { tinyPng } from '../png.mjs';

export default {
  name: 'live-entry',
  variants: ['en', 'mobile'],
  async run(ctx) {
    const { baseUrl, log, shot } = ctx;
    const contestId = await runningContest(ctx);
    log(`contest ${contestId} is running`);
    const imagePath = join(ctx.server.dataDir, 'entry.png');
    writeFileSync(imagePath, tinyPng(240, 240));

    const client = await ctx.open('client', { as: 'demo-client' });
    const designer = await ctx.open('designer', { as: 'demo-bronze' });

    // The client opens its contest page.
    await client.goto(`${baseUrl}/contests/${contestId}/entries`);
    await client.getByText('No entries yet.').waitFor();
    await client.getByTestId('presence').getByText('1 watching').waitFor();
    if ((await client.getByTestId('bell-badge').count()) !== 0) {
      throw new Error('the client has unread notifications before the entry');
    }
    await ctx.markDocument(client);
    await shot(client, 'client-before');

    // The designer opens the same contest and submits an entry.
    await designer.goto(`${baseUrl}/contests/${contestId}/entries`);
    const limit = await designer.getByTestId('entry-limit').textContent();
    if (!limit?.includes('up to 3 entries')) throw new Error(`the bronze limit is not explained: "${limit}"`);
    await client.getByTestId('presence').getByText('2 watching').waitFor();
    await designer.locator('input[type=file]').setInputFiles(imagePath);
    await shot(designer, 'designer-before-submit');
    const submitted = designer.waitForResponse(
      (response) => response.url().endsWith(`/contests/${contestId}/entries`) && response.request().method() === 'POST',
    );
    await designer.getByRole('button', { name: 'Submit Entry' }).click();
    const response = await submitted;
    if (response.status() !== 201) throw new Error(`the entry was refused: ${response.status()} ${await response.text()}`);
    const submittedAt = Date.now();

    // The client sees it without reloading, and the bell rises. (How fast is the load
    // harness's business; this only logs it.)
    await client.getByTestId('entry-card').first().waitFor();
    const entryMs = Date.now() - submittedAt;
    await client.getByTestId('bell-badge').filter({ hasText: '1' }).waitFor();
    await ctx.assertSameDocument(client, 'the entry arrived');
    const total = await client.getByTestId('entry-total').textContent();
    if (total !== '1 entry') throw new Error(`the entry count reads "${total}"`);
    log(`the client saw the entry ${entryMs} ms after the designer's submit answered, without a reload`);
    await designer.getByText('Your entry has been submitted!').waitFor();
    await shot(designer, 'designer-after-submit');
    await client.locator('[data-testid=entry-card] img').first().waitFor();
    await shot(client, 'client-after');
    if (ctx.isMobile) {
      // The contest page and the entry detail at 390 px: nothing scrolls sideways.
      const wide = () => client.evaluate(() => document.documentElement.scrollWidth);
      if ((await wide()) > 390) throw new Error(`the contest page is ${await wide()} px wide at 390 px`);
      await client.locator('[data-testid=entry-card] a').first().click();
      await client.waitForURL(/\/entries\/\d+$/);
      await client.getByRole('dialog').locator('img').first().waitFor();
      if ((await wide()) > 390) throw new Error(`the entry detail is ${await wide()} px wide at 390 px`);
      await shot(client, 'client-entry-detail');
      await client.goBack();
      await client.getByTestId('entry-card').first().waitFor();
    }
    await client.getByRole('button', { name: new RegExp(`^${ctx.t('notifications:bell.title')}`) }).click();
    await client.getByText(/submitted entry #1/).waitFor();
    await shot(client, 'client-bell');
    await designer.goto(`${baseUrl}/dashboard`);
    await designer.getByTestId('list-participating').getByText('Harbor Coffee Roasters').waitFor();
    await shot(designer, 'designer-dashboard');
    await client.goto(`${baseUrl}/dashboard`);
    await client.getByTestId('list-active').getByText('Harbor Coffee Roasters').waitFor();
    await shot(client, 'client-dashboard');
  },
};
