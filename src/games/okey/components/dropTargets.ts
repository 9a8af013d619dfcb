import { finishDeclared, tileDiscarded, tileDrawn, tileMoved } from '../slice';
import type { Actor } from '../rules/types';

/** The centre draw pile slot: the draw source, and the drop target that declares a finish. */
export const DRAW_PILE = 'draw-pile';
/** The draggable id of the draw pile's top tile; the real tile id stays out of the page until it is drawn. */
export const DRAW_PILE_TOP = 'draw-pile-top';

/** The droppable id of one of the viewer's 26 hand slots. */
export const slotTarget = (slot: number): string => `slot-${slot}`;
/** The droppable id of a seat's discard pile slot. */
export const discardTarget = (seatId: number): string => `discard-${seatId}`;
/** The draggable id of a seat's discard top. */
export const discardTopDraggable = (seatId: number): string => `discard-top-${seatId}`;
/** The droppable id of a slot of another seat's rack: a target for spectators only. */
export const rackSlotTarget = (seatId: number, slot: number): string => `rack-${seatId}-${slot}`;
/** The draggable id of a tile in another seat's rack: only a spectator can pick one up. */
export const rackTileDraggable = (seatId: number, slot: number): string => `rack-tile-${seatId}-${slot}`;

const numberAfter = (prefix: string, id: string): number | null =>
  id.startsWith(prefix) && /^\d+$/.test(id.slice(prefix.length)) ? Number(id.slice(prefix.length)) : null;

/** The seat and slot a rack id names (`rack-2-7`, `rack-tile-2-7`), or null. */
function seatSlotAfter(prefix: string, id: string): { seatId: number; slot: number } | null {
  const match = id.startsWith(prefix) ? /^(\d+)-(\d+)$/.exec(id.slice(prefix.length)) : null;
  return match ? { seatId: Number(match[1]), slot: Number(match[2]) } : null;
}

/** A finished drag as the board sees it: what was dragged, from where, onto what. */
export type Drop = { draggableId: string; from: string; to: string | null };

/** What the board knows when a drag ends: who acts, their seat (null for a spectator), and the tiles behind ids. */
export type DropContext = {
  actor: Actor;
  seatId: number | null;
  drawPileTopId: string | null;
  discardTopId: (seatId: number) => string | null;
  rackTileId: (seatId: number, slot: number) => string | null;
};

/** One Okey action the board dispatches for a drop. */
export type DropAction = ReturnType<
  typeof tileMoved | typeof tileDrawn | typeof tileDiscarded | typeof finishDeclared
>;

/** The id of the tile a pile or another rack's draggable stands for, or null when it stands for none. */
function pickedTileId(draggableId: string, context: DropContext): string | null {
  if (draggableId === DRAW_PILE_TOP) return context.drawPileTopId;
  const seatId = numberAfter('discard-top-', draggableId);
  if (seatId !== null) return context.discardTopId(seatId);
  const rack = seatSlotAfter('rack-tile-', draggableId);
  return rack ? context.rackTileId(rack.seatId, rack.slot) : null;
}

/** The hand slot a target stands for: one of the viewer's own, or (for a spectator) one of another rack's. */
const slotOfTarget = (to: string): number | null =>
  numberAfter('slot-', to) ?? seatSlotAfter('rack-', to)?.slot ?? null;

/** Whether the target is a discard pile the viewer discards onto: their own, or any for a spectator. */
const isDiscardTarget = (to: string, context: DropContext): boolean =>
  context.seatId === null ? numberAfter('discard-', to) !== null : to === discardTarget(context.seatId);

/**
 * Spec "Interactions", by where the tile comes from and where it lands: onto a hand slot, a tile from the hand moves
 * and any other tile is drawn; onto the viewer's discard slot it is discarded; onto the draw pile it declares a
 * finish. A drop back home or off the table is no action. The rules judge every action, so a spectator's drag or a
 * pile tile dropped on one's own discard pile is refused with the spec's words ('Not your turn', 'Can't move other
 * players tiles', 'Invalid discard source').
 */
export function actionForDrop(drop: Drop, context: DropContext): DropAction | null {
  if (drop.to === null || drop.to === drop.from) return null;
  const { actor } = context;
  const fromSlot = numberAfter('slot-', drop.from) ?? seatSlotAfter('rack-', drop.from)?.slot ?? null;
  const fromHand = numberAfter('slot-', drop.from) !== null;
  const tileId = fromHand ? drop.draggableId : pickedTileId(drop.draggableId, context);
  if (tileId === null) return null;
  const toSlot = slotOfTarget(drop.to);
  if (toSlot !== null)
    return fromSlot !== null
      ? tileMoved({ ...actor, fromSlot, toSlot })
      : tileDrawn({ ...actor, tileId, toSlot });
  if (isDiscardTarget(drop.to, context)) return tileDiscarded({ ...actor, tileId });
  if (drop.to === DRAW_PILE) return finishDeclared({ ...actor, tileId });
  return null;
}
