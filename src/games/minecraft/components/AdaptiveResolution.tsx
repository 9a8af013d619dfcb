import { useRef, type RefObject } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import type { Rig } from './rig';

const WINDOW = 10;
const SLOW_MS = 24;
const LOWEST = 0.35;

/**
 * Lowers the drawing resolution while frames are slow (software WebGL fills pixels slowly), so walking stays smooth;
 * the canvas is upscaled pixelated, which suits the pixel art. It never raises it again, so it cannot oscillate.
 * Frames are drawn on demand, so only the gap after a frame that asked for the next one is a frame time.
 */
export default function AdaptiveResolution({ rigRef }: { rigRef: RefObject<Rig> }) {
  const setDpr = useThree((s) => s.setDpr);
  const initial = useThree((s) => s.viewport.dpr);
  const gaps = useRef<number[]>([]);
  const last = useRef({ at: 0, continued: false });
  const dpr = useRef(initial);

  useFrame(() => {
    const now = performance.now();
    const { at, continued } = last.current;
    const rig = rigRef.current;
    last.current = { at: now, continued: rig.moving || rig.animating };
    if (!continued) return;
    gaps.current.push(now - at);
    if (gaps.current.length < WINDOW) return;
    const median = gaps.current.sort((a, b) => a - b)[WINDOW >> 1];
    gaps.current = [];
    if (median <= SLOW_MS || dpr.current <= LOWEST) return;
    dpr.current = Math.max(LOWEST, dpr.current * 0.7);
    setDpr(dpr.current);
  });
  return null;
}
