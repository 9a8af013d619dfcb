import { EventEmitter } from 'node:events';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cbor, type PeerId } from '@automerge/automerge-repo/slim';
import { encodeFrames } from '../../src/sync/link/frames.ts';
import {
  loadLinkStreams,
  type PeerLinkOptions,
  type SimplePeerConstructor,
} from '../../src/sync/link/PeerLink.ts';
import type { SignalingSocket } from '../../src/sync/mesh/SignalingClient.ts';
import { WebRtcNetworkAdapter } from '../../src/sync/document/WebRtcNetworkAdapter.ts';
import { PeerMesh } from '../../src/sync/mesh/PeerMesh.ts';
import type { PeerMeshOptions } from '../../src/sync/mesh/peerMeshOptions.ts';

/** simple-peer as a test drives it: what the link signalled and wrote is kept, and the test emits its events. */
export class FakePeer extends EventEmitter {
  readonly signals: unknown[] = [];
  readonly written: Uint8Array[] = [];
  destroyed = false;
  constructor(readonly options: { initiator?: boolean } = {}) {
    super();
  }
  signal(data: unknown): void {
    this.signals.push(data);
  }
  write(frame: Uint8Array): void {
    this.written.push(frame);
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The remote sends wire (one link message) in frames of the smallest size. */
  receive(wire: unknown): void {
    for (const frame of encodeFrames(cbor.encode(wire), 1)) this.emit('data', frame);
  }
}

/** A SimplePeer constructor whose every peer is pushed onto made. */
export function fakeSimplePeer(made: FakePeer[]): SimplePeerConstructor {
  return class extends FakePeer {
    constructor(options?: { initiator?: boolean }) {
      super(options);
      made.push(this);
    }
  } as unknown as SimplePeerConstructor;
}

/** Fresh traffic counters. */
export const noTraffic = () => ({ bytesSent: 0, bytesReceived: 0, messagesSent: 0, messagesReceived: 0 });

/**
 * A PeerLink's options for a link from 'me' to x-1 whose channels are fakes pushed onto made, every event ignored: a
 * test gives what it looks at.
 */
export function fakeLinkOptions(made: FakePeer[], given: Partial<PeerLinkOptions> = {}): PeerLinkOptions {
  return {
    remotePeerId: 'x-1',
    token: 1,
    initiator: true,
    localPeerId: 'me',
    localMetadata: null,
    greetings: new Map(),
    openChannel: (initiator) => new (fakeSimplePeer(made))({ initiator }),
    handshakeTimeoutMs: 10_000,
    stats: noTraffic(),
    log: () => {},
    onSignal: () => {},
    onOpen: () => {},
    onMessage: () => {},
    onGreeting: () => {},
    onNote: () => {},
    onClose: () => {},
    ...given,
  };
}

/** The signalling server's WebSocket as a test drives it: what the client sent is kept parsed. */
export class FakeSocket implements SignalingSocket {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: Array<{ type: string; data?: unknown }> = [];
  /** Binary messages sent: relayed link frames. */
  readonly frames: Uint8Array[] = [];
  binaryType = 'blob';
  closed = false;
  constructor(readonly url = '') {}
  send(data: string | Uint8Array): void {
    if (typeof data === 'string') this.sent.push(JSON.parse(data));
    else this.frames.push(data);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.({});
  }
  /** The server sends message (a string as it is, anything else as JSON). */
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(): void {
    this.onclose?.({});
  }
  /** Another page of the room published data on topic. */
  deliver(data: unknown, topic = 'room'): void {
    this.receive({ type: 'publish', topic, data });
  }
  /** What this page published, in order. */
  published(): unknown[] {
    return this.sent.filter((m) => m.type === 'publish').map((m) => m.data);
  }
}

/** A WebSocket constructor whose every socket is pushed onto made. */
export function fakeSocketClass(made: FakeSocket[]): new (url: string) => FakeSocket {
  return class extends FakeSocket {
    constructor(url: string) {
      super(url);
      made.push(this);
    }
  };
}

/** The peer id of the mesh under test. */
export const ME = 'mine-tab1';
/** Runs what is due now, promises included (fake timers). */
export const flush = () => vi.advanceTimersByTimeAsync(0);

export const announce = (from: string) => ({ type: 'announce', from });
/** An offer to ME from a peer, under token. */
export const offer = (from: string, token: number) => ({
  type: 'signal',
  to: ME,
  from,
  token,
  signal: { type: 'offer', sdp: 'o' },
});
/** A remote Repo's hello on its link. */
export const hello = (peerId: string) => ({ kind: 'hello', peerId, peerMetadata: { storageId: 's' } });

/** How a mesh on fakes starts: the random draws it gets, whether its socket opens and whether its Repo connects. */
export type FakeMeshStart = { draws?: number[]; open?: boolean; connect?: boolean };

/**
 * A PeerMesh of room 'room' on fake sockets and peers, under the WebRtcNetworkAdapter the Repo would connect. It joins
 * as ME (connected as the Repo with storage id 'store', unless connect is false), and its socket opens unless open is
 * false. Run under fake timers.
 */
export async function meshOnFakes(
  extra: Partial<PeerMeshOptions> = {},
  { draws = [0, 0.5], open = true, connect = true }: FakeMeshStart = {},
) {
  const sockets: FakeSocket[] = [];
  const peers: FakePeer[] = [];
  const log = vi.fn();
  let draw = 0;
  const mesh = new PeerMesh({
    roomName: 'room',
    signalingUrl: 'ws://test/signal',
    iceServers: [],
    WebSocket: fakeSocketClass(sockets),
    SimplePeer: fakeSimplePeer(peers),
    random: () => draws[Math.min(draw++, draws.length - 1)],
    log,
    ...extra,
  });
  const adapter = new WebRtcNetworkAdapter(mesh);
  if (connect) adapter.connect(ME as PeerId, { storageId: 'store' as never });
  else mesh.join(ME);
  await flush();
  const socket = sockets[0];
  if (open) socket.open();
  await flush();
  return { mesh, adapter, socket, sockets, peers, log };
}

/**
 * The hooks of a test file that drives meshes on fakes: fake timers in each test, and the links' deflate streams loaded
 * before any test. The mesh starts loading them at join; loaded first, every link's hello says it inflates
 * (PeerLink.test.ts covers a link that greets before they load).
 */
export function meshTestHooks(): void {
  beforeAll(async () => {
    await loadLinkStreams();
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
