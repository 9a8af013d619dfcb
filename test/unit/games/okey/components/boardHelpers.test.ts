import { describe, expect, it } from 'vitest';
import { boardSizes, tallRackChrome } from '../../../../../src/games/okey/components/boardSizes';
import {
  DRAW_PILE,
  DRAW_PILE_TOP,
  actionForDrop,
  discardTarget,
  discardTopDraggable,
  rackSlotTarget,
  rackTileDraggable,
  slotTarget,
  type DropContext,
} from '../../../../../src/games/okey/components/dropTargets';
import { arrangeSeats } from '../../../../../src/games/okey/components/seatLayout';
import { isFaceUp, tileLabel } from '../../../../../src/games/okey/components/tileFace';
import { nextTarget } from '../../../../../src/games/okey/components/useGridKeyboardSensor';
import { emptySeat } from '../../../../../src/games/okey/rules/seats';
import { createTile } from '../../../../../src/games/okey/rules/tiles';
import { actor } from '../okeyTables';

const seats = (ids: number[]) => ids.map((id) => emptySeat(id));
const ids = (layout: ReturnType<typeof arrangeSeats>) =>
  Object.fromEntries(Object.entries(layout).map(([position, seat]) => [position, seat?.id]));

describe('arrangeSeats', () => {
  it.each([
    {
      name: 'four seats from seat 1',
      players: [1, 2, 3, 4],
      viewer: 1,
      expected: { bottom: 1, right: 2, top: 3, left: 4 },
    },
    {
      name: 'four seats from seat 3',
      players: [1, 2, 3, 4],
      viewer: 3,
      expected: { bottom: 3, right: 4, top: 1, left: 2 },
    },
    {
      name: 'a spectator sees the first seat at the bottom',
      players: [1, 2, 3, 4],
      viewer: null,
      expected: { bottom: 1, right: 2, top: 3, left: 4 },
    },
    { name: 'two players face each other', players: [2, 4], viewer: 4, expected: { bottom: 4, top: 2 } },
    {
      name: 'three players leave the top free',
      players: [1, 2, 3],
      viewer: 2,
      expected: { bottom: 2, right: 3, left: 1 },
    },
  ])('$name', ({ players, viewer, expected }) => {
    const input = seats(players);
    const before = structuredClone(input);
    expect(ids(arrangeSeats(input, viewer))).toEqual(expected);
    expect(input).toEqual(before);
  });
});

describe('isFaceUp', () => {
  const inHand = (seat: number, hidden = false) => ({
    ...createTile('red', 7, 0),
    source: `hand-${seat}`,
    hidden,
  });
  it.each([
    { name: 'own hand tile shows', tile: inHand(1), viewer: 1, state: 'play' as const, up: true },
    {
      name: "another seat's hand tile is face-down",
      tile: inHand(2),
      viewer: 1,
      state: 'play' as const,
      up: false,
    },
    {
      name: 'a spectator sees no hand tile',
      tile: inHand(2),
      viewer: null,
      state: 'play' as const,
      up: false,
    },
    {
      name: 'every hand shows once finished',
      tile: inHand(2),
      viewer: null,
      state: 'finish' as const,
      up: true,
    },
    {
      name: 'an own tile turned over stays face-down',
      tile: inHand(1, true),
      viewer: 1,
      state: 'play' as const,
      up: false,
    },
    {
      name: 'a discard shows to all',
      tile: { ...inHand(2), source: 'discard-2' },
      viewer: null,
      state: 'play' as const,
      up: true,
    },
    {
      name: 'the draw pile is face-down',
      tile: createTile('red', 7, 0),
      viewer: 1,
      state: 'play' as const,
      up: false,
    },
  ])('$name', ({ tile, viewer, state, up }) => {
    expect(isFaceUp(tile, viewer, state)).toBe(up);
  });

  it('names tiles by what the viewer may know', () => {
    expect(tileLabel(createTile('blue', 12, 1), true)).toBe('blue 12');
    expect(tileLabel(createTile('yellow', '👌', 0), true)).toBe('yellow joker');
    expect(tileLabel(createTile('blue', 12, 1), false)).toBe('face-down tile');
  });
});

describe('actionForDrop', () => {
  const me = actor(1);
  const context: DropContext = {
    actor: me,
    seatId: 1,
    drawPileTopId: 'red3-0',
    discardTopId: (seatId) => (seatId === 4 ? 'blue9-1' : null),
    rackTileId: (seatId, slot) => (seatId === 2 && slot === 7 ? 'black8-0' : null),
  };
  it.each([
    {
      name: 'hand to hand moves',
      drop: { draggableId: 'red1-0', from: slotTarget(0), to: slotTarget(20) },
      type: 'okey/tileMoved',
      payload: { fromSlot: 0, toSlot: 20 },
    },
    {
      name: 'hand to own discard discards',
      drop: { draggableId: 'red1-0', from: slotTarget(0), to: discardTarget(1) },
      type: 'okey/tileDiscarded',
      payload: { tileId: 'red1-0' },
    },
    {
      name: 'hand to the draw pile declares a finish',
      drop: { draggableId: 'red1-0', from: slotTarget(0), to: DRAW_PILE },
      type: 'okey/finishDeclared',
      payload: { tileId: 'red1-0' },
    },
    {
      name: 'the draw pile top to a slot draws that tile',
      drop: { draggableId: DRAW_PILE_TOP, from: DRAW_PILE, to: slotTarget(5) },
      type: 'okey/tileDrawn',
      payload: { tileId: 'red3-0', toSlot: 5 },
    },
    {
      name: 'a discard top to a slot draws it',
      drop: { draggableId: discardTopDraggable(4), from: discardTarget(4), to: slotTarget(25) },
      type: 'okey/tileDrawn',
      payload: { tileId: 'blue9-1', toSlot: 25 },
    },
    {
      name: "the draw pile top onto one's own discard pile discards it (the rules say 'Invalid discard source')",
      drop: { draggableId: DRAW_PILE_TOP, from: DRAW_PILE, to: discardTarget(1) },
      type: 'okey/tileDiscarded',
      payload: { tileId: 'red3-0' },
    },
    {
      name: 'a discard top onto the draw pile declares a finish with it (refused: not from the hand)',
      drop: { draggableId: discardTopDraggable(4), from: discardTarget(4), to: DRAW_PILE },
      type: 'okey/finishDeclared',
      payload: { tileId: 'blue9-1' },
    },
  ])('$name', ({ drop, type, payload }) => {
    const action = actionForDrop(drop, context);
    expect(action?.type).toBe(type);
    expect(action?.payload).toEqual({ ...me, ...payload });
  });

  it.each([
    { name: 'dropped off the table', drop: { draggableId: 'red1-0', from: slotTarget(0), to: null } },
    { name: 'dropped back home', drop: { draggableId: 'red1-0', from: slotTarget(0), to: slotTarget(0) } },
    {
      name: "hand onto another seat's discard",
      drop: { draggableId: 'red1-0', from: slotTarget(0), to: discardTarget(2) },
    },
    {
      name: "a pile tile onto another seat's discard pile",
      drop: { draggableId: DRAW_PILE_TOP, from: DRAW_PILE, to: discardTarget(3) },
    },
    {
      name: 'an empty discard pile',
      drop: { draggableId: discardTopDraggable(2), from: discardTarget(2), to: slotTarget(1) },
    },
  ])('does nothing when $name', ({ drop }) => {
    expect(actionForDrop(drop, context)).toBeNull();
  });
});

describe('actionForDrop for a spectator', () => {
  const me = actor(5);
  const context: DropContext = {
    actor: me,
    seatId: null,
    drawPileTopId: 'red3-0',
    discardTopId: (seatId) => (seatId === 4 ? 'blue9-1' : null),
    rackTileId: (seatId, slot) => (seatId === 2 && slot === 7 ? 'black8-0' : null),
  };
  it.each([
    {
      name: "a rack tile onto another slot is a move (refused: 'Can't move other players tiles')",
      drop: { draggableId: rackTileDraggable(2, 7), from: rackSlotTarget(2, 7), to: rackSlotTarget(2, 9) },
      type: 'okey/tileMoved',
      payload: { fromSlot: 7, toSlot: 9 },
    },
    {
      name: "the draw pile top onto a rack slot is a draw (refused: 'Not your turn')",
      drop: { draggableId: DRAW_PILE_TOP, from: DRAW_PILE, to: rackSlotTarget(3, 4) },
      type: 'okey/tileDrawn',
      payload: { tileId: 'red3-0', toSlot: 4 },
    },
    {
      name: "a discard top onto any discard pile is a discard (refused: 'Not your turn')",
      drop: { draggableId: discardTopDraggable(4), from: discardTarget(4), to: discardTarget(2) },
      type: 'okey/tileDiscarded',
      payload: { tileId: 'blue9-1' },
    },
    {
      name: "a rack tile onto the draw pile is a finish (refused: 'Not your turn')",
      drop: { draggableId: rackTileDraggable(2, 7), from: rackSlotTarget(2, 7), to: DRAW_PILE },
      type: 'okey/finishDeclared',
      payload: { tileId: 'black8-0' },
    },
  ])('$name', ({ drop, type, payload }) => {
    const action = actionForDrop(drop, context);
    expect(action?.type).toBe(type);
    expect(action?.payload).toEqual({ ...me, ...payload });
  });
});

describe('nextTarget', () => {
  const grid = [0, 1, 2].flatMap((col) => [0, 1].map((row) => ({ x: col * 50, y: row * 70 })));
  it.each([
    { name: 'right along the row', from: { x: 0, y: 0 }, key: 'ArrowRight' as const, to: { x: 50, y: 0 } },
    { name: 'down to the next row', from: { x: 50, y: 0 }, key: 'ArrowDown' as const, to: { x: 50, y: 70 } },
    { name: 'up from the lower row', from: { x: 100, y: 70 }, key: 'ArrowUp' as const, to: { x: 100, y: 0 } },
    { name: 'nothing past the edge', from: { x: 0, y: 0 }, key: 'ArrowLeft' as const, to: null },
  ])('$name', ({ from, key, to }) => {
    expect(nextTarget(from, key, grid)).toEqual(to);
  });
});

describe('boardSizes', () => {
  it('uses the table layout on a laptop and the tall one on a phone', () => {
    expect(boardSizes(1040, 800).mode).toBe('wide');
    expect(boardSizes(390, 790).mode).toBe('tall');
  });
  it.each([320, 360, 375, 390, 412, 480, 600])(
    'fits thirteen own tiles and the rack around them across a %i px phone',
    (width) => {
      const { own, gap, ownGap } = boardSizes(width, 780);
      expect(13 * own.w + tallRackChrome(gap, ownGap)).toBeLessThanOrEqual(width);
    },
  );
  it('gives a 390 px phone rack tiles of at least 27 x 40 px', () => {
    const { own } = boardSizes(390, 790);
    expect(own.w).toBeGreaterThanOrEqual(27);
    expect(own.h).toBeGreaterThanOrEqual(40);
  });
});
