import { describe, expect, it } from 'vitest';
import { startPosition } from '../../../../../src/games/backgammon/rules/board';
import { setup } from '../../../../../src/games/backgammon/rules/game';
import { applyMove } from '../../../../../src/games/backgammon/rules/move';
import {
  confirmTurn,
  rollDice,
  rollOpeningDie,
  undoMove,
} from '../../../../../src/games/backgammon/rules/turn';
import { bruno, carla, inPlay, layout, must, seatedGame, wendy } from '../positions';
import { inEnglish } from '../../../../helpers/english';

describe('the opening roll', () => {
  const whiteRolled5 = must(rollOpeningDie(seatedGame(), { ...wendy, die: 5 }));

  it.each([
    {
      name: 'the higher die moves first with both dice',
      state: whiteRolled5,
      roll: { ...bruno, die: 3 },
      expected: {
        phase: 'playing',
        turn: 'white',
        dice: [5, 3],
        message: 'White rolled 5, Black rolled 3: White moves first',
      },
    },
    {
      name: 'Black moves first when higher, its own die first',
      state: whiteRolled5,
      roll: { ...bruno, die: 6 },
      expected: {
        phase: 'playing',
        turn: 'black',
        dice: [6, 5],
        message: 'White rolled 5, Black rolled 6: Black moves first',
      },
    },
    {
      name: 'a tie clears both dice to roll again',
      state: whiteRolled5,
      roll: { ...bruno, die: 5 },
      expected: {
        phase: 'opening',
        turn: null,
        opening: { white: null, black: null },
        message: 'Both rolled 5: roll again',
      },
    },
    {
      name: 'the first die waits for the other',
      state: seatedGame(),
      roll: { ...bruno, die: 2 },
      expected: { phase: 'opening', opening: { white: null, black: 2 } },
    },
  ])('$name', ({ state, roll, expected }) => {
    const before = structuredClone(state);
    expect(inEnglish(must(rollOpeningDie(state, roll)))).toMatchObject(expected);
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'a watcher rolls', state: seatedGame(), roll: { ...carla, die: 4 }, reason: 'Sit down first' },
    {
      name: 'a player rolls twice',
      state: whiteRolled5,
      roll: { ...wendy, die: 4 },
      reason: 'You have already rolled',
    },
    {
      name: 'the die is not 1 to 6',
      state: seatedGame(),
      roll: { ...wendy, die: 7 },
      reason: 'Dice show 1 to 6',
    },
    {
      name: 'a seat is still empty',
      state: setup({ white: seatedGame().seats.white, black: null }),
      roll: { ...wendy, die: 4 },
      reason: 'The game has not started',
    },
    {
      name: 'the game is under way',
      state: inPlay(startPosition(), 'white'),
      roll: { ...wendy, die: 4 },
      reason: 'The opening roll is over',
    },
  ])('is refused when $name', ({ state, roll, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(rollOpeningDie(state, roll))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });
});

describe('rolling the dice', () => {
  const start = inPlay(startPosition(), 'black');

  it.each([
    { name: 'a watcher rolls', state: start, roll: { ...carla, dice: [3, 1] }, reason: 'Not your turn' },
    {
      name: 'the other player rolls',
      state: start,
      roll: { ...wendy, dice: [3, 1] },
      reason: 'Not your turn',
    },
    {
      name: 'dice were rolled already',
      state: { ...start, dice: [2, 2] },
      roll: { ...bruno, dice: [3, 1] },
      reason: 'You have already rolled',
    },
    { name: 'a die shows 0', state: start, roll: { ...bruno, dice: [0, 1] }, reason: 'Dice show 1 to 6' },
    {
      name: 'three dice come',
      state: start,
      roll: { ...bruno, dice: [1, 2, 3] },
      reason: 'Dice show 1 to 6',
    },
    {
      name: 'a double waits for an answer',
      state: { ...start, cube: { value: 1, owner: null, offeredBy: 'black' as const } },
      roll: { ...bruno, dice: [3, 1] },
      reason: 'The double must be answered first',
    },
    {
      name: 'the game is over',
      state: { ...start, phase: 'finished' as const },
      roll: { ...bruno, dice: [3, 1] },
      reason: 'Game over',
    },
    {
      name: 'the game has not started',
      state: seatedGame(),
      roll: { ...bruno, dice: [3, 1] },
      reason: 'The game has not started',
    },
  ])('is refused when $name', ({ state, roll, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(rollDice(state, roll))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });

  it.each([
    {
      name: 'a playable roll starts the turn',
      state: start,
      dice: [3, 1],
      expected: { turn: 'black', dice: [3, 1], played: [], message: null },
    },
    {
      name: 'a roll with no legal move passes the turn and says so',
      state: inPlay(layout({ black: { bar: 1 }, white: { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2 } }), 'black'),
      dice: [6, 6],
      expected: {
        turn: 'white',
        dice: [],
        message: "No legal moves: Black's turn passes",
        record: ['Black 6-6: no legal moves'],
      },
    },
  ])('$name', ({ state, dice, expected }) => {
    const before = structuredClone(state);
    expect(inEnglish(must(rollDice(state, { ...bruno, dice })))).toMatchObject(expected);
    expect(state).toEqual(before);
  });
});

describe('undoMove and confirmTurn', () => {
  const rolled = inPlay(startPosition(), 'white', [6, 4]);
  const oneMoved = must(applyMove(rolled, { ...wendy, from: 24, to: 18 }));
  const bothMoved = must(applyMove(oneMoved, { ...wendy, from: 13, to: 9 }));

  it.each([
    {
      name: 'undo takes back the last move',
      run: () => undoMove(bothMoved, wendy),
      expected: { board: oneMoved.board, played: oneMoved.played },
    },
    {
      name: 'undo twice restores the turn start',
      run: () => undoMove(must(undoMove(bothMoved, wendy)), wendy),
      expected: { board: rolled.board, played: [] },
    },
    {
      name: 'confirm passes the turn and writes the move list',
      run: () => confirmTurn(bothMoved, wendy),
      expected: {
        turn: 'black',
        dice: [],
        played: [],
        turnStart: bothMoved.board,
        record: ['White 6-4: 24/18 13/9'],
      },
    },
  ])('$name', ({ run, expected }) => {
    const before = structuredClone(bothMoved);
    expect(inEnglish(must(run()))).toMatchObject(expected);
    expect(bothMoved).toEqual(before);
  });

  it.each([
    { name: 'undo with nothing played', run: () => undoMove(rolled, wendy), reason: 'Nothing to undo' },
    { name: 'undo by the other player', run: () => undoMove(bothMoved, bruno), reason: 'Not your turn' },
    {
      name: 'confirm with a die left to play',
      run: () => confirmTurn(oneMoved, wendy),
      reason: 'Play every die you can before ending the turn',
    },
    {
      name: 'confirm before rolling',
      run: () => confirmTurn(inPlay(startPosition(), 'white'), wendy),
      reason: 'Roll the dice first',
    },
    { name: 'confirm by a watcher', run: () => confirmTurn(bothMoved, carla), reason: 'Not your turn' },
  ])('refuses $name', ({ run, reason }) => {
    const before = structuredClone(bothMoved);
    expect(inEnglish(run())).toEqual({ ok: false, reason });
    expect(bothMoved).toEqual(before);
  });

  it('writes Black’s moves in Black’s own numbering', () => {
    const state = inPlay(startPosition(), 'black', [6, 4]);
    const moved = must(
      applyMove(must(applyMove(state, { ...bruno, from: 1, to: 7 })), { ...bruno, from: 12, to: 16 }),
    );
    expect(inEnglish(must(confirmTurn(moved, bruno)).record)).toEqual(['Black 6-4: 24/18 13/9']);
  });
});
