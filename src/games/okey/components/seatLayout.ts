import type { Seat } from '../rules/types';

/** Where a seat sits on screen, as the viewer sees the table. */
export type TablePosition = 'bottom' | 'right' | 'top' | 'left';

/** The seats placed around the table; a position with no seat is absent. */
export type TableLayout = Partial<Record<TablePosition, Seat>>;

// Seat order runs round the table anticlockwise from the viewer, so the next seat is on the viewer's right and the
// previous seat, whose discard the viewer draws from, on their left. Three players leave the top free.
const POSITIONS_BY_COUNT: Record<number, readonly TablePosition[]> = {
  1: ['bottom'],
  2: ['bottom', 'top'],
  3: ['bottom', 'right', 'left'],
  4: ['bottom', 'right', 'top', 'left'],
};

/** The seats rotated so the viewer's seat (or the first seat, for a spectator) is at the bottom. */
export function arrangeSeats(players: readonly Seat[], viewerSeatId: number | null): TableLayout {
  const positions = POSITIONS_BY_COUNT[players.length] ?? POSITIONS_BY_COUNT[4];
  const start = Math.max(
    0,
    players.findIndex((seat) => seat.id === viewerSeatId),
  );
  const layout: TableLayout = {};
  positions.forEach((position, i) => {
    if (i < players.length) layout[position] = players[(start + i) % players.length];
  });
  return layout;
}
