// The whole contest journey of issue 21, in three browser contexts at once: a new client signs up
// through the launch flow, fills the brief, picks a package and an upgrade, pays with a test card
// and sees the contest go Active live; buys another upgrade and raises the prize; a gold designer
// reads the brief and enters, and the client sees the entry arrive without a reload; the client
// awards it, an admin verifies, the designer uploads the final files, the client downloads them
// and the admin credits the designer, each status change live in the other contexts. Then the
// new client's account pages: personal information, payment methods and a subscription.
import { afterLaunchExtras, accountPages, launchAndPay } from '../flows/contest-launch.mjs';
import { enterAwardDeliver } from '../flows/contest-award.mjs';

export default {
  name: 'contest',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 420_000,
  async run(ctx) {
    const client = await ctx.open('client');
    const { contestId, username } = await launchAndPay(ctx, client);
    ctx.log(`${username} launched and paid contest ${contestId}`);
    await afterLaunchExtras(ctx, client, contestId);
    // The launch brief answers only the required questions: no style pictures to show.
    await enterAwardDeliver(ctx, { contestId, client, briefPictures: false });
    await accountPages(ctx, client);
  },
};
