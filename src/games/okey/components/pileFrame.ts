import type { CSSProperties } from 'react';
import type { TileSize } from './boardSizes';

/** Hides the drag library's placeholder: a pile keeps its size while a tile leaves it. */
export const HIDDEN: CSSProperties = { display: 'none' };

/** How a pile's frame differs: the draw pile is solid, a discard pile dashed and a little tighter. */
export type PileFrameStyle = { inset: number; line: 'solid' | 'dashed'; rest: string };

/** A pile's frame at rest and while a tile is dragged over it (the theme's radius x 1.5, as MUI's sx would give). */
export function pileLooks(
  size: TileSize,
  radius: string | number,
  { inset, line, rest }: PileFrameStyle,
): { idle: CSSProperties; over: CSSProperties } {
  const base: CSSProperties = {
    position: 'relative',
    width: size.w + inset,
    height: size.h + inset,
    padding: 4,
    borderRadius: typeof radius === 'number' ? radius * 1.5 : radius,
  };
  return {
    idle: { ...base, border: `2px ${line} ${rest}`, background: 'rgba(0,0,0,0.15)' },
    over: { ...base, border: `2px ${line} #ffd54f`, background: 'rgba(255,213,79,0.35)' },
  };
}
