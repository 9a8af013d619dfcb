import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Repo, type PeerId } from '@automerge/automerge-repo';
import { WebSocket } from 'ws';
import { decodeRelayFrame } from '../../../protocol/signaling.ts';
import type { RunningServer } from '../../../signaling/server.ts';
import type { SimplePeerConstructor } from '../../../src/sync/link/PeerLink.ts';
import { makePeerId } from '../../../src/sync/mesh/peerIds.ts';
import { deriveRoomKey, openBytes } from '../../../src/sync/mesh/roomCrypto.ts';
import type { SignalingSocketConstructor } from '../../../src/sync/mesh/SignalingClient.ts';
import SimplePeer from 'simple-peer';
import { scrapeMetrics } from '../scaleout/instances.ts';
import { nodeAdapter, startSignaling, uniqueRoom, until, waitForPeers } from './transportHarness.ts';

type Doc = { moves?: string[] };

let server: RunningServer;
let signalingUrl = '';
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  ({ server, signalingUrl } = await startSignaling());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => server.close());

/** A browser whose WebRTC never opens a connection: no signal, no candidate, no channel (as behind a strict NAT). */
const BlockedWebRtc = class extends EventEmitter {
  signal(): void {}
  write(): void {}
  destroy(): void {}
} as unknown as SimplePeerConstructor;

/** WebRTC that never opens while blocked.on, and opens as it does anywhere once it is off (the network changed). */
function switchableWebRtc(blocked: { on: boolean }): SimplePeerConstructor {
  return function (options?: SimplePeer.Options) {
    return blocked.on ? new BlockedWebRtc(options) : new SimplePeer(options);
  } as unknown as SimplePeerConstructor;
}

/** The browser's WebSocket, keeping every relayed frame it sends as the server receives it. */
function spyingSocket(sent: Uint8Array[]): SignalingSocketConstructor {
  const Base = WebSocket as unknown as SignalingSocketConstructor;
  return class extends Base {
    send(data: string | Uint8Array<ArrayBuffer>): void {
      if (typeof data !== 'string') sent.push(new Uint8Array(data));
      super.send(data);
    }
  };
}

/** A Repo in room as browser's tab, signalling at url (the shared server's unless given); torn down after the test. */
function page(
  room: string,
  browser: string,
  extra: Parameters<typeof nodeAdapter>[2] = {},
  url = signalingUrl,
) {
  const adapter = nodeAdapter(url, room, { relayAfterMs: 200, ...extra });
  const peerId = makePeerId(browser, 'tab');
  const repo = new Repo({ network: [adapter], peerId: peerId as PeerId, sharePolicy: async () => true });
  cleanups.push(() => repo.shutdown());
  return { adapter, repo, peerId };
}

/** Both pages sync a document both ways and see each other as connected peers. */
async function playBothWays(a: ReturnType<typeof page>, b: ReturnType<typeof page>): Promise<void> {
  await Promise.all([waitForPeers(a.adapter, 1), waitForPeers(b.adapter, 1)]);
  expect(a.adapter.mesh.connectedPeers).toEqual([b.peerId]);
  const aHandle = a.repo.create<Doc>({ moves: ['a discards 5'] });
  const bHandle = await b.repo.find<Doc>(aHandle.url);
  expect(bHandle.doc().moves).toEqual(['a discards 5']);
  bHandle.change((d) => {
    d.moves!.push('b draws');
  });
  await until(aHandle, (d) => d.moves?.length === 2);
  expect(aHandle.doc().moves).toEqual(['a discards 5', 'b draws']);
}

describe('a link relayed through the signalling server', () => {
  it('links a page whose WebRTC is blocked, and the document syncs both ways', async () => {
    const room = uniqueRoom('relay');
    const open = page(room, 'open');
    const blocked = page(room, 'blocked', { SimplePeer: BlockedWebRtc });
    await playBothWays(open, blocked);
    expect(open.adapter.mesh.stats.messagesSent).toBe(0);
  });

  it('links two blocked pages of a private room, whose relayed frames reach the server only sealed', async () => {
    const room = uniqueRoom('private-relay');
    const password = 'correct horse';
    const sent: Uint8Array[] = [];
    const spied = { SimplePeer: BlockedWebRtc, password, WebSocket: spyingSocket(sent) };
    const a = page(room, 'alice', spied);
    const b = page(room, 'bob', { SimplePeer: BlockedWebRtc, password });
    await playBothWays(a, b);

    const key = await deriveRoomKey(password, room);
    expect(sent.length).toBeGreaterThan(3);
    for (const bytes of sent) {
      const frame = decodeRelayFrame(bytes);
      expect(frame?.peer).toBe(b.peerId);
      const payload = new Uint8Array(frame!.payload);
      // Sealed for this sender and target: it opens with the room's key, and is not what it carries.
      const plain = await openBytes(key, payload, `${a.peerId}>${b.peerId}`);
      expect(plain).not.toBeNull();
      expect(Buffer.from(payload).includes(Buffer.from(plain!))).toBe(false);
      expect(await openBytes(key, payload, `${a.peerId}>someone-else`)).toBeNull();
    }
  });

  it('moves a relayed link onto a direct one once WebRTC opens, without losing or repeating a note', async () => {
    const room = uniqueRoom('relay-to-direct');
    const blocked = { on: true };
    const sent: Uint8Array[] = [];
    const quick = { directRetryMs: { first: 300, max: 600 }, handshakeTimeoutMs: 3_000 };
    const a = page(room, 'moving', {
      ...quick,
      SimplePeer: switchableWebRtc(blocked),
      WebSocket: spyingSocket(sent),
    });
    const b = page(room, 'open', quick);
    await playBothWays(a, b);
    expect(a.adapter.mesh.stats.bytesReceived).toBe(0);

    // Each side counts notes to the other, every few milliseconds, before, during and after the move.
    const heard = { a: [] as unknown[], b: [] as unknown[] };
    a.adapter.mesh.onNote('count', (_, n) => heard.a.push(n));
    b.adapter.mesh.onNote('count', (_, n) => heard.b.push(n));
    let next = 0;
    const counting = setInterval(() => {
      a.adapter.mesh.sendNote(b.peerId, 'count', next);
      b.adapter.mesh.sendNote(a.peerId, 'count', next);
      next++;
    }, 5);
    cleanups.push(() => clearInterval(counting));
    await new Promise((resolve) => setTimeout(resolve, 200));
    blocked.on = false;
    // Off the relay once each side has read the other's switch and sent its own (its last relayed frame is the
    // relayed channel's close, right then).
    await expect.poll(() => a.adapter.mesh.relayedPeers.length, { timeout: 15_000 }).toBe(0);
    await expect.poll(() => b.adapter.mesh.relayedPeers.length, { timeout: 15_000 }).toBe(0);
    const relayedByThen = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The notes since came over WebRTC.
    expect(a.adapter.mesh.stats.bytesReceived).toBeGreaterThan(0);
    expect(b.adapter.mesh.stats.bytesReceived).toBeGreaterThan(0);
    clearInterval(counting);
    const all = Array.from({ length: next }, (_, n) => n);
    await expect.poll(() => heard.a.length, { timeout: 5_000 }).toBe(next);
    await expect.poll(() => heard.b.length, { timeout: 5_000 }).toBe(next);
    expect(heard.a).toEqual(all);
    expect(heard.b).toEqual(all);
    // Off the relay for good: nothing more went through the server, and the same link (no new peer) goes on.
    expect(sent.length).toBe(relayedByThen);
    expect(a.adapter.mesh.connectedPeers).toEqual([b.peerId]);
    const aHandle = a.repo.create<Doc>({ moves: ['after the move'] });
    const bHandle = await b.repo.find<Doc>(aHandle.url);
    expect(bHandle.doc().moves).toEqual(['after the move']);
  });

  it('drops the relayed links of a page whose relay was cut over its budget, while two other pages play on', async () => {
    const small = await startSignaling({ relayBudget: { maxBytesPerWindow: 64 * 1024 } });
    cleanups.push(() => small.server.close());
    const room = uniqueRoom('relay-cut');
    const blocked = page(room, 'blocked', { SimplePeer: BlockedWebRtc }, small.signalingUrl);
    const ann = page(room, 'ann', {}, small.signalingUrl);
    const bob = page(room, 'bob', {}, small.signalingUrl);
    await Promise.all([blocked, ann, bob].map((p) => waitForPeers(p.adapter, 2)));
    expect(blocked.adapter.mesh.relayedPeers.sort()).toEqual([ann.peerId, bob.peerId].sort());

    // A document larger than the budget (random, so deflate cannot shrink it) goes to both peers through the relay.
    blocked.repo.create<Doc>({ moves: [randomBytes(96 * 1024).toString('base64')] });
    await expect.poll(() => blocked.adapter.mesh.linkedPeers, { timeout: 15_000 }).toEqual([]);
    expect(blocked.adapter.mesh.connectedPeers).toEqual([]);
    expect(
      (await scrapeMetrics(`http://127.0.0.1:${small.server.port}`)).get('signaling_relay_cuts_total'),
    ).toBe(1);

    for (const [p, other] of [
      [ann, bob],
      [bob, ann],
    ])
      await expect.poll(() => p.adapter.mesh.linkedPeers, { timeout: 15_000 }).toEqual([other.peerId]);
    await playBothWays(ann, bob);
  });
});
