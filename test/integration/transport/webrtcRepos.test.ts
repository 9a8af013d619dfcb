import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Repo, type PeerId } from '@automerge/automerge-repo';
import type { RunningServer } from '../../../signaling/server.ts';
import { answerLogAsks, LogCatchUp } from '../../../src/sync/log/LogCatchUp.ts';
import { makePeerId } from '../../../src/sync/mesh/peerIds.ts';
import type { WebRtcNetworkAdapter } from '../../../src/sync/document/WebRtcNetworkAdapter.ts';
import { nodeAdapter, startSignaling, uniqueRoom, until, waitForPeers } from './transportHarness.ts';

type Doc = { items?: string[]; blob?: Uint8Array; note?: string };

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

/** A Repo on its own adapter; both are torn down after the test. */
function peer(room: string, browser: string, extra: Parameters<typeof nodeAdapter>[2] = {}) {
  const adapter = nodeAdapter(signalingUrl, room, extra);
  const repo = new Repo({
    network: [adapter],
    peerId: makePeerId(browser, 'tab') as PeerId,
    sharePolicy: async () => true,
  });
  cleanups.push(() => repo.shutdown());
  return { adapter, repo, peerId: makePeerId(browser, 'tab') };
}

function eventOnce<T>(
  adapter: WebRtcNetworkAdapter,
  event: 'peer-disconnected' | 'peer-candidate',
): Promise<T> {
  return new Promise((resolve) => adapter.once(event, resolve as (payload: unknown) => void));
}

describe('WebRtcNetworkAdapter with Repos over the real signalling server', () => {
  it('two peers connect and sync a document both ways', async () => {
    const room = uniqueRoom('two');
    const alice = peer(room, 'alice');
    const bob = peer(room, 'bob');
    await Promise.all([waitForPeers(alice.adapter, 1), waitForPeers(bob.adapter, 1)]);
    expect(alice.adapter.mesh.connectedPeers).toEqual([bob.peerId]);

    const aliceHandle = alice.repo.create<Doc>({ items: ['a'] });
    const bobHandle = await bob.repo.find<Doc>(aliceHandle.url);
    expect(bobHandle.doc().items).toEqual(['a']);
    bobHandle.change((d) => {
      d.items!.push('b');
    });
    await until(aliceHandle, (d) => d.items?.length === 2);
    expect(aliceHandle.doc().items).toEqual(['a', 'b']);
    expect(alice.adapter.mesh.stats.messagesReceived).toBeGreaterThan(0);
    expect(bob.adapter.mesh.stats.bytesSent).toBeGreaterThan(0);
  });

  it('a peer that joined the room before its Repo existed handshakes early, then syncs once the Repo connects', async () => {
    const room = uniqueRoom('early');
    const alice = peer(room, 'alice');
    const early = nodeAdapter(signalingUrl, room);
    const bobId = makePeerId('bob', 'tab');
    early.mesh.join(bobId);
    const candidates: string[] = [];
    early.on('peer-candidate', ({ peerId }) => candidates.push(peerId));
    // The data channel opens and alice's hello arrives, but no peer is reported before bob's Repo connects.
    await expect.poll(() => early.mesh.stats.bytesReceived, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(candidates).toEqual([]);
    expect(early.mesh.connectedPeers).toEqual([]);
    const aliceHandle = alice.repo.create<Doc>({ note: 'before bob had a Repo' });
    const bob = new Repo({ network: [early], peerId: bobId as PeerId, sharePolicy: async () => true });
    cleanups.push(() => bob.shutdown());
    await waitForPeers(early, 1);
    expect(candidates).toEqual([alice.peerId]);
    const bobHandle = await bob.find<Doc>(aliceHandle.url);
    expect(bobHandle.doc().note).toBe('before bob had a Repo');
  });

  it('two peers without Repos greet each other as their channel opens, and the greeting goes when one leaves', async () => {
    const room = uniqueRoom('greet');
    const [ann, ben] = ['ann', 'ben'].map(() => nodeAdapter(signalingUrl, room));
    const annId = makePeerId('ann', 'tab');
    const benId = makePeerId('ben', 'tab');
    const seenByAnn: Array<[string, unknown]> = [];
    ann.mesh.onGreeting('presence', (peerId, greeting) => seenByAnn.push([peerId, greeting]));
    ann.mesh.setGreeting('presence', { name: 'Ann' });
    ben.mesh.setGreeting('presence', { name: 'Ben' });
    ann.mesh.join(annId);
    ben.mesh.join(benId);
    cleanups.push(
      () => ann.disconnect(),
      () => ben.disconnect(),
    );
    await expect.poll(() => seenByAnn, { timeout: 15_000 }).toEqual([[benId, { name: 'Ben' }]]);
    const seenByBen: Array<[string, unknown]> = [];
    ben.mesh.onGreeting('presence', (peerId, greeting) => seenByBen.push([peerId, greeting]));
    await expect.poll(() => seenByBen, { timeout: 15_000 }).toEqual([[annId, { name: 'Ann' }]]);
    expect(ann.mesh.connectedPeers).toEqual([]);
    ben.disconnect();
    await expect.poll(() => seenByAnn.at(-1), { timeout: 15_000 }).toEqual([benId, null]);
  });

  it('a peer without a Repo asks for the room logs as its channel opens, and one that has them answers', async () => {
    const room = uniqueRoom('logs');
    const [ann, ben] = ['ann', 'ben'].map(() => nodeAdapter(signalingUrl, room));
    const log = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({ id: `ann:${i}`, action: { type: 'x/y' } }),
    );
    cleanups.push(answerLogAsks(ann.mesh, () => ({ okey: log, go: [] })).stop);
    const catchUp = new LogCatchUp(ben.mesh);
    const arrived = new Promise<string>((resolve) => catchUp.subscribe(resolve));
    ann.mesh.join(makePeerId('ann', 'tab'));
    ben.mesh.join(makePeerId('ben', 'tab'));
    cleanups.push(
      () => ann.disconnect(),
      () => ben.disconnect(),
      () => catchUp.dispose(),
    );
    expect(await arrived).toBe('okey');
    expect(catchUp.log('okey')).toEqual(log);
    expect(catchUp.log('go')).toBeUndefined();
    expect(ben.mesh.connectedPeers).toEqual([]);
  });

  it('three peers form a mesh and converge on concurrent changes', async () => {
    const room = uniqueRoom('three');
    const peers = ['ann', 'ben', 'cat'].map((b) => peer(room, b));
    await Promise.all(peers.map((p) => waitForPeers(p.adapter, 2)));

    const first = peers[0].repo.create<Doc>({ items: [] });
    const handles = [first, ...(await Promise.all(peers.slice(1).map((p) => p.repo.find<Doc>(first.url))))];
    handles.forEach((h, i) =>
      h.change((d) => {
        d.items!.push(`from-${i}`);
      }),
    );
    await Promise.all(handles.map((h) => until(h, (d) => d.items?.length === 3)));
    const lists = handles.map((h) => h.doc().items);
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
  });

  it('syncs a 5 MB document through chunked frames', async () => {
    const room = uniqueRoom('big');
    const alice = peer(room, 'alice');
    const bob = peer(room, 'bob');
    await Promise.all([waitForPeers(alice.adapter, 1), waitForPeers(bob.adapter, 1)]);

    const blob = new Uint8Array(5 * 1024 * 1024);
    for (let i = 0; i < blob.length; i += 65536) crypto.getRandomValues(blob.subarray(i, i + 65536));
    const aliceHandle = alice.repo.create<Doc>({ blob });
    const bobHandle = await bob.repo.find<Doc>(aliceHandle.url);
    const got = bobHandle.doc().blob!;
    expect(got.length).toBe(blob.length);
    expect(Buffer.compare(Buffer.from(got), Buffer.from(blob))).toBe(0);
    expect(bob.adapter.mesh.stats.bytesReceived).toBeGreaterThan(blob.length);
  });

  it('a peer with a wrong password never connects while the right-password peers do', async () => {
    const room = uniqueRoom('locked');
    const alice = peer(room, 'alice', { password: 'open sesame' });
    const bob = peer(room, 'bob', { password: 'open sesame' });
    await Promise.all([waitForPeers(alice.adapter, 1), waitForPeers(bob.adapter, 1)]);

    const intruderLogs: string[] = [];
    const sawUnreadable = new Promise<void>((resolve) => {
      peer(room, 'eve', {
        password: 'guess',
        log: (message) => {
          intruderLogs.push(message);
          if (message.includes('unreadable')) resolve();
        },
      });
    });
    // A late right-password peer is dialled by alice and bob and its announce reaches eve, who cannot read it.
    const carol = peer(room, 'carol', { password: 'open sesame' });
    await Promise.all([waitForPeers(carol.adapter, 2), sawUnreadable]);

    expect(carol.adapter.mesh.connectedPeers.sort()).toEqual([alice.peerId, bob.peerId].sort());
    expect(alice.adapter.mesh.connectedPeers).not.toContain(makePeerId('eve', 'tab'));
    expect(intruderLogs.filter((m) => m.includes('unreadable'))).toHaveLength(1);
  });

  it('reports peer-disconnected when the other peer leaves', async () => {
    const room = uniqueRoom('leave');
    const alice = peer(room, 'alice');
    const bob = peer(room, 'bob');
    await Promise.all([waitForPeers(alice.adapter, 1), waitForPeers(bob.adapter, 1)]);

    const gone = eventOnce<{ peerId: string }>(alice.adapter, 'peer-disconnected');
    bob.adapter.disconnect();
    expect((await gone).peerId).toBe(bob.peerId);
    expect(alice.adapter.mesh.connectedPeers).toEqual([]);
  });

  it('does not dial tabs of its own browser', async () => {
    const room = uniqueRoom('tabs');
    const hub = peer(room, 'hub');
    const tab1 = nodeAdapter(signalingUrl, room);
    const tab2 = nodeAdapter(signalingUrl, room);
    cleanups.push(
      () => tab1.disconnect(),
      () => tab2.disconnect(),
    );
    tab1.connect(makePeerId('same', 'one') as PeerId);
    await waitForPeers(tab1, 1);
    tab2.connect(makePeerId('same', 'two') as PeerId);
    await Promise.all([waitForPeers(tab2, 1), waitForPeers(hub.adapter, 2)]);
    expect(tab1.mesh.connectedPeers).toEqual([hub.peerId]);
    expect(tab2.mesh.connectedPeers).toEqual([hub.peerId]);
  });
});
