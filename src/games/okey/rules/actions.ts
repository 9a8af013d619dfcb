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
export type OkeyLogEntry = { type: string; payload?: unknown };

const RULES: { [K in OkeyEvent]: (state: OkeyState, payload: OkeyPayloads[K]) => Result<OkeyState> } = {
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

type Loose = Record<string, unknown>;
const isRecord = (v: unknown): v is Loose => typeof v === 'object' && v !== null;
const isActor = (p: unknown): p is Loose =>
  isRecord(p) &&
  isRecord(p.by) &&
  typeof p.by.id === 'string' &&
  typeof p.by.name === 'string' &&
  typeof p.clientId === 'number';
const withTile = (p: unknown) => isActor(p) && typeof p.tileId === 'string';
const withOrder = (p: unknown) => isActor(p) && Array.isArray(p.order);

// Peers' entries arrive as untyped JSON: the shape is checked before a rule reads it, so a bad entry is refused, never thrown.
const SHAPES: { [K in OkeyEvent]: (p: unknown) => boolean } = {
  seatTaken: (p) => isActor(p) && typeof p.seatId === 'number',
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
export function applyOkeyAction(state: OkeyState, action: OkeyLogEntry): Result<OkeyState> {
  const kind = action.type.startsWith(`${OKEY}/`) ? action.type.slice(OKEY.length + 1) : '';
  if (!Object.hasOwn(RULES, kind)) return { ok: false, reason: QUIET_REASONS.unknownAction };
  const event = kind as OkeyEvent;
  if (!SHAPES[event](action.payload)) return { ok: false, reason: QUIET_REASONS.unknownAction };
  const rule = RULES[event] as (state: OkeyState, payload: unknown) => Result<OkeyState>;
  return rule(state, action.payload);
}

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
