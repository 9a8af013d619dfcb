/** Width and height of a tile in CSS pixels. */
export type TileSize = { w: number; h: number };

/** How big everything on the table is drawn, fitted to the space the board has. */
export type BoardSizes = {
  /** 'wide' puts the racks round a 3x3 table; 'tall' (phones) moves the viewer's rack under the table. */
  mode: 'wide' | 'tall';
  own: TileSize;
  top: TileSize;
  /** A lying tile of the left and right racks. */
  side: TileSize;
  pile: TileSize;
  gap: number;
  /** The space between the tiles of the viewer's rack. */
  ownGap: number;
  /** Width of the left and right columns. */
  sideColumn: number;
  font: number;
};

type Mode = BoardSizes['mode'];

// Each mode is drawn on a design canvas (the space its layout needs at scale 1) and scaled to fit the board.
const CANVAS = { wide: { w: 990, h: 760 }, tall: { w: 390, h: 680 } } as const;

/**
 * The tiles at scale 1: the viewer's rack, the top rack, the lying tiles of the side racks, the piles. On a phone the
 * viewer's rack spans the board's width in its two rows of 13, and its tiles are as tall as real ones, for the thumb.
 */
const TILES: Record<Mode, Pick<BoardSizes, 'own' | 'top' | 'side' | 'pile'>> = {
  wide: { own: { w: 48, h: 66 }, top: { w: 28, h: 38 }, side: { w: 36, h: 26 }, pile: { w: 48, h: 66 } },
  tall: { own: { w: 27, h: 40 }, top: { w: 16, h: 22 }, side: { w: 22, h: 16 }, pile: { w: 38, h: 53 } },
};

/** The spaces and the text at scale 1; the gap never shrinks below minGap. */
const SPACING: Record<
  Mode,
  { gap: number; minGap: number; ownGap: number; sideColumn: number; font: number }
> = {
  wide: { gap: 4, minGap: 2, ownGap: 4, sideColumn: 132, font: 14 },
  tall: { gap: 2, minGap: 1, ownGap: 1, sideColumn: 62, font: 12 },
};

/**
 * What a phone's board width holds besides the 13 tiles of the viewer's rack, in pixels: the board's padding (2 + 2,
 * Board.tsx), the felt's border (4 + 4, okeyTable.css), the table's padding (2 gaps a side, Table.tsx), the rack's
 * (3 + 3, OwnRack) and the 12 gaps between its tiles.
 */
export const tallRackChrome = (gap: number, ownGap: number): number =>
  2 * (2 + 4 + 2 * gap + 3) + 12 * ownGap;

const scaled = (u: number, { w, h }: TileSize): TileSize => ({ w: Math.round(w * u), h: Math.round(h * u) });

/** The sizes that let the whole table fit width x height without scrolling (down to a 390 px wide phone). */
export function boardSizes(width: number, height: number): BoardSizes {
  const mode = width >= 700 && width >= height ? 'wide' : 'tall';
  const canvas = CANVAS[mode];
  const tiles = TILES[mode];
  const spacing = SPACING[mode];
  // On a phone the rack's chrome keeps its pixels while the tiles scale: only the rest of the width scales them.
  const fixed = mode === 'tall' ? tallRackChrome(spacing.gap, spacing.ownGap) : 0;
  const u = Math.max(0.6, Math.min(1.6, (width - fixed) / (canvas.w - fixed), height / canvas.h));
  const gap = Math.max(spacing.minGap, Math.round(spacing.gap * u));
  const ownGap = Math.max(spacing.minGap, Math.round(spacing.ownGap * u));
  const own = scaled(u, tiles.own);
  // Rounding up must never push the phone's rack past the board's edge.
  if (mode === 'tall') own.w = Math.min(own.w, Math.floor((width - tallRackChrome(gap, ownGap)) / 13));
  return {
    mode,
    own,
    top: scaled(u, tiles.top),
    side: scaled(u, tiles.side),
    pile: scaled(u, tiles.pile),
    gap,
    ownGap,
    sideColumn: Math.round(spacing.sideColumn * u),
    font: spacing.font * u,
  };
}
