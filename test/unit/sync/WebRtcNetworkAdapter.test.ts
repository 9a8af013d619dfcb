import { EventEmitter } from 'node:events';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cbor, type PeerId } from '@automerge/automerge-repo/slim';
import { decodeFrame, deflatedFrame, deflatedPiece, encodeFrames } from '../../../src/sync/link/frames.ts';
import { LinkDeflater, LinkInflater } from '../../../src/sync/link/linkDeflate.ts';
import { loadLinkStreams, type SimplePeerConstructor } from '../../../src/sync/link/PeerLink.ts';
import { PEER_LIMITS } from '../../../src/sync/link/peerLimits.ts';
import type { SignalingSocket } from '../../../src/sync/mesh/SignalingClient.ts';
import { WebRtcNetworkAdapter } from '../../../src/sync/document/WebRtcNetworkAdapter.ts';
import { PeerMesh, type PeerMeshOptions } from '../../../src/sync/mesh/PeerMesh.ts';
import type { IceSettings } from '../../../src/sync/link/WebRtcLinkOpener.ts';

class FakePeer extends EventEmitter {
  readonly signals: unknown[] = [];
  readonly written: Uint8Array[] = [];
  destroyed = false;
  constructor(readonly options: { initiator?: boolean }) {
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
  receive(wire: unknown): void {
    for (const frame of encodeFrames(cbor.encode(wire), 1)) this.emit('data', frame);
  }
}

class FakeSocket implements SignalingSocket {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: Array<{ type: string; data?: unknown }> = [];
  closed = false;
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
  }
  deliver(data: unknown, topic = 'room'): void {
    this.onmessage?.({ data: JSON.stringify({ type: 'publish', topic, data }) });
  }
  published(): unknown[] {
    return this.sent.filter((m) => m.type === 'publish').map((m) => m.data);
  }
}

const ME = 'mine-tab1';
const flush = () => vi.advanceTimersByTimeAsync(0);

async function setup(
  extra: Partial<PeerMeshOptions> = {},
  draws: number[] = [0, 0.5],
  open = true,
  connect = true,
) {
  const sockets: FakeSocket[] = [];
  const peers: FakePeer[] = [];
  const log = vi.fn();
  let draw = 0;
  const adapter = new WebRtcNetworkAdapter(
    new PeerMesh({
      roomName: 'room',
      signalingUrl: 'ws://test/signal',
      iceServers: [],
      WebSocket: class extends FakeSocket {
        constructor() {
          super();
          sockets.push(this);
        }
      },
      SimplePeer: class extends FakePeer {
        constructor(options: { initiator?: boolean }) {
          super(options);
          peers.push(this);
        }
      } as unknown as SimplePeerConstructor,
      random: () => draws[Math.min(draw++, draws.length - 1)],
      log,
      ...extra,
    }),
  );
  if (connect) adapter.connect(ME as PeerId, { storageId: 'store' as never });
  else adapter.mesh.join(ME);
  await flush();
  const socket = sockets[0];
  if (open) socket.onopen?.({});
  await flush();
  return { adapter, socket, sockets, peers, log };
}

const announce = (from: string) => ({ type: 'announce', from });
const offer = (from: string, token: number) => ({
  type: 'signal',
  to: ME,
  from,
  token,
  signal: { type: 'offer', sdp: 'o' },
});
/**
 * The link's first frame is our hello with the Repo's metadata (saying this page inflates deflated frames, bare ones
 * too, and rebuilds sync messages sent lighter), and the remote peer was reported once.
 */
function expectGreetedAndReported(peer: FakePeer, events: unknown[], adapter: WebRtcNetworkAdapter): void {
  expect(cbor.decode(decodeFrame(peer.written[0])!.body)).toEqual({
    kind: 'hello',
    peerId: ME,
    peerMetadata: { storageId: 'store' },
    inflates: true,
    bareFlush: true,
  });
  expect(events).toEqual([['peer-candidate', { peerId: 'x-1', peerMetadata: { storageId: 's' } }]]);
  expect(adapter.mesh.connectedPeers).toEqual(['x-1']);
}

const hello = (peerId: string) => ({ kind: 'hello', peerId, peerMetadata: { storageId: 's' } });

// The mesh starts loading them at join; here they are in before any link greets (PeerLink.test.ts: before they load).
beforeAll(async () => {
  await loadLinkStreams();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WebRtcNetworkAdapter signalling', () => {
  it('announces itself when the socket opens and again after a reconnect', async () => {
    const { adapter, sockets } = await setup();
    expect(sockets[0].sent[0]).toEqual({ type: 'subscribe', topics: ['room'] });
    expect(sockets[0].published()).toEqual([announce(ME)]);
    sockets[0].onclose?.({});
    await vi.advanceTimersByTimeAsync(1200);
    sockets[1].onopen?.({});
    await flush();
    expect(sockets[1].published()).toEqual([announce(ME)]);
    adapter.disconnect();
  });

  it('dials a peer that announces and relays its signals with one token', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.25]);
    socket.deliver(announce('other-tab'));
    await flush();
    expect(peers).toHaveLength(1);
    expect(peers[0].options.initiator).toBe(true);
    peers[0].emit('signal', { type: 'offer', sdp: 'x' });
    await flush();
    expect(socket.published()[1]).toEqual({
      type: 'signal',
      to: 'other-tab',
      from: ME,
      token: 2 ** 29,
      signal: { type: 'offer', sdp: 'x' },
    });
    adapter.disconnect();
  });

  it.each([
    { name: 'itself', from: ME },
    { name: 'a tab of the same browser', from: 'mine-tab2' },
  ])('never dials $name', async ({ from }) => {
    const { adapter, socket, peers } = await setup();
    socket.deliver(announce(from));
    socket.deliver(offer(from, 5));
    await flush();
    expect(peers).toHaveLength(0);
    adapter.disconnect();
  });

  it('lets skipPeer decide which peers to leave alone', async () => {
    const { adapter, socket, peers } = await setup({ skipPeer: (id) => id === 'bc-tab' });
    socket.deliver(announce('bc-tab'));
    socket.deliver(announce('mine-tab2'));
    await flush();
    expect(peers).toHaveLength(1);
    adapter.disconnect();
  });

  it('keeps one link per peer and stops at maxConnections', async () => {
    const { adapter, socket, peers } = await setup({ maxConnections: 2 });
    for (const from of ['a-1', 'a-1', 'b-1', 'c-1']) socket.deliver(announce(from));
    socket.deliver(offer('d-1', 9));
    await flush();
    expect(peers).toHaveLength(2);
    adapter.disconnect();
  });

  it('draws 20 + 0..15 connections once per adapter', async () => {
    const low = await setup({}, [0]);
    const high = await setup({}, [0.999]);
    expect([low.adapter.mesh.maxConnections, high.adapter.mesh.maxConnections]).toEqual([20, 35]);
    low.adapter.disconnect();
    high.adapter.disconnect();
  });

  it('on glare keeps its own offer when its token is larger', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5]);
    socket.deliver(announce('x-1'));
    socket.deliver(offer('x-1', 5));
    await flush();
    expect(peers).toHaveLength(1);
    expect(peers[0].destroyed).toBe(false);
    expect(peers[0].signals).toEqual([]);
    adapter.disconnect();
  });

  it('on glare answers the other offer when its token is larger', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5]);
    socket.deliver(announce('x-1'));
    socket.deliver(offer('x-1', 2 ** 31 - 1));
    await flush();
    expect(peers).toHaveLength(2);
    expect(peers[0].destroyed).toBe(true);
    expect(peers[1].options.initiator).toBe(false);
    expect(peers[1].signals).toEqual([{ type: 'offer', sdp: 'o' }]);
    adapter.disconnect();
  });

  it('feeds signals of the current attempt and drops stale ones', async () => {
    const { adapter, socket, peers } = await setup();
    socket.deliver(offer('x-1', 7));
    socket.deliver({ type: 'signal', to: ME, from: 'x-1', token: 7, signal: { candidate: 'c1' } });
    socket.deliver({ type: 'signal', to: ME, from: 'x-1', token: 8, signal: { candidate: 'stale' } });
    socket.deliver({
      type: 'signal',
      to: 'someone-else',
      from: 'x-1',
      token: 7,
      signal: { candidate: 'not mine' },
    });
    socket.deliver({ type: 'signal', to: ME, from: 'y-1', token: 1, signal: { candidate: 'no offer yet' } });
    await flush();
    expect(peers).toHaveLength(1);
    expect(peers[0].signals).toEqual([{ type: 'offer', sdp: 'o' }, { candidate: 'c1' }]);
    adapter.disconnect();
  });

  it('logs and drops publishes that are neither announce nor signal', async () => {
    const { adapter, socket, peers, log } = await setup();
    for (const bad of [null, 'text', { type: 'announce' }, { type: 'signal', to: ME, from: 'x-1' }])
      socket.deliver(bad);
    socket.deliver(announce('x-1'), 'another-room');
    await flush();
    expect(peers).toHaveLength(0);
    expect(log).toHaveBeenCalledTimes(1);
    adapter.disconnect();
  });
});

describe('WebRtcNetworkAdapter peers', () => {
  async function connected() {
    const ctx = await setup();
    const events: Array<[string, unknown]> = [];
    for (const e of ['peer-candidate', 'peer-disconnected', 'message'] as const)
      ctx.adapter.on(e, (p: unknown) => events.push([e, p]));
    ctx.socket.deliver(offer('x-1', 3));
    await flush();
    ctx.peers[0].receive(hello('x-1'));
    return { ...ctx, events };
  }

  it('sends its hello first and reports the peer with its metadata once the remote hello arrives', async () => {
    const { adapter, peers, events } = await connected();
    expectGreetedAndReported(peers[0], events, adapter);
    adapter.disconnect();
  });

  it('emits repo messages with the link as sender and target, and drops what is not one', async () => {
    const { adapter, peers, events } = await connected();
    const message = { type: 'sync', documentId: 'd', data: new Uint8Array([1]) };
    peers[0].receive({ kind: 'repo', message });
    peers[0].receive({ kind: 'repo', message: { ...message, senderId: 'someone-else', targetId: 'other' } });
    peers[0].receive({ kind: 'nonsense' });
    peers[0].emit('data', new Uint8Array([0, 1, 2]));
    const received = events.filter(([e]) => e === 'message').map(([, m]) => m);
    expect(received).toEqual([
      { ...message, senderId: 'x-1', targetId: ME },
      { ...message, senderId: 'x-1', targetId: ME },
    ]);
    expect(adapter.mesh.stats.messagesReceived).toBe(2);
    adapter.disconnect();
  });

  it('sends repo messages without sender and target, naming a document in full only the first time', async () => {
    const { adapter, peers } = await connected();
    const message = {
      type: 'sync',
      senderId: ME,
      targetId: 'x-1',
      documentId: 'd',
      data: new Uint8Array([2]),
    };
    adapter.send(message as never);
    adapter.send(message as never);
    const sent = peers[0].written.slice(-2).map((frame) => cbor.decode(decodeFrame(frame)!.body));
    expect(sent).toEqual([
      [0, 'd', new Uint8Array([2])],
      [0, 0, new Uint8Array([2])],
    ]);
    adapter.disconnect();
  });

  it('drops a peer that sends a message over the size limit, and neither dials nor answers it for a while', async () => {
    const limits = { ...PEER_LIMITS, maxMessageBytes: 1000, banMs: 5_000 };
    const { adapter, socket, peers, log } = await setup({ limits });
    const events: Array<[string, unknown]> = [];
    adapter.on('peer-disconnected', (p: unknown) => events.push(['peer-disconnected', p]));
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    peers[0].receive({ kind: 'note', topic: 't', body: 'x'.repeat(5000) });
    expect(peers[0].destroyed).toBe(true);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^webrtc: dropped x-1: it sent a message of more than 1000 bytes/),
    );
    await flush();
    socket.deliver(announce('x-1'));
    socket.deliver(offer('x-1', 4));
    await flush();
    expect(peers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    socket.deliver(announce('x-1'));
    await flush();
    expect(peers).toHaveLength(2);
    adapter.disconnect();
  });

  it('drops a peer whose deflated frame inflates past the size limit', async () => {
    const limits = { ...PEER_LIMITS, maxMessageBytes: 1000 };
    const { adapter, socket, peers, log } = await setup({ limits });
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    // 5,000 bytes that deflate to a few dozen: the wire's size says nothing of what the page would read.
    const piece = new LinkDeflater().push(cbor.encode({ kind: 'note', topic: 't', body: 'x'.repeat(5000) }));
    peers[0].emit('data', deflatedFrame(piece));
    expect(peers[0].destroyed).toBe(true);
    expect(log).toHaveBeenCalledWith(
      'webrtc: dropped x-1: it sent a message of more than 1000 bytes (deflated)',
    );
    adapter.disconnect();
  });

  it('drops a peer whose deflated frame does not inflate', async () => {
    const { adapter, socket, peers, log } = await setup();
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    peers[0].emit('data', deflatedFrame(Uint8Array.of(0xff, 0xfe, 0xfd)));
    expect(peers[0].destroyed).toBe(true);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^webrtc: dropped x-1: it sent a deflated frame that does not inflate/),
    );
    adapter.disconnect();
  });

  it('drops a peer that floods it with messages, and keeps honest traffic', async () => {
    const limits = { ...PEER_LIMITS, maxMessagesPerWindow: 50, windowMs: 1000 };
    const { adapter, socket, peers } = await setup({ limits });
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    // Forty messages a second for three seconds: within the limits.
    for (let second = 0; second < 3; second++) {
      for (let i = 0; i < 40; i++) peers[0].receive({ kind: 'note', topic: 't', body: i });
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(peers[0].destroyed).toBe(false);
    for (let i = 0; i < 60; i++) peers[0].receive({ kind: 'note', topic: 't', body: i });
    expect(peers[0].destroyed).toBe(true);
    adapter.disconnect();
  });

  it('closes a link whose hello names another peer', async () => {
    const { adapter, socket, peers } = await setup();
    const candidates = vi.fn();
    adapter.on('peer-candidate', candidates);
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('impostor'));
    expect(peers[0].destroyed).toBe(true);
    expect(candidates).not.toHaveBeenCalled();
    adapter.disconnect();
  });

  it('reports peer-disconnected when a link closes and announces again', async () => {
    const { adapter, socket, peers, events } = await connected();
    peers[0].emit('close');
    await flush();
    expect(events.at(-1)).toEqual(['peer-disconnected', { peerId: 'x-1' }]);
    expect(socket.published().at(-1)).toEqual(announce(ME));
    adapter.disconnect();
  });

  it('gives up a handshake that never completes', async () => {
    const { adapter, socket, peers } = await setup({ handshakeTimeoutMs: 1000 });
    socket.deliver(announce('x-1'));
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(peers[0].destroyed).toBe(true);
    socket.deliver(announce('x-1'));
    await flush();
    expect(peers).toHaveLength(2);
    adapter.disconnect();
  });

  it('announces again after a failed handshake, a bounded number of times', async () => {
    const { adapter, socket, peers } = await setup({ handshakeTimeoutMs: 1000 }, [0.5]);
    const announcements = () =>
      socket.published().filter((m) => (m as { type?: string }).type === 'announce').length;
    for (let attempt = 0; attempt < 7; attempt++) {
      socket.deliver(announce('x-1'));
      await flush();
      await vi.advanceTimersByTimeAsync(1000);
      expect(peers.at(-1)?.destroyed).toBe(true);
      await vi.advanceTimersByTimeAsync(10_000);
    }
    // One announce on joining, then one after each of the first five failures; none after that.
    expect(announcements()).toBe(1 + 5);
    adapter.disconnect();
  });

  it('disconnect reports open peers, closes everything and is idempotent', async () => {
    const { adapter, socket, peers, events } = await connected();
    adapter.disconnect();
    adapter.disconnect();
    expect(events.at(-1)).toEqual(['peer-disconnected', { peerId: 'x-1' }]);
    expect(events.filter(([e]) => e === 'peer-disconnected')).toHaveLength(1);
    expect(peers[0].destroyed).toBe(true);
    expect(socket.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    adapter.send({ type: 'sync', senderId: ME as PeerId, targetId: 'x-1' as PeerId });
    expect(peers[0].written.length).toBe(1);
  });
});

describe('WebRtcNetworkAdapter joined before the Repo connects', () => {
  it('handshakes early, then greets and reports the peer once connect gives the metadata', async () => {
    const { adapter, socket, sockets, peers } = await setup({}, [0, 0.5], true, false);
    const events: Array<[string, unknown]> = [];
    adapter.on('peer-candidate', (p: unknown) => events.push(['peer-candidate', p]));
    expect(socket.published()).toEqual([announce(ME)]);
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    expect(peers[0].written).toHaveLength(0);
    expect(events).toEqual([]);
    expect(adapter.mesh.connectedPeers).toEqual([]);
    adapter.connect(ME as PeerId, { storageId: 'store' as never });
    await flush();
    expect(sockets).toHaveLength(1);
    expectGreetedAndReported(peers[0], events, adapter);
    adapter.disconnect();
  });

  it('reports a peer whose hello arrives after connect at once', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    const events: unknown[] = [];
    adapter.on('peer-candidate', (p: unknown) => events.push(p));
    socket.deliver(offer('x-1', 3));
    await flush();
    adapter.connect(ME as PeerId, { storageId: 'store' as never });
    expect(peers[0].written).toHaveLength(1);
    peers[0].receive(hello('x-1'));
    expect(events).toEqual([{ peerId: 'x-1', peerMetadata: { storageId: 's' } }]);
    adapter.disconnect();
  });

  it('starts afresh when connect names another peer id', async () => {
    const { adapter, sockets } = await setup({}, [0, 0.5], true, false);
    adapter.connect('other-tab2' as PeerId, {});
    await flush();
    expect(sockets).toHaveLength(2);
    expect(sockets[0].closed).toBe(true);
    adapter.disconnect();
  });
});

describe('PeerMesh handshakes settled', () => {
  const settledAfter = (mesh: PeerMesh, timeoutMs: number, firstDialMs = 0) => {
    const state = { settled: false };
    void mesh.handshakesSettled(timeoutMs, firstDialMs).then(() => (state.settled = true));
    return state;
  };

  it('settles at once with no link, once every link opened its channel or closed, or after the timeout', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    const alone = settledAfter(adapter.mesh, 1000);
    await flush();
    expect(alone.settled).toBe(true);

    expect(adapter.mesh.handshaking).toBe(false);
    socket.deliver(offer('x-1', 3));
    socket.deliver(offer('x-2', 4));
    await flush();
    expect(adapter.mesh.handshaking).toBe(true);
    const both = settledAfter(adapter.mesh, 1000);
    const timed = settledAfter(adapter.mesh, 50);
    peers[0].emit('connect');
    await flush();
    // The Repos' hellos are not waited for: the data channel is what the handshake opens.
    expect(both.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(timed.settled).toBe(true);
    expect(both.settled).toBe(false);
    peers[1].emit('close');
    await flush();
    expect(both.settled).toBe(true);
    expect(adapter.mesh.handshaking).toBe(false);
    adapter.disconnect();
  });

  it('gives a peer time to dial first when asked: alone it settles once that time has passed since joining, and a peer that dials meanwhile is waited for', async () => {
    const { adapter } = await setup({}, [0, 0.5], true, false);
    const alone = settledAfter(adapter.mesh, 1000, 150);
    await vi.advanceTimersByTimeAsync(100);
    expect(alone.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(alone.settled).toBe(true);
    adapter.disconnect();

    const second = await setup({}, [0, 0.5], true, false);
    const dialled = settledAfter(second.adapter.mesh, 1000, 150);
    await vi.advanceTimersByTimeAsync(50);
    second.socket.deliver(offer('x-1', 3));
    await flush();
    await vi.advanceTimersByTimeAsync(200);
    // The window has passed, but the peer that dialled within it is still shaking hands.
    expect(dialled.settled).toBe(false);
    second.peers[0].emit('connect');
    await flush();
    expect(dialled.settled).toBe(true);
    second.adapter.disconnect();
  });
});

describe('WebRtcNetworkAdapter greetings', () => {
  const frames = (peer: FakePeer) => peer.written.map((frame) => cbor.decode(decodeFrame(frame)!.body));

  it('greets each new link first, before the Repo connects, once per link', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    adapter.mesh.setGreeting('presence', { hi: 1 });
    socket.deliver(offer('x-1', 3));
    await flush();
    adapter.mesh.setGreeting('presence', { hi: 2 });
    socket.deliver(offer('x-2', 4));
    await flush();
    expect(frames(peers[0])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: { hi: 1 } }]);
    expect(frames(peers[1])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: { hi: 2 } }]);
    adapter.connect(ME as PeerId, { storageId: 'store' as never });
    expect(frames(peers[0])[1]).toMatchObject({ kind: 'hello', peerId: ME });
    adapter.disconnect();
  });

  it('greets a link that opened before there was a greeting when one is set', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    socket.deliver(offer('x-1', 3));
    await flush();
    expect(frames(peers[0])).toEqual([]);
    adapter.mesh.setGreeting('presence', 'late');
    expect(frames(peers[0])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: 'late' }]);
    adapter.disconnect();
  });

  it('reports a peer greeting before its hello and before the Repo runs, and null when the link closes', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    const seen: Array<[string, unknown]> = [];
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive({ kind: 'greeting', topic: 'presence', greeting: { name: 'Bob' } });
    adapter.mesh.onGreeting('presence', (peerId, greeting) => seen.push([peerId, greeting]));
    expect(seen).toEqual([['x-1', { name: 'Bob' }]]);
    expect(adapter.mesh.connectedPeers).toEqual([]);
    peers[0].emit('close');
    expect(seen).toEqual([
      ['x-1', { name: 'Bob' }],
      ['x-1', null],
    ]);
    adapter.disconnect();
  });

  it('takes a greeting after the hello too, and drops greetings on disconnect', async () => {
    const { adapter, socket, peers } = await setup();
    const seen: Array<[string, unknown]> = [];
    adapter.mesh.onGreeting('presence', (peerId, greeting) => seen.push([peerId, greeting]));
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    peers[0].receive({ kind: 'greeting', topic: 'presence', greeting: 7 });
    adapter.disconnect();
    expect(seen).toEqual([
      ['x-1', 7],
      ['x-1', null],
    ]);
  });
});

describe('WebRtcNetworkAdapter greeting topics and notes', () => {
  const frames = (peer: FakePeer) => peer.written.map((frame) => cbor.decode(decodeFrame(frame)!.body));

  it('says each topic once per link, and a topic set to null no longer goes to new links', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    adapter.mesh.setGreeting('presence', 'me');
    adapter.mesh.setGreeting('logs?', { v: 1 });
    socket.deliver(offer('x-1', 3));
    await flush();
    adapter.mesh.setGreeting('logs?', { v: 2 });
    adapter.mesh.setGreeting('logs?', null);
    socket.deliver(offer('x-2', 4));
    await flush();
    expect(frames(peers[0])).toEqual([
      { kind: 'greeting', topic: 'presence', greeting: 'me' },
      { kind: 'greeting', topic: 'logs?', greeting: { v: 1 } },
    ]);
    expect(frames(peers[1])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: 'me' }]);
    adapter.disconnect();
  });

  it('tells each topic its own listeners, sends notes to one linked peer, and reports notes by topic', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    const presence: unknown[] = [];
    const asks: unknown[] = [];
    const notes: Array<[string, unknown]> = [];
    adapter.mesh.onGreeting('presence', (_, g) => presence.push(g));
    adapter.mesh.onGreeting('logs?', (_, g) => asks.push(g));
    adapter.mesh.onNote('logs', (peerId, body) => notes.push([peerId, body]));
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive({ kind: 'greeting', topic: 'logs?', greeting: { v: 1 } });
    peers[0].receive({ kind: 'note', topic: 'logs', body: new Uint8Array([1, 2]) });
    peers[0].receive({ kind: 'note', topic: 'other', body: 3 });
    expect(presence).toEqual([]);
    expect(asks).toEqual([{ v: 1 }]);
    expect(notes).toEqual([['x-1', new Uint8Array([1, 2])]]);
    expect(adapter.mesh.sendNote('x-1', 'logs', 'here')).toBe(true);
    expect(adapter.mesh.sendNote('nobody', 'logs', 'here')).toBe(false);
    expect(frames(peers[0]).at(-1)).toEqual({ kind: 'note', topic: 'logs', body: 'here' });
    peers[0].emit('close');
    expect(asks).toEqual([{ v: 1 }, null]);
    expect(adapter.mesh.sendNote('x-1', 'logs', 'late')).toBe(false);
    adapter.disconnect();
  });

  it('broadcasts a note to every linked peer, whether its hello came or not, and to no closed link', async () => {
    const { adapter, socket, peers } = await setup();
    socket.deliver(offer('x-1', 3));
    socket.deliver(offer('x-2', 4));
    socket.deliver(offer('x-3', 5));
    await flush();
    peers[0].receive(hello('x-1'));
    peers[2].emit('close');
    adapter.mesh.broadcastNote('entry', { n: 1 });
    const notes = (i: number) => frames(peers[i]).filter((f) => (f as { kind?: string }).kind === 'note');
    expect(notes(0)).toEqual([{ kind: 'note', topic: 'entry', body: { n: 1 } }]);
    expect(notes(1)).toEqual([{ kind: 'note', topic: 'entry', body: { n: 1 } }]);
    expect(notes(2)).toEqual([]);
    adapter.disconnect();
  });

  it("deflates what it sends on the link's stream once the remote's hello says it inflates, and reads deflated frames", async () => {
    const { adapter, socket, peers } = await setup();
    const notes: unknown[] = [];
    adapter.mesh.onNote('entry', (_, body) => notes.push(body));
    socket.deliver(offer('x-1', 3));
    socket.deliver(offer('x-2', 4));
    await flush();
    peers[0].receive({ ...hello('x-1'), inflates: true });
    // x-2 runs an earlier build: its hello says nothing of inflating.
    peers[1].receive(hello('x-2'));
    const before = peers.map((p) => p.written.length);
    const body = { entry: '{"id":"a:1","action":{"type":"tictactoe/historyJumped"}}', after: null };
    adapter.mesh.broadcastNote('entry', body);
    adapter.mesh.broadcastNote('entry', body);
    const sent = (i: number) => peers[i].written.slice(before[i]);
    // Plain to the earlier build, exactly as before.
    expect(sent(1).map((f) => deflatedPiece(f))).toEqual([null, null]);
    expect(sent(1).map((f) => cbor.decode(decodeFrame(f)!.body))).toEqual([
      { kind: 'note', topic: 'entry', body },
      { kind: 'note', topic: 'entry', body },
    ]);
    // Deflated to the page that inflates; the second, a repeat, in a few bytes.
    const inflater = new LinkInflater();
    const pieces = sent(0).map((f) => deflatedPiece(f)!);
    expect(pieces.map((p) => cbor.decode(inflater.push(p, 1 << 20)))).toEqual([
      { kind: 'note', topic: 'entry', body },
      { kind: 'note', topic: 'entry', body },
    ]);
    expect(pieces[1].length).toBeLessThan(12);
    // What x-1 sends deflated on its own stream reaches the note's listeners like a plain frame.
    const deflater = new LinkDeflater();
    for (const n of [1, 2]) {
      const piece = deflater.push(cbor.encode({ kind: 'note', topic: 'entry', body: { n } }));
      peers[0].emit('data', deflatedFrame(piece));
    }
    peers[1].receive({ kind: 'note', topic: 'entry', body: { n: 3 } });
    expect(notes).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    adapter.disconnect();
  });

  it('ignores a greeting without a topic', async () => {
    const { adapter, socket, peers } = await setup({}, [0, 0.5], true, false);
    const seen: unknown[] = [];
    adapter.mesh.onGreeting('presence', (_, g) => seen.push(g));
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive({ kind: 'greeting', greeting: 'no topic' });
    expect(seen).toEqual([]);
    adapter.disconnect();
  });
});

describe('WebRtcNetworkAdapter with ICE settings still loading', () => {
  const deferred = () => {
    let settle!: { resolve: (v: IceSettings) => void; reject: (e: Error) => void };
    const promise = new Promise<IceSettings>((resolve, reject) => (settle = { resolve, reject }));
    return { promise, ...settle };
  };

  it('announces at once, and answers what arrived meanwhile, in order, once the settings are there', async () => {
    const ice = deferred();
    const { adapter, socket, peers } = await setup({ iceSettings: ice.promise }, [0, 0.5], true, false);
    expect(socket.published()).toEqual([announce(ME)]);
    const candidate = { type: 'signal', to: ME, from: 'x-1', token: 3, signal: { candidate: 'c' } };
    socket.deliver(offer('x-1', 3));
    socket.deliver(candidate);
    await flush();
    expect(peers).toHaveLength(0);
    ice.resolve({ iceServers: [{ urls: 'turn:relay.test' }], iceTransportPolicy: 'relay' });
    await flush();
    expect(peers).toHaveLength(1);
    expect((peers[0].options as { config?: unknown }).config).toEqual({
      iceServers: [{ urls: 'turn:relay.test' }],
      iceTransportPolicy: 'relay',
    });
    expect(peers[0].signals).toEqual([{ type: 'offer', sdp: 'o' }, { candidate: 'c' }]);
    adapter.disconnect();
  });

  it('leaves the room and is ready when the settings cannot be loaded', async () => {
    const ice = deferred();
    const { adapter, socket, log } = await setup({ iceSettings: ice.promise }, [0, 0.5], true, false);
    ice.reject(new Error('offline'));
    await flush();
    expect(socket.closed).toBe(true);
    expect(adapter.isReady()).toBe(true);
    expect(log).toHaveBeenCalledWith(
      'webrtc: cannot load simple-peer or the ICE settings',
      expect.any(Error),
    );
    adapter.disconnect();
  });
});

describe('WebRtcNetworkAdapter readiness', () => {
  it('is ready peerWaitMs after joining a quiet room', async () => {
    const { adapter } = await setup({ peerWaitMs: 500 });
    expect(adapter.isReady()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(adapter.isReady()).toBe(true);
    await adapter.whenReady();
    adapter.disconnect();
  });

  it('is ready as soon as a first peer connects', async () => {
    const { adapter, socket, peers } = await setup();
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    expect(adapter.isReady()).toBe(true);
    adapter.disconnect();
  });

  it('is ready when the signalling socket fails before it ever opened', async () => {
    const { adapter, socket } = await setup({}, [0], false);
    expect(adapter.isReady()).toBe(false);
    socket.onclose?.({});
    expect(adapter.isReady()).toBe(true);
    adapter.disconnect();
  });
});
