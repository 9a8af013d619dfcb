import {
  createActionTable,
  isActor,
  isRecord,
  withNumber,
  type ActionEntry,
  type Loose,
  type RuleTable,
  type ShapeTable,
} from '../../shared/actionTable';
import { MESSAGES, QUIET_REASONS } from './messages';
import { departSeat, flipTile, leaveSeat, moveTile, rebindSeat, takeSeat } from './seats';
import { resetGame, startGame, startNewGame, type TileOrder } from './setup';
import { declareFinish, discardTile, drawTile, type DrawMove, type TileMove } from './turn';
import type { Actor, OkeyState, Result } from './types';

/** The slice name; every Okey action type starts with 'okey/'. */
export const OKEY = 'okey';

/** The payload of each Okey action, by event name. */
export type OkeyPayloads = {
  seatTaken: Actor & { seatId: number };
  seatLeft: Actor;
  seatRebound: Actor;
  gameStarted: Actor & TileOrder;
  tileDrawn: DrawMove;
  tileMoved: Actor & { fromSlot: number; toSlot: number };
  tileDiscarded: TileMove;
  finishDeclared: TileMove;
  tileFlipped: TileMove;
  gameReset: Actor & TileOrder;
  newGameStarted: Actor & TileOrder;
  playerDeparted: { clientId: number };
};

/** An Okey event name. */
export type OkeyEvent = keyof OkeyPayloads;

/** A plain action as it sits in the log. */
export type OkeyLogEntry = ActionEntry;

const RULES: RuleTable<OkeyState, OkeyPayloads> = {
  seatTaken: takeSeat,
  seatLeft: leaveSeat,
  seatRebound: rebindSeat,
  gameStarted: startGame,
  tileDrawn: drawTile,
  tileMoved: moveTile,
  tileDiscarded: discardTile,
  finishDeclared: declareFinish,
  tileFlipped: flipTile,
  gameReset: resetGame,
  newGameStarted: startNewGame,
  playerDeparted: departSeat,
};

const withTile = (p: unknown) => isActor(p) && typeof p.tileId === 'string';
const withOrder = (p: unknown) => isActor(p) && Array.isArray(p.order);

// Peers' entries arrive as untyped JSON: the shape is checked before a rule reads it, so a bad entry is refused, never thrown.
const SHAPES: ShapeTable<OkeyPayloads> = {
  seatTaken: withNumber('seatId'),
  seatLeft: isActor,
  seatRebound: isActor,
  gameStarted: withOrder,
  tileDrawn: (p) => withTile(p) && typeof (p as Loose).toSlot === 'number',
  tileMoved: (p) => isActor(p) && typeof p.fromSlot === 'number' && typeof p.toSlot === 'number',
  tileDiscarded: withTile,
  finishDeclared: withTile,
  tileFlipped: withTile,
  gameReset: withOrder,
  newGameStarted: withOrder,
  playerDeparted: (p) => isRecord(p) && typeof p.clientId === 'number',
};

/** The one way any Okey action is applied: the slice, the sync reducer and validation all go through it. */
export const applyOkeyAction: (state: OkeyState, action: OkeyLogEntry) => Result<OkeyState> =
  createActionTable(OKEY, RULES, SHAPES, QUIET_REASONS.unknownAction);

/** Reasons shown to the user as an error toast; every other refusal is quiet. */
export const TOAST_REASONS: readonly string[] = [
  MESSAGES.notYourTurn,
  MESSAGES.cantDrawMore,
  MESSAGES.cantDrawThis,
  MESSAGES.cantMoveOthers,
  MESSAGES.discardBeforeDrawing,
  MESSAGES.invalidDiscardSource,
];

/** Whether a refusal reason is shown as a toast (the spec's catalogue, including the finish check's texts). */
export const isToastReason = (reason: string): boolean =>
  TOAST_REASONS.includes(reason) ||
  reason.startsWith('Invalid sequence ') ||
  reason.startsWith('Unfinished sequence ');
