import { useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';

const WINDOW = 30;
const SLOW_MS = 24;
const LOWEST = 0.35;
// A pause longer than this means the loop was idle (frames are drawn on demand), not that a frame was slow.
const IDLE_MS = 250;

/**
 * Lowers the drawing resolution while frames are slow (software WebGL fills pixels slowly), so walking stays smooth;
 * the canvas is upscaled pixelated, which suits the pixel art. It never raises it again, so it cannot oscillate.
 */
export default function AdaptiveResolution() {
  const setDpr = useThree((s) => s.setDpr);
  const initial = useThree((s) => s.viewport.dpr);
  const gaps = useRef<number[]>([]);
  const last = useRef(0);
  const dpr = useRef(initial);

  useFrame(() => {
    const now = performance.now();
    const gap = now - last.current;
    last.current = now;
    if (gap > IDLE_MS) return;
    gaps.current.push(gap);
    if (gaps.current.length < WINDOW) return;
    const median = gaps.current.sort((a, b) => a - b)[WINDOW >> 1];
    gaps.current = [];
    if (median <= SLOW_MS || dpr.current <= LOWEST) return;
    dpr.current = Math.max(LOWEST, dpr.current * 0.7);
    setDpr(dpr.current);
  });
  return null;
}
