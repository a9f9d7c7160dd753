// The end of a project, each side live: a project set up over REST (launched with a custom range
// that is already over, a bid approved by an admin, so its timeline runs out at once) is verified by
// an admin in the browser; the designer delivers the final files on the upload-artwork screen; the
// client reviews and accepts them; the admin credits it from the credit list, and a second admin tab
// on Outgoing Transactions sees the designer's payout arrive. Client, designer and admins never
// reload. Then a designer watching the open projects list is invited: the list and the bell rise
// live, and the notification opens the project where they can bid.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { textPattern } from '../lib/catalogue.mjs';
import { tinyPng } from '../png.mjs';

/** The New Logo service's brief over REST, for `token`'s client: answers the new project's id. */
async function launch(api, token, title, range) {
  const { data } = await api('POST', '/projects', {
    token,
    body: {
      project_category_id: 1,
      project_sub_category_id: 1,
      project_service_id: 1,
      is_subscription: 0,
      budget: 300,
      timeline: null,
      timeline_range_start: range[0],
      timeline_range_end: range[1],
      project_questions: [
        { id: 100, answer: title },
        { id: 101, answer: 'A lighthouse over a stack of books, for a harbour bookshop.' },
        { id: 103, answer_options: [10300] },
      ],
    },
  });
  return typeof data === 'number' ? data : data.id;
}

/** Waits until the page's project status pill reads status `id`. */
async function statusShows(ctx, page, id) {
  await page.getByTestId('project-status').filter({ hasText: ctx.t(`projects:status.${id}`) }).first().waitFor();
}

export default {
  name: 'project-end',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { baseUrl, t, shot, log, api, token } = ctx;
    const finalFile = join(ctx.server.dataDir, 'final-logo.png');
    writeFileSync(finalFile, tinyPng(400, 300));
    const [clientToken, goldToken, adminToken] = await Promise.all([token('demo-client'), token('demo-gold'), token('demo-admin')]);

    // Set up: a project whose custom range ended long ago, the gold designer's bid approved by an
    // admin. The approval wakes the timers and the timeline is over at once: unverified (3).
    const title = `Lighthouse Books logo ${ctx.variant}`;
    const projectId = await launch(api, clientToken, title, ['2001-01-01', '2001-01-02']);
    const { data: bid } = await api('POST', `/projects/${projectId}/bids`, {
      token: goldToken,
      body: { amount: 320, description: 'A lighthouse made of book spines, in two colours.' },
    });
    await api('POST', `/projects/${projectId}/approve/manually/${bid.id}`, { token: adminToken });
    log(`project ${projectId} assigned to demo-gold`);

    const client = await ctx.open('client', { as: 'demo-client' });
    const gold = await ctx.open('gold', { as: 'demo-gold' });
    const admin = await ctx.open('admin', { as: 'demo-admin' });
    const payouts = await ctx.open('admin-payouts', { as: 'demo-admin' });
    const workroom = `${baseUrl}/projects/${projectId}/projects-updates`;

    // 1. The designer follows the delivery link; the client waits in the workroom.
    await gold.goto(`${workroom}/upload-artwork`);
    await client.goto(workroom);
    for (const page of [client, gold]) {
      await page.getByTestId('delivery').getByText(t('projects:delivery.unverified')).waitFor();
      await ctx.markDocument(page);
    }
    await shot(gold, 'designer-unverified');

    // 2. The admin verifies it: the designer's 48 hours start, on both sides at once.
    await admin.goto(`${baseUrl}/admin/projects/verify`);
    const verifyRow = admin.getByTestId('projects-verify').locator('tr', { hasText: title });
    await verifyRow.getByRole('button', { name: t('admin:projects.verify') }).click();
    await admin.getByRole('dialog').getByRole('button', { name: t('admin:projects.verify') }).click();
    await admin.getByText(t('admin:projects.verified')).first().waitFor();
    const deliverForm = gold.getByTestId('deliver-form');
    await deliverForm.waitFor();
    await client.getByTestId('delivery-waiting').waitFor();
    await statusShows(ctx, client, 4);
    await shot(gold, 'designer-deliver-form');

    // The admins wait on the credit list and on the payouts owed.
    await admin.goto(`${baseUrl}/admin/projects/credit`);
    await admin.getByTestId('projects-credit').waitFor();
    await ctx.markDocument(admin);
    await payouts.goto(`${baseUrl}/admin/transactions/outgoing`);
    await payouts.getByTestId('payouts').waitFor();
    await ctx.markDocument(payouts);

    // 3. The designer uploads the final files and delivers them.
    const uploaded = gold.waitForResponse((r) => r.url().endsWith('/files') && r.request().method() === 'POST');
    await deliverForm.getByLabel(t('projects:delivery.files')).setInputFiles(finalFile);
    if ((await uploaded).status() !== 201) throw new Error('the final file was not uploaded');
    await deliverForm.getByTestId('deliver-files').getByText('final-logo.png').waitFor();
    await deliverForm.getByRole('button', { name: t('projects:delivery.deliver') }).click();
    await gold.getByText(t('projects:delivery.delivered')).first().waitFor();
    await gold.getByTestId('delivery-state').getByText(t('projects:delivery.awaitingAcceptance')).waitFor();

    // The client sees the files arrive and the credit list gains the project, both live.
    await client.getByTestId('delivery-state').getByText(t('projects:delivery.review')).waitFor();
    const artwork = client.getByTestId('artwork').locator('img');
    await artwork.waitFor();
    if (!(await artwork.evaluate((img) => img.complete && img.naturalWidth > 0))) throw new Error('the delivered image did not load');
    await statusShows(ctx, client, 5);
    const creditRow = admin.getByTestId('projects-credit').locator('tr', { hasText: title });
    await creditRow.getByText(t('admin:projects.notAccepted')).waitFor();
    await ctx.assertSameDocument(client, 'the delivery arrived');
    await ctx.assertSameDocument(admin, 'the credit list filled');
    await shot(client, 'client-review');
    await shot(admin, 'admin-credit-list');

    // 4. The client accepts the final files: the designer and the admin see it live.
    await client.getByRole('button', { name: t('projects:delivery.accept') }).click();
    await client.getByText(t('projects:delivery.acceptedToast')).first().waitFor();
    await gold.getByTestId('delivery-state').filter({ hasText: /\d/ }).waitFor();
    await creditRow.getByTestId('acceptance').filter({ hasNotText: t('admin:projects.notAccepted') }).waitFor();
    await ctx.assertSameDocument(gold, 'the acceptance arrived');
    await shot(gold, 'designer-accepted');

    // 5. The admin credits it: completed for both parties, and the payout is owed, live.
    await creditRow.getByRole('button', { name: t('admin:projects.credit') }).click();
    await admin.getByRole('dialog').getByRole('button', { name: t('admin:projects.credit') }).click();
    await admin.getByText(t('admin:projects.credited')).first().waitFor();
    for (const page of [client, gold]) {
      await page.getByTestId('delivery-state').getByText(t('projects:delivery.completed')).waitFor();
      await statusShows(ctx, page, 6);
      await ctx.assertSameDocument(page, 'the project was completed');
    }
    await client.getByTestId('project-feedback').waitFor();
    const owedLine = payouts.getByTestId('payouts').locator('tr', { hasText: title });
    await owedLine.getByText('$320.00').waitFor();
    await owedLine.getByText('demo-gold', { exact: true }).waitFor();
    await ctx.assertSameDocument(payouts, 'the payout arrived');
    await shot(client, 'client-completed');
    await shot(payouts, 'admin-payouts-owed');

    // 6. A designer on the open projects list is invited to a new project: the list and the bell
    // rise without a reload, and the notification opens the project where they bid.
    const silver = await ctx.open('silver', { as: 'demo-silver' });
    await silver.goto(`${baseUrl}/projects/unstarted-projects`);
    await silver.getByRole('heading', { name: t('projects:lists.unstarted-projects') }).waitFor();
    await silver.getByTestId('project-row').first().waitFor();
    await ctx.markDocument(silver);
    const invitedTitle = `Harbour Books sign ${ctx.variant}`;
    const day = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const invitedId = await launch(api, clientToken, invitedTitle, [day(2), day(9)]);
    const silverId = (await api('GET', '/oauth/users', { token: await token('demo-silver') })).data.id;
    await api('POST', `/projects/${invitedId}/invites`, { token: clientToken, body: { user_ids: [silverId] } });
    await silver.getByTestId('project-row').filter({ hasText: invitedTitle }).waitFor();
    await silver.getByTestId('bell-badge').waitFor();
    await ctx.assertSameDocument(silver, 'the invitation arrived');
    await shot(silver, 'designer-invited-list');
    await silver.getByRole('button', { name: new RegExp(`^${t('notifications:bell.title')}`) }).click();
    await silver.getByRole('button', { name: textPattern(t('notifications:texts.project.invited', { project: invitedTitle })) }).click();
    await silver.waitForURL((url) => url.pathname === '/projects/unstarted-projects' && url.searchParams.get('projectId') === String(invitedId));
    await silver.getByTestId('project-detail').getByText(invitedTitle).first().waitFor();
    await silver.getByTestId('bid-form').getByRole('button', { name: t('projects:bids.place') }).waitFor();
    await shot(silver, 'designer-can-bid');
  },
};
