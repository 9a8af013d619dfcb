import { describe, expect, it } from 'vitest';
import { startPosition } from '../../../../../src/games/backgammon/rules/board';
import {
  acceptDouble,
  declineDouble,
  offerDouble,
  resign,
} from '../../../../../src/games/backgammon/rules/cube';
import { resultText } from '../../../../../src/games/backgammon/rules/game';
import { rollDice } from '../../../../../src/games/backgammon/rules/turn';
import type { Cube } from '../../../../../src/games/backgammon/rules/types';
import { bruno, carla, inPlay, seatedGame, must, wendy } from '../positions';
import { inEnglish } from '../../../../helpers/english';

const withCube = (cube: Partial<Cube>, dice: number[] = []) =>
  inPlay(startPosition(), 'white', dice, { cube: { value: 1, owner: null, offeredBy: null, ...cube } });
const offered = withCube({ value: 2, owner: 'white', offeredBy: 'white' });

describe('offering a double', () => {
  it.each([
    {
      name: 'a centred cube',
      state: withCube({}),
      cube: { value: 1, owner: null, offeredBy: 'white' },
      message: 'White doubles to 2',
    },
    {
      name: 'a cube the mover owns',
      state: withCube({ value: 32, owner: 'white' }),
      cube: { value: 32, owner: 'white', offeredBy: 'white' },
      message: 'White doubles to 64',
    },
  ])('is made on $name', ({ state, cube, message }) => {
    const before = structuredClone(state);
    const after = must(offerDouble(state, wendy));
    expect(after.cube).toEqual(cube);
    expect(inEnglish(after.message)).toBe(message);
    expect(inEnglish(after.record)).toEqual([message]);
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'the other player offers', state: withCube({}), actor: bruno, reason: 'Not your turn' },
    { name: 'a watcher offers', state: withCube({}), actor: carla, reason: 'Not your turn' },
    {
      name: 'the dice are already rolled',
      state: withCube({}, [3, 1]),
      actor: wendy,
      reason: 'Double before rolling',
    },
    {
      name: 'the opponent owns the cube',
      state: withCube({ value: 2, owner: 'black' }),
      actor: wendy,
      reason: 'The cube is not yours',
    },
    {
      name: 'the cube is at 64',
      state: withCube({ value: 64, owner: 'white' }),
      actor: wendy,
      reason: 'The cube is at 64: no more doubles',
    },
    {
      name: 'a double is already offered',
      state: offered,
      actor: wendy,
      reason: 'A double is already offered',
    },
    {
      name: 'the game has not started',
      state: seatedGame(),
      actor: wendy,
      reason: 'The game has not started',
    },
  ])('is refused when $name', ({ state, actor, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(offerDouble(state, actor))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });
});

describe('answering a double', () => {
  it('accepting doubles the cube and hands it to the taker; the offerer then rolls', () => {
    const before = structuredClone(offered);
    const after = must(acceptDouble(offered, bruno));
    expect(after.cube).toEqual({ value: 4, owner: 'black', offeredBy: null });
    expect(inEnglish(after.message)).toBe('Black accepts: the cube is at 4');
    expect(must(rollDice(after, { ...wendy, dice: [3, 1] })).dice).toEqual([3, 1]);
    expect(offered).toEqual(before);
  });

  it('declining gives the offerer the cube’s value before the double', () => {
    const before = structuredClone(offered);
    const after = must(declineDouble(offered, bruno));
    expect(after).toMatchObject({
      phase: 'finished',
      result: { winner: 'white', kind: 'declined', points: 2 },
    });
    expect(inEnglish(after.message)).toBe('Black declines the double: White wins 2 points');
    expect(offered).toEqual(before);
  });

  it.each([
    { name: 'the offerer answers', state: offered, actor: wendy, reason: 'Not your turn' },
    { name: 'a watcher answers', state: offered, actor: carla, reason: 'Not your turn' },
    { name: 'nothing was offered', state: withCube({}), actor: bruno, reason: 'No double to answer' },
  ])('is refused when $name', ({ state, actor, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(acceptDouble(state, actor))).toEqual({ ok: false, reason });
    expect(inEnglish(declineDouble(state, actor))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });

  it('lets the cube go from 1 to 64 by turns and no further', () => {
    let state = withCube({});
    const players = { white: wendy, black: bruno };
    for (let doubles = 0; doubles < 6; doubles++) {
      const doubler = state.turn === 'white' ? 'white' : 'black';
      const taker = doubler === 'white' ? 'black' : 'white';
      state = must(acceptDouble(must(offerDouble(state, players[doubler])), players[taker]));
      // The taker, now owning the cube, is the next to move.
      state = { ...state, turn: taker };
    }
    expect(state.cube).toEqual({ value: 64, owner: 'white', offeredBy: null });
    expect(inEnglish(offerDouble(state, wendy))).toEqual({
      ok: false,
      reason: 'The cube is at 64: no more doubles',
    });
  });
});

describe('resigning', () => {
  it.each([
    {
      name: 'on the player’s own turn',
      state: withCube({ value: 4, owner: 'black' }),
      actor: wendy,
      winner: 'black',
      points: 4,
    },
    { name: 'on the opponent’s turn', state: withCube({}, [3, 1]), actor: bruno, winner: 'white', points: 1 },
    {
      name: 'while a double waits, at the cube as it stands',
      state: offered,
      actor: bruno,
      winner: 'white',
      points: 2,
    },
  ])('concedes a single game times the cube $name', ({ state, actor, winner, points }) => {
    const before = structuredClone(state);
    const after = must(resign(state, actor));
    expect(after.result).toEqual({ winner, kind: 'resign', points });
    expect(after).toMatchObject({ phase: 'finished', turn: null, dice: [] });
    expect(after.cube.offeredBy).toBeNull();
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'a watcher', state: withCube({}), actor: carla, reason: 'Sit down first' },
    { name: 'before the game starts', state: seatedGame(), actor: wendy, reason: 'The game has not started' },
    {
      name: 'after the game is over',
      state: { ...withCube({}), phase: 'finished' as const },
      actor: wendy,
      reason: 'Game over',
    },
  ])('is refused for $name', ({ state, actor, reason }) => {
    expect(inEnglish(resign(state, actor))).toEqual({ ok: false, reason });
  });
});

describe('resultText', () => {
  it.each([
    {
      name: 'single',
      result: { winner: 'white' as const, kind: 'single' as const, points: 1 },
      text: 'White wins: 1 point',
    },
    {
      name: 'gammon',
      result: { winner: 'black' as const, kind: 'gammon' as const, points: 4 },
      text: 'Black wins a gammon: 4 points',
    },
    {
      name: 'backgammon',
      result: { winner: 'white' as const, kind: 'backgammon' as const, points: 3 },
      text: 'White wins a backgammon: 3 points',
    },
    {
      name: 'resign',
      result: { winner: 'white' as const, kind: 'resign' as const, points: 2 },
      text: 'Black resigns: White wins 2 points',
    },
  ])('says $name', ({ result, text }) => {
    expect(inEnglish(resultText(result))).toBe(text);
  });
});
