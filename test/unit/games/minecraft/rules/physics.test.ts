import { describe, expect, it } from 'vitest';
import {
  bodyAt,
  bodyCollides,
  cellOverlapsBody,
  PLAYER,
  stepBody,
  type MoveInput,
} from '../../../../../src/games/minecraft/rules/physics';
import type { Solid } from '../../../../../src/games/minecraft/rules/raycast';

const floor: Solid = (_x, y) => y < 0;
const still: MoveInput = { forward: 0, right: 0, jump: false, yaw: 0 };
const run = (solid: Solid, body = bodyAt(0.5, 0, 0.5), input = still, seconds = 1) => {
  let b = body;
  for (let t = 0; t < seconds; t += 1 / 60) b = stepBody(solid, b, input, 1 / 60);
  return b;
};

describe('stepBody', () => {
  it('falls under gravity and lands on the floor', () => {
    const landed = run(floor, bodyAt(0.5, 5, 0.5), still, 2);
    expect(landed.y).toBeCloseTo(0, 6);
    expect(landed.onGround).toBe(true);
    expect(landed.vy).toBe(0);
  });

  it('walks north at walking speed for yaw 0 and along the heading when turned', () => {
    const north = run(floor, bodyAt(0.5, 0, 0.5), { ...still, forward: 1 }, 1);
    expect(north.z).toBeCloseTo(0.5 - PLAYER.walkSpeed, 1);
    expect(north.x).toBeCloseTo(0.5, 6);
    const west = run(floor, bodyAt(0.5, 0, 0.5), { ...still, forward: 1, yaw: Math.PI / 2 }, 0.5);
    expect(west.x).toBeLessThan(-1.5);
    const right = run(floor, bodyAt(0.5, 0, 0.5), { ...still, right: 1 }, 0.5);
    expect(right.x).toBeGreaterThan(1.5);
  });

  it('stops flush against a wall of blocks', () => {
    const wall: Solid = (x, y) => y < 0 || x === 3;
    const stopped = run(wall, bodyAt(0.5, 0, 0.5), { ...still, right: 1 }, 2);
    expect(stopped.x).toBeCloseTo(3 - PLAYER.halfWidth, 6);
    expect(bodyCollides(wall, stopped.x, stopped.y, stopped.z)).toBe(false);
  });

  it('jumps only when standing, high enough to climb one block but not two', () => {
    const standing = run(floor, bodyAt(0.5, 0, 0.5), still, 0.5);
    let b = stepBody(floor, standing, { ...still, jump: true }, 1 / 60);
    let peak = b.y;
    for (let i = 0; i < 60; i++) {
      b = stepBody(floor, b, { ...still, jump: true }, 1 / 60);
      peak = Math.max(peak, b.y);
      if (b.onGround) break;
    }
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThan(2);
    const midAir = stepBody(floor, bodyAt(0.5, 3, 0.5), { ...still, jump: true }, 1 / 60);
    expect(midAir.vy).toBeLessThan(0);
  });

  it('hits its head on a ceiling', () => {
    const ceiling: Solid = (_x, y) => y < 0 || y === 2;
    let b = run(ceiling, bodyAt(0.5, 0, 0.5), still, 0.2);
    for (let i = 0; i < 20; i++) b = stepBody(ceiling, b, { ...still, jump: true }, 1 / 60);
    expect(b.y + PLAYER.height).toBeLessThanOrEqual(2 + 1e-6);
  });

  it('climbs out of a block that appeared inside it', () => {
    const filled: Solid = (x, y, z) => y < 0 || (x === 0 && y === 0 && z === 0);
    const out = stepBody(filled, bodyAt(0.5, 0, 0.5), still, 1 / 60);
    expect(out.y).toBeGreaterThanOrEqual(1 - 1e-6);
  });

  it('does not mutate the body it is given and survives a long frame', () => {
    const body = bodyAt(0.5, 10, 0.5);
    const copy = { ...body };
    const next = stepBody(floor, body, still, 5);
    expect(body).toEqual(copy);
    expect(next.y).toBeGreaterThan(0);
  });
});

describe('cellOverlapsBody', () => {
  it.each([
    { name: 'the cell at its feet', cell: [0, 0, 0], overlaps: true },
    { name: 'the cell at its head', cell: [0, 1, 0], overlaps: true },
    { name: 'the cell above its head', cell: [0, 2, 0], overlaps: false },
    { name: 'the cell it stands on', cell: [0, -1, 0], overlaps: false },
    { name: 'the next cell over', cell: [1, 0, 0], overlaps: false },
  ])('a body at (0.5, 0, 0.5) overlaps $name: $overlaps', ({ cell: [x, y, z], overlaps }) => {
    expect(cellOverlapsBody(x, y, z, 0.5, 0, 0.5)).toBe(overlaps);
  });
});
