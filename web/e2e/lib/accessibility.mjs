// axe-core over every screen a journey photographs: each `shot()` first runs axe (WCAG 2.1 A and
// AA rules) in the page and fails the journey on a serious or critical violation (issue #39:
// "zero serious violations on every screen they visit"), colour contrast included (4.5:1 for
// text, 3:1 for large text). E2E_AXE=report logs every finding without failing (to survey a
// change), E2E_AXE=off skips axe.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const MODE = process.env.E2E_AXE ?? 'enforce';
if (!['enforce', 'report', 'off'].includes(MODE)) throw new Error(`E2E_AXE=${MODE}: expected enforce, report or off`);
const BLOCKING = new Set(['serious', 'critical']);

/** A node of a violation: its selector, and for colour contrast the colours, size and ratio. */
function describeNode(node) {
  const where = node.target?.join(' ') ?? '?';
  const data = node.contrast;
  if (!data) return where;
  return `${where} [${data.fgColor} on ${data.bgColor}, ${data.fontSize} ${data.fontWeight}: ${data.contrastRatio}:1, needs ${data.expectedContrastRatio}]`;
}

/** One line per violation: rule, impact, how many nodes, each node. */
function describe(violation) {
  return `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes: ${violation.nodes.map(describeNode).join('; ')}): ${violation.help}`;
}

/**
 * Waits for the screen to settle: a colour caught mid-transition (a button fading from its disabled
 * indigo-300 to its indigo-600 as it is enabled, an option turning indigo as it is chosen: 150 ms)
 * is no colour anyone reads. The screenshot finishes the same finite transitions
 * (animations: 'disabled'); a spinner's endless animation is not waited for; 2 s at most.
 */
async function settle(page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
          .map((animation) => animation.finished.catch(() => undefined)),
      ).then(() => undefined),
      new Promise((settled) => setTimeout(settled, 2000)),
    ]),
  );
}

/** One axe run over the page: its violations, each node with its contrast data. */
async function runAxe(page) {
  const hasAxe = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // The WCAG 2.1 A and AA rules; a screen's content is what is checked, whatever its state.
    // The 3-D Secure page is the card issuer's (drawn by the local Stripe stand-in here), not ours.
    const context = { exclude: [['[aria-labelledby="stripe-standin-challenge-title"]']] };
    const result = await window.axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({
        target: node.target,
        contrast: id === 'color-contrast' ? node.any.find((check) => check.id === 'color-contrast')?.data : undefined,
      })),
    }));
  });
}

/**
 * Runs axe on `page` once it has settled; `what` names the screen in messages. Throws on a serious
 * or critical violation unless E2E_AXE says otherwise. A screen that changed while axe ran (a pay
 * button enabled mid-run, measured as its fade began) gets a second look once settled again, and
 * only what that look finds counts.
 */
export async function checkAccessibility(page, what, log) {
  if (MODE === 'off') return;
  await settle(page);
  let violations = await runAxe(page);
  const first = violations.filter((violation) => BLOCKING.has(violation.impact));
  if (first.length > 0) {
    await page.waitForTimeout(250);
    await settle(page);
    violations = await runAxe(page);
    log(`axe ${what}: looked again once settled; the first look found: ${first.map(describe).join('; ')}`);
  }
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact));
  const other = violations.filter((violation) => !BLOCKING.has(violation.impact));
  if (other.length > 0) log(`axe ${what}: ${other.length} moderate or minor: ${other.map((v) => v.id).join(', ')}`);
  if (blocking.length === 0) return;
  const message = `axe ${what}: ${blocking.length} serious or critical\n  ${blocking.map(describe).join('\n  ')}`;
  if (MODE === 'report') log(message);
  else throw new Error(message);
}
