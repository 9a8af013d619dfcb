import { memo } from 'react';
import GradientDefs, { type Gradient } from '../../shared/components/GradientDefs';
import { JOKER, isMasked, openTileOf } from '../rules/tiles';
import type { TableTile, Tile } from '../rules/types';
import { tileLabel } from './tileFace';
import type { TFunction } from '../../../i18n/i18n';

/** A tile stands upright (own rack, piles, top rack) or lies on its side (the racks at the left and right). */
export type TileOrientation = 'upright' | 'lying';

/**
 * What a tile is drawn from: the tile, whether its face shows, its size in CSS pixels, how it lies, and the language
 * its accessible name is in (the rack or pile hands its own `t` down: no hook in each of the ~100 tiles).
 */
export type TileViewProps = {
  t: TFunction<'okey'>;
  tile: TableTile;
  faceUp: boolean;
  width: number;
  height: number;
  orientation?: TileOrientation;
  /** The okey (wild) in the viewer's own rack: marked with a gold star in its corner. */
  wild?: boolean;
};

const FACE_TOP = '#fffaf0';
const FACE_BOTTOM = '#efe3c2';
const EDGE = '#b8a57a';
const BACK = '#7c2d2d';

const CORNER = 5;
// One gradient for every tile on the page (TileDefs): four fewer elements per tile to create and restyle. A tile
// drawn where TileDefs is missing falls back to the plain face colour.
const FACE_GRADIENT = 'okey-tile-face';

// The tile's body, bottom layer first: the darker lower lip gives it its moulded thickness, the face sits on it.
const BODY = [
  { y: '1.5', shorter: 2, fill: '#d9c89c' },
  { y: '0.5', shorter: 4, fill: `url(#${FACE_GRADIENT}) ${FACE_TOP}` },
] as const;

/**
 * One okey tile drawn as SVG so it stays crisp at any zoom: a cream face with the rank and a heart in the tile's
 * colour, or a maroon back when face-down. Its accessible name says what the viewer may know of it.
 */
function TileView({ t, tile, faceUp, width, height, orientation = 'upright', wild = false }: TileViewProps) {
  const lying = orientation === 'lying';
  const w = lying ? 56 : 40;
  // A tile taller than the usual 40 x 56 (the phone's rack) gets a taller face, not blank bands above and below it.
  const h = lying ? 40 : height > width * 1.45 ? Math.round((w * height) / width) : 56;
  const name = tileLabel(tile, faceUp, t);
  const label = wild && faceUp ? t('wildTile', { tile: name }) : name;
  // The shadow is a box-shadow on the rounded box, not a drop-shadow filter: a filter makes each of the ~100 tiles
  // its own filtered paint pass, a box-shadow is painted in place and looks the same here. Position keeps the paint
  // (and hit-test) order the filter gave: a pile's top tile stays above the tile peeking out beneath it.
  const style = {
    display: 'block',
    position: 'relative' as const,
    borderRadius: (CORNER * width) / w,
    boxShadow: '0 1.5px 1.5px rgba(0,0,0,0.35)',
  };
  // A face-down tile shows nothing of its own: one element painted with the back's picture, not eight SVG elements
  // to create and remove each time a rack gains or loses a tile (most of a received move's DOM work).
  if (!faceUp || isMasked(tile))
    return (
      <div
        role="img"
        aria-label={label}
        style={{ ...style, ...BACK_FILL, width, height, backgroundImage: backPicture(w, h) }}
      />
    );
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width={width} height={height} role="img" aria-label={label} style={style}>
      {BODY.map((layer) => (
        <rect
          key={layer.y}
          x="0.5"
          y={layer.y}
          width={w - 1}
          height={h - layer.shorter}
          rx={CORNER}
          fill={layer.fill}
          stroke={EDGE}
          strokeWidth="1"
        />
      ))}
      <TileFace tile={tile} w={w} h={h} lying={lying} />
      {wild && (
        <text
          x={w - 4}
          y={11}
          textAnchor="end"
          fontSize="11"
          fill="#d4a017"
          stroke="#7a5a00"
          strokeWidth="0.4"
        >
          ★
        </text>
      )}
    </svg>
  );
}

// The face lightens towards the top, where the light falls.
const DEFS: readonly Gradient[] = [
  {
    id: FACE_GRADIENT,
    linear: { x1: '0', y1: '0', x2: '0', y2: '1' },
    stops: { '0': FACE_TOP, '1': FACE_BOTTOM },
  },
];

/** The definitions every tile draws with; render it once on any page that shows tiles. */
export function TileDefs() {
  return (
    <svg aria-hidden width="0" height="0" style={{ position: 'absolute' }}>
      <GradientDefs gradients={DEFS} />
    </svg>
  );
}

/** Whether two renders of a tile would draw the same: tiles are compared by what is drawn, not by object identity. */
const sameTile = (a: TileViewProps, b: TileViewProps): boolean =>
  a.t === b.t &&
  a.faceUp === b.faceUp &&
  a.width === b.width &&
  a.height === b.height &&
  a.orientation === b.orientation &&
  a.wild === b.wild &&
  a.tile.id === b.tile.id &&
  openTileOf(a.tile)?.color === openTileOf(b.tile)?.color &&
  openTileOf(a.tile)?.rank === openTileOf(b.tile)?.rank;

/** The tile, drawn again only when what it shows changes. */
export default memo(TileView, sameTile);

function TileFace({ tile, w, h, lying }: { tile: Tile; w: number; h: number; lying: boolean }) {
  const joker = tile.rank === JOKER;
  const rank = String(tile.rank);
  const rankSize = joker ? 19 : rank.length > 1 ? 21 : 25;
  const common = {
    fill: tile.color,
    textAnchor: 'middle' as const,
    fontFamily: 'system-ui, "Segoe UI", Roboto, sans-serif',
  };
  if (lying) {
    return (
      <g aria-hidden>
        <text x={w * 0.38} y={h * 0.62} fontSize={rankSize} fontWeight={800} {...common}>
          {rank}
        </text>
        <text x={w * 0.8} y={h * 0.6} fontSize={12} {...common}>
          ♥
        </text>
      </g>
    );
  }
  return (
    <g aria-hidden>
      <text x={w / 2} y={joker ? 27 : 28} fontSize={rankSize} fontWeight={800} letterSpacing={-1} {...common}>
        {rank}
      </text>
      <text x={w / 2} y={h - 12} fontSize={13} {...common}>
        ♥
      </text>
    </g>
  );
}

const BACK_FILL = { backgroundSize: '100% 100%', backgroundRepeat: 'no-repeat' } as const;

// The back as an SVG picture (body, maroon panel, gold frame and ring), by the viewBox's size: made once per size.
const backPictures = new Map<string, string>();

function backPicture(w: number, h: number): string {
  const key = `${w}x${h}`;
  const known = backPictures.get(key);
  if (known) return known;
  const inset = 5;
  const inner = { w: w - 2 * inset, h: h - 4 - 2 * inset };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">` +
    `<linearGradient id="f" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${FACE_TOP}"/><stop offset="1" stop-color="${FACE_BOTTOM}"/></linearGradient>` +
    BODY.map(
      (layer, i) =>
        `<rect x="0.5" y="${layer.y}" width="${w - 1}" height="${h - layer.shorter}" rx="${CORNER}" ` +
        `fill="${i === 0 ? layer.fill : 'url(#f)'}" stroke="${EDGE}" stroke-width="1"/>`,
    ).join('') +
    `<rect x="${inset}" y="${inset}" width="${inner.w}" height="${inner.h}" rx="3" fill="${BACK}"/>` +
    `<rect x="${inset + 2.5}" y="${inset + 2.5}" width="${inner.w - 5}" height="${inner.h - 5}" rx="2" ` +
    `fill="none" stroke="#e8c98a" stroke-width="0.8" opacity="0.8"/>` +
    `<circle cx="${w / 2}" cy="${(h - 4) / 2}" r="${Math.min(w, h) / 7}" fill="none" stroke="#e8c98a" ` +
    `stroke-width="1" opacity="0.9"/></svg>`;
  const picture = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
  backPictures.set(key, picture);
  return picture;
}
