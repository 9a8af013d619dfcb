import { bodyAt, WORLD, type Body } from '../index';

/**
 * This tab's player between frames: a mutable record shared by the input handlers, the frame loop and the test hook,
 * so walking and looking never go through React state (60 renders a second would cost more than the scene).
 */
export type Rig = {
  body: Body;
  yaw: number;
  pitch: number;
  /** Movement keys held, by KeyboardEvent.code. */
  keys: Set<string>;
  /** Whether the last frame simulated anything (the next frame's time step starts fresh after an idle spell). */
  moving: boolean;
  /** Set while something other than the player redraws every frame (a benchmark run). */
  animating: boolean;
};

/** Where everyone enters the world: the middle of the floor, looking north. */
export const SPAWN = { x: WORLD.width / 2 + 0.5, y: 1, z: WORLD.depth / 2 + 4.5 } as const;

/** A rig standing at the spawn point. */
export const makeRig = (): Rig => ({
  body: bodyAt(SPAWN.x, SPAWN.y, SPAWN.z),
  yaw: 0,
  pitch: -0.25,
  keys: new Set(),
  moving: false,
  animating: false,
});

const MOVE_CODES = new Set([
  'KeyW',
  'KeyA',
  'KeyS',
  'KeyD',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Space',
]);

/** True for the keys that walk or jump. */
export const isMoveCode = (code: string): boolean => MOVE_CODES.has(code);

const held = (keys: Set<string>, ...codes: string[]) => (codes.some((c) => keys.has(c)) ? 1 : 0);

/** The walking input the held keys ask for. */
export function inputOf(rig: Rig) {
  const { keys } = rig;
  return {
    forward: held(keys, 'KeyW', 'ArrowUp') - held(keys, 'KeyS', 'ArrowDown'),
    right: held(keys, 'KeyD', 'ArrowRight') - held(keys, 'KeyA', 'ArrowLeft'),
    jump: keys.has('Space'),
    yaw: rig.yaw,
  };
}

const LOOK_LIMIT = Math.PI / 2 - 0.01;

/** Turns the view by a mouse movement in pixels; the pitch stops short of straight up or down. */
export function turn(rig: Rig, dx: number, dy: number, sensitivity = 0.0025): void {
  rig.yaw -= dx * sensitivity;
  rig.pitch = Math.max(-LOOK_LIMIT, Math.min(LOOK_LIMIT, rig.pitch - dy * sensitivity));
}
