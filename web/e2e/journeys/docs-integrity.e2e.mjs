// Nothing one editor sends can make the contest brief differ between the people reading it.
// The contest's owner edits the brief from a Yjs client of their own and, in a seeded stream of
// real edits, alters 1-3 bytes of most updates before sending them. The edits are made by one of
// two makers: `yjs` (the browser's, in this file's `edit()`) or `yrs` (the Rust Yjs the server and
// pycrdt use: loadtest/examples/yrs_edits.rs, the same kinds of edit), whose encoding splits and
// orders items differently. Listening throughout: a Yjs client of the owner, one of an admin, and
// an admin's browser with the brief's editor open. After each run a fresh opener joins. Every
// listener, the fresh opener and the server's copy (its REST description) must hold the same
// document, and no listener's Yjs may have failed on anything it was sent.
//
// Settings (every failure names the maker and seed that repeat it):
//   DOCS_FUZZ_MAKER    yjs, yrs, or both comma-separated (default `yjs,yrs`)
//   DOCS_FUZZ_SEED     seeds, comma-separated (default `1,2,3`, so `make test` repeats the same
//                      runs), or `random` (one drawn seed per maker)
//   DOCS_FUZZ_UPDATES  edits per run (default 120)
// The runs follow each other on the same document and the same browser. `make test` runs the
// defaults (six runs of 120 edits, about a minute); the long run, for the benchmark script or by
// hand, is e.g.
//   DOCS_FUZZ_SEED=random DOCS_FUZZ_UPDATES=1000 node e2e/run.mjs docs-integrity
// The yrs maker is built by `cargo build --workspace --all-targets` (`make test-e2e`) beside the
// server binary (DOCS_FUZZ_YRS_BIN overrides where).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

import * as Y from 'yjs';

import { yrsEditsBin } from '../lib/paths.mjs';
import { plainText, sameDocument, YjsClient } from '../lib/yjs-client.mjs';

const UPDATES = Number(process.env.DOCS_FUZZ_UPDATES || 120);
const MAKERS = (process.env.DOCS_FUZZ_MAKER || 'yjs,yrs').split(',').map((maker) => maker.trim());
/** The share of updates sent with bytes altered. */
const CORRUPTED_SHARE = 0.6;
const WORDS = ['brief', 'logo', 'teal', 'café', 'bold', 'serif', 'ñandú', 'menu', 'wave', '🎨', 'kerning', 'grid'];

/** A small seeded generator (mulberry32): the same seed, the same run. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const below = (random, n) => Math.floor(random() * n);
const words = (random) => Array.from({ length: 1 + below(random, 4) }, () => WORDS[below(random, WORDS.length)]).join(' ') + ' ';

/** One edit an editor could make (a paragraph added or removed, words typed, deleted or made bold); answers its update. */
function edit(doc, random) {
  let update = null;
  doc.once('update', (bytes) => {
    update = bytes;
  });
  const fragment = doc.getXmlFragment('default');
  const blocks = fragment.toArray().filter((node) => node instanceof Y.XmlElement);
  const text = blocks.length > 0 ? blocks[below(random, blocks.length)].toArray().find((n) => n instanceof Y.XmlText) : null;
  const choice = random();
  doc.transact(() => {
    if (!text || choice < 0.25) {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText(words(random))]);
      fragment.insert(below(random, fragment.length + 1), [paragraph]);
    } else if (choice < 0.65 || text.length < 2) {
      text.insert(below(random, text.length + 1), words(random));
    } else if (choice < 0.8) {
      const at = below(random, text.length - 1);
      text.delete(at, 1 + below(random, Math.min(8, text.length - at)));
    } else if (choice < 0.92) {
      const at = below(random, text.length - 1);
      text.format(at, 1 + below(random, text.length - at), { bold: true });
    } else if (fragment.length > 1) {
      fragment.delete(below(random, fragment.length), 1);
    } else {
      text.insert(0, words(random));
    }
  });
  return update;
}

/** Edits by `yjs`: `make(state, clientId)` answers the update of one edit made on a copy of `state`. */
function yjsMaker(random) {
  return {
    async make(state, clientId) {
      const scratch = new Y.Doc();
      scratch.clientID = clientId;
      Y.applyUpdate(scratch, state);
      return edit(scratch, random);
    },
    close() {},
  };
}

/** Edits by yrs (loadtest/examples/yrs_edits.rs): one request line, one answer line. */
function yrsMaker(seed) {
  if (!existsSync(yrsEditsBin)) {
    throw new Error(`no yrs edit maker at ${yrsEditsBin}: run \`cargo build -p vitrine-loadtest --example yrs_edits\` (or set DOCS_FUZZ_YRS_BIN)`);
  }
  const child = spawn(yrsEditsBin, [String(seed)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = [];
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => answers.shift()?.resolve(line));
  child.on('exit', (code) => {
    for (const answer of answers.splice(0)) answer.reject(new Error(`the yrs edit maker exited ${code}`));
  });
  return {
    make(state, clientId) {
      return new Promise((resolve, reject) => {
        answers.push({ resolve, reject });
        child.stdin.write(`${clientId} ${Buffer.from(state).toString('hex')}\n`);
      }).then((line) => (line === '-' ? null : new Uint8Array(Buffer.from(line, 'hex'))));
    },
    close() {
      child.stdin.end();
    },
  };
}

/** `update` with 1-3 of its bytes replaced by others. */
function corrupt(update, random) {
  const bytes = Uint8Array.from(update);
  for (let n = 1 + below(random, 3); n > 0; n -= 1) {
    const at = below(random, bytes.length);
    bytes[at] = (bytes[at] + 1 + below(random, 255)) % 256;
  }
  return bytes;
}

/** The brief's paragraphs as the browser's editor shows them. */
async function browserText(page) {
  return page
    .getByTestId('contest-description-editor')
    .locator('.ProseMirror')
    .evaluate((node) => [...node.querySelectorAll(':scope > *')].map((block) => block.textContent).join('\n'));
}

export default {
  name: 'docs-integrity',
  variants: ['en'],
  timeoutMs: 600_000,
  async run(ctx) {
    const unknown = MAKERS.filter((maker) => maker !== 'yjs' && maker !== 'yrs');
    if (unknown.length > 0) throw new Error(`DOCS_FUZZ_MAKER: unknown ${unknown.join(', ')} (yjs, yrs)`);
    const world = await setUp(ctx);
    for (const maker of MAKERS) {
      for (const seed of fuzzSeeds()) {
        const started = Date.now();
        try {
          await fuzz(ctx, world, maker, seed);
        } catch (error) {
          // A timeout or a Yjs exception names the run too.
          if (!String(error.message).includes('DOCS_FUZZ_SEED')) error.message += ` (${repeat(maker, seed)})`;
          throw error;
        }
        ctx.log(`${maker} seed ${seed}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
  },
};

function fuzzSeeds() {
  const wanted = process.env.DOCS_FUZZ_SEED || '1,2,3';
  if (wanted === 'random') return [Math.floor(Math.random() * 2 ** 31)];
  return wanted.split(',').map((seed) => {
    const number = Number(seed);
    if (!Number.isInteger(number) || number < 0) throw new Error(`DOCS_FUZZ_SEED: ${seed} is not a seed (a whole number, or random)`);
    return number;
  });
}

const repeat = (maker, seed) => `DOCS_FUZZ_MAKER=${maker} DOCS_FUZZ_SEED=${seed} DOCS_FUZZ_UPDATES=${UPDATES}`;

/** The contest, the tokens and the admin's browser with the brief open, for every run. */
async function setUp(ctx) {
  const { baseUrl, api, log } = ctx;
  const clientToken = await ctx.token('demo-client');
  const adminToken = await ctx.token('demo-admin');
  const { data: active } = await api('GET', '/contests/active', { token: clientToken });
  const contest = active[0];
  if (!contest) throw new Error('the demo client has no running contest');
  const ch = `doc:contest-brief:${contest.id}`;
  log(`${ch}: ${contest.title}`);

  // An admin's browser with the brief's editor open: the client every user has.
  const admin = await ctx.open('admin', { as: 'demo-admin' });
  const browserErrors = [];
  admin.on('console', (message) => {
    if (message.type() === 'error' && /yjs|y-protocols|update|Integer|TypeError/i.test(message.text())) {
      browserErrors.push(message.text());
    }
  });
  admin.on('pageerror', (error) => browserErrors.push(error.message));
  await admin.goto(`${baseUrl}/contests/${contest.id}/entries`);
  await admin.getByTestId('contest-description-editor').locator('.ProseMirror').waitFor();
  return { contest, ch, clientToken, adminToken, admin, browserErrors };
}

async function fuzz(ctx, world, makerName, seed) {
    const { baseUrl, api, log, shot } = ctx;
    const { contest, ch, clientToken, adminToken, admin, browserErrors } = world;
    log(`${makerName} seed ${seed} (${repeat(makerName, seed)} repeats this run)`);
    const fail = (message) => {
      throw new Error(`${message} (${repeat(makerName, seed)})`);
    };
    const random = generator(seed);
    const maker = makerName === 'yrs' ? yrsMaker(seed) : yjsMaker(random);

    const ownerListener = new YjsClient(baseUrl, clientToken, ch);
    const adminListener = new YjsClient(baseUrl, adminToken, ch);
    const editor = new YjsClient(baseUrl, clientToken, ch);
    for (const client of [ownerListener, adminListener, editor]) await client.open();

    // A few editors' client ids, so that later edits continue an earlier editor's clock.
    const clientIds = Array.from({ length: 4 }, () => 1 + below(random, 2 ** 30));
    const outcomes = new Map();
    try {
      for (let n = 0; n < UPDATES; n += 1) {
        // The edit is made on a copy of what the server holds (the owner's listener has it).
        const update = await maker.make(Y.encodeStateAsUpdate(ownerListener.doc), clientIds[below(random, clientIds.length)]);
        if (!update) continue;
        const altered = random() < CORRUPTED_SHARE;
        const answer = await editor.sendUpdate(altered ? corrupt(update, random) : update);
        if (answer.op === 'closed') fail(`update ${n} (${altered ? 'altered' : 'intact'}) closed the editor's connection: ${answer.code} ${answer.reason}`);
        const outcome = `${altered ? 'altered' : 'intact'} ${answer.op === 'ack' ? 'ack' : answer.code}`;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (!altered && answer.op !== 'ack') fail(`update ${n}, unaltered, was refused: ${JSON.stringify(answer)}`);
        await ownerListener.catchUp();
        if (ownerListener.errors.length > 0) {
          log(`the frame: ${ownerListener.errors[0].frame}`);
          fail(`the owner's Yjs failed on update ${n}: ${ownerListener.errors[0]}`);
        }
      }
    } finally {
      maker.close();
    }
    log(`outcomes: ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}`);

    // The browser may have tidied what its editor cannot show (y-prosemirror rewrites it):
    // let it settle, then everyone catches up.
    await admin.getByTestId('contest-description-editor').getByText(ctx.t('docs:saved')).waitFor();
    await ownerListener.catchUp();
    await adminListener.catchUp();
    const opener = new YjsClient(baseUrl, adminToken, ch);
    await opener.open();

    for (const [who, client] of [
      ['the owner', ownerListener],
      ['the admin', adminListener],
      ['the fresh opener', opener],
    ]) {
      if (client.errors.length > 0) fail(`${who}'s Yjs failed: ${client.errors.map(String).join('; ')}`);
      if (client.refusals.length > 0) fail(`${who} was sent errors: ${JSON.stringify(client.refusals)}`);
    }
    if (!sameDocument(ownerListener.doc, opener.doc)) fail("the owner's listener and a fresh opener hold different documents");
    if (!sameDocument(adminListener.doc, opener.doc)) fail("the admin's listener and a fresh opener hold different documents");

    // The server's copy: the REST description is its text.
    const expected = plainText(opener.doc);
    const { data: stored } = await api('GET', `/contests/${contest.id}`, { token: clientToken });
    if ((stored.description ?? '') !== expected) {
      fail(`the REST description differs from the document: ${JSON.stringify([stored.description, expected])}`);
    }
    // The browser shows the same paragraphs, and its Yjs never failed.
    const deadline = Date.now() + 20_000;
    while ((await browserText(admin)) !== expected) {
      if (Date.now() > deadline) fail(`the browser's editor shows ${JSON.stringify(await browserText(admin))}, not ${JSON.stringify(expected)}`);
      await admin.waitForTimeout(200);
    }
    if (browserErrors.length > 0) fail(`the browser's Yjs failed: ${browserErrors.join('; ')}`);
    await shot(admin, `brief-after-${makerName}-${seed}`);
    for (const client of [ownerListener, adminListener, editor, opener]) client.close();
    log(`${makerName} seed ${seed}: ${expected.split('\n').length} paragraphs, identical everywhere`);
}
