import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goGame } from '../../src/games/go';
import { chainAt, neighbours, opponent } from '../../src/games/go/rules/board';
import { legalMoves } from '../../src/games/go/rules/play';
import type { GoState } from '../../src/games/go/rules/types';
import {
  boardSizeChosen,
  goSlice,
  deadStonesToggled,
  gameResigned,
  scoreAccepted,
  seatTaken,
  stonePlaced,
  turnPassed,
} from '../../src/games/go/slice';
import type { LoggedAction } from '../../src/sync/log/SyncedGame';
import { foldStep, refusalOf } from '../../src/sync/log/SyncedGame';
import { fcSettings } from '../helpers/fcSettings';

const SETTINGS = fcSettings(424242, 30);
const people = [1, 2, 3].map((n) => ({ by: { id: `user${n}`, name: `User ${n}` }, clientId: n }));
const [black, white] = people;
const OPENING: LoggedAction[] = [
  seatTaken({ ...black, stone: 'b' }),
  seatTaken({ ...white, stone: 'w' }),
  boardSizeChosen({ ...black, size: 9 }),
];

const fold = (log: LoggedAction[], from: GoState = goGame.initialState): GoState =>
  log.reduce(foldStep(goGame), from);

/** Legal points, leaning toward contact and captures so random games fight instead of filling the board quietly. */
function candidatePoints(state: GoState, choice: number): number[] {
  const legal = legalMoves(state);
  const enemy = opponent(state.toMove);
  const touches = (point: number, liberties: number) =>
    neighbours(point, state.size).some(
      (n) => state.board[n] === enemy && chainAt(state.board, state.size, n).liberties <= liberties,
    );
  const captures = legal.filter((point) => touches(point, 1));
  const contact = legal.filter((point) => touches(point, Infinity));
  if (choice % 3 === 0 && captures.length > 0) return captures;
  if (choice % 3 === 1 && contact.length > 0) return contact;
  return legal;
}

/** One legal action for the position: mostly a stone, sometimes a pass; while marking, a toggle or an acceptance. */
function pickAction(state: GoState, choice: number): LoggedAction {
  const mover = state.toMove === 'b' ? black : white;
  const points = candidatePoints(state, Math.floor(choice / 17));
  const stone = () => stonePlaced({ ...mover, point: points[choice % points.length] });
  if (state.phase === 'marking') {
    const stones = [...state.board].flatMap((cell, point) => (cell === '.' ? [] : [point]));
    if (choice % 3 === 0 && stones.length > 0)
      return deadStonesToggled({ ...black, point: stones[choice % stones.length] });
    if (choice % 3 === 1 || points.length === 0) return scoreAccepted(state.accepted.b ? white : black);
    return stone();
  }
  return points.length === 0 || choice % 17 === 0 ? turnPassed(mover) : stone();
}

/** Turns random numbers into a log of legal actions and every state along it. */
function legalGame(choices: number[]): { log: LoggedAction[]; states: GoState[] } {
  const log = [...OPENING];
  const states = [fold(log)];
  for (const choice of choices) {
    const state = states[states.length - 1];
    if (state.phase === 'finished') break;
    const action = pickAction(state, choice);
    expect(refusalOf(goGame, state, action)).toBeNull();
    log.push(action);
    states.push(foldStep(goGame)(state, action));
  }
  return { log, states };
}

const someChoices = fc.array(fc.nat(10_000), { minLength: 20, maxLength: 90 });

describe('Go over random legal games on 9x9', () => {
  it('never leaves a chain without liberties, and stones on the board match moves minus captures', () => {
    fc.assert(
      fc.property(someChoices, (choices) => {
        for (const state of legalGame(choices).states) {
          [...state.board].forEach((cell, point) => {
            if (cell !== '.') expect(chainAt(state.board, state.size, point).liberties).toBeGreaterThan(0);
          });
          const placed = (stone: 'b' | 'w') =>
            state.moves.filter((m) => m.stone === stone && m.point !== null).length;
          expect([...state.board].filter((c) => c === 'b')).toHaveLength(placed('b') - state.captures.w);
          expect([...state.board].filter((c) => c === 'w')).toHaveLength(placed('w') - state.captures.b);
          expect(new Set(state.positions).size).toBe(state.positions.length);
        }
      }),
      SETTINGS,
    );
  });

  it('replays the same log to the same state, also after a JSON round trip of log and state', () => {
    fc.assert(
      fc.property(someChoices, (choices) => {
        const { log, states } = legalGame(choices);
        const last = states[states.length - 1];
        expect(fold(log)).toEqual(last);
        expect(log.reduce(goSlice.reducer, goSlice.getInitialState())).toEqual(last);
        expect(fold(JSON.parse(JSON.stringify(log)))).toEqual(last);
        expect(JSON.parse(JSON.stringify(last))).toEqual(last);
      }),
      SETTINGS,
    );
  });

  it('never changes a decided result, whatever anyone does next', () => {
    const anyAction = fc
      .record({ who: fc.nat(2), point: fc.nat(80), kind: fc.nat(3) })
      .map(
        ({ who, point, kind }) =>
          [
            stonePlaced({ ...people[who], point }),
            turnPassed(people[who]),
            deadStonesToggled({ ...people[who], point }),
            scoreAccepted(people[who]),
          ][kind],
      );
    fc.assert(
      fc.property(someChoices, fc.array(anyAction, { maxLength: 10 }), (choices, later) => {
        const { log } = legalGame(choices);
        const played = fold(log);
        const decided = played.phase === 'finished' ? played : fold([gameResigned(white)], played);
        expect(decided.result).toMatch(/^(B\+|W\+|Draw)/);
        expect(fold(later, decided)).toBe(decided);
      }),
      SETTINGS,
    );
  });
});
