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

// Each mode is drawn on a design canvas (the space its layout needs at scale 1) and scaled to fit the board.
const CANVAS = { wide: { w: 990, h: 760 }, tall: { w: 390, h: 640 } } as const;

const scaled = (u: number, w: number, h: number): TileSize => ({
  w: Math.round(w * u),
  h: Math.round(h * u),
});

/** The sizes that let the whole table fit width x height without scrolling (down to a 390 px wide phone). */
export function boardSizes(width: number, height: number): BoardSizes {
  const mode = width >= 700 && width >= height ? 'wide' : 'tall';
  const canvas = CANVAS[mode];
  const u = Math.max(0.6, Math.min(1.6, width / canvas.w, height / canvas.h));
  if (mode === 'wide') {
    return {
      mode,
      own: scaled(u, 48, 66),
      top: scaled(u, 28, 38),
      side: scaled(u, 36, 26),
      pile: scaled(u, 48, 66),
      gap: Math.max(2, Math.round(4 * u)),
      sideColumn: Math.round(132 * u),
      font: 14 * u,
    };
  }
  return {
    mode,
    own: scaled(u, 26, 36),
    top: scaled(u, 16, 22),
    side: scaled(u, 22, 16),
    pile: scaled(u, 34, 46),
    gap: Math.max(1, Math.round(2 * u)),
    sideColumn: Math.round(62 * u),
    font: 12 * u,
  };
}
