import { describe, expect, it } from 'vitest';
import { boardProblems } from '../../../src/games/go/rules/board';
import { setup as goSetup } from '../../../src/games/go/rules/game';
import { gameProblems, setup as tictactoeSetup } from '../../../src/games/tictactoe/rules/game';
import { goGame } from '../../../src/games/go/index';
import { minecraftGame } from '../../../src/games/minecraft/index';
import {
  placeBlock,
  removeBlock,
  setup as minecraftSetup,
  worldProblems,
} from '../../../src/games/minecraft/rules/world';
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

  it('Minecraft: a world the rules built has none; a cell outside, misfiled, unknown or generated is named', () => {
    const by = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
    let world = minecraftSetup();
    for (const [x, y, z] of [
      [1, 1, 1],
      [20, 3, 40],
    ]) {
      const placed = placeBlock(world, { ...by, x, y, z, block: 'wood' });
      if (placed.ok) world = placed.state;
    }
    const dug = removeBlock(world, { ...by, x: 5, y: 0, z: 5 });
    if (dug.ok) world = dug.state;
    expect(worldProblems(world)).toEqual([]);
    expect(minecraftGame.invariants).toBe(worldProblems);
    const forged = {
      chunks: {
        '0,0': { '1,1,99': 'wood', '17,1,1': 'wood', '2,2,2': 'diamond', '3,0,3': 'grass', '4,4,4': 'air' },
        '1,1': {},
      },
    };
    expect(worldProblems(forged as never)).toEqual([
      'cell 1,1,99 is outside the world',
      'cell 17,1,1 is filed under chunk 0,0',
      'cell 2,2,2 holds diamond',
      'cell 3,0,3 repeats the generated world',
      'cell 4,4,4 repeats the generated world',
      'chunk 1,1 is empty',
    ]);
  });
});
