/**
 * Where a late join's time goes, without a browser: peer A records a 2,000-move Okey log through the real bridge, then
 * a fresh peer B (its own Repo, an in-memory link delivering at once) opens the room, and the time until B's bridge
 * holds A's state is split into sync (Automerge receiving the document) and fold. `npx tsx bench/analysis/lateJoinNode.ts`
 */
import { okeySlice } from '../../src/games/okey';
import { TestNetwork } from '../../test/helpers/TestNetwork';
import { closeGamePeers, gamePeer } from './gamePeer';

const MOVES = Number(process.env.MOVES ?? 2000);
const network = new TestNetwork({ autoDeliver: true });

const a = await gamePeer(network, 'a', 'late-join');
const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
const bob = { by: { id: 'bob', name: 'Bob' }, clientId: 2 };
const { seatTaken, gameStarted, tileMoved } = okeySlice.actions;
a.bridge.submit(seatTaken({ ...ann, seatId: 1 }));
a.bridge.submit(seatTaken({ ...bob, seatId: 2 }));
a.bridge.submit(gameStarted(ann));
let t = performance.now();
for (let i = 0; i < MOVES; i++) a.bridge.submit(tileMoved({ ...ann, fromSlot: i % 2, toSlot: 1 - (i % 2) }));
console.log(
  `A recorded ${MOVES} moves in ${(performance.now() - t).toFixed(0)} ms; document ${a.room.byteSize()} B`,
);

t = performance.now();
const b = await gamePeer(network, 'b', 'late-join');
const opened = performance.now() - t;
await new Promise<void>((resolve) => {
  const check = () =>
    b.bridge.logLength('okey') === a.bridge.logLength('okey') ? resolve() : setTimeout(check, 1);
  check();
});
const total = performance.now() - t;
console.log(`B opened the room in ${opened.toFixed(0)} ms, had the whole log after ${total.toFixed(0)} ms`);
console.log(
  'same state:',
  JSON.stringify(b.bridge.getState('okey')) === JSON.stringify(a.bridge.getState('okey')),
);
await closeGamePeers([a, b]);
