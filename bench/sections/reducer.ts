/**
 * How fast a 4-player Okey log folds as every peer judges it (the rules, then the invariants): a 300-action game is recorded once, then folded
 * many times (the fold every peer runs on a late join or a rewind). Replaces the former bench/okeyFold.ts.
 */
import { okeyGame } from '../../src/games/okey/index';
import { applyOkeyAction } from '../../src/games/okey/rules/actions';
import { arrangeRack } from '../../src/games/okey/rules/arrange';
import { botMove } from '../../src/games/okey/rules/bot';
import { JOKER, createTileSet, shuffledTileIds } from '../../src/games/okey/rules/tiles';
import type { OkeyState } from '../../src/games/okey/rules/types';
import type { LoggedAction } from '../../src/sync/log/SyncedGame';
import { figure, samplesOf, type Figure } from '../figure';
import { judge } from '../../src/sync/log/SyncedGame';
import { GameFold } from '../../src/sync/log/GameFold';
import { LogWriter } from '../../src/sync/log/LogWriter';
import { nextEntryId } from '../../src/sync/log/logEntry';
import { openRoom } from '../../src/sync/document/RoomDocument';
import { createRoomRepo } from '../../src/sync/document/roomRepo';

const ACTIONS = 300;

function seeded(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

/** A legal 4-player game of exactly 300 actions: seats, start, then draws, moves and discards, restarting when a round ends. */
export function recordOkeyGame(actions = ACTIONS): LoggedAction[] {
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
  while (log.length < actions) {
    if (state.gameState !== 'play') {
      act('newGameStarted', { ...person(1), order: shuffledTileIds(random) });
      if (log.length < actions) act('gameStarted', { ...person(1), order: shuffledTileIds(random) });
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

// As every peer's fold judges a step: the rules, then the game's invariants.
const fold = (log: LoggedAction[]): OkeyState =>
  log.reduce((state, action) => {
    const result = judge(okeyGame, state, action);
    return result.ok ? result.state : state;
  }, okeyGame.initialState);

/** arrangeRack on fresh 15-tile racks dealt from seeded shuffles, each mode: ms per call (issue target: 20 ms). */
function arrangeFigures(): Figure[] {
  const random = seeded(7);
  const set = createTileSet();
  const byId = new Map(set.map((t) => [t.id, t]));
  const deals = Array.from({ length: samplesOf(400, 60) }, () => {
    const order = shuffledTileIds(random).map((id) => byId.get(id)!);
    const indicator = order.find((t) => t.rank !== JOKER)!;
    const hand = order.filter((t) => t !== indicator).slice(0, 15);
    return { rack: [...hand, ...Array.from({ length: 11 }, () => null)], indicator };
  });
  return (['runs', 'pairs'] as const).map((mode) => {
    const times = deals.map(({ rack, indicator }) => {
      const start = performance.now();
      arrangeRack(rack, indicator, mode);
      return performance.now() - start;
    });
    return figure('reducer', `Okey arrangeRack (${mode}), 15-tile rack`, 'ms', times, {
      targets: [{ stat: 'p95', max: 20 }],
      detail: { racks: deals.length },
    });
  });
}

/** Seeded rounds of four bots in Node: how many end in a win (not an empty pile), and ms per bot decision. */
function botFigures(): Figure[] {
  const random = seeded(2026);
  const rounds = samplesOf(200, 20);
  const decisions: number[] = [];
  const wins: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let state: OkeyState = okeyGame.initialState;
    const act = (type: string, payload: unknown) => {
      const result = applyOkeyAction(state, { type: `okey/${type}`, payload });
      if (!result.ok) throw new Error(`${type}: ${result.reason}`);
      state = result.state;
    };
    const table = { by: { id: 'host', name: 'Host' }, clientId: 1 };
    for (let seatId = 1; seatId <= 4; seatId++) act('botAdded', { ...table, seatId });
    act('gameStarted', { ...table, order: shuffledTileIds(random) });
    for (let moves = 0; state.gameState === 'play' && moves < 1000; moves++) {
      const seat = state.players.find((s) => s.id === state.currentPlayer)!;
      const start = performance.now();
      const move = botMove(state, seat.id);
      decisions.push(performance.now() - start);
      if (!move) break;
      act(move.event, { by: seat.user, clientId: 1, ...move.payload });
    }
    wins.push(state.message?.key === 'wins' || state.message?.key === 'playerWins' ? 100 : 0);
  }
  const share = wins.reduce((a, b) => a + b, 0) / wins.length;
  return [
    figure('reducer', 'Okey 4-bot rounds ending in a win', '%', [share], { detail: { rounds } }),
    figure('reducer', 'Okey bot decision', 'ms', decisions, {
      detail: { rounds, decisions: decisions.length },
    }),
  ];
}

/**
 * What writing one local action costs the acting page: LogWriter.append's one Automerge change, over the recorded game
 * in a room document of its own. Once with the entry alone (the snapshot already holds the state written), once with the
 * snapshot patched to the state after the entry, as the room document keeps the whole game state at okey-state /
 * game-state.
 */
async function writeFigures(log: LoggedAction[]): Promise<Figure[]> {
  // The state after each action, as the fold judges it.
  const states: OkeyState[] = [];
  let state = okeyGame.initialState;
  for (const action of log) {
    const result = judge(okeyGame, state, action);
    if (result.ok) state = result.state;
    states.push(state);
  }
  const timeWrites = async (room: string, snapshotAfter: (i: number) => OkeyState): Promise<number[]> => {
    const repo = createRoomRepo({ network: [] });
    try {
      const document = await openRoom({ repo, roomName: room, gameNames: [okeyGame.name] });
      const writer = new LogWriter(document);
      const gameFold = new GameFold(okeyGame);
      const times: number[] = [];
      for (const [i, action] of log.entries()) {
        const entry = { id: nextEntryId(document.actorId()), action };
        const start = performance.now();
        writer.append(okeyGame, gameFold, entry, snapshotAfter(i));
        // The first write fills the empty snapshot map with a whole state: not what a move costs.
        if (i > 0) times.push(performance.now() - start);
      }
      return times;
    } finally {
      await repo.shutdown();
    }
  };
  const alone = await timeWrites('bench-entry', () => okeyGame.initialState);
  const patched = await timeWrites('bench-snapshot', (i) => states[i]);
  const detail = { actions: log.length - 1, signed: false };
  return [
    figure('reducer', 'Okey write per action: the entry alone', 'ms', alone, { detail }),
    figure('reducer', 'Okey write per action: the entry and the snapshot patch', 'ms', patched, { detail }),
  ];
}

/** Fold time of the whole 300-action log and per action, medians over many folds after a warm-up. */
export async function runReducer(): Promise<Figure[]> {
  // The reducer is timed on chosen deals, as the test-hooks build the benchmark serves allows (sharedLuck).
  (globalThis as { __TEST_HOOKS__?: boolean }).__TEST_HOOKS__ = true;
  const runs = samplesOf(300, 30);
  const log = recordOkeyGame();
  for (let i = 0; i < 20; i++) fold(log);
  const whole: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fold(log);
    whole.push(performance.now() - start);
  }
  const detail = { actions: log.length, players: 4, runs };
  return [
    figure('reducer', 'Okey fold, 300-action 4-player game', 'ms', whole, { detail }),
    figure(
      'reducer',
      'Okey fold per action',
      'µs',
      whole.map((ms) => (ms * 1000) / log.length),
      { detail },
    ),
    ...arrangeFigures(),
    ...botFigures(),
    ...(await writeFigures(log)),
  ];
}
