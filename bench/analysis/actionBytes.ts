/**
 * What one action costs on the wire between two peers: every repo message an Okey discard causes, its type and size
 * on the data channel (as PeerLink frames it: deflated on the link's stream, the plain size beside it), and the sync
 * message's parts. `npx tsx bench/analysis/actionBytes.ts`
 */
import * as A from '@automerge/automerge';
import { cbor, type Message } from '@automerge/automerge-repo';
import { deflatedFrame, encodeFrames, MAX_DEFLATED_MESSAGE_BYTES } from '../../src/sync/chunking';
import { LinkDeflater } from '../../src/sync/linkDeflate';
import { RepoWireCodec } from '../../src/sync/peerWire';
import { okeySlice } from '../../src/games/okey';
import type { OkeyState } from '../../src/games/okey/rules/types';
import { TestNetwork } from '../../test/helpers/TestNetwork';
import { commitToSecret, secretFor } from '../../src/games/shared/secrets';
import { closeOkeyPeers, okeyPeer } from './okeyPeer';

const network = new TestNetwork({ autoDeliver: true });
const seen: Message[] = [];
const enqueue = network.enqueue.bind(network);
network.enqueue = (from, message) => {
  seen.push(message);
  enqueue(from, message);
};

const settle = () => new Promise((r) => setTimeout(r, 300));
const a = await okeyPeer(network, 'a', 'bytes');
const b = await okeyPeer(network, 'b', 'bytes');
const ann = { by: { id: 'ann-0123456789abcdefghijk', name: 'Ann' }, clientId: 1 };
const bob = { by: { id: 'bob-0123456789abcdefghijk', name: 'Bob' }, clientId: 2 };
const { seatTaken, gameStarted, dealRevealed } = okeySlice.actions;
a.bridge.submit(seatTaken({ ...ann, seatId: 1 }));
await settle();
b.bridge.submit(seatTaken({ ...bob, seatId: 2 }));
await settle();
a.bridge.submit(gameStarted(ann));
await settle();
// Each page reveals its secret for the deal (the app's useSharedLuck does it).
for (const [peer, who, seat] of [
  [a, ann, '1'],
  [b, bob, '2'],
] as const) {
  const commitment = (peer.bridge.getState('okey') as OkeyState).commitments?.[seat] ?? '';
  peer.bridge.submit(
    dealRevealed({ ...who, reveal: secretFor(commitment) ?? '', commitment: commitToSecret() }),
  );
}
await settle();
const state = a.bridge.getState('okey') as OkeyState;
const turn = state.players.find((s) => s.id === state.currentPlayer)!;
const who = turn.user!.id === ann.by.id ? a : b;
const by = turn.user!.id === ann.by.id ? ann : bob;
const tileId = turn.hand.find((t) => t !== null)!.id;
const discardFrom = seen.length;
who.bridge.submit({ type: 'okey/tileDiscarded', payload: { ...by, tileId } });
await settle();
let total = 0;
let plainTotal = 0;
// One codec and one deflate stream per link, as PeerLink keeps: the game's messages before the discard went through
// them too (they named the document and fill the stream's window).
const links = new Map<string, { codec: RepoWireCodec; deflater: LinkDeflater }>();
for (const [i, m] of seen.entries()) {
  const key = `${m.senderId}>${m.targetId}`;
  if (!links.has(key)) links.set(key, { codec: new RepoWireCodec(), deflater: new LinkDeflater() });
  const link = links.get(key)!;
  const payload = cbor.encode(link.codec.encode(m, m.senderId));
  const size =
    payload.length <= MAX_DEFLATED_MESSAGE_BYTES
      ? deflatedFrame(link.deflater.push(payload), true).byteLength
      : encodeFrames(payload, 0).reduce((sum, f) => sum + f.byteLength, 0);
  if (i < discardFrom) continue;
  const plain = encodeFrames(payload, 0)[0].byteLength;
  total += size;
  plainTotal += plain;
  const data = 'data' in m && m.data instanceof Uint8Array ? m.data : null;
  console.log(
    `${m.senderId}->${m.targetId} ${m.type} wire ${size} B deflated (${plain} B plain), data ${data?.byteLength ?? 0} B`,
  );
  if (data && m.type === 'sync') {
    const decoded = A.decodeSyncMessage(data);
    console.log(
      `  heads ${decoded.heads.length}, need ${decoded.need.length}, have ${decoded.have.length} (bloom ${decoded.have.map((h) => h.bloom.byteLength)}), changes ${decoded.changes.map((c) => c.byteLength)}`,
    );
    for (const c of decoded.changes) {
      const ch = A.decodeChange(c);
      console.log(`  change: deps ${ch.deps.length}, ops ${ch.ops.length}, message ${ch.message}`);
      for (const op of ch.ops) console.log('   ', JSON.stringify(op).slice(0, 200));
    }
  }
}
console.log(`total ${total} B deflated (${plainTotal} B plain)`);
await closeOkeyPeers([a, b]);
