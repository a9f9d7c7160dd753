// Direct messages and the design court, live in several browsers at once.
//
// Messages: a client opens a silver designer's profile and writes from it (MESSAGE opens the
// conversation in a new tab); the designer, on /messages, sees the unread count rise and the
// message arrive, opens it and types while the client sees the typing indicator, then answers;
// nobody reloads. A bronze designer who tries to start a conversation is told why not.
//
// Court: an admin watches the court board; a designer reports an entry (over REST: the contest
// page's report button is another issue's) and it appears; two gold designers vote in their own
// browsers and the admin sees both votes arrive; the admin judges; a late vote is refused with
// the spec's message; the reported designer's notifications page shows the judgment.
import { tinyPng } from '../png.mjs';

const REASON = 'Same anchor mark as entry by demo-silver, only recoloured.';

async function me(ctx, token) {
  const { data } = await ctx.api('GET', '/oauth/users', { token });
  return data;
}

/** A designer's entry with a picture, submitted to a running contest over REST. */
async function submitEntry(ctx, token, contestId, name) {
  const form = new FormData();
  form.append('file_category_id', '5'); // a contest entry's main image
  form.append('files[]', new Blob([tinyPng(320, 320)], { type: 'image/png' }), name);
  const uploaded = await fetch(`${ctx.baseUrl}/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`upload refused: ${uploaded.status} ${await uploaded.text()}`);
  const { data: files } = await uploaded.json();
  const { data: entry } = await ctx.api('POST', `/contests/${contestId}/entries`, {
    token,
    body: { main_file_id: files[0].id, title: name },
  });
  return entry;
}

async function messages(ctx, people) {
  const { baseUrl, t, shot, log } = ctx;
  const client = await ctx.open('client', { as: 'demo-client' });
  const silver = await ctx.open('silver', { as: 'demo-silver' });
  const bronze = await ctx.open('bronze', { as: 'demo-bronze' });

  // The designer waits on the messages page; the seeded conversation has unread messages.
  await silver.goto(`${baseUrl}/messages`);
  await silver.getByTestId('conversation').first().waitFor();
  const before = Number((await silver.getByTestId('messages-badge').textContent()) ?? '0');
  await ctx.markDocument(silver);
  await shot(silver, 'silver-messages-before');

  // The client writes from the designer's profile: MESSAGE opens the conversation in a new tab.
  await client.goto(`${baseUrl}/designers/${people.silver.id}`);
  await client.getByTestId('profile-level').waitFor();
  await shot(client, 'client-designer-profile');
  const [conversation] = await Promise.all([
    client.context().waitForEvent('page'),
    client.getByRole('button', { name: t('profiles:actions.message') }).click(),
  ]);
  conversation.label = 'client conversation';
  await conversation.getByTestId('thread').waitFor();
  await ctx.markDocument(conversation);
  const text = 'Hello Sil, could you look at my new bakery brief?';
  await conversation.getByRole('textbox', { name: t('messages:placeholder') }).fill(`   ${text}   `);
  await conversation.getByRole('button', { name: t('messages:send'), exact: true }).click();
  await conversation.getByText(t('messages:sent')).waitFor();
  await shot(conversation, 'client-sent');

  // The designer sees the count rise and the conversation flagged, without a reload.
  await silver.getByTestId('messages-badge').filter({ hasText: String(before + 1) }).waitFor();
  // The conversation counts what the header counts: the seeded unread messages and this one.
  await silver.getByTestId('conversation-unread').filter({ hasText: String(before + 1) }).waitFor();
  await ctx.assertSameDocument(silver, 'the message arrived');
  await shot(silver, 'silver-unread-count');
  // A last message wider than its row is cut by CSS with an ellipsis, never mid-word without one:
  // the row holds the whole text, on one line that hides what overflows behind "…".
  const last = await silver
    .getByTestId('conversation')
    .filter({ hasText: 'Cleo Client' })
    .getByTestId('conversation-last')
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        text: element.textContent ?? '',
        ellipsis: style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && style.overflow === 'hidden',
        cut: element.scrollWidth > element.clientWidth,
      };
    });
  if (!last.text.endsWith(text) || !last.ellipsis) {
    throw new Error(`the conversation's last message is not the whole text cut with an ellipsis: ${JSON.stringify(last)}`);
  }
  log(`the conversation's last message ${last.cut ? 'is cut with an ellipsis' : 'fits its row'}`);
  await silver.getByTestId('conversation').filter({ hasText: 'Cleo Client' }).click();
  await silver.getByTestId('message').filter({ hasText: text }).waitFor();

  // The designer types; the client sees it; then the answer arrives.
  await silver.getByRole('textbox', { name: t('messages:placeholder') }).pressSequentially('Sure, send it', { delay: 20 });
  await conversation.getByTestId('typing').filter({ hasText: t('messages:typing', { name: 'Sil Silver' }) }).waitFor();
  await shot(conversation, 'client-sees-typing');
  await silver.getByRole('textbox', { name: t('messages:placeholder') }).press('Enter');
  await conversation.getByTestId('message').filter({ hasText: 'Sure, send it' }).waitFor();
  await ctx.assertSameDocument(conversation, 'the answer arrived');
  await ctx.assertSameDocument(silver, 'the answer was sent');
  await shot(silver, 'silver-replied');
  await shot(conversation, 'client-got-reply');
  log('message, unread count, typing and reply all arrived live');

  // A bronze designer may not start a conversation, and is told why before trying.
  await bronze.goto(`${baseUrl}/messages?sendMessageTo=${people.client.id}`);
  await bronze.getByTestId('bronze-rule').filter({ hasText: t('messages:bronzeRule') }).waitFor();
  if (await bronze.getByRole('button', { name: t('messages:send'), exact: true }).isEnabled()) {
    throw new Error('a bronze designer can press Send in a conversation they may not start');
  }
  await shot(bronze, 'bronze-told-why');
  await Promise.all([client.close(), silver.close(), conversation.close(), bronze.close()]);
}

async function court(ctx, tokens) {
  const { baseUrl, t, shot, log } = ctx;
  const { data: active } = await ctx.api('GET', '/contests/active', { token: tokens.client });
  const contest = active.find((candidate) => candidate.title === 'Seaside Bakery Logo');
  if (!contest) throw new Error('the seeded court contest is missing');
  const original = await submitEntry(ctx, tokens.silver, contest.id, 'anchor-original.png');
  const copy = await submitEntry(ctx, tokens.bronze, contest.id, 'anchor-copy.png');

  const admin = await ctx.open('admin', { as: 'demo-admin' });
  const gold = await ctx.open('gold', { as: 'demo-gold' });
  const gold2 = await ctx.open('gold-2', { as: 'demo-gold-2' });
  await admin.goto(`${baseUrl}/design-court`);
  await admin.getByTestId('open-count').waitFor();
  await ctx.markDocument(admin);
  await gold.goto(`${baseUrl}/design-court`);
  await gold2.goto(`${baseUrl}/design-court`);
  await gold2.getByTestId('report').first().waitFor();

  // A designer reports the copy; it reaches the admin's board live.
  await ctx.api('POST', `/contests/${contest.id}/entries/${copy.id}/reports`, {
    token: tokens.silver,
    body: { reason: REASON, copied_entry_id: original.id },
  });
  const onBoard = admin.getByTestId('report').filter({ hasText: REASON });
  await onBoard.waitFor();
  await onBoard.getByRole('img').first().waitFor();
  await shot(admin, 'admin-board-reported');

  // Two gold designers vote in their own browsers; the admin sees both arrive.
  const goldCard = gold.getByTestId('report').filter({ hasText: REASON });
  await goldCard.getByRole('button', { name: t('court:voteCopied'), exact: true }).click();
  await goldCard.getByTestId('my-vote').waitFor();
  await onBoard.locator('[data-testid=tally][data-copied="1"]').waitFor();
  await admin.getByTestId('vote-arrival').first().waitFor();
  await shot(gold, 'gold-voted');
  const gold2Card = gold2.getByTestId('report').filter({ hasText: REASON });
  await gold2Card.locator('[data-testid=tally][data-copied="1"]').waitFor();
  await gold2Card.getByRole('button', { name: t('court:voteNotCopied'), exact: true }).click();
  await onBoard.locator('[data-testid=tally][data-copied="1"][data-not-copied="1"]').waitFor();
  await admin.getByTestId('vote-arrival').nth(1).waitFor();
  await ctx.assertSameDocument(admin, 'both votes arrived');
  await shot(admin, 'admin-board-two-votes');
  log('both votes reached the admin board live');

  // The reported designer has the notifications page open (through the bell's "See all").
  const bronze = await ctx.open('bronze', { as: 'demo-bronze' });
  await bronze.goto(`${baseUrl}/dashboard`);
  await bronze.getByRole('button', { name: new RegExp(`^${t('notifications:bell.title')}`) }).click();
  await bronze.getByRole('link', { name: t('notifications:bell.seeAll') }).click();
  await bronze.getByRole('heading', { name: t('notifications:title') }).waitFor();
  await ctx.markDocument(bronze);

  // The admin judges in one click; everyone watching sees the case closed.
  await onBoard.getByRole('button', { name: t('court:judgeCopied') }).click();
  await onBoard.getByTestId('report-status').filter({ hasText: t('court:statuses.2') }).waitFor();
  await gold2Card.getByTestId('report-status').filter({ hasText: t('court:statuses.2') }).waitFor();
  await shot(admin, 'admin-judged');

  // A late vote is refused with the spec's message: over REST, and in the browser on the seeded
  // case (judged too) by the juror who had not voted on it.
  const [{ id: reportId }] = (
    await ctx.api('GET', '/contest-entry-reports?filter[status]=2', { token: tokens.admin })
  ).data.filter((report) => report.reason === REASON);
  try {
    await ctx.api('POST', `/contest-entry-reports/${reportId}/actions/votes`, { token: tokens.gold, body: { vote: 2 } });
    throw new Error('a late vote was accepted');
  } catch (error) {
    if (error.body?.error?.message !== 'Voting unsuccessful as judgement is already made') throw error;
  }
  const seeded = admin.getByTestId('report').filter({ hasNotText: REASON }).first();
  await seeded.getByRole('button', { name: t('court:judgeNotCopied') }).click();
  const lateCard = gold2.getByTestId('report').filter({ hasNotText: REASON }).first();
  await lateCard.getByTestId('report-status').filter({ hasText: t('court:statuses.3') }).waitFor();
  await lateCard.getByRole('button', { name: t('court:voteCopied'), exact: true }).click();
  await gold2.getByText(t('court:errors.court_judgement_made')).waitFor();
  await shot(gold2, 'late-vote-refused');

  // The judgment reached the reported designer's notifications page live, on top; opening it
  // leads to the entry in a new tab and marks it read.
  // Worded by the client from the notification's key and values, in the journey's language.
  const judgedText = t('notifications:texts.court.eliminated_yours', { number: copy.number, contest: contest.title });
  const judged = bronze.getByTestId('notification').first();
  await judged.filter({ hasText: t('notifications:types.court') }).filter({ hasText: judgedText }).waitFor();
  await ctx.assertSameDocument(bronze, 'the judgment was notified');
  await shot(bronze, 'bronze-notified');
  const [entryTab] = await Promise.all([
    bronze.context().waitForEvent('page'),
    judged.getByText(judgedText).click(),
  ]);
  await entryTab.waitForURL(`**/contests/${contest.id}/entries/${copy.id}`);
  await bronze.getByText(t('notifications:marked')).waitFor();
  await shot(bronze, 'bronze-notification-read');
  await entryTab.close();

  // A silver designer does not sit on the court and is told why.
  const silver = await ctx.open('silver', { as: 'demo-silver' });
  await silver.goto(`${baseUrl}/design-court`);
  await silver.getByTestId('why').filter({ hasText: t('court:why.notGold') }).waitFor();
  await shot(silver, 'silver-court-closed');
}

export default {
  name: 'social',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 240_000,
  async run(ctx) {
    const tokens = {};
    const people = {};
    for (const [key, username] of Object.entries({
      client: 'demo-client',
      silver: 'demo-silver',
      bronze: 'demo-bronze',
      gold: 'demo-gold',
      admin: 'demo-admin',
    })) {
      tokens[key] = await ctx.token(username);
      people[key] = await me(ctx, tokens[key]);
    }
    await messages(ctx, people);
    await court(ctx, tokens);
  },
};
