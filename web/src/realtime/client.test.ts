// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { FakeHub, waitUntil } from '@/testing/fake-hub';

import { backoffDelay, reconnectDelay, BACKOFF_CAP_MS } from './backoff';
import { RealtimeClient, type ChannelListener } from './client';
import type { EventFrame } from './protocol.gen';

/** A listener that records what it hears. */
function recorder() {
  const events: EventFrame[] = [];
  const syncs: { recovered: boolean; seq: number }[] = [];
  const errors: string[] = [];
  const listener: ChannelListener = {
    onEvent: (event) => events.push(event),
    onSubscribed: (info) => syncs.push(info),
    onError: (code) => errors.push(code),
  };
  return { events, syncs, errors, listener, seqs: () => events.map((e) => e.seq) };
}

let hub: FakeHub;
let client: RealtimeClient;

function newClient(options: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  return new RealtimeClient({
    url: () => hub.url,
    token: () => 't1',
    // `ws` implements the browser's WebSocket interface (onopen, onmessage, readyState, ...).
    createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as globalThis.WebSocket,
    // Short waits between reconnects (10 ms, 20 ms, ...): the tests check what happens.
    random: () => 0.01,
    unsubscribeLingerMs: 0,
    ...options,
  });
}

beforeEach(async () => {
  hub = await FakeHub.start();
});

afterEach(async () => {
  client?.stop();
  await hub.stop();
});

describe('backoff', () => {
  it('waits a random time below min(30 s, 1 s x 2^attempt)', () => {
    expect(backoffDelay(0, () => 0.999)).toBe(999);
    expect(backoffDelay(3, () => 0.5)).toBe(4000);
    expect(backoffDelay(12, () => 0.999)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(12, () => 0)).toBe(0);
  });

  it('spreads the first try after a restart over 5 s and pauses a minute after a policy close', () => {
    expect(reconnectDelay(1012, 0, () => 0.5)).toBe(2500);
    expect(reconnectDelay(1008, 0, () => 0)).toBe(60_000);
    expect(reconnectDelay(1006, 2, () => 0.5)).toBe(2000);
  });
});

describe('RealtimeClient against a WebSocket server', () => {
  it('speaks v1.json with the token as a subprotocol entry, not in the URL, and hands on live events', async () => {
    client = newClient();
    const a = recorder();
    client.subscribe('contest:1', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    expect(hub.offeredProtocols[0]).toEqual(['v1.json', 'vitrine.bearer.t1']);
    expect(hub.requestedUrls[0]).toBe('/ws');
    expect(a.syncs[0]).toEqual({ recovered: false, seq: 0 });

    hub.publish('contest:1', 'entry.created', { id: 9 });
    hub.publish('contest:1', 'entry.created', { id: 10 });
    await waitUntil(() => a.events.length === 2, 'two events');
    expect(a.events.map((e) => e.data)).toEqual([{ id: 9 }, { id: 10 }]);
    expect(client.status.state).toBe('open');
  });

  it('offers only v1.json without a token, and the new token after it changes', async () => {
    let token: string | null = null;
    client = newClient({ token: () => token });
    const a = recorder();
    client.subscribe('contest:1', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed anonymously');
    token = 't2';
    client.restart();
    await waitUntil(() => a.syncs.length === 2, 'subscribed again');
    expect(hub.offeredProtocols).toEqual([['v1.json'], ['v1.json', 'vitrine.bearer.t2']]);
    expect(hub.requestedUrls).toEqual(['/ws', '/ws']);
  });

  it('counts references: one sub for two listeners, an unsub when the last one leaves', async () => {
    client = newClient();
    const a = recorder();
    const b = recorder();
    const stopA = client.subscribe('contest:2', a.listener);
    const stopB = client.subscribe('contest:2', b.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    hub.publish('contest:2', 'comment.created', { id: 1 });
    await waitUntil(() => a.events.length === 1 && b.events.length === 1, 'both hear it');
    expect(hub.framesOf('sub')).toHaveLength(1);

    stopA();
    expect(hub.framesOf('unsub')).toHaveLength(0);
    stopB();
    await waitUntil(() => hub.framesOf('unsub').length === 1, 'unsub');
    expect(hub.framesOf('unsub')[0].frame).toMatchObject({ op: 'unsub', ch: 'contest:2' });
  });

  it('reconnects after the connection drops and resumes every channel from the last seq', async () => {
    client = newClient();
    const contest = recorder();
    const user = recorder();
    client.subscribe('contest:3', contest.listener);
    client.subscribe('user:7', user.listener);
    await waitUntil(() => contest.syncs.length === 1 && user.syncs.length === 1, 'subscribed');
    hub.publish('contest:3', 'entry.created', { id: 1 });
    hub.publish('contest:3', 'entry.created', { id: 2 });
    hub.publish('user:7', 'badge', { unread_notifications_count: 1 });
    await waitUntil(() => contest.events.length === 2 && user.events.length === 1, 'live events');

    await hub.goDown();
    // Published while the client is away: it must get them on resubscribing.
    hub.publish('contest:3', 'entry.created', { id: 3 });
    hub.publish('user:7', 'badge', { unread_notifications_count: 2 });
    hub.goUp();

    await waitUntil(() => contest.events.length === 3 && user.events.length === 2, 'the replay');
    const resubs = hub.framesOf('sub').filter(({ conn }) => conn === 2);
    expect(resubs.map(({ frame }) => frame)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ch: 'contest:3', since: 2 }),
        expect.objectContaining({ ch: 'user:7', since: 1 }),
      ]),
    );
    expect(contest.syncs.at(-1)).toEqual({ recovered: true, seq: 3 });
    expect(contest.seqs()).toEqual([1, 2, 3]);
    expect(client.status.state).toBe('open');
  });

  it('drops events it has already handled when a replay overlaps', async () => {
    client = newClient();
    const a = recorder();
    client.subscribe('contest:4', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    for (let i = 1; i <= 3; i++) hub.publish('contest:4', 'entry.created', { id: i });
    await waitUntil(() => a.events.length === 3, 'live events');

    hub.replayOverlap = 2; // the server resends seqs 2 and 3 besides the new one
    await hub.goDown();
    hub.publish('contest:4', 'entry.created', { id: 4 });
    hub.goUp();
    await waitUntil(() => a.syncs.length === 2, 'resubscribed');
    expect(a.seqs()).toEqual([1, 2, 3, 4]);
  });

  it('asks for a replay when a seq is skipped instead of applying past the gap', async () => {
    client = newClient();
    const a = recorder();
    client.subscribe('contest:5', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    hub.publish('contest:5', 'entry.created', { id: 1 });
    await waitUntil(() => a.events.length === 1, 'first event');
    // Seq 2 reaches the history but not this connection; seq 3 arrives live.
    const [socket] = [...hub.server.clients];
    const sendOriginal = socket.send.bind(socket);
    let swallowed = false;
    socket.send = ((data: string) => {
      if (!swallowed && String(data).includes('"seq":2')) {
        swallowed = true;
        return;
      }
      sendOriginal(data);
    }) as typeof socket.send;
    hub.publish('contest:5', 'entry.created', { id: 2 });
    hub.publish('contest:5', 'entry.created', { id: 3 });
    await waitUntil(() => a.events.length === 3, 'the gap filled');
    expect(a.seqs()).toEqual([1, 2, 3]);
    expect(hub.framesOf('sub').at(-1)?.frame).toMatchObject({ ch: 'contest:5', since: 1 });
  });

  it('tells listeners to reload when the server cannot recover the missed events', async () => {
    client = newClient();
    const a = recorder();
    client.subscribe('contest:6', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    hub.publish('contest:6', 'entry.created', { id: 1 });
    await waitUntil(() => a.events.length === 1, 'an event');

    await hub.goDown();
    hub.publish('contest:6', 'entry.created', { id: 2 });
    hub.publish('contest:6', 'entry.created', { id: 3 });
    hub.forgetHistory('contest:6');
    hub.goUp();
    await waitUntil(() => a.syncs.length === 2, 'resubscribed');
    expect(a.syncs[1]).toEqual({ recovered: false, seq: 3 });
    expect(a.events).toHaveLength(1);

    // It goes on from the head the server named.
    hub.publish('contest:6', 'entry.created', { id: 4 });
    await waitUntil(() => a.events.length === 2, 'the next live event');
    expect(a.seqs()).toEqual([1, 4]);
  });

  it('pings after a silence and reconnects when no pong comes back', async () => {
    client = newClient({ pingAfterMs: 30, pongTimeoutMs: 30 });
    const a = recorder();
    client.subscribe('contest:7', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    await waitUntil(() => hub.framesOf('ping').length >= 1, 'a ping');
    expect(hub.openConnections).toBe(1);

    hub.answerPings = false;
    await waitUntil(() => hub.requestedUrls.length >= 2, 'a new connection');
    await waitUntil(() => a.syncs.length >= 2, 'resubscribed');
    expect(hub.framesOf('sub').at(-1)?.frame).toMatchObject({ ch: 'contest:7', since: 0 });
  });

  it('keeps presence from subscribed and presence frames', async () => {
    hub.presence = [{ id: 5, username: 'ana' }];
    client = newClient();
    const a = recorder();
    client.subscribe('contest:8', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    expect(client.presence['contest:8']).toEqual([{ id: 5, username: 'ana' }]);
  });

  it('reports a forbidden channel and does not resubscribe it after a reconnect', async () => {
    client = newClient();
    const a = recorder();
    const b = recorder();
    client.subscribe('forbidden:1', a.listener);
    client.subscribe('contest:9', b.listener);
    await waitUntil(() => a.errors.length === 1 && b.syncs.length === 1, 'answers');
    expect(a.errors).toEqual(['channel.forbidden']);

    hub.dropAll();
    await waitUntil(() => b.syncs.length === 2, 'resubscribed');
    const second = hub.framesOf('sub').filter(({ conn }) => conn === 2);
    expect(second.map(({ frame }) => (frame.op === 'sub' ? frame.ch : ''))).toEqual(['contest:9']);
  });

  it('shows the connection as waiting while it is down', async () => {
    client = newClient({ random: () => 0.999 });
    const a = recorder();
    client.subscribe('contest:10', a.listener);
    await waitUntil(() => a.syncs.length === 1, 'subscribed');
    await hub.stop();
    await waitUntil(() => client.status.state === 'waiting', 'waiting');
    expect(client.status.everOpen).toBe(true);
    expect(client.status.attempt).toBeGreaterThan(0);
    expect(client.status.retryAt).not.toBeNull();
    hub = await FakeHub.start(); // afterEach stops it
  });
});
