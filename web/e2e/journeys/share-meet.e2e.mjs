// The rest of issue #53's routes, as a visitor, a designer and a client would meet them, at
// 1360 px in English and Spanish and on a 390 px phone:
//
// 1. A share link of a running contest (made by its client over REST, the Share button's call)
//    opens for an anonymous visitor on the contest itself, counted as a view from outside; a
//    made-up link says it does not work; a signed-in designer who opens the link goes on to the
//    contest page.
// 2. Meet Vitrine from the signed-out footer, and the spec's /meet-flocksy lands on it.
// 3. The signed-in header's support links (How to use, FAQ, Contact) and a client's live-demo
//    badge, closed and still closed after a reload; a designer has no badge.
import { runningContest } from '../lib/contests.mjs';

const PHONE = 390;

/** At 390 px the page must not scroll sideways. */
async function fits(page, what, isMobile) {
  if (!isMobile) return;
  await page.waitForFunction((limit) => document.documentElement.scrollWidth <= limit, PHONE, { timeout: 3_000 }).catch(() => {});
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE) throw new Error(`${what} is ${width} px wide on a ${PHONE} px screen`);
}

export default {
  name: 'share-meet',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 180_000,
  async run(ctx) {
    const { api, baseUrl, t, shot, log, isMobile } = ctx;
    const client = await ctx.token('demo-client');

    // --- 1. A share link, opened by a visitor who is not signed in.
    const contestId = await runningContest(ctx);
    const { data: share } = await api('POST', `/contests/${contestId}/shares`, { token: client, body: { network: 'link' } });
    const link = new URL(share.url);
    if (link.pathname !== `/share/${share.code}`) throw new Error(`the share link is ${share.url}`);
    const visitor = await ctx.open('visitor');
    await visitor.goto(`${baseUrl}${link.pathname}`);
    const shared = visitor.getByTestId('shared-contest');
    await shared.getByRole('heading', { level: 1, name: 'Harbor Coffee Roasters' }).waitFor();
    await shared.getByTestId('shared-login').waitFor();
    if (new URL(visitor.url()).pathname !== link.pathname) throw new Error(`the visitor was sent to ${visitor.url()}`);
    await fits(visitor, 'the shared contest', isMobile);
    await shot(visitor, 'shared-contest-visitor');
    const { data: counted } = await api('GET', `/contests/${contestId}`, { token: client });
    if (!(counted.external_views_count >= 1)) throw new Error(`the opened link counted no outside view: ${JSON.stringify(counted)}`);
    log('a visitor opened the share link on the contest');

    await visitor.goto(`${baseUrl}/share/nosuchcode123`);
    const missing = visitor.getByTestId('share-not-found');
    await missing.getByRole('heading', { name: t('contests:shared.notFoundTitle') }).waitFor();
    await missing.getByText(t('contests:shared.notFoundText')).waitFor();
    await fits(visitor, 'the dead link page', isMobile);
    await shot(visitor, 'shared-link-not-found');
    log('a made-up link says it does not work');

    const designer = await ctx.open('designer', { as: 'demo-silver' });
    await designer.goto(`${baseUrl}${link.pathname}`);
    await designer.waitForURL(new RegExp(`/contests/${contestId}/entries$`));
    await designer.getByRole('heading', { level: 1, name: 'Harbor Coffee Roasters' }).waitFor();
    if ((await designer.getByTestId('live-demo-badge').count()) !== 0) throw new Error('a designer is offered the live demo');
    log('a designer went on to the contest page');

    // --- 2. Meet Vitrine, from the signed-out footer.
    await visitor.goto(`${baseUrl}/`);
    await visitor.getByTestId('footer-meet').click();
    await visitor.waitForURL(/\/meet-vitrine$/);
    const meet = visitor.getByTestId('meet');
    await meet.getByRole('heading', { level: 1, name: t('landing:meet.title') }).waitFor();
    await meet.getByRole('heading', { name: t('landing:meet.contests.title') }).waitFor();
    await meet.getByTestId('meet-signup').waitFor();
    await fits(visitor, 'Meet Vitrine', isMobile);
    await shot(visitor, 'meet-vitrine');
    await visitor.goto(`${baseUrl}/meet-flocksy`);
    await visitor.waitForURL(/\/meet-vitrine$/);
    await meet.waitFor();
    log('Meet Vitrine from the footer and from /meet-flocksy');

    // --- 3. Support links and the client's live-demo badge.
    const page = await ctx.open('client', { as: 'demo-client' });
    await page.goto(`${baseUrl}/dashboard`);
    const badge = page.getByTestId('live-demo-badge');
    await badge.getByRole('link', { name: t('layouts:liveDemo.label') }).waitFor();
    if (isMobile) {
      await page.getByRole('button', { name: /Menu/ }).click();
      await page.locator('#mobile-menu').getByRole('link', { name: t('layouts:nav.Contact us') }).waitFor();
      await page.locator('#mobile-menu').getByRole('link', { name: t('layouts:nav.FAQ') }).click();
    } else {
      const support = page.getByTestId('support-menu');
      await support.getByRole('button', { name: t('layouts:nav.Help') }).click();
      await support.getByRole('link', { name: t('layouts:nav.Contact us') }).waitFor();
      await shot(page, 'support-menu');
      await support.getByRole('link', { name: t('layouts:nav.FAQ') }).click();
    }
    await page.waitForURL(/\/faq$/);
    await page.getByTestId('faq').getByRole('heading', { level: 1, name: t('landing:faq.title') }).waitFor();
    await fits(page, 'the FAQ', isMobile);
    await shot(page, 'faq');
    await badge.getByRole('button', { name: t('layouts:liveDemo.dismiss') }).click();
    await badge.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('faq').waitFor();
    if ((await badge.count()) !== 0) throw new Error('the closed live-demo badge came back');
    log('support links followed; the live-demo badge closed for good');
  },
};
