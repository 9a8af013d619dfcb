import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backgammonGame, canConfirmTurn, movesAvailable } from '../../src/games/backgammon';
import {
  applyStep,
  checkerTotal,
  countAt,
  isHomePoint,
  opponent,
} from '../../src/games/backgammon/rules/board';
import { diceToPlay, maxDiceUsage } from '../../src/games/backgammon/rules/mustPlay';
import type { BackgammonState, Side } from '../../src/games/backgammon/rules/types';
import {
  checkerMoved,
  diceRolled,
  doubleAccepted,
  doubleDeclined,
  doubleOffered,
  moveUndone,
  newGameStarted,
  openingDieRolled,
  seatTaken,
  turnConfirmed,
} from '../../src/games/backgammon/slice';
import type { LoggedAction } from '../../src/sync/log/SyncedGame';
import { foldStep, refusalOf } from '../../src/sync/log/SyncedGame';
import { fcSettings } from '../helpers/fcSettings';
import { inEnglish } from '../helpers/english';

const SETTINGS = fcSettings(7070707, 12);
const MAX_ACTIONS = 3000;
const players = {
  white: { by: { id: 'wendy', name: 'Wendy' }, clientId: 1 },
  black: { by: { id: 'bruno', name: 'Bruno' }, clientId: 2 },
};

/** A small seeded generator (mulberry32), so fast-check picks one number and the whole game follows from it. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One die from a random source: the test chooses the dice (a test build's chosen luck, sharedLuck). */
const dieOf = (random: () => number): number => 1 + Math.floor(random() * 6);

/** One legal action for the position, as the side to act would choose it at random. */
function pickAction(state: BackgammonState, random: () => number): LoggedAction {
  if (state.phase === 'opening')
    return openingDieRolled({
      ...players[state.opening.white === null ? 'white' : 'black'],
      die: dieOf(random),
    });
  if (state.cube.offeredBy) {
    const taker = players[opponent(state.cube.offeredBy)];
    return random() < 0.9 ? doubleAccepted(taker) : doubleDeclined(taker);
  }
  const mover = players[state.turn as Side];
  if (state.dice.length === 0)
    return random() < 0.03
      ? doubleOffered(mover)
      : diceRolled({ ...mover, dice: [dieOf(random), dieOf(random)] });
  const moves = movesAvailable(state);
  if (state.played.length > 0 && random() < 0.08) return moveUndone(mover);
  if (moves.length === 0) return turnConfirmed(mover);
  const { from, to } = moves[Math.floor(random() * moves.length)];
  return checkerMoved({ ...mover, from, to });
}

const games = new Map<number, { log: LoggedAction[]; states: BackgammonState[] }>();

/** A random legal game from the seat-taking to its end, every action checked valid before it is applied;
 * states[i] is the state before log[i]. Each seed is played once and shared by the properties below. */
function legalGame(seed: number): { log: LoggedAction[]; states: BackgammonState[] } {
  const known = games.get(seed);
  if (known) return known;
  const random = seeded(seed);
  const log: LoggedAction[] = [];
  const states = [backgammonGame.initialState];
  const push = (action: LoggedAction) => {
    const state = states[states.length - 1];
    expect(refusalOf(backgammonGame, state, action)).toBeNull();
    log.push(action);
    states.push(foldStep(backgammonGame)(state, action));
  };
  push(seatTaken({ ...players.white, side: 'white' }));
  push(seatTaken({ ...players.black, side: 'black' }));
  while (states[states.length - 1].phase !== 'finished' && log.length < MAX_ACTIONS) {
    const state = states[states.length - 1];
    const action = pickAction(state, random);
    // A doubling offer may be refused (cube not ours, at 64); roll instead, which is then always legal.
    const refused = action.type === doubleOffered.type && refusalOf(backgammonGame, state, action) !== null;
    push(
      refused ? diceRolled({ ...players[state.turn as Side], dice: [dieOf(random), dieOf(random)] }) : action,
    );
  }
  games.set(seed, { log, states });
  return { log, states };
}

const expectedKind = (state: BackgammonState, winner: Side): string => {
  const loser = opponent(winner);
  if (state.board.off[loser] > 0) return 'single';
  const inWinnersHome = Array.from({ length: 24 }, (_, i) => i + 1).some(
    (point) => isHomePoint(winner, point) && countAt(state.board, loser, point) > 0,
  );
  return state.board.bar[loser] > 0 || inWinnersHome ? 'backgammon' : 'gammon';
};

describe('Backgammon over random legal games', () => {
  it('keeps 15 checkers a side, the board in step with the turn’s moves, and a turn that can always end', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { states } = legalGame(seed);
        for (const state of states) {
          for (const side of ['white', 'black'] as const) expect(checkerTotal(state.board, side)).toBe(15);
          const replayed = state.played.reduce(
            (p, step) => applyStep(p, state.turn as Side, step),
            state.turnStart,
          );
          if (state.phase === 'playing') expect(replayed).toEqual(state.board);
          if (state.phase === 'playing' && state.dice.length > 0 && movesAvailable(state).length === 0)
            expect(canConfirmTurn(state)).toBe(true);
        }
      }),
      SETTINGS,
    );
  });

  it('uses as many dice as possible in every confirmed turn', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { log, states } = legalGame(seed);
        log.forEach((action, i) => {
          if (action.type !== turnConfirmed.type) return;
          const before = states[i];
          const most = maxDiceUsage(before.turnStart, before.turn as Side, diceToPlay(before.dice));
          expect(before.played.length).toBe(most);
        });
      }),
      SETTINGS,
    );
  });

  it('ends with a result that matches the final position and the cube, and then refuses play', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { states } = legalGame(seed);
        const last = states[states.length - 1];
        expect(last.phase).toBe('finished');
        const result = last.result!;
        if (result.kind === 'declined') {
          expect(result.points).toBe(last.cube.value);
        } else {
          expect(last.board.off[result.winner]).toBe(15);
          expect(result.kind).toBe(expectedKind(last, result.winner));
          const multiplier = { single: 1, gammon: 2, backgammon: 3 }[result.kind as 'single'];
          expect(result.points).toBe(last.cube.value * multiplier);
        }
        expect(last.cube.value).toBeLessThanOrEqual(64);
        const loser = players[opponent(result.winner)];
        expect(inEnglish(refusalOf(backgammonGame, last, diceRolled({ ...loser, dice: [4, 4] })))).toBe(
          'Game over',
        );
        expect(refusalOf(backgammonGame, last, newGameStarted(loser))).toBeNull();
      }),
      SETTINGS,
    );
  });

  it('replays the same log to the same state, and every state survives a JSON round trip', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { log, states } = legalGame(seed);
        expect(log.reduce(foldStep(backgammonGame), backgammonGame.initialState)).toEqual(
          states[states.length - 1],
        );
        const wire = JSON.parse(JSON.stringify(log)) as LoggedAction[];
        expect(wire.reduce(foldStep(backgammonGame), backgammonGame.initialState)).toEqual(
          states[states.length - 1],
        );
        for (const state of states) expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
      }),
      SETTINGS,
    );
  });
});
