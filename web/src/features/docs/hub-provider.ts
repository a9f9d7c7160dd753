/**
 * A Yjs provider over the client's one hub socket (docs/protocol.md, "Collaborative documents"):
 * the standard y-protocols messages (sync, awareness) travel base64 in `doc` frames on a `doc:`
 * channel, not over a second socket or a provider server.
 *
 * On every (re)subscription it sends sync step 1 and answers the server's step 1 with what the
 * server lacks, so edits made offline are merged on reconnect. Local updates are batched briefly
 * (the hub allows 50 frames a second) and counted until the server acknowledges them.
 */
import { proxy } from 'valtio';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

import type { RealtimeClient } from '@/realtime/client';

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_QUERY_AWARENESS = 3;
/** Local updates typed within this window go in one frame. */
const BATCH_MS = 50;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** What the editor shows about the document's connection. */
export interface DocStatus {
  /** The document is subscribed and the first sync answered. */
  synced: boolean;
  /** The socket is away: edits stay local until it is back. */
  offline: boolean;
  /** Local changes sent or waiting that the server has not acknowledged yet. */
  unsaved: number;
  /** The server refused a change as coming from a reader. */
  readOnly: boolean;
  /** The last refusal code (`doc.invalid`, `doc.too_large`, ...), null if none. */
  error: string | null;
  /** The server refused the channel itself. */
  forbidden: boolean;
}

export class HubProvider {
  readonly awareness: awarenessProtocol.Awareness;
  readonly status: DocStatus = proxy<DocStatus>({
    synced: false,
    offline: false,
    unsaved: 0,
    readOnly: false,
    error: null,
    forbidden: false,
  });

  private readonly unsubscribe: () => void;
  private readonly stopWatching: () => void;
  private pending: Uint8Array[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly inFlight = new Set<string>();
  private nextId = 1;

  constructor(
    private readonly client: RealtimeClient,
    readonly ch: string,
    readonly doc: Y.Doc,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    this.unsubscribe = client.subscribe(ch, {
      onEvent: () => undefined,
      onSubscribed: () => this.onSubscribed(),
      onDoc: (msg) => this.onMessage(fromBase64(msg)),
      onAck: (id) => this.onAck(id),
      onDocError: (code, id) => this.onRefused(code, id),
      onError: () => {
        this.status.forbidden = true;
      },
    });
    this.stopWatching = this.watchConnection();
  }

  destroy(): void {
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    if (this.batchTimer !== null) clearTimeout(this.batchTimer);
    this.stopWatching();
    this.unsubscribe();
    this.awareness.destroy();
  }

  /** Marks the document offline while the socket is away; unacknowledged changes are resent on sync. */
  private watchConnection(): () => void {
    const timer = setInterval(() => {
      const offline = this.client.status.state !== 'open';
      if (offline !== this.status.offline) {
        this.status.offline = offline;
        if (offline) {
          this.status.synced = false;
          // Whatever was in flight is resent in the next sync's step 2.
          this.inFlight.clear();
        }
      }
    }, 250);
    return () => clearInterval(timer);
  }

  private send(message: Uint8Array, id?: string): boolean {
    return this.client.sendDoc(this.ch, toBase64(message), id);
  }

  private onSubscribed(): void {
    this.status.offline = false;
    this.status.forbidden = false;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    this.send(encoding.toUint8Array(encoder));
    if (this.awareness.getLocalState() !== null) {
      this.send(this.awarenessMessage([this.doc.clientID]));
    }
  }

  private onMessage(message: Uint8Array): void {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) {
      const reply = encoding.createEncoder();
      encoding.writeVarUint(reply, MESSAGE_SYNC);
      const kind = syncProtocol.readSyncMessage(decoder, reply, this.doc, this);
      if (kind === syncProtocol.messageYjsSyncStep2) this.status.synced = true;
      // A server step 1 is answered with what the server lacks (offline edits included).
      if (kind === syncProtocol.messageYjsSyncStep1 && !this.status.readOnly) {
        const id = this.track();
        if (!this.send(encoding.toUint8Array(reply), id)) this.inFlight.delete(id);
        this.status.unsaved = this.inFlight.size + this.pending.length;
      }
    } else if (type === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      this.send(this.awarenessMessage(Array.from(this.awareness.getStates().keys())));
    }
  }

  private track(): string {
    const id = `d${this.nextId++}`;
    this.inFlight.add(id);
    return id;
  }

  private onAck(id: string | undefined): void {
    if (id !== undefined) this.inFlight.delete(id);
    this.status.unsaved = this.inFlight.size + this.pending.length;
    this.status.error = null;
  }

  private onRefused(code: string, id: string | undefined): void {
    if (id !== undefined) this.inFlight.delete(id);
    if (code === 'doc.read_only') this.status.readOnly = true;
    this.status.error = code;
    this.status.unsaved = this.inFlight.size + this.pending.length;
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this) return;
    this.pending.push(update);
    this.status.unsaved = this.inFlight.size + this.pending.length;
    if (this.batchTimer === null) this.batchTimer = setTimeout(this.flush, BATCH_MS);
  };

  private readonly flush = (): void => {
    this.batchTimer = null;
    if (this.pending.length === 0) return;
    if (this.client.status.state !== 'open' || !this.status.synced) {
      // Offline: the edits stay in the document and go in the next sync's step 2.
      this.pending = [];
      this.status.unsaved = this.inFlight.size + 1;
      return;
    }
    const update = Y.mergeUpdates(this.pending);
    this.pending = [];
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeUpdate(encoder, update);
    const id = this.track();
    if (!this.send(encoding.toUint8Array(encoder), id)) this.inFlight.delete(id);
    this.status.unsaved = this.inFlight.size;
  };

  private awarenessMessage(clients: number[]): Uint8Array {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(this.awareness, clients));
    return encoding.toUint8Array(encoder);
  }

  private readonly onAwarenessUpdate = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    if (origin !== 'local') return;
    this.send(this.awarenessMessage([...added, ...updated, ...removed]));
  };
}
