import { describe, expect, it, vi } from 'vitest';
import { cbor, type PeerId } from '@automerge/automerge-repo/slim';
import { decodeFrame } from '../../../src/sync/link/frames.ts';
import type { WebRtcNetworkAdapter } from '../../../src/sync/document/WebRtcNetworkAdapter.ts';
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

meshTestHooks();

describe('WebRtcNetworkAdapter peers', () => {
  async function connected() {
    const ctx = await meshOnFakes();
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

  it('closes a link whose hello names another peer', async () => {
    const { adapter, socket, peers } = await meshOnFakes();
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
    const { adapter, socket, sockets, peers } = await meshOnFakes({}, { connect: false });
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
    const { adapter, socket, peers } = await meshOnFakes({}, { connect: false });
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
    const { adapter, sockets } = await meshOnFakes({}, { connect: false });
    adapter.connect('other-tab2' as PeerId, {});
    await flush();
    expect(sockets).toHaveLength(2);
    expect(sockets[0].closed).toBe(true);
    adapter.disconnect();
  });
});
