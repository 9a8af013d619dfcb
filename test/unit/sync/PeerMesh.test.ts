import { describe, expect, it, vi } from 'vitest';
import { cbor } from '@automerge/automerge-repo/slim';
import { decodeFrame, deflatedFrame, deflatedPiece } from '../../../src/sync/link/frames.ts';
import { LinkDeflater, LinkInflater } from '../../../src/sync/link/linkDeflate.ts';
import { PEER_LIMITS } from '../../../src/sync/link/peerLimits.ts';
import type { IceSettings } from '../../../src/sync/link/WebRtcLinkOpener.ts';
import type { PeerMesh } from '../../../src/sync/mesh/PeerMesh.ts';
import {
  announce,
  flush,
  hello,
  ME,
  meshOnFakes,
  meshTestHooks,
  offer,
  type FakePeer,
} from '../../helpers/meshFakes.ts';

meshTestHooks();

describe('PeerMesh dialling', () => {
  it('announces itself when the socket opens and again after a reconnect', async () => {
    const { mesh, sockets } = await meshOnFakes();
    expect(sockets[0].sent[0]).toEqual({ type: 'subscribe', topics: ['room'] });
    expect(sockets[0].published()).toEqual([announce(ME)]);
    sockets[0].onclose?.({});
    await vi.advanceTimersByTimeAsync(1200);
    sockets[1].onopen?.({});
    await flush();
    expect(sockets[1].published()).toEqual([announce(ME)]);
    mesh.leave();
  });

  it('dials a peer that announces and relays its signals with one token', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { draws: [0, 0.25] });
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
    mesh.leave();
  });

  it.each([
    { name: 'itself', from: ME },
    { name: 'a tab of the same browser', from: 'mine-tab2' },
  ])('never dials $name', async ({ from }) => {
    const { mesh, socket, peers } = await meshOnFakes();
    socket.deliver(announce(from));
    socket.deliver(offer(from, 5));
    await flush();
    expect(peers).toHaveLength(0);
    mesh.leave();
  });

  it('lets skipPeer decide which peers to leave alone', async () => {
    const { mesh, socket, peers } = await meshOnFakes({ skipPeer: (id) => id === 'bc-tab' });
    socket.deliver(announce('bc-tab'));
    socket.deliver(announce('mine-tab2'));
    await flush();
    expect(peers).toHaveLength(1);
    mesh.leave();
  });

  it('keeps one link per peer and stops at maxConnections', async () => {
    const { mesh, socket, peers } = await meshOnFakes({ maxConnections: 2 });
    for (const from of ['a-1', 'a-1', 'b-1', 'c-1']) socket.deliver(announce(from));
    socket.deliver(offer('d-1', 9));
    await flush();
    expect(peers).toHaveLength(2);
    mesh.leave();
  });

  it('draws 20 + 0..15 connections once per mesh', async () => {
    const low = await meshOnFakes({}, { draws: [0] });
    const high = await meshOnFakes({}, { draws: [0.999] });
    expect([low.mesh.maxConnections, high.mesh.maxConnections]).toEqual([20, 35]);
    low.mesh.leave();
    high.mesh.leave();
  });

  it('on glare keeps its own offer when its token is larger', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    socket.deliver(announce('x-1'));
    socket.deliver(offer('x-1', 5));
    await flush();
    expect(peers).toHaveLength(1);
    expect(peers[0].destroyed).toBe(false);
    expect(peers[0].signals).toEqual([]);
    mesh.leave();
  });

  it('on glare answers the other offer when its token is larger', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    socket.deliver(announce('x-1'));
    socket.deliver(offer('x-1', 2 ** 31 - 1));
    await flush();
    expect(peers).toHaveLength(2);
    expect(peers[0].destroyed).toBe(true);
    expect(peers[1].options.initiator).toBe(false);
    expect(peers[1].signals).toEqual([{ type: 'offer', sdp: 'o' }]);
    mesh.leave();
  });

  it('feeds signals of the current attempt and drops stale ones', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
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
    mesh.leave();
  });

  it('logs and drops publishes that are neither announce nor signal', async () => {
    const { mesh, socket, peers, log } = await meshOnFakes();
    for (const bad of [null, 'text', { type: 'announce' }, { type: 'signal', to: ME, from: 'x-1' }])
      socket.deliver(bad);
    socket.deliver(announce('x-1'), 'another-room');
    await flush();
    expect(peers).toHaveLength(0);
    expect(log).toHaveBeenCalledTimes(1);
    mesh.leave();
  });

  it('gives up a handshake that never completes', async () => {
    const { mesh, socket, peers } = await meshOnFakes({ handshakeTimeoutMs: 1000 });
    socket.deliver(announce('x-1'));
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(peers[0].destroyed).toBe(true);
    socket.deliver(announce('x-1'));
    await flush();
    expect(peers).toHaveLength(2);
    mesh.leave();
  });

  it('announces again after a failed handshake, a bounded number of times', async () => {
    const { mesh, socket, peers } = await meshOnFakes({ handshakeTimeoutMs: 1000 }, { draws: [0.5] });
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
    mesh.leave();
  });
});

describe('PeerMesh peer limits', () => {
  it('drops a peer that sends a message over the size limit, and neither dials nor answers it for a while', async () => {
    const limits = { ...PEER_LIMITS, maxMessageBytes: 1000, banMs: 5_000 };
    const { mesh, socket, peers, log } = await meshOnFakes({ limits });
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
    mesh.leave();
  });

  it('drops a peer whose deflated frame inflates past the size limit', async () => {
    const limits = { ...PEER_LIMITS, maxMessageBytes: 1000 };
    const { mesh, socket, peers, log } = await meshOnFakes({ limits });
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
    mesh.leave();
  });

  it('drops a peer whose deflated frame does not inflate', async () => {
    const { mesh, socket, peers, log } = await meshOnFakes();
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    peers[0].emit('data', deflatedFrame(Uint8Array.of(0xff, 0xfe, 0xfd)));
    expect(peers[0].destroyed).toBe(true);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^webrtc: dropped x-1: it sent a deflated frame that does not inflate/),
    );
    mesh.leave();
  });

  it('drops a peer that floods it with messages, and keeps honest traffic', async () => {
    const limits = { ...PEER_LIMITS, maxMessagesPerWindow: 50, windowMs: 1000 };
    const { mesh, socket, peers } = await meshOnFakes({ limits });
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
    mesh.leave();
  });
});

describe('PeerMesh handshakes settled', () => {
  const settledAfter = (mesh: PeerMesh, timeoutMs: number, firstDialMs = 0) => {
    const state = { settled: false };
    void mesh.handshakesSettled(timeoutMs, firstDialMs).then(() => (state.settled = true));
    return state;
  };

  it('settles at once with no link, once every link opened its channel or closed, or after the timeout', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { connect: false });
    const alone = settledAfter(mesh, 1000);
    await flush();
    expect(alone.settled).toBe(true);

    expect(mesh.handshaking).toBe(false);
    socket.deliver(offer('x-1', 3));
    socket.deliver(offer('x-2', 4));
    await flush();
    expect(mesh.handshaking).toBe(true);
    const both = settledAfter(mesh, 1000);
    const timed = settledAfter(mesh, 50);
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
    expect(mesh.handshaking).toBe(false);
    mesh.leave();
  });

  it('gives a peer time to dial first when asked: alone it settles once that time has passed since joining, and a peer that dials meanwhile is waited for', async () => {
    const { mesh } = await meshOnFakes({}, { connect: false });
    const alone = settledAfter(mesh, 1000, 150);
    await vi.advanceTimersByTimeAsync(100);
    expect(alone.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(alone.settled).toBe(true);
    mesh.leave();

    const second = await meshOnFakes({}, { connect: false });
    const dialled = settledAfter(second.mesh, 1000, 150);
    await vi.advanceTimersByTimeAsync(50);
    second.socket.deliver(offer('x-1', 3));
    await flush();
    await vi.advanceTimersByTimeAsync(200);
    // The window has passed, but the peer that dialled within it is still shaking hands.
    expect(dialled.settled).toBe(false);
    second.peers[0].emit('connect');
    await flush();
    expect(dialled.settled).toBe(true);
    second.mesh.leave();
  });
});

describe('PeerMesh greetings', () => {
  const frames = (peer: FakePeer) => peer.written.map((frame) => cbor.decode(decodeFrame(frame)!.body));

  it('greets each new link first, before the Repo connects, once per link', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { connect: false });
    mesh.setGreeting('presence', { hi: 1 });
    socket.deliver(offer('x-1', 3));
    await flush();
    mesh.setGreeting('presence', { hi: 2 });
    socket.deliver(offer('x-2', 4));
    await flush();
    expect(frames(peers[0])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: { hi: 1 } }]);
    expect(frames(peers[1])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: { hi: 2 } }]);
    mesh.connectRepo(ME, { storageId: 'store' as never }, { peerOpened() {}, peerClosed() {}, message() {} });
    expect(frames(peers[0])[1]).toMatchObject({ kind: 'hello', peerId: ME });
    mesh.leave();
  });

  it('greets a link that opened before there was a greeting when one is set', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { connect: false });
    socket.deliver(offer('x-1', 3));
    await flush();
    expect(frames(peers[0])).toEqual([]);
    mesh.setGreeting('presence', 'late');
    expect(frames(peers[0])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: 'late' }]);
    mesh.leave();
  });

  it('reports a peer greeting before its hello and before the Repo runs, and null when the link closes', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { connect: false });
    const seen: Array<[string, unknown]> = [];
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive({ kind: 'greeting', topic: 'presence', greeting: { name: 'Bob' } });
    mesh.onGreeting('presence', (peerId, greeting) => seen.push([peerId, greeting]));
    expect(seen).toEqual([['x-1', { name: 'Bob' }]]);
    expect(mesh.connectedPeers).toEqual([]);
    peers[0].emit('close');
    expect(seen).toEqual([
      ['x-1', { name: 'Bob' }],
      ['x-1', null],
    ]);
    mesh.leave();
  });

  it('takes a greeting after the hello too, and drops greetings on disconnect', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    const seen: Array<[string, unknown]> = [];
    mesh.onGreeting('presence', (peerId, greeting) => seen.push([peerId, greeting]));
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    peers[0].receive({ kind: 'greeting', topic: 'presence', greeting: 7 });
    mesh.leave();
    expect(seen).toEqual([
      ['x-1', 7],
      ['x-1', null],
    ]);
  });
});

describe('PeerMesh greeting topics and notes', () => {
  const frames = (peer: FakePeer) => peer.written.map((frame) => cbor.decode(decodeFrame(frame)!.body));

  it('says each topic once per link, and a topic set to null no longer goes to new links', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { connect: false });
    mesh.setGreeting('presence', 'me');
    mesh.setGreeting('logs?', { v: 1 });
    socket.deliver(offer('x-1', 3));
    await flush();
    mesh.setGreeting('logs?', { v: 2 });
    mesh.setGreeting('logs?', null);
    socket.deliver(offer('x-2', 4));
    await flush();
    expect(frames(peers[0])).toEqual([
      { kind: 'greeting', topic: 'presence', greeting: 'me' },
      { kind: 'greeting', topic: 'logs?', greeting: { v: 1 } },
    ]);
    expect(frames(peers[1])).toEqual([{ kind: 'greeting', topic: 'presence', greeting: 'me' }]);
    mesh.leave();
  });

  it('tells each topic its own listeners, sends notes to one linked peer, and reports notes by topic', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { connect: false });
    const presence: unknown[] = [];
    const asks: unknown[] = [];
    const notes: Array<[string, unknown]> = [];
    mesh.onGreeting('presence', (_, g) => presence.push(g));
    mesh.onGreeting('logs?', (_, g) => asks.push(g));
    mesh.onNote('logs', (peerId, body) => notes.push([peerId, body]));
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive({ kind: 'greeting', topic: 'logs?', greeting: { v: 1 } });
    peers[0].receive({ kind: 'note', topic: 'logs', body: new Uint8Array([1, 2]) });
    peers[0].receive({ kind: 'note', topic: 'other', body: 3 });
    expect(presence).toEqual([]);
    expect(asks).toEqual([{ v: 1 }]);
    expect(notes).toEqual([['x-1', new Uint8Array([1, 2])]]);
    expect(mesh.sendNote('x-1', 'logs', 'here')).toBe(true);
    expect(mesh.sendNote('nobody', 'logs', 'here')).toBe(false);
    expect(frames(peers[0]).at(-1)).toEqual({ kind: 'note', topic: 'logs', body: 'here' });
    peers[0].emit('close');
    expect(asks).toEqual([{ v: 1 }, null]);
    expect(mesh.sendNote('x-1', 'logs', 'late')).toBe(false);
    mesh.leave();
  });

  it('broadcasts a note to every linked peer, whether its hello came or not, and to no closed link', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    socket.deliver(offer('x-1', 3));
    socket.deliver(offer('x-2', 4));
    socket.deliver(offer('x-3', 5));
    await flush();
    peers[0].receive(hello('x-1'));
    peers[2].emit('close');
    mesh.broadcastNote('entry', { n: 1 });
    const notes = (i: number) => frames(peers[i]).filter((f) => (f as { kind?: string }).kind === 'note');
    expect(notes(0)).toEqual([{ kind: 'note', topic: 'entry', body: { n: 1 } }]);
    expect(notes(1)).toEqual([{ kind: 'note', topic: 'entry', body: { n: 1 } }]);
    expect(notes(2)).toEqual([]);
    mesh.leave();
  });

  it("deflates what it sends on the link's stream once the remote's hello says it inflates, and reads deflated frames", async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    const notes: unknown[] = [];
    mesh.onNote('entry', (_, body) => notes.push(body));
    socket.deliver(offer('x-1', 3));
    socket.deliver(offer('x-2', 4));
    await flush();
    peers[0].receive({ ...hello('x-1'), inflates: true });
    // x-2 runs an earlier build: its hello says nothing of inflating.
    peers[1].receive(hello('x-2'));
    const before = peers.map((p) => p.written.length);
    const body = { entry: '{"id":"a:1","action":{"type":"tictactoe/historyJumped"}}', after: null };
    mesh.broadcastNote('entry', body);
    mesh.broadcastNote('entry', body);
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
    mesh.leave();
  });

  it('ignores a greeting without a topic', async () => {
    const { mesh, socket, peers } = await meshOnFakes({}, { connect: false });
    const seen: unknown[] = [];
    mesh.onGreeting('presence', (_, g) => seen.push(g));
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive({ kind: 'greeting', greeting: 'no topic' });
    expect(seen).toEqual([]);
    mesh.leave();
  });
});

describe('PeerMesh with ICE settings still loading', () => {
  const deferred = () => {
    let settle!: { resolve: (v: IceSettings) => void; reject: (e: Error) => void };
    const promise = new Promise<IceSettings>((resolve, reject) => (settle = { resolve, reject }));
    return { promise, ...settle };
  };

  it('announces at once, and answers what arrived meanwhile, in order, once the settings are there', async () => {
    const ice = deferred();
    const { mesh, socket, peers } = await meshOnFakes({ iceSettings: ice.promise }, { connect: false });
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
    mesh.leave();
  });

  it('leaves the room and is ready when the settings cannot be loaded', async () => {
    const ice = deferred();
    const { mesh, socket, log } = await meshOnFakes({ iceSettings: ice.promise }, { connect: false });
    ice.reject(new Error('offline'));
    await flush();
    expect(socket.closed).toBe(true);
    expect(mesh.isReady()).toBe(true);
    expect(log).toHaveBeenCalledWith(
      'webrtc: cannot load simple-peer or the ICE settings',
      expect.any(Error),
    );
    mesh.leave();
  });
});

describe('PeerMesh readiness', () => {
  it('is ready peerWaitMs after joining a quiet room', async () => {
    const { mesh } = await meshOnFakes({ peerWaitMs: 500 });
    expect(mesh.isReady()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(mesh.isReady()).toBe(true);
    await mesh.whenReady();
    mesh.leave();
  });

  it('is ready as soon as a first peer connects', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    socket.deliver(offer('x-1', 3));
    await flush();
    peers[0].receive(hello('x-1'));
    expect(mesh.isReady()).toBe(true);
    mesh.leave();
  });

  it('is ready when the signalling socket fails before it ever opened', async () => {
    const { mesh, socket } = await meshOnFakes({}, { draws: [0], open: false });
    expect(mesh.isReady()).toBe(false);
    socket.onclose?.({});
    expect(mesh.isReady()).toBe(true);
    mesh.leave();
  });
});
