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
  /** Width of the left and right columns. */
  sideColumn: number;
  font: number;
};

type Mode = BoardSizes['mode'];

// Each mode is drawn on a design canvas (the space its layout needs at scale 1) and scaled to fit the board.
const CANVAS = { wide: { w: 990, h: 760 }, tall: { w: 390, h: 640 } } as const;

/** The tiles at scale 1: the viewer's rack, the top rack, the lying tiles of the side racks, the piles. */
const TILES: Record<Mode, Pick<BoardSizes, 'own' | 'top' | 'side' | 'pile'>> = {
  wide: { own: { w: 48, h: 66 }, top: { w: 28, h: 38 }, side: { w: 36, h: 26 }, pile: { w: 48, h: 66 } },
  tall: { own: { w: 26, h: 36 }, top: { w: 16, h: 22 }, side: { w: 22, h: 16 }, pile: { w: 34, h: 46 } },
};

/** The spaces and the text at scale 1; the gap never shrinks below minGap. */
const SPACING: Record<Mode, { gap: number; minGap: number; sideColumn: number; font: number }> = {
  wide: { gap: 4, minGap: 2, sideColumn: 132, font: 14 },
  tall: { gap: 2, minGap: 1, sideColumn: 62, font: 12 },
};

const scaled = (u: number, { w, h }: TileSize): TileSize => ({ w: Math.round(w * u), h: Math.round(h * u) });

/** The sizes that let the whole table fit width x height without scrolling (down to a 390 px wide phone). */
export function boardSizes(width: number, height: number): BoardSizes {
  const mode = width >= 700 && width >= height ? 'wide' : 'tall';
  const canvas = CANVAS[mode];
  const u = Math.max(0.6, Math.min(1.6, width / canvas.w, height / canvas.h));
  const tiles = TILES[mode];
  const spacing = SPACING[mode];
  return {
    mode,
    own: scaled(u, tiles.own),
    top: scaled(u, tiles.top),
    side: scaled(u, tiles.side),
    pile: scaled(u, tiles.pile),
    gap: Math.max(spacing.minGap, Math.round(spacing.gap * u)),
    sideColumn: Math.round(spacing.sideColumn * u),
    font: spacing.font * u,
  };
}
