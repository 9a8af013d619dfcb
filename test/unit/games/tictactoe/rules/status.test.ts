import { describe, expect, it } from 'vitest';
import { applyMove, setup } from '../../../../../src/games/tictactoe/rules/game';
import { historyLabels, statusText } from '../../../../../src/games/tictactoe/rules/status';
import type { TicTacToeState } from '../../../../../src/games/tictactoe/rules/types';
import { englishText } from '../../../../../src/i18n/reasons';
import { inEnglish } from '../../../../helpers/english';

const people = [
  { by: { id: 'ann', name: 'Ann' }, clientId: 1 },
  { by: { id: 'bob', name: 'Bob' }, clientId: 2 },
];

function play(squares: number[]): TicTacToeState {
  return squares.reduce((state, square, i) => {
    const result = applyMove(state, { ...people[i % 2], square });
    if (!result.ok) throw new Error(englishText(result.reason));
    return result.state;
  }, setup());
}

describe('statusText', () => {
  it.each([
    { name: 'a fresh game with no players', state: setup(), text: 'Next player: X' },
    { name: 'O to move before O sat', state: play([4]), text: 'Next player: O' },
    { name: 'X to move with Ann seated', state: play([4, 0]), text: 'Next player: X (Ann)' },
    { name: 'O winning', state: play([0, 3, 1, 4, 8, 5]), text: 'Winner: O (Bob)' },
    { name: 'X winning', state: play([0, 3, 1, 4, 2]), text: 'Winner: X (Ann)' },
    { name: 'a full board', state: play([0, 1, 2, 4, 3, 5, 7, 6, 8]), text: 'Draw' },
  ])('reads "$text" for $name', ({ state, text }) => {
    const before = structuredClone(state);
    expect(inEnglish(statusText(state))).toBe(text);
    expect(state).toEqual(before);
  });
});

describe('historyLabels', () => {
  it.each([
    { name: 'a fresh game', state: setup(), labels: ['Go to game start'] },
    {
      name: 'two moves',
      state: play([4, 0]),
      labels: ['Go to game start', 'Go to move #1', 'Go to move #2'],
    },
  ])('labels each position of $name', ({ state, labels }) => {
    const before = structuredClone(state);
    expect(inEnglish(historyLabels(state))).toEqual(labels);
    expect(state).toEqual(before);
  });
});
