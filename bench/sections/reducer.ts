/**
 * How fast a 4-player Okey log folds: `npx tsx bench/okeyFold.ts`.
 * Records a 300-action game once, then folds it many times through okeyGame.reducer and reports medians.
 */
import { okeyGame } from '../src/games/okey/index';
import { applyOkeyAction } from '../src/games/okey/rules/actions';
import { shuffledTileIds } from '../src/games/okey/rules/tiles';
import type { OkeyState } from '../src/games/okey/rules/types';
import type { LoggedAction } from '../src/sync/SyncedGame';

const ACTIONS = 300;
const RUNS = 300;

function seeded(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

/** A legal 4-player game of exactly 300 actions: seats, start, then draws, moves and discards, restarting when a round ends. */
function recordGame(): LoggedAction[] {
  const random = seeded(42);
  const person = (n: number) => ({ by: { id: `user${n}`, name: `Player ${n}` }, clientId: n });
  const log: LoggedAction[] = [];
  let state: OkeyState = okeyGame.initialState;
  const act = (type: string, payload: unknown) => {
    const action = { type: `okey/${type}`, payload };
    const result = applyOkeyAction(state, action);
    if (!result.ok) throw new Error(`${type}: ${result.reason}`);
    state = result.state;
    log.push(action);
  };
  for (let n = 1; n <= 4; n++) act('seatTaken', { ...person(n), seatId: n });
  act('gameStarted', { ...person(1), order: shuffledTileIds(random) });
  while (log.length < ACTIONS) {
    if (state.gameState !== 'play') {
      act('newGameStarted', { ...person(1), order: shuffledTileIds(random) });
      if (log.length < ACTIONS) act('gameStarted', { ...person(1), order: shuffledTileIds(random) });
      continue;
    }
    const seat = state.players.find((s) => s.id === state.currentPlayer)!;
    const who = person(seat.id);
    const held = seat.hand.filter((t) => t !== null);
    if (held.length === 14)
      act('tileDrawn', { ...who, tileId: state.drawPile[0].id, toSlot: Math.floor(random() * 26) });
    else if (random() < 0.3)
      act('tileMoved', {
        ...who,
        fromSlot: seat.hand.findIndex((t) => t !== null),
        toSlot: Math.floor(random() * 26),
      });
    else act('tileDiscarded', { ...who, tileId: held[Math.floor(random() * held.length)].id });
  }
  return log;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function fold(log: LoggedAction[]): OkeyState {
  return log.reduce(okeyGame.reducer, okeyGame.initialState);
}

const log = recordGame();
for (let i = 0; i < 20; i++) fold(log);
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  fold(log);
  times.push(performance.now() - start);
}
const ms = median(times);
console.log(`okey fold: ${log.length} actions, 4 players, median of ${RUNS} runs`);
console.log(`  whole log: ${ms.toFixed(3)} ms`);
console.log(`  per action: ${((ms * 1000) / log.length).toFixed(1)} µs`);
