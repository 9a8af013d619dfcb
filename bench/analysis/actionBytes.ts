/**
 * What one action costs on the wire between two peers: every repo message it causes, its type and size on the data
 * channel as PeerLink sends it (the link's codec, deflated on the link's stream; the
 * plain size beside it), and the sync message's parts.
 * `npx tsx bench/analysis/actionBytes.ts [okey|tictactoe] [actions]`: an Okey discard (the default), or that many
 * TicTacToe history jumps after a move each (20 by default, as the reference section plays them; the last is listed).
 */
import * as A from '@automerge/automerge';
import { cbor, type Message } from '@automerge/automerge-repo';
import { deflatedFrame, encodeFrames, MAX_DEFLATED_MESSAGE_BYTES } from '../../src/sync/link/frames';
import { LinkDeflater } from '../../src/sync/link/linkDeflate';
import { RepoWireCodec } from '../../src/sync/link/linkWire';
import type { SyncedGame } from '../../src/sync/log/SyncedGame';
import { okeyGame, okeySlice } from '../../src/games/okey';
import type { MaskedTile, OkeyState } from '../../src/games/okey/rules/types';
import { historyJumped, squareClaimed, tictactoeGame } from '../../src/games/tictactoe';
import { TestNetwork } from '../../test/helpers/TestNetwork';
import { sha256 } from '@noble/hashes/sha2.js';
import { deckEntry, openingOf } from '../../src/games/okey/maskedSeat';
import { isMasked } from '../../src/games/okey/rules/tiles';
import { utf8 } from '../../src/games/shared/maskedDeck/group';
import { seatSecrets } from '../../src/games/shared/maskedDeck/seat';
import { closeGamePeers, gamePeer } from './gamePeer';

const scenario = process.argv[2] ?? 'okey';
if (scenario !== 'okey' && scenario !== 'tictactoe') throw new Error('actionBytes: okey or tictactoe');
const actions = Number(process.argv[3] ?? 20);

const network = new TestNetwork({ autoDeliver: true });
const seen: Message[] = [];
const enqueue = network.enqueue.bind(network);
network.enqueue = (from, message) => {
  seen.push(message);
  enqueue(from, message);
};

// Each end of each link as PeerLink keeps it: one codec (its string tables, for what it sends and
// what it reads) and one deflate stream for what it sends. Every message goes through them in order, the game's
// messages before the action too: they fill the tables and the stream's window.
const ends = new Map<string, { codec: RepoWireCodec; deflater: LinkDeflater }>();
const endOf = (from: string, to: string) => {
  const key = `${from}>${to}`;
  if (!ends.has(key)) ends.set(key, { codec: new RepoWireCodec(), deflater: new LinkDeflater() });
  return ends.get(key)!;
};
let carried = 0;
/** The wire bytes of the messages since the last call, each listed when `list`. */
function wireBytes(list: boolean): number {
  let total = 0;
  for (; carried < seen.length; carried++) {
    const m = seen[carried];
    const end = endOf(m.senderId, m.targetId);
    const wire = end.codec.encode(m, m.senderId);
    const payload = cbor.encode(wire);
    // The other end reads it, as its codec must to keep its string table.
    endOf(m.targetId, m.senderId).codec.decode(cbor.decode(payload), m.senderId, m.targetId);
    const size =
      payload.length <= MAX_DEFLATED_MESSAGE_BYTES
        ? deflatedFrame(end.deflater.push(payload), true).byteLength
        : encodeFrames(payload, 0).reduce((sum, f) => sum + f.byteLength, 0);
    total += size;
    if (list) describe(m, size, encodeFrames(payload, 0)[0].byteLength);
  }
  return total;
}

function describe(m: Message, size: number, plain: number): void {
  const data = 'data' in m && m.data instanceof Uint8Array ? m.data : null;
  console.log(
    `${m.senderId}->${m.targetId} ${m.type} wire ${size} B deflated (${plain} B plain), data ${data?.byteLength ?? 0} B`,
  );
  if (!data || m.type !== 'sync') return;
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

const settle = () => new Promise((r) => setTimeout(r, 300));
const game = (scenario === 'okey' ? okeyGame : tictactoeGame) as SyncedGame<unknown>;
const a = await gamePeer(network, 'a', 'bytes', game);
const b = await gamePeer(network, 'b', 'bytes', game);
const ann = { by: { id: a.userId, name: 'Ann' }, clientId: 1 };
const bob = { by: { id: b.userId, name: 'Bob' }, clientId: 2 };

if (scenario === 'okey') {
  const { seatTaken, gameStarted } = okeySlice.actions;
  a.bridge.submit(seatTaken({ ...ann, seatId: 1 }));
  await settle();
  b.bridge.submit(seatTaken({ ...bob, seatId: 2 }));
  await settle();
  a.bridge.submit(gameStarted(ann));
  await settle();
  // Each page does its part of the masked deck (the app's useHiddenDeck does it), one entry a turn.
  const pages = [
    { peer: a, who: ann, seatId: 1 },
    { peer: b, who: bob, seatId: 2 },
  ] as const;
  const secrets = pages.map(({ seatId }) => seatSecrets(String(seatId), sha256(utf8(`bytes/${seatId}`))));
  const reads = pages.map(() => new Map<number, number | null>());
  while ((a.bridge.getState('okey') as OkeyState).gameState !== 'play') {
    for (const [i, { peer, who, seatId }] of pages.entries()) {
      const entry = deckEntry(peer.bridge.getState('okey') as OkeyState, seatId, secrets[i], {
        read: reads[i],
      });
      if (entry) peer.bridge.submit({ type: `okey/${entry.event}`, payload: { ...who, ...entry.payload } });
    }
    await settle();
  }
  wireBytes(false);
  const state = a.bridge.getState('okey') as OkeyState;
  const turn = state.players.find((s) => s.id === state.currentPlayer)!;
  const mine = pages.findIndex((p) => p.who.by.id === turn.user!.id);
  const { peer: who, who: by } = pages[mine];
  const tile = turn.hand.find((t): t is MaskedTile => t !== null && isMasked(t))!;
  // The discard opens its tile to every page.
  const opening = openingOf(state.deck!, secrets[mine], tile);
  who.bridge.submit({ type: 'okey/tileDiscarded', payload: { ...by, tileId: tile.id, opening } });
  await settle();
  console.log(`total ${wireBytes(true)} B on the wire`);
} else {
  a.bridge.submit(squareClaimed({ ...ann, square: 0 }));
  await settle();
  b.bridge.submit(squareClaimed({ ...bob, square: 1 }));
  await settle();
  wireBytes(false);
  const each: number[] = [];
  for (let i = 0; i < actions; i++) {
    a.bridge.submit(historyJumped({ ...ann, step: i % 2 === 0 ? 1 : 0 }));
    await settle();
    each.push(wireBytes(i === actions - 1));
  }
  const mean = each.reduce((sum, n) => sum + n, 0) / each.length;
  console.log(`per jump: ${each.join(' ')} B; mean ${mean.toFixed(1)} B`);
}
await closeGamePeers([a, b]);
