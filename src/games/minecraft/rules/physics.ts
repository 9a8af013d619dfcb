import type { Solid } from './raycast';

/** A walking body: its feet at (x, y, z) in the middle of its footprint, its velocity, and whether it stands on something. */
export type Body = { x: number; y: number; z: number; vx: number; vy: number; vz: number; onGround: boolean };

/** What the player asks for this frame: forward/back and right/left in [-1, 1], jump, and the heading (yaw). */
export type MoveInput = { forward: number; right: number; jump: boolean; yaw: number };

/** A player's size and motion, in blocks and seconds: a little under two blocks tall, jumps a bit over one block. */
export const PLAYER = {
  halfWidth: 0.3,
  height: 1.8,
  eyeHeight: 1.62,
  walkSpeed: 4.3,
  jumpSpeed: 8.2,
  gravity: 26,
  maxFallSpeed: 40,
} as const;

// Sub-steps keep each move under a block, so a fast fall never passes through a floor.
const MAX_STEP = 1 / 60;
const MAX_FRAME = 0.1;
const EPS = 1e-6;

/** A body standing still at a point. */
export const bodyAt = (x: number, y: number, z: number): Body => ({
  x,
  y,
  z,
  vx: 0,
  vy: 0,
  vz: 0,
  onGround: false,
});

/** True when the body's box, placed with its feet at (x, y, z), touches a solid cell (touching faces do not count). */
export function bodyCollides(solid: Solid, x: number, y: number, z: number): boolean {
  const w = PLAYER.halfWidth;
  for (let i = Math.floor(x - w + EPS); i <= Math.floor(x + w - EPS); i++)
    for (let j = Math.floor(y + EPS); j <= Math.floor(y + PLAYER.height - EPS); j++)
      for (let k = Math.floor(z - w + EPS); k <= Math.floor(z + w - EPS); k++)
        if (solid(i, j, k)) return true;
  return false;
}

/** True when a block in cell (x, y, z) would overlap a body whose feet are at (bx, by, bz). */
export function cellOverlapsBody(
  x: number,
  y: number,
  z: number,
  bx: number,
  by: number,
  bz: number,
): boolean {
  const w = PLAYER.halfWidth;
  return x < bx + w && x + 1 > bx - w && z < bz + w && z + 1 > bz - w && y < by + PLAYER.height && y + 1 > by;
}

type Axis = 'x' | 'y' | 'z';

// Moves along one axis; on contact the body stops flush against the face of the cell it ran into.
function moveAxis(solid: Solid, body: Body, axis: Axis, delta: number): { at: number; hit: boolean } {
  const pos = { x: body.x, y: body.y, z: body.z };
  pos[axis] += delta;
  if (delta === 0 || !bodyCollides(solid, pos.x, pos.y, pos.z)) return { at: pos[axis], hit: false };
  const low = axis === 'y' ? 0 : PLAYER.halfWidth;
  const high = axis === 'y' ? PLAYER.height : PLAYER.halfWidth;
  const at =
    delta > 0 ? Math.floor(pos[axis] + high - EPS) - high : Math.floor(pos[axis] - low + EPS) + 1 + low;
  return { at, hit: true };
}

// A block can appear inside a body (someone else built there at the same moment): lift the body out on top.
function unstuck(solid: Solid, body: Body): Body {
  let y = body.y;
  for (let tries = 0; tries < 64 && bodyCollides(solid, body.x, y, body.z); tries++) y = Math.floor(y) + 1;
  return y === body.y ? body : { ...body, y, vy: 0 };
}

function substep(solid: Solid, start: Body, input: MoveInput, dt: number): Body {
  const body = { ...start };
  const sin = Math.sin(input.yaw);
  const cos = Math.cos(input.yaw);
  let dx = -sin * input.forward + cos * input.right;
  let dz = -cos * input.forward - sin * input.right;
  const len = Math.hypot(dx, dz);
  if (len > 1) [dx, dz] = [dx / len, dz / len];
  body.vx = dx * PLAYER.walkSpeed;
  body.vz = dz * PLAYER.walkSpeed;
  if (input.jump && body.onGround) body.vy = PLAYER.jumpSpeed;
  body.vy = Math.max(body.vy - PLAYER.gravity * dt, -PLAYER.maxFallSpeed);
  for (const axis of ['x', 'z', 'y'] as const) {
    const v = axis === 'x' ? body.vx : axis === 'y' ? body.vy : body.vz;
    const { at, hit } = moveAxis(solid, body, axis, v * dt);
    body[axis] = at;
    if (axis === 'y') {
      body.onGround = hit && v < 0;
      if (hit) body.vy = 0;
    } else if (hit) body[axis === 'x' ? 'vx' : 'vz'] = 0;
  }
  return body;
}

/** Advances a body by dt seconds of walking, jumping (only when standing) and gravity, stopped by solid cells. */
export function stepBody(solid: Solid, body: Body, input: MoveInput, dt: number): Body {
  let next = unstuck(solid, body);
  let left = Math.min(Math.max(dt, 0), MAX_FRAME);
  while (left > EPS) {
    const h = Math.min(left, MAX_STEP);
    next = substep(solid, next, input, h);
    left -= h;
  }
  return next;
}
