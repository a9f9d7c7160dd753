// Nothing one editor sends can make the contest brief differ between the people reading it.
// The contest's owner edits the brief from a Yjs client of their own (the `yjs` the browser
// ships) and, in a seeded stream of real edits, alters 1-3 bytes of most updates before
// sending them. Listening: a Yjs client of the owner, one of an admin, and an admin's browser
// with the brief's editor open. At the end a fresh opener joins. Every listener, the fresh
// opener and the server's copy (its REST description) must hold the same document, and no
// listener's Yjs may have failed on anything it was sent.
//
// DOCS_FUZZ_SEED picks the run (default 1, so `make test` repeats the same one; `random`
// draws one); DOCS_FUZZ_UPDATES sets its length (default 300). Every failure names the seed.
import * as Y from 'yjs';

import { plainText, sameDocument, YjsClient } from '../lib/yjs-client.mjs';

const UPDATES = Number(process.env.DOCS_FUZZ_UPDATES || 300);
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
  timeoutMs: 240_000,
  async run(ctx) {
    const seed = fuzzSeed();
    try {
      await fuzz(ctx, seed);
    } catch (error) {
      // A timeout or a Yjs exception names the seed too.
      if (!String(error.message).includes('DOCS_FUZZ_SEED')) error.message += ` (DOCS_FUZZ_SEED=${seed})`;
      throw error;
    }
  },
};

function fuzzSeed() {
    const wanted = process.env.DOCS_FUZZ_SEED || '1';
    return wanted === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(wanted);
}

async function fuzz(ctx, seed) {
    const { baseUrl, api, log, shot } = ctx;
    log(`seed ${seed} (DOCS_FUZZ_SEED=${seed} repeats this run), ${UPDATES} updates`);
    const fail = (message) => {
      throw new Error(`${message} (DOCS_FUZZ_SEED=${seed})`);
    };
    const random = generator(seed);

    const clientToken = await ctx.token('demo-client');
    const adminToken = await ctx.token('demo-admin');
    const { data: active } = await api('GET', '/contests/active', { token: clientToken });
    const contest = active[0];
    if (!contest) fail('the demo client has no running contest');
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

    const ownerListener = new YjsClient(baseUrl, clientToken, ch);
    const adminListener = new YjsClient(baseUrl, adminToken, ch);
    const editor = new YjsClient(baseUrl, clientToken, ch);
    for (const client of [ownerListener, adminListener, editor]) await client.open();

    // A few editors' client ids, so that later edits continue an earlier editor's clock.
    const clientIds = Array.from({ length: 4 }, () => 1 + below(random, 2 ** 30));
    const outcomes = new Map();
    for (let n = 0; n < UPDATES; n += 1) {
      // The edit is made on a copy of what the server holds (the owner's listener has it).
      const scratch = new Y.Doc();
      scratch.clientID = clientIds[below(random, clientIds.length)];
      Y.applyUpdate(scratch, Y.encodeStateAsUpdate(ownerListener.doc));
      const update = edit(scratch, random);
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
    await shot(admin, 'brief-after-fuzz');
    for (const client of [ownerListener, adminListener, editor, opener]) client.close();
    log(`${expected.split('\n').length} paragraphs, identical everywhere`);
}
