// The admin console's tools that were API-only until #53. The admin extends a running contest
// for free from All Contests (both deadlines move by the days given), opens the client's
// contests from the Users page and finds that contest among the launched ones, and creates a
// coupon for the contest's type that the client can then redeem, and withdraws it, after which
// the client cannot. In English, Spanish and on a 390 px phone, where no page scrolls sideways.
import { runningContest } from '../lib/contests.mjs';

const DAY_MS = 86_400_000;

/** On the phone, the page must not scroll sideways: the admin tables scroll inside their frame. */
async function fits(ctx, page, what) {
  if (!ctx.isMobile) return;
  await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, undefined, { timeout: 3_000 }).catch(() => {});
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 390) throw new Error(`${what} is ${width} px wide on a 390 px screen`);
}

/** Whether the client may redeem `code` on contest type 1 (the launch's coupon check). */
async function redeemable(ctx, clientToken, code) {
  try {
    await ctx.api('GET', `/contests/types/1/coupons/${code}/exists`, { token: clientToken });
    return true;
  } catch (failure) {
    if (failure.status === 422 || failure.status === 404) return false;
    throw failure;
  }
}

export default {
  name: 'admin-tools',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 240_000,
  async run(ctx) {
    const { baseUrl, t, shot, api, log } = ctx;
    const contestId = await runningContest(ctx);
    const adminToken = await ctx.token('demo-admin');
    const clientToken = await ctx.token('demo-client');
    const { data: before } = await api('GET', `/contests/${contestId}`, { token: adminToken });
    log(`contest ${contestId} runs until ${before.submission_ends_at}`);
    const admin = await ctx.open('admin', { as: 'demo-admin' });

    // 1. All Contests: Manage, then extend the running contest by 3 days at no charge.
    await admin.goto(`${baseUrl}/admin/contests`);
    await admin.getByRole('heading', { name: t('admin:pages.allContests') }).waitFor();
    await admin.getByLabel(t('admin:filters.search'), { exact: true }).fill(before.title);
    const row = admin.getByTestId('contests-all').getByRole('row').filter({ hasText: `#${contestId} ` });
    await row.getByRole('button', { name: t('admin:contests.manage'), exact: true }).click();
    const tools = admin.getByRole('dialog', { name: t('admin:contests.manageTitle', { title: before.title }) });
    const extend = tools.getByRole('region', { name: t('admin:contests.extendTitle') });
    await extend.getByLabel(t('admin:contests.extendDays'), { exact: true }).fill('3');
    await shot(admin, 'extend-form');
    await extend.getByRole('button', { name: t('admin:contests.extendFree'), exact: true }).click();
    await admin.getByText(t('admin:contests.extended_other', { count: 3 })).waitFor();
    const { data: after } = await api('GET', `/contests/${contestId}`, { token: adminToken });
    if (after.submission_ends_at - before.submission_ends_at !== 3 * DAY_MS) {
      throw new Error(`submissions moved from ${before.submission_ends_at} to ${after.submission_ends_at}, not by 3 days`);
    }
    await fits(ctx, admin, 'the contest tools');
    await admin.keyboard.press('Escape');

    // 2. Users: the client's contests, with the one just extended among the launched ones.
    await admin.goto(`${baseUrl}/admin/users`);
    await admin.getByRole('heading', { name: t('admin:pages.users') }).waitFor();
    await admin.getByLabel(t('admin:filters.search'), { exact: true }).fill('demo-client');
    const client = admin.getByTestId('users').getByRole('row').filter({ has: admin.getByText('demo-client', { exact: true }) });
    await client.getByRole('button', { name: t('admin:columns.contests'), exact: true }).click();
    const contests = admin.getByRole('dialog', { name: t('admin:userContests.title', { username: 'demo-client' }) });
    await contests.getByRole('tab', { name: t('admin:userContests.tab.all.client') }).waitFor();
    await contests.getByTestId('user-contests-all').getByText(`#${contestId} ${before.title}`).waitFor();
    await shot(admin, 'user-contests');
    await fits(ctx, admin, "the user's contests");
    await admin.keyboard.press('Escape');

    // 3. Contest Types: a coupon for the contest's type, redeemable by the client until withdrawn.
    const { data: type } = await api('GET', '/contests/types/1');
    const code = `JOURNEY-${ctx.variant.toUpperCase()}`;
    await admin.goto(`${baseUrl}/admin/contest-types`);
    await admin.getByRole('heading', { name: t('admin:pages.contestTypes') }).waitFor();
    const typeRow = admin.getByTestId('contest-types').getByRole('row').filter({ hasText: type.launch_brief_slug });
    await typeRow.getByRole('button', { name: t('admin:coupons.button'), exact: true }).click();
    const coupons = admin.getByRole('dialog', { name: t('admin:coupons.title', { title: type.title }) });
    const form = coupons.getByRole('form', { name: t('admin:coupons.new') });
    await form.getByLabel(t('admin:coupons.code'), { exact: true }).fill(code);
    await form.getByLabel(t('admin:coupons.percentValue'), { exact: true }).fill('15');
    await form.getByLabel(t('admin:coupons.limit'), { exact: true }).fill('2');
    await form.getByRole('button', { name: t('admin:coupons.create'), exact: true }).click();
    const couponRow = coupons.getByTestId('type-coupons').getByRole('row').filter({ hasText: code });
    await couponRow.filter({ hasText: '15%' }).filter({ hasText: '0 / 2' }).waitFor();
    await shot(admin, 'type-coupons');
    await fits(ctx, admin, "the type's coupons");
    if (!(await redeemable(ctx, clientToken, code))) throw new Error(`the client cannot redeem the new coupon ${code}`);

    await couponRow.getByRole('button', { name: t('admin:coupons.withdraw'), exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: t('admin:coupons.deleteTitle', { code }) });
    await confirm.getByRole('button', { name: t('admin:coupons.withdraw'), exact: true }).click();
    await admin.getByText(t('admin:coupons.deleted')).waitFor();
    await couponRow.waitFor({ state: 'detached' });
    if (await redeemable(ctx, clientToken, code)) throw new Error(`the client still redeems the withdrawn coupon ${code}`);
  },
};
