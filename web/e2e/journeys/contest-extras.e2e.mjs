// The contest extras of issue 21, as demo-client (whose seeded card pays at once):
// 1. login by guid: the client asks for a sign-in link on the login page, opens the e-mailed
//    /login/{guid} and is signed in; the same link a second time is refused, said plainly;
// 2. extending the running contest: the client picks days, sees the price, pays with the saved
//    card, and a gold designer's open contest page shows the later deadline without a reload;
// 3. an additional design: on the contest being decided, the client buys a design besides the
//    winner's through the same payment panel, in a dialog over the entry;
// 4. a quick-start chat's tracker id opens the launch brief that continues it;
// 5. the owner edits a live project's brief at projects/launch/{id}/edit; a designer is sent away;
// 6. 'Add To Unlimited Queue' keeps the brief through the subscription purchase, then queues it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The newest mail to `address` in the server's outbox (SQLite in the data folder). */
function lastMailTo(ctx, address) {
  const db = join(ctx.server.dataDir, 'vitrine.db');
  const sql = `SELECT body FROM mail_outbox WHERE to_address = '${address.replace(/'/g, "''")}' ORDER BY id DESC LIMIT 1;`;
  return execFileSync('sqlite3', [db, sql], { encoding: 'utf8' });
}

function contestIdByTitle(ctx, title) {
  const db = join(ctx.server.dataDir, 'vitrine.db');
  const id = Number(execFileSync('sqlite3', [db, `SELECT id FROM contest WHERE title = '${title}';`], { encoding: 'utf8' }).trim());
  if (!id) throw new Error(`no seeded contest "${title}"`);
  return id;
}

export default {
  name: 'contest-extras',
  variants: ['en'],
  timeoutMs: 180_000,
  async run(ctx) {
    const { baseUrl, log, shot, t } = ctx;

    // 1. Login by guid.
    const client = await ctx.open('client');
    await client.goto(`${baseUrl}/login`);
    await client.getByRole('button', { name: t('auth:guid.withoutPassword') }).click();
    await client.getByLabel(t('auth:guid.email'), { exact: true }).fill('demo-client@vitrine.local');
    await client.getByRole('button', { name: t('auth:guid.send') }).click();
    await client.getByText(t('auth:guid.sent', { email: 'demo-client@vitrine.local' })).waitFor();
    await shot(client, 'sign-in-link-sent');
    const link = lastMailTo(ctx, 'demo-client@vitrine.local').match(/https?:\/\/\S+\/login\/[0-9a-f]+/)?.[0];
    if (!link) throw new Error('no sign-in link was mailed');
    await client.goto(link);
    await client.waitForURL(/\/dashboard/);
    await client.getByText(t('auth:login.welcomeBack', { name: 'Cleo Client' })).waitFor();
    await shot(client, 'signed-in-by-guid');
    log('signed in by an e-mailed guid');
    const second = await ctx.open('second-tab');
    await second.goto(link);
    await second.getByText(t('auth:guid.errors.used')).waitFor();
    await shot(second, 'guid-used-twice');
    await second.context().close();

    // 2. Extending the running contest, watched by a gold designer.
    const runningId = contestIdByTitle(ctx, 'Lighthouse Bakery');
    const designer = await ctx.open('designer', { as: 'demo-gold' });
    await designer.goto(`${baseUrl}/contests/${runningId}/entries`);
    const deadline = designer.getByTestId('deadline');
    await deadline.waitFor();
    const before = await deadline.textContent();
    await ctx.markDocument(designer);
    await shot(designer, 'designer-before-extension');

    await client.goto(`${baseUrl}/contests/${runningId}/entries`);
    await client.getByRole('link', { name: t('contests:page.extendOrBoost') }).click();
    const extend = client.getByTestId('extras-extend');
    await extend.waitFor();
    const closesBefore = await extend.getByTestId('extend-deadline').textContent();
    await extend.getByLabel(t('contest-options:extendBy')).selectOption('3');
    const pay = extend.getByTestId('pay-panel');
    // The seeded card is preselected and asks for no CVC: $10 a day, three days.
    await pay.locator('[data-testid=pay-button]:not([disabled])').filter({ hasText: '$30' }).waitFor();
    await shot(client, 'extend-priced');
    await pay.getByTestId('pay-button').click();
    await client.getByText(t('contest-options:paidExtra')).first().waitFor();
    await extend.getByTestId('extend-deadline').filter({ hasNotText: closesBefore ?? '' }).waitFor();
    await shot(client, 'extended');
    await deadline.filter({ hasNotText: before ?? '' }).waitFor();
    await ctx.assertSameDocument(designer, 'the deadline moved');
    log(`the designer's deadline went from "${before}" to "${await deadline.textContent()}" live`);
    await shot(designer, 'designer-after-extension');

    // 3. An additional design on the contest being decided.
    const decidingId = contestIdByTitle(ctx, 'Trailhead Outfitters');
    const { data: entries } = await ctx.api('GET', `/contests/${decidingId}/entries`, {
      token: await ctx.server.token('demo-client'),
    });
    const other = entries.find((entry) => entry.is_winner !== 1);
    await client.goto(`${baseUrl}/contests/${decidingId}/entries/${other.id}`);
    const entryDialog = client.getByRole('dialog', { name: new RegExp(`#${other.number}`) });
    await entryDialog.locator('img').first().waitFor();
    await entryDialog.getByRole('button', { name: new RegExp(t('contests:additional.button')) }).click();
    const buy = client.getByRole('dialog', { name: t('contests:additional.title', { number: other.number }) });
    await buy.locator('[data-testid=pay-button]:not([disabled])').filter({ hasText: '$100' }).waitFor();
    await shot(client, 'additional-design-pay');
    await buy.getByTestId('pay-button').click();
    await client.getByTestId('design-purchased').waitFor();
    await shot(client, 'additional-design-bought');
    const { data: bought } = await ctx.api('GET', `/contests/additional-entries?filter[contest_id]=${decidingId}`, {
      token: await ctx.server.token('demo-client'),
    });
    if (bought[0]?.status_id !== 2) throw new Error(`the purchase is not paid: ${JSON.stringify(bought)}`);
    log(`entry #${other.number} bought as an additional design`);

    // 4. A quick-start chat leads to the launch brief with its tracker id.
    const { data: chat } = await ctx.api('POST', '/quick-chat-contests', {
      body: { email: 'demo-client@vitrine.local', contest_type_id: 1 },
    });
    await client.goto(`${baseUrl}/contests/${chat.launch_brief_slug}/launch?trackerId=${chat.tracker_id}`);
    await client.getByTestId('quick-chat').getByText(t('launch-brief:quickChat', { email: chat.email })).waitFor();
    await shot(client, 'quick-start-chat-brief');

    // 5. The owner edits a live project's brief (its timeline); a designer may not.
    const db = join(ctx.server.dataDir, 'vitrine.db');
    const projectId = Number(execFileSync('sqlite3', [db, "SELECT id FROM project WHERE status_id = 1 ORDER BY id LIMIT 1;"], { encoding: 'utf8' }).trim());
    await designer.goto(`${baseUrl}/projects/launch/${projectId}/edit`);
    await designer.waitForURL(/\/dashboard/);
    await client.goto(`${baseUrl}/projects/launch/${projectId}/edit`);
    const edit = client.getByTestId('brief-edit');
    await edit.getByRole('heading', { name: t('projects:edit.title') }).waitFor();
    await edit.getByText(t('projects:timeline.days30')).click();
    await shot(client, 'project-brief-edit');
    await edit.getByRole('button', { name: t('projects:edit.update') }).click();
    await client.waitForURL(/\/dashboard/);
    await client.getByText(t('projects:edit.updated')).waitFor();
    const { data: brief } = await ctx.api('GET', `/projects/${projectId}/briefs`, { token: await ctx.server.token('demo-client') });
    if (brief.timeline !== 30) throw new Error(`the edited timeline is ${brief.timeline}, not 30`);
    log('the project brief was edited by its owner');

    // 6. 'Add To Unlimited Queue' without the subscription: the brief waits through the purchase
    //    of unlimited contests (the seeded card) and is queued afterwards.
    await client.goto(`${baseUrl}/projects/launch`);
    await client.getByLabel(t('projects:launch.category')).selectOption({ label: 'Logo & Brand Identity' });
    await client.getByLabel(t('projects:launch.subCategory')).selectOption({ label: 'Logo Design' });
    await client.getByLabel(t('projects:launch.service')).selectOption({ label: 'New Logo' });
    await client.getByTestId('service-panel').waitFor();
    await client.getByLabel(/Give your project a title/).fill('Harbour Roasters queue');
    await client.getByLabel(/Describe what you need/).fill('A second mark for the roastery, when the designers have time.');
    await client.getByText(t('projects:timeline.days14')).click();
    await client.getByRole('button', { name: t('projects:launch.queue') }).click();
    await client.waitForURL(/\/subscriptions/);
    await client.getByTestId('queued-brief').waitFor();
    await client.getByRole('button', { name: t('subscriptions:purchase') }).first().click();
    const subscribe = client.getByTestId('pay-panel');
    await subscribe.locator('[data-testid=pay-button]:not([disabled])').waitFor();
    await shot(client, 'queue-brief-waits-for-subscription');
    await subscribe.getByTestId('pay-button').click();
    await client.waitForURL(/\/projects\/all-projects/);
    await client.getByText(t('projects:queue.added')).waitFor();
    await shot(client, 'queued-after-subscribing');
    const { data: mine } = await ctx.api('GET', '/projects', { token: await ctx.server.token('demo-client') });
    const queued = mine.find((p) => p.title === 'Harbour Roasters queue');
    if (!queued || !queued.is_subscription) throw new Error(`the brief was not queued: ${JSON.stringify(queued ?? null)}`);
    log('the brief waited through the subscription and was queued');
  },
};
