import { ownNumber } from '../rules/board';
import type { From, Side, To } from '../rules/types';

// The board in its own units: one point is 1 wide. Left to right: the cube rail, six points, the bar, six points,
// the bear-off trays. Top to bottom: a rail, the top points, a middle band (dice), the bottom points, a rail.
/** The board's width in board units. */
export const WIDTH = 16;
/** The board's height in board units. */
export const HEIGHT = 12;
/** Where the playing fields start and end vertically. */
export const FIELD_TOP = 0.4;
/** The bottom edge of the playing fields. */
export const FIELD_BOTTOM = 11.6;
/** The left field's left edge (the cube rail is left of it). */
export const LEFT_X = 1.2;
/** The bar's left edge. */
export const BAR_X = 7.2;
/** The bar's width. */
export const BAR_W = 1.2;
/** The right field's left edge. */
export const RIGHT_X = BAR_X + BAR_W;
/** The bear-off trays' left edge. */
export const TRAY_X = 14.6;
/** The trays' width. */
export const TRAY_W = 1.2;
/** How long a point's triangle is. */
export const POINT_LENGTH = 4.7;
/** A checker's radius. */
export const R = 0.45;
/** The distance between stacked checkers. */
export const STEP = 0.9;
/** How many checkers a point shows before it writes the count on the last one. */
export const MAX_SHOWN = 5;
/** The height one borne-off checker takes in its tray. */
export const SLAB = 0.3;
/** The board's vertical middle. */
export const MID_Y = HEIGHT / 2;

/** Where the point the viewer counts as `own` (1..24) sits: its column's centre and whether it hangs from the top. */
export function ownSlot(own: number): { x: number; top: boolean } {
  if (own <= 6) return { x: RIGHT_X + 6 - own + 0.5, top: false };
  if (own <= 12) return { x: BAR_X - (own - 6) + 0.5, top: false };
  if (own <= 18) return { x: LEFT_X + (own - 13) + 0.5, top: true };
  return { x: RIGHT_X + (own - 19) + 0.5, top: true };
}

/** Where point (White's numbering) sits for a viewer seeing the board from `view`'s side. */
export const pointSlot = (view: Side, point: number) => ownSlot(ownNumber(view, point));

/** The centre height of the i-th checker (0 = nearest the rail) on a point hanging from the top or the bottom. */
export const stackY = (top: boolean, i: number): number =>
  top ? FIELD_TOP + R + i * STEP : FIELD_BOTTOM - R - i * STEP;

/** The centre height of the i-th checker on the bar: the viewer's above the middle, the opponent's below. */
export const barY = (viewers: boolean, i: number): number =>
  viewers ? MID_Y - 0.5 - R - i * STEP : MID_Y + 0.5 + R + i * STEP;

/** The top edge of the i-th borne-off checker in the viewer's (bottom) or the opponent's (top) tray. */
export const slabY = (viewers: boolean, i: number): number =>
  viewers ? FIELD_BOTTOM - (i + 1) * SLAB : FIELD_TOP + i * SLAB;

/** The place under a point of the board (in board units), as a move's start or end; null off the playing area. */
export function placeAt(view: Side, x: number, y: number): From | To | null {
  if (y < FIELD_TOP - 0.3 || y > FIELD_BOTTOM + 0.3) return null;
  if (x >= TRAY_X - 0.2) return 'off';
  if (x >= BAR_X && x < RIGHT_X) return 'bar';
  if (x < LEFT_X) return null;
  const left = x < BAR_X;
  const column = Math.min(5, Math.floor(x - (left ? LEFT_X : RIGHT_X)));
  const top = y < MID_Y;
  const own = top ? (left ? 13 : 19) + column : (left ? 12 : 6) - column;
  // ownNumber maps a side's own number to White's and back: it is its own inverse.
  return ownNumber(view, own);
}
