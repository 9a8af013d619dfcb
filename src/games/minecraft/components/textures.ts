import { CanvasTexture, NearestFilter } from 'three';
import type { BlockType } from '../rules/types';

/** One face pattern of the pixel-art set; a block kind uses one to three of them. */
export type FacePattern = 'dirt' | 'grassTop' | 'grassSide' | 'glass' | 'wood' | 'logSide' | 'logTop';

const SIZE = 16;

// A fixed-seed generator: every tab draws the same pixels, so screenshots and players agree on what a block looks like.
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = readonly [number, number, number];
const DIRT: Rgb = [134, 96, 67];
const GRASS: Rgb = [95, 159, 53];
const PLANK: Rgb = [176, 137, 82];
const BARK: Rgb = [102, 77, 48];
const RING: Rgb = [190, 152, 96];

const shade = ([r, g, b]: Rgb, f: number, a = 1) =>
  `rgba(${Math.round(r * f)},${Math.round(g * f)},${Math.round(b * f)},${a})`;

type Painter = (ctx: CanvasRenderingContext2D, random: () => number) => void;

function speckle(ctx: CanvasRenderingContext2D, random: () => number, color: Rgb, from = 0, to = SIZE) {
  for (let y = from; y < to; y++)
    for (let x = 0; x < SIZE; x++) {
      ctx.fillStyle = shade(color, 0.82 + random() * 0.3);
      ctx.fillRect(x, y, 1, 1);
    }
}

const PAINTERS: Record<FacePattern, Painter> = {
  dirt: (ctx, random) => speckle(ctx, random, DIRT),
  grassTop: (ctx, random) => speckle(ctx, random, GRASS),
  grassSide(ctx, random) {
    speckle(ctx, random, DIRT);
    // A ragged fringe of grass hanging over the dirt, as the top layer seen from the side.
    for (let x = 0; x < SIZE; x++) {
      const depth = 3 + Math.floor(random() * 3);
      for (let y = 0; y < depth; y++) {
        ctx.fillStyle = shade(GRASS, 0.8 + random() * 0.3);
        ctx.fillRect(x, y, 1, 1);
      }
    }
  },
  glass(ctx, random) {
    ctx.clearRect(0, 0, SIZE, SIZE);
    ctx.fillStyle = 'rgba(200,235,255,0.18)';
    ctx.fillRect(1, 1, SIZE - 2, SIZE - 2);
    ctx.fillStyle = 'rgba(235,250,255,0.95)';
    ctx.fillRect(0, 0, SIZE, 1);
    ctx.fillRect(0, SIZE - 1, SIZE, 1);
    ctx.fillRect(0, 0, 1, SIZE);
    ctx.fillRect(SIZE - 1, 0, 1, SIZE);
    ctx.fillStyle = `rgba(255,255,255,${0.55 + random() * 0.2})`;
    for (let i = 0; i < 4; i++) ctx.fillRect(3 + i, 6 - i, 1, 1);
    for (let i = 0; i < 3; i++) ctx.fillRect(9 + i, 12 - i, 1, 1);
  },
  wood(ctx, random) {
    for (let row = 0; row < 4; row++) {
      const base = 0.88 + random() * 0.15;
      for (let y = row * 4; y < row * 4 + 4; y++)
        for (let x = 0; x < SIZE; x++) {
          const edge = y === row * 4 + 3 ? 0.7 : 1;
          ctx.fillStyle = shade(PLANK, base * edge * (0.94 + random() * 0.1));
          ctx.fillRect(x, y, 1, 1);
        }
      // Plank ends are staggered like a laid floor.
      ctx.fillStyle = shade(PLANK, 0.62);
      ctx.fillRect(row % 2 ? 4 : 11, row * 4, 1, 3);
    }
  },
  logSide(ctx, random) {
    for (let x = 0; x < SIZE; x++) {
      const stripe = x % 4 === 0 ? 0.72 : 0.9 + random() * 0.15;
      for (let y = 0; y < SIZE; y++) {
        ctx.fillStyle = shade(BARK, stripe * (0.9 + random() * 0.15));
        ctx.fillRect(x, y, 1, 1);
      }
    }
  },
  logTop(ctx, random) {
    for (let y = 0; y < SIZE; y++)
      for (let x = 0; x < SIZE; x++) {
        const r = Math.max(Math.abs(x - 7.5), Math.abs(y - 7.5));
        const color = r > 6.5 ? BARK : RING;
        const ring = r <= 6.5 && Math.round(r) % 2 === 0 ? 0.82 : 1;
        ctx.fillStyle = shade(color, ring * (0.9 + random() * 0.12));
        ctx.fillRect(x, y, 1, 1);
      }
  },
};

/** Draws one 16 x 16 face pattern on a fresh canvas, the same pixels every time. */
export function paintFace(pattern: FacePattern): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (ctx) PAINTERS[pattern](ctx, seeded(Object.keys(PAINTERS).indexOf(pattern) + 1));
  return canvas;
}

/** The face patterns of a block kind in three.js box order: +x, -x, +y (top), -y (bottom), +z, -z. */
export const FACES: Record<BlockType, readonly FacePattern[]> = {
  dirt: ['dirt', 'dirt', 'dirt', 'dirt', 'dirt', 'dirt'],
  grass: ['grassSide', 'grassSide', 'grassTop', 'dirt', 'grassSide', 'grassSide'],
  glass: ['glass', 'glass', 'glass', 'glass', 'glass', 'glass'],
  wood: ['wood', 'wood', 'wood', 'wood', 'wood', 'wood'],
  log: ['logSide', 'logSide', 'logTop', 'logTop', 'logSide', 'logSide'],
};

/** The face a hotbar slot shows for a block kind. */
export const ICON_FACE: Record<BlockType, FacePattern> = {
  dirt: 'dirt',
  grass: 'grassSide',
  glass: 'glass',
  wood: 'wood',
  log: 'logSide',
};

/** The order of the face patterns in the atlas, left to right. */
export const ATLAS_ORDER: readonly FacePattern[] = [
  'dirt',
  'grassTop',
  'grassSide',
  'glass',
  'wood',
  'logSide',
  'logTop',
];

let atlas: CanvasTexture | null = null;

/**
 * Every face pattern side by side in one crisp texture, drawn once per page: with one texture the whole opaque world
 * is one material, so a chunk is one draw call. No mipmaps: they would blend neighbouring tiles at a distance.
 */
export function atlasTexture(): CanvasTexture {
  if (atlas) return atlas;
  const canvas = document.createElement('canvas');
  canvas.width = SIZE * ATLAS_ORDER.length;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  ATLAS_ORDER.forEach((pattern, i) => ctx?.drawImage(paintFace(pattern), i * SIZE, 0));
  atlas = new CanvasTexture(canvas);
  atlas.magFilter = NearestFilter;
  atlas.minFilter = NearestFilter;
  atlas.generateMipmaps = false;
  return atlas;
}
