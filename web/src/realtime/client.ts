import { proxy } from 'valtio';

import { reconnectDelay, STABLE_AFTER_MS } from './backoff';
import {
  CloseCode,
  Limits,
  SUBPROTOCOL_BEARER_PREFIX,
  SUBPROTOCOL_JSON,
  type ClientFrame,
  type EventFrame,
  type PresenceUser,
  type ServerFrame,
  type SignalKind,
} from './protocol.gen';

/** A transient `signal` from another user (typing), never stored or replayed. */
export interface Signal {
  ch: string;
  kind: SignalKind;
  user: PresenceUser;
}

/** What a subscriber of one channel hears. Every callback is optional but `onEvent`. */
export interface ChannelListener {
  /** A new event, in seq order, each seq once. */
  onEvent: (event: EventFrame) => void;
  /**
   * The channel (re)subscribed. `recovered` false means events may have been missed (first
   * subscription, history expired, server reset): whoever holds state loaded over REST reloads it.
   */
  onSubscribed?: (info: { recovered: boolean; seq: number }) => void;
  /** The server refused the channel (`channel.forbidden`, `channel.invalid`, ...). */
  onError?: (code: string) => void;
  /** Another user is typing on this channel (on `user:{me}`: in a conversation with me). */
  onSignal?: (signal: Signal) => void;
  /** On a `doc:` channel: a y-protocols message (base64), see `features/docs/hub-provider.ts`. */
  onDoc?: (msg: string) => void;
  /** On a `doc:` channel: the changes of the `doc` frame with this id are stored. */
  onAck?: (id: string | undefined) => void;
  /** On a `doc:` channel: a `doc` frame was refused (`doc.read_only`, ...). */
  onDocError?: (code: string, id: string | undefined) => void;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'waiting';

/** The socket's state, for the connection indicator. */
export interface ConnectionStatus {
  state: ConnectionState;
  /** Failed tries since the last stable connection. */
  attempt: number;
  /** When the next try starts (epoch ms), while waiting. */
  retryAt: number | null;
  /** Whether a connection was ever open: before that, "paused" would be news to no one. */
  everOpen: boolean;
}

/** Per channel: who listens, the last seq handled, who is here. */
interface ChannelRecord {
  listeners: Set<ChannelListener>;
  /** The highest seq handled; null before the first `subscribed`. */
  lastSeq: number | null;
  /** Whether a `sub` is on its way and not answered yet (no second one is sent for a gap). */
  pending: boolean;
  /** Ended by the server (`unsubscribed` without id): not resubscribed automatically. */
  ended: boolean;
  /** A pending `unsub` after the last listener left. */
  lingerTimer: ReturnType<typeof setTimeout> | null;
}

/** The constructor part of the WebSocket API: the browser's, or `ws` in node tests. */
export type WebSocketFactory = (url: string, protocols: string[]) => WebSocket;

export interface RealtimeOptions {
  /** The URL to connect to. */
  url: () => string;
  /**
   * The access token to connect with now, if any: offered as the subprotocol entry
   * `vitrine.bearer.<token>` beside `v1.json`, never in the URL.
   */
  token?: () => string | null;
  createSocket?: WebSocketFactory;
  random?: () => number;
  /** Silence after which the client pings (the protocol's 25 s). */
  pingAfterMs?: number;
  /** How long a ping may go unanswered before the socket is dropped (10 s). */
  pongTimeoutMs?: number;
  /** How long a channel stays subscribed after its last listener left (saves churn). */
  unsubscribeLingerMs?: number;
}

/**
 * One WebSocket speaking the hub protocol (docs/protocol.md). Channels are ref-counted: the first
 * listener sends `sub`, the last one leaving sends `unsub`. The socket reconnects with backoff and
 * jitter and resubscribes every channel with `since` = the last seq handled there; events are
 * handed on once each, in seq order (replays that overlap what was seen are dropped, a gap asks
 * for a replay).
 */
export class RealtimeClient {
  readonly status: ConnectionStatus = proxy<ConnectionStatus>({
    state: 'idle',
    attempt: 0,
    retryAt: null,
    everOpen: false,
  });
  /** Who is on each channel with presence, as the last `subscribed` and `presence` frames say. */
  readonly presence: Record<string, PresenceUser[]> = proxy<Record<string, PresenceUser[]>>({});

  private readonly channels = new Map<string, ChannelRecord>();
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
  private stableTimer: ReturnType<typeof setTimeout> | null = null;
  private awaitingPong = false;
  private stopped = true;
  private nextId = 1;
  private readonly options: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions) {
    this.options = {
      createSocket: (url, protocols) => new WebSocket(url, protocols),
      token: () => null,
      random: Math.random,
      pingAfterMs: Limits.PING_INTERVAL_MS,
      pongTimeoutMs: 10_000,
      unsubscribeLingerMs: 1000,
      ...options,
    };
  }

  /** Listens to `ch`; returns the function that stops listening. */
  subscribe(ch: string, listener: ChannelListener): () => void {
    let record = this.channels.get(ch);
    if (!record) {
      record = { listeners: new Set(), lastSeq: null, pending: false, ended: false, lingerTimer: null };
      this.channels.set(ch, record);
    }
    const current = record;
    if (current.lingerTimer !== null) {
      clearTimeout(current.lingerTimer);
      current.lingerTimer = null;
    }
    const first = current.listeners.size === 0;
    current.listeners.add(listener);
    if (this.stopped) this.start();
    else if (first && !current.pending && current.lastSeq === null) this.sendSub(ch, current);
    else if (current.lastSeq !== null) {
      // A late listener starts from what the channel has now; tell it so it loads its state.
      listener.onSubscribed?.({ recovered: false, seq: current.lastSeq });
    }
    return () => this.release(ch, current, listener);
  }

  /** Connects now if idle or waiting for a retry (the indicator's "Retry now"). */
  reconnectNow(): void {
    if (this.status.state === 'open' || this.status.state === 'connecting') return;
    this.clearRetry();
    this.connect();
  }

  /** Drops the connection and connects again at once (the token changed). */
  restart(): void {
    if (this.stopped) return;
    this.dropSocket();
    this.clearRetry();
    this.connect();
  }

  /** Closes the socket and forgets every channel. */
  stop(): void {
    this.stopped = true;
    this.clearRetry();
    this.dropSocket();
    for (const record of this.channels.values()) {
      if (record.lingerTimer !== null) clearTimeout(record.lingerTimer);
    }
    this.channels.clear();
    for (const ch of Object.keys(this.presence)) delete this.presence[ch];
    Object.assign(this.status, { state: 'idle', attempt: 0, retryAt: null });
  }

  /**
   * Tells the others on `ch` that this user is typing (protocol: at most once every 2 s; the
   * caller throttles). In a conversation `ch` is the other user's `user:` channel, which this
   * connection does not subscribe to. Dropped silently while the socket is away.
   */
  typing(ch: string): void {
    this.send({ op: 'typing', ch });
  }

  /**
   * Sends a y-protocols message (base64) on a subscribed `doc:` channel. False while the socket
   * is away: the document provider syncs again when the channel is resubscribed.
   */
  sendDoc(ch: string, msg: string, id?: string): boolean {
    if (this.socket === null || this.socket.readyState !== 1) return false;
    const frame: ClientFrame = { op: 'doc', ch, msg };
    if (id !== undefined) frame.id = id;
    this.send(frame);
    return true;
  }

  /** The last seq handled on a channel (for tests and diagnostics). */
  lastSeq(ch: string): number | null {
    return this.channels.get(ch)?.lastSeq ?? null;
  }

  private start(): void {
    this.stopped = false;
    this.connect();
  }

  private release(ch: string, record: ChannelRecord, listener: ChannelListener): void {
    if (!record.listeners.delete(listener) || record.listeners.size > 0) return;
    const unsubscribe = () => {
      record.lingerTimer = null;
      if (record.listeners.size > 0 || this.channels.get(ch) !== record) return;
      this.channels.delete(ch);
      delete this.presence[ch];
      this.send({ op: 'unsub', ch });
    };
    if (this.options.unsubscribeLingerMs <= 0) unsubscribe();
    else record.lingerTimer = setTimeout(unsubscribe, this.options.unsubscribeLingerMs);
  }

  private connect(): void {
    if (this.stopped) return;
    this.status.state = 'connecting';
    this.status.retryAt = null;
    let socket: WebSocket;
    try {
      const token = this.options.token();
      const protocols = token ? [SUBPROTOCOL_JSON, `${SUBPROTOCOL_BEARER_PREFIX}${token}`] : [SUBPROTOCOL_JSON];
      socket = this.options.createSocket(this.options.url(), protocols);
    } catch {
      this.scheduleRetry(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.status.state = 'open';
      this.status.everOpen = true;
      this.status.retryAt = null;
      this.stableTimer = setTimeout(() => {
        this.status.attempt = 0;
      }, STABLE_AFTER_MS);
      this.armHeartbeat();
      for (const [ch, record] of this.channels) {
        record.pending = false;
        if (!record.ended) this.sendSub(ch, record);
      }
    };
    socket.onmessage = (message: MessageEvent) => {
      if (this.socket !== socket) return;
      this.armHeartbeat();
      if (typeof message.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(message.data) as ServerFrame;
      } catch {
        return;
      }
      this.handle(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.scheduleRetry(event.code);
    };
    // An error is always followed by a close, which does the work.
    socket.onerror = () => undefined;
  }

  private handle(frame: ServerFrame): void {
    switch (frame.op) {
      case 'event':
        return this.handleEvent(frame);
      case 'subscribed': {
        const record = this.channels.get(frame.ch);
        if (!record) return;
        record.pending = false;
        record.ended = false;
        // Recovered: every event up to the head was replayed. Otherwise continue from the head.
        record.lastSeq = frame.recovered ? Math.max(record.lastSeq ?? 0, frame.seq) : frame.seq;
        if (frame.presence) this.presence[frame.ch] = frame.presence;
        for (const listener of [...record.listeners]) {
          listener.onSubscribed?.({ recovered: frame.recovered, seq: frame.seq });
        }
        return;
      }
      case 'presence': {
        const current = this.presence[frame.ch] ?? [];
        const left = new Set(frame.left.map((user) => user.id));
        const kept = current.filter((user) => !left.has(user.id));
        for (const user of frame.joined) {
          if (!kept.some((known) => known.id === user.id)) kept.push(user);
        }
        this.presence[frame.ch] = kept;
        return;
      }
      case 'unsubscribed': {
        // Without an id the server ended the subscription itself (lost access): stay off it.
        const record = this.channels.get(frame.ch);
        if (record && frame.id === undefined) {
          record.ended = true;
          record.pending = false;
        }
        return;
      }
      case 'error': {
        if (frame.ch === undefined) return;
        const record = this.channels.get(frame.ch);
        if (!record) return;
        if (frame.code.startsWith('doc.')) {
          // A refused document change: the subscription itself stands.
          for (const listener of [...record.listeners]) listener.onDocError?.(frame.code, frame.id);
          return;
        }
        record.pending = false;
        if (frame.code === 'channel.forbidden' || frame.code === 'channel.invalid') {
          record.ended = true;
        }
        for (const listener of [...record.listeners]) listener.onError?.(frame.code);
        return;
      }
      case 'doc': {
        const record = this.channels.get(frame.ch);
        if (!record) return;
        for (const listener of [...record.listeners]) listener.onDoc?.(frame.msg);
        return;
      }
      case 'ack': {
        const record = this.channels.get(frame.ch);
        if (!record) return;
        for (const listener of [...record.listeners]) listener.onAck?.(frame.id);
        return;
      }
      case 'signal': {
        const record = this.channels.get(frame.ch);
        if (!record) return;
        const signal: Signal = { ch: frame.ch, kind: frame.kind, user: frame.user };
        for (const listener of [...record.listeners]) listener.onSignal?.(signal);
        return;
      }
      default:
        // pong (the heartbeat was re-armed already) and ops newer than this client.
        return;
    }
  }

  private handleEvent(event: EventFrame): void {
    const record = this.channels.get(event.ch);
    if (!record) return;
    const last = record.lastSeq;
    // Seen already: a replay overlapping what arrived live, or a duplicate.
    if (last !== null && event.seq <= last) return;
    // A jump means something was missed: ask for a replay from the last seq handled; the
    // events in between and this one come again in order.
    if (last !== null && event.seq > last + 1 && !record.pending) {
      this.sendSub(event.ch, record);
      return;
    }
    if (last !== null && event.seq > last + 1) return;
    record.lastSeq = event.seq;
    for (const listener of [...record.listeners]) listener.onEvent(event);
  }

  private sendSub(ch: string, record: ChannelRecord): void {
    if (this.socket === null || this.socket.readyState !== 1) return;
    const frame: ClientFrame = { op: 'sub', ch, id: `s${this.nextId++}` };
    if (record.lastSeq !== null) frame.since = record.lastSeq;
    record.pending = true;
    this.send(frame);
  }

  private send(frame: ClientFrame): void {
    if (this.socket !== null && this.socket.readyState === 1) {
      this.socket.send(JSON.stringify(frame));
    }
  }

  /** Pings after a silence; drops the socket when the ping goes unanswered. */
  private armHeartbeat(): void {
    if (this.heartbeatTimer !== null) clearTimeout(this.heartbeatTimer);
    this.awaitingPong = false;
    this.heartbeatTimer = setTimeout(() => this.onSilence(), this.options.pingAfterMs);
  }

  private onSilence(): void {
    if (this.awaitingPong) {
      // No pong: the connection is dead even if the browser has not noticed.
      const socket = this.socket;
      this.dropSocket();
      if (socket !== null) this.scheduleRetry(1006);
      return;
    }
    this.awaitingPong = true;
    this.send({ op: 'ping' });
    this.heartbeatTimer = setTimeout(() => this.onSilence(), this.options.pongTimeoutMs);
  }

  private scheduleRetry(closeCode: number): void {
    if (this.stopped) return;
    if (closeCode === CloseCode.TOKEN_EXPIRED) {
      // The token was revoked: the next REST call ends the session; until then try anonymously
      // would be wrong and retrying with the same token loops. Wait for restart() or "Retry now".
      Object.assign(this.status, { state: 'waiting', retryAt: null });
      return;
    }
    const delay = reconnectDelay(closeCode, this.status.attempt, this.options.random);
    this.status.attempt += 1;
    this.status.state = 'waiting';
    this.status.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.clearTimers();
    if (socket !== null) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      try {
        socket.close(1000);
      } catch {
        // Already closed.
      }
    }
  }

  private clearTimers(): void {
    if (this.heartbeatTimer !== null) clearTimeout(this.heartbeatTimer);
    if (this.stableTimer !== null) clearTimeout(this.stableTimer);
    this.heartbeatTimer = null;
    this.stableTimer = null;
    this.awaitingPong = false;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
