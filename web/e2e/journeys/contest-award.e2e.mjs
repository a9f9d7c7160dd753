// The award half of the contest journey on a contest set up over REST whose brief answers every
// style-picture question: the designer sees the brief's pictures (see flows/contest-award.mjs).
import { runningContest } from '../lib/contests.mjs';
import { enterAwardDeliver } from '../flows/contest-award.mjs';

export default {
  name: 'contest-award',
  variants: ['en'],
  timeoutMs: 240_000,
  async run(ctx) {
    const contestId = await runningContest(ctx);
    ctx.log(`contest ${contestId} is running`);
    await enterAwardDeliver(ctx, { contestId });
  },
};
