import type { AddressInfo } from 'node:net';

import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';

import type {
  ClientFrame,
  EventFrame,
  PresenceUser,
  ServerFrame,
} from '@/realtime/protocol.gen';

/**
 * A small hub speaking the protocol of docs/protocol.md over a real WebSocket server (`ws`), for
 * node tests of the realtime client: channels with history, `sub` with `since` (replay, then
 * `subscribed` with `recovered`), `unsub`, `ping`. Tests publish, drop connections and read what
 * clients sent.
 */
export class FakeHub {
  readonly server: WebSocketServer;
  /** Every frame received, in order, with the connection number it came on. */
  readonly received: { conn: number; frame: ClientFrame }[] = [];
  /** The subprotocols each connection offered. */
  readonly offeredProtocols: string[][] = [];
  /** The URL each connection asked for (path and query). */
  readonly requestedUrls: string[] = [];
  /** Events kept per channel, oldest first. Events before `forgetBefore` are dropped. */
  private readonly history = new Map<string, EventFrame[]>();
  private readonly heads = new Map<string, number>();
  private readonly subscribers = new Map<ServerSocket, Set<string>>();
  private readonly connNumbers = new Map<ServerSocket, number>();
  /** Presence sent in `subscribed` on contest channels. */
  presence: PresenceUser[] = [];
  /** While true, new connections are refused. */
  down = false;
  /** When false the hub never answers pings (a dead connection). */
  answerPings = true;
  /** Extra already-seen events to replay before `since` (to check the client drops them). */
  replayOverlap = 0;

  private constructor(server: WebSocketServer) {
    this.server = server;
    server.on('connection', (socket, request) =>
      this.accept(socket, request.url ?? '', String(request.headers['sec-websocket-protocol'] ?? '')),
    );
  }

  static async start(): Promise<FakeHub> {
    const server = new WebSocketServer({
      port: 0,
      host: '127.0.0.1',
      handleProtocols: (protocols) => (protocols.has('v1.json') ? 'v1.json' : false),
      // While "down", upgrades are refused as an unreachable server's would fail.
      verifyClient: () => !hub.down,
    });
    const hub: FakeHub = new FakeHub(server);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return hub;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `ws://127.0.0.1:${port}/ws`;
  }

  /** Open connections now. */
  get openConnections(): number {
    return this.subscribers.size;
  }

  /** Publishes an event on `ch` to its subscribers and keeps it in the history. */
  publish(ch: string, type: string, data: unknown): EventFrame {
    const seq = (this.heads.get(ch) ?? 0) + 1;
    this.heads.set(ch, seq);
    const event: EventFrame = { ch, seq, type, ts: Date.now(), data };
    const kept = this.history.get(ch) ?? [];
    kept.push(event);
    this.history.set(ch, kept);
    for (const [socket, channels] of this.subscribers) {
      if (channels.has(ch)) send(socket, { op: 'event', ...event });
    }
    return event;
  }

  /** Forgets the history of `ch`: a later `since` cannot be recovered. */
  forgetHistory(ch: string): void {
    this.history.set(ch, []);
  }

  /** Drops every connection and refuses new ones until `goUp`; resolves once all are closed. */
  async goDown(): Promise<void> {
    this.down = true;
    this.dropAll();
    await waitUntil(() => this.openConnections === 0, 'connections to close');
  }

  goUp(): void {
    this.down = false;
  }

  /** Drops every connection abruptly (as a network failure would), or with a close code. */
  dropAll(code?: number): void {
    for (const socket of this.subscribers.keys()) {
      if (code === undefined) socket.terminate();
      else socket.close(code);
    }
  }

  framesOf(op: ClientFrame['op']): { conn: number; frame: ClientFrame }[] {
    return this.received.filter(({ frame }) => frame.op === op);
  }

  async stop(): Promise<void> {
    for (const socket of this.subscribers.keys()) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: ServerSocket, url: string, offered: string): void {
    const conn = this.connNumbers.size + 1;
    this.connNumbers.set(socket, conn);
    this.subscribers.set(socket, new Set());
    this.requestedUrls.push(url);
    this.offeredProtocols.push(
      offered
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    );
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as ClientFrame;
      this.received.push({ conn, frame });
      this.answer(socket, frame);
    });
    socket.on('close', () => this.subscribers.delete(socket));
  }

  private answer(socket: ServerSocket, frame: ClientFrame): void {
    const channels = this.subscribers.get(socket);
    if (!channels) return;
    switch (frame.op) {
      case 'ping':
        if (this.answerPings) send(socket, { op: 'pong' });
        return;
      case 'unsub':
        channels.delete(frame.ch);
        send(socket, { op: 'unsubscribed', ch: frame.ch, id: frame.id });
        return;
      case 'sub': {
        if (frame.ch.startsWith('forbidden:')) {
          send(socket, {
            op: 'error',
            id: frame.id,
            ch: frame.ch,
            code: 'channel.forbidden',
            message: 'You may not use this channel.',
          });
          return;
        }
        const head = this.heads.get(frame.ch) ?? 0;
        const kept = this.history.get(frame.ch) ?? [];
        let recovered = false;
        if (frame.since !== undefined && frame.since !== null) {
          const oldest = kept.length > 0 ? kept[0].seq : head + 1;
          recovered = frame.since <= head && frame.since >= oldest - 1;
          if (recovered) {
            const from = Math.max(0, frame.since - this.replayOverlap);
            for (const event of kept.filter((e) => e.seq > from)) {
              send(socket, { op: 'event', ...event });
            }
          }
        }
        channels.add(frame.ch);
        send(socket, {
          op: 'subscribed',
          ch: frame.ch,
          seq: head,
          recovered,
          id: frame.id,
          ...(frame.ch.startsWith('contest:') ? { presence: this.presence } : {}),
        });
        return;
      }
      default:
        return;
    }
  }
}

function send(socket: ServerSocket, frame: ServerFrame): void {
  socket.send(JSON.stringify(frame));
}

/** Waits until `condition` holds, checking every few milliseconds; fails after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean,
  what: string,
  timeoutMs = 3000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
