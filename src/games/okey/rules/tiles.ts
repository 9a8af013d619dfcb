import type { ColorName, MaskedTile, Rank, TableTile, Tile } from './types';

/** The four colours in the set's fixed order. */
export const COLOR_NAMES: readonly ColorName[] = ['red', 'black', 'blue', 'yellow'];

/** Display hex per colour name: pure red, black, dodger blue, orange. */
export const COLOR_HEX: Readonly<Record<ColorName, string>> = {
  red: '#FF0000',
  black: '#000000',
  blue: '#1E90FF',
  yellow: '#FFA500',
};

/** The joker's rank symbol. */
export const JOKER = '👌';

/** Tiles in a full set. */
export const TILE_COUNT = 106;

/** Highest rank; 13 wraps to 1. */
export const MAX_RANK = 13;

/** A tile as it first sits in the draw pile: hidden, source 'draw-pile'. */
export function createTile(color: ColorName, rank: Rank, copy: number): Tile {
  return {
    color: COLOR_HEX[color],
    rank,
    id: `${color}${rank}-${copy}`,
    name: `${color}${rank}`,
    source: 'draw-pile',
    hidden: true,
  };
}

/** The 106-tile set in a fixed order: each colour 1–13 twice, then the two yellow jokers. */
export function createTileSet(): Tile[] {
  const tiles: Tile[] = [];
  for (const copy of [0, 1]) {
    for (const color of COLOR_NAMES) {
      for (let rank = 1; rank <= MAX_RANK; rank++) tiles.push(createTile(color, rank, copy));
    }
  }
  tiles.push(createTile('yellow', JOKER, 0), createTile('yellow', JOKER, 1));
  return tiles;
}

/** Whether the tile is one of the two jokers. */
export const isJoker = (tile: Tile): boolean => tile.rank === JOKER;

/** The colour name of a tile, read back from its display hex. */
export function colorNameOf(tile: Tile): ColorName {
  return COLOR_NAMES.find((name) => COLOR_HEX[name] === tile.color) ?? 'red';
}

/** The okey (wild) value: the indicator's colour, rank + 1 with 13 wrapping to 1. */
export function okeyValueOf(indicator: Tile): { color: string; rank: number } {
  const rank = typeof indicator.rank === 'number' ? indicator.rank : 0;
  return { color: indicator.color, rank: (rank % MAX_RANK) + 1 };
}

/** A Fisher–Yates shuffle of the set's ids driven by the given random source (values in [0, 1)). */
export function shuffledTileIds(random: () => number): string[] {
  const ids = createTileSet().map((t) => t.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}

/** Whether a tile is an okey (wild): the indicator's colour and rank + 1. A joker is not: it takes the okey's value. */
export function isOkey(tile: Tile, indicator: Tile): boolean {
  const okey = okeyValueOf(indicator);
  return !isJoker(tile) && tile.color === okey.color && tile.rank === okey.rank;
}

/** Whether a tile on the table is masked: not opened to every page (docs/hidden-tiles.md). */
export const isMasked = (tile: TableTile): tile is MaskedTile => 'masked' in tile;

/** The tile when every page knows it, else null (masked, or no tile). */
export const openTileOf = (tile: TableTile | null | undefined): Tile | null =>
  tile && !isMasked(tile) ? tile : null;

/** A rack as every page knows it, or null while any of its tiles is masked (a finish, a bot's choice need them all). */
export function openRack(hand: readonly (TableTile | null)[]): (Tile | null)[] | null {
  const open = hand.map((t) => (t === null ? null : openTileOf(t)));
  return open.every((t, i) => t !== null || hand[i] === null) ? open : null;
}
