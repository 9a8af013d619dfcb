import { describe, expect, it } from 'vitest';
import { boardProblems } from '../../../src/games/go/rules/board';
import { setup as goSetup } from '../../../src/games/go/rules/game';
import { gameProblems, setup as tictactoeSetup } from '../../../src/games/tictactoe/rules/game';
import { goGame } from '../../../src/games/go/index';
import { tictactoeGame } from '../../../src/games/tictactoe/index';

describe("the games' invariants every fold checks", () => {
  it('TicTacToe: a sound game has none; a position with a mark too many is named', () => {
    expect(gameProblems(tictactoeSetup())).toEqual([]);
    const forged = { ...tictactoeSetup(), history: [['X', 'X', null, null, null, null, null, null, null]] };
    expect(gameProblems(forged as never)).toEqual(['position 0 holds the wrong marks']);
    expect(tictactoeGame.invariants).toBe(gameProblems);
  });

  it('Go: a sound board has none; a chain without a liberty, or a board of the wrong size, is named', () => {
    const fresh = goSetup(9);
    expect(boardProblems(fresh.board, 9)).toEqual([]);
    // A black stone in the corner, surrounded by white: no liberty.
    const board = ['b', 'w', ...'.'.repeat(7), 'w', ...'.'.repeat(71)].join('');
    expect(boardProblems(board, 9)).toEqual(['the chain at 0 has no liberty']);
    expect(boardProblems('..', 9)).toEqual(['a 9x9 board of 2 points']);
    expect(goGame.invariants?.(fresh)).toEqual([]);
  });
});
