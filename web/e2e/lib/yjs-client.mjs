// A Yjs client of the hub's `doc:` channels for the journeys, built from the same `yjs`,
// `y-protocols` and `lib0` the browser ships: it subscribes over a real WebSocket (JSON
// frames), syncs as y-protocols does, applies what the server sends, and keeps every failure
// of its Yjs (`errors`) so a test can say that nothing it was sent broke it.
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import WebSocket from 'ws';
import * as Y from 'yjs';

const MESSAGE_SYNC = 0;
/** How long a step may wait for the server (generous: CI shares two cores). */
const WAIT_MS = 20_000;
/**
 * The least time between two frames: the hub drops what a connection sends past 50 frames a
 * second (answering at most one `rate.limited` a second), so a faster stream would wait
 * forever for the answer to a dropped frame. 25 ms keeps this client at 40 a second.
 */
const FRAME_GAP_MS = 25;

const toBase64 = (bytes) => Buffer.from(bytes).toString('base64');
const fromBase64 = (text) => new Uint8Array(Buffer.from(text, 'base64'));

export class YjsClient {
  /**
   * @param {string} baseUrl the server (http://...)
   * @param {string} token an access token
   * @param {string} ch the document channel
   * @param {{ answerStep1?: boolean }} options whether to answer the server's step 1 with
   *   what the server lacks, as an editor does (a pure listener does not).
   */
  constructor(baseUrl, token, ch, { answerStep1 = false } = {}) {
    this.url = `${baseUrl.replace(/^http/, 'ws')}/ws`;
    this.token = token;
    this.ch = ch;
    this.answerStep1 = answerStep1;
    this.doc = new Y.Doc();
    /** Errors of this client's Yjs while applying what the server sent. */
    this.errors = [];
    /** `error` frames the server sent without an id. */
    this.refusals = [];
    this.nextId = 1;
    /** When the latest frame was (or is scheduled to be) sent. */
    this.lastSentAt = 0;
    this.waiting = new Map();
    this.step2Waiters = [];
  }

  /** Connects, subscribes and syncs: after it, the client holds the document as stored. */
  async open() {
    this.ws = new WebSocket(this.url, ['v1.json'], { headers: { Authorization: `Bearer ${this.token}` } });
    this.ws.on('message', (data) => this.onFrame(JSON.parse(data.toString())));
    // A closed connection answers nothing more: every request still waiting fails now, with
    // the close code, instead of timing out.
    this.ws.on('close', (code, reason) => {
      for (const [id, answer] of this.waiting) answer({ op: 'closed', id, code, reason: String(reason) });
      this.waiting.clear();
    });
    await new Promise((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('error', reject);
    });
    const answer = await this.request({ op: 'sub', ch: this.ch });
    if (answer.op !== 'subscribed') throw new Error(`subscribing to ${this.ch}: ${JSON.stringify(answer)}`);
    // The server's step 1 follows; the client's own step 1 asks for the document.
    await this.catchUp();
  }

  close() {
    this.ws?.close();
  }

  /** Sends `frame` in order, at most one per FRAME_GAP_MS. */
  sendFrame(frame) {
    const at = Math.max(Date.now(), this.lastSentAt + FRAME_GAP_MS);
    this.lastSentAt = at;
    const text = JSON.stringify(frame);
    setTimeout(() => this.ws.send(text), at - Date.now());
  }

  /** Sends `frame` with a fresh id; resolves with the server's answer to that id. */
  request(frame) {
    const id = `c${this.nextId++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${frame.op} ${id} within ${WAIT_MS} ms (errors without an id: ${JSON.stringify(this.refusals.slice(-3))})`)), WAIT_MS);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.sendFrame({ ...frame, id });
    });
  }

  /** Sends a raw update as a y-protocols update message; resolves with `ack` or `error`. */
  sendUpdate(update) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeUpdate(encoder, update);
    return this.request({ op: 'doc', ch: this.ch, msg: toBase64(encoding.toUint8Array(encoder)) });
  }

  /**
   * Asks the server for what this client lacks (a step 1) and waits for the answer: after
   * it, the client holds everything the server's copy held when it answered.
   */
  async catchUp() {
    const answered = this.nextStep2();
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    this.sendFrame({ op: 'doc', ch: this.ch, msg: toBase64(encoding.toUint8Array(encoder)) });
    await answered;
  }

  nextStep2() {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no sync step 2 on ${this.ch} within ${WAIT_MS} ms`)), WAIT_MS);
      this.step2Waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  onFrame(frame) {
    if (frame.id !== undefined && this.waiting.has(frame.id)) {
      const answer = this.waiting.get(frame.id);
      this.waiting.delete(frame.id);
      answer(frame);
      return;
    }
    if (frame.op === 'error') {
      this.refusals.push(frame);
      return;
    }
    if (frame.op !== 'doc' || frame.ch !== this.ch) return;
    const decoder = decoding.createDecoder(fromBase64(frame.msg));
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return; // awareness: not this client's business
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, MESSAGE_SYNC);
    let kind;
    try {
      kind = syncProtocol.readSyncMessage(decoder, reply, this.doc, 'server', (error) => this.errors.push(Object.assign(error, { frame: frame.msg })));
    } catch (error) {
      this.errors.push(Object.assign(error, { frame: frame.msg }));
      return;
    }
    if (kind === syncProtocol.messageYjsSyncStep2) this.step2Waiters.shift()?.();
    if (kind === syncProtocol.messageYjsSyncStep1 && this.answerStep1) {
      this.sendFrame({ op: 'doc', ch: this.ch, msg: toBase64(encoding.toUint8Array(reply)) });
    }
  }
}

/**
 * A document's text as the server writes it into the contest's REST description
 * (`server/src/realtime/docs/text.rs`, `plain_text`): one line per block of the
 * `default` fragment, nested blocks (list items) on lines of their own.
 */
export function plainText(doc) {
  const lines = [];
  for (const child of doc.getXmlFragment('default').toArray()) {
    const line = { text: '' };
    collect(child, line, lines);
    if (line.text !== '' || child instanceof Y.XmlElement) lines.push(line.text);
  }
  return lines.join('\n');
}

function collect(node, line, lines) {
  if (node instanceof Y.XmlText) {
    line.text += node.toDelta().map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
  } else if (node instanceof Y.XmlElement) {
    const children = node.toArray();
    const hasBlocks = children.some((c) => c instanceof Y.XmlElement);
    for (const child of children) {
      if (hasBlocks && child instanceof Y.XmlElement) {
        const inner = { text: '' };
        collect(child, inner, lines);
        if (inner.text !== '') {
          if (line.text !== '') {
            lines.push(line.text);
            line.text = '';
          }
          lines.push(inner.text);
        }
      } else {
        collect(child, line, lines);
      }
    }
  } else if (node instanceof Y.XmlFragment) {
    for (const child of node.toArray()) collect(child, line, lines);
  }
}

/** Whether two documents hold the same: the same items, deletions and content. */
export function sameDocument(a, b) {
  return (
    Y.equalSnapshots(Y.snapshot(a), Y.snapshot(b)) &&
    a.getXmlFragment('default').toString() === b.getXmlFragment('default').toString()
  );
}
