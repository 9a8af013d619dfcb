import { useEffect, type RefObject } from 'react';
import type { RootState as FiberState } from '@react-three/fiber';
import { useGameDispatch, useMe } from '../../world';
import {
  blockPlaced,
  blockRemoved,
  storedCells,
  type BlockType,
  type Cell,
  type MinecraftState,
} from '../index';
import type { AvatarChannel } from './avatarChannel';
import type { UseKind } from './useControls';
import type { Rig } from './rig';

/** Frame figures over a run: milliseconds, median and 95th percentile, and every time measured (for benchmarks). */
export type FrameStats = { frames: number; medianMs: number; p95Ms: number; times: number[] };

/** What browser tests, benchmarks and the console can do with the world page (window.__minecraft). */
export type MinecraftTestHook = {
  /** Every stored cell keyed "x,y,z" (placed blocks, and 'air' where the floor was dug). */
  blocks(): Record<string, Cell>;
  player(): { x: number; y: number; z: number; yaw: number; pitch: number; onGround: boolean };
  avatars(): { clientId: number; x: number; y: number; z: number }[];
  look(yaw: number, pitch: number): void;
  teleport(x: number, y: number, z: number): void;
  select(block: BlockType): void;
  /** Does what a click does; returns the refusal's English text, or null when the action was sent. */
  act(kind: UseKind): string | null;
  /** Sends a placement of a block in a cell directly, for building test scenes. */
  place(x: number, y: number, z: number, block: BlockType): void;
  /** Sends a removal of the block in a cell directly. */
  remove(x: number, y: number, z: number): void;
  /** Draws a frame now and reads it back: distinct colours and the share of pixels that are not sky. */
  sample(): { width: number; height: number; colours: number; nonSky: number };
  /** Draws every animation frame for ms milliseconds and reports the intervals between them. */
  frames(ms: number): Promise<FrameStats>;
  /** Fixes the pixel ratio (null: adaptive again, from 1) and returns the ratio in use before. */
  fixResolution(dpr: number | null): number;
  /** Draws n frames back to back, each waited out to the last pixel, and reports their durations. */
  renderTimes(n: number): FrameStats;
};

declare global {
  interface Window {
    __minecraft?: MinecraftTestHook;
  }
}

const stats = (times: number[]): FrameStats => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { frames: times.length, medianMs: at(0.5), p95Ms: at(0.95), times };
};

/** What the hook reaches into: the world, the rig, the renderer and the board's own actions. */
export type TestHookDeps = {
  world: RefObject<MinecraftState>;
  rigRef: RefObject<Rig>;
  root: RefObject<FiberState | null>;
  channel: AvatarChannel | null;
  act: (kind: UseKind) => string | null;
  select: (block: BlockType) => void;
  fixResolution: (dpr: number | null) => void;
};

function sample(root: FiberState | null) {
  if (!root) return { width: 0, height: 0, colours: 0, nonSky: 0 };
  root.gl.render(root.scene, root.camera);
  const gl = root.gl.getContext();
  const { drawingBufferWidth: width, drawingBufferHeight: height } = gl;
  const pixels = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  const colours = new Set<number>();
  const sky = pixels.slice(-4);
  let nonSky = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    if (pixels[i] !== sky[0] || pixels[i + 1] !== sky[1] || pixels[i + 2] !== sky[2]) nonSky++;
  }
  return { width, height, colours: colours.size, nonSky: nonSky / (width * height) };
}

/** Installs window.__minecraft while the world page is mounted, in the test-hooks build only (src/testHooks.d.ts). */
export function useTestHook({
  world,
  rigRef,
  root,
  channel,
  act,
  select,
  fixResolution,
}: TestHookDeps): void {
  const dispatch = useGameDispatch();
  const me = useMe();
  useEffect(() => {
    if (!__TEST_HOOKS__) return;
    const rig = rigRef.current;
    const invalidate = () => root.current?.invalidate();
    window.__minecraft = {
      blocks: () => storedCells(world.current),
      player: () => ({ ...rig.body, yaw: rig.yaw, pitch: rig.pitch }),
      avatars: () =>
        [...(channel?.avatars().values() ?? [])].map(({ pose: { clientId, x, y, z } }) => ({
          clientId,
          x,
          y,
          z,
        })),
      look(yaw, pitch) {
        rig.yaw = yaw;
        rig.pitch = pitch;
        invalidate();
      },
      teleport(x, y, z) {
        rig.body = { ...rig.body, x, y, z, vx: 0, vy: 0, vz: 0 };
        invalidate();
      },
      select,
      act,
      place(x, y, z, block) {
        if (me) dispatch(blockPlaced({ ...me, x, y, z, block }));
      },
      remove(x, y, z) {
        if (me) dispatch(blockRemoved({ ...me, x, y, z }));
      },
      sample: () => sample(root.current),
      fixResolution(dpr) {
        const before = root.current?.gl.getPixelRatio() ?? 1;
        fixResolution(dpr);
        return before;
      },
      frames: (ms) =>
        new Promise((resolve) => {
          const times: number[] = [];
          let last = performance.now();
          const end = last + ms;
          rig.animating = true;
          const tick = () => {
            const now = performance.now();
            times.push(now - last);
            last = now;
            if (now >= end) {
              rig.animating = false;
              return resolve(stats(times.slice(1)));
            }
            invalidate();
            requestAnimationFrame(tick);
          };
          invalidate();
          requestAnimationFrame(tick);
        }),
      renderTimes(n) {
        const r = root.current;
        const times: number[] = [];
        if (!r) return stats(times);
        const gl = r.gl.getContext();
        const pixel = new Uint8Array(4);
        for (let i = 0; i < n; i++) {
          const start = performance.now();
          r.gl.render(r.scene, r.camera);
          // Reading a pixel waits for the frame to finish, so software rendering is counted in full.
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
          times.push(performance.now() - start);
        }
        return stats(times);
      },
    };
    return () => {
      delete window.__minecraft;
    };
  }, [world, rigRef, root, channel, act, select, fixResolution, me, dispatch]);
}
