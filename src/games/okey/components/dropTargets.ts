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

const numberAfter = (prefix: string, id: string): number | null =>
  id.startsWith(prefix) && /^\d+$/.test(id.slice(prefix.length)) ? Number(id.slice(prefix.length)) : null;

/** A finished drag as the board sees it: what was dragged, from where, onto what. */
export type Drop = { draggableId: string; from: string; to: string | null };

/** What the board knows when a drag ends: who acts, their seat, and the tiles behind the pile draggables. */
export type DropContext = {
  actor: Actor;
  seatId: number;
  drawPileTopId: string | null;
  discardTopId: (seatId: number) => string | null;
};

/** One Okey action the board dispatches for a drop. */
export type DropAction = ReturnType<
  typeof tileMoved | typeof tileDrawn | typeof tileDiscarded | typeof finishDeclared
>;

/** The id of the tile a pile draggable stands for, or null when the draggable is not a pile top. */
function drawnTileId(draggableId: string, context: DropContext): string | null {
  if (draggableId === DRAW_PILE_TOP) return context.drawPileTopId;
  const seatId = numberAfter('discard-top-', draggableId);
  return seatId === null ? null : context.discardTopId(seatId);
}

/**
 * Spec "Interactions": hand to hand slot moves, a pile top to a hand slot draws, hand to own discard slot
 * discards, hand to the draw pile declares a finish. Anything else (a drop back home, off the table) is no action;
 * the rules judge whether the action is allowed.
 */
export function actionForDrop(drop: Drop, context: DropContext): DropAction | null {
  if (drop.to === null || drop.to === drop.from) return null;
  const { actor } = context;
  const fromSlot = numberAfter('slot-', drop.from);
  const toSlot = numberAfter('slot-', drop.to);
  if (fromSlot !== null) {
    if (toSlot !== null) return tileMoved({ ...actor, fromSlot, toSlot });
    if (drop.to === discardTarget(context.seatId))
      return tileDiscarded({ ...actor, tileId: drop.draggableId });
    if (drop.to === DRAW_PILE) return finishDeclared({ ...actor, tileId: drop.draggableId });
    return null;
  }
  const tileId = drawnTileId(drop.draggableId, context);
  if (toSlot === null || tileId === null) return null;
  return tileDrawn({ ...actor, tileId, toSlot });
}
