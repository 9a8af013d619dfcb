import { describe, expect, it } from 'vitest';
import {
  lookDirection,
  placementCell,
  raycast,
  type Solid,
  type Vec3,
} from '../../../../../src/games/minecraft/rules/raycast';

const single: Solid = (x, y, z) => x === 0 && y === 0 && z === 0;
const close = (v: Vec3, to: Vec3) => v.forEach((c, i) => expect(c).toBeCloseTo(to[i], 9));

describe('lookDirection', () => {
  it.each([
    { name: 'north at yaw 0', yaw: 0, pitch: 0, dir: [0, 0, -1] },
    { name: 'west after a quarter turn left', yaw: Math.PI / 2, pitch: 0, dir: [-1, 0, 0] },
    { name: 'straight down', yaw: 0, pitch: -Math.PI / 2, dir: [0, -1, 0] },
  ] as const)('looks $name', ({ yaw, pitch, dir }) => close(lookDirection(yaw, pitch), dir));
});

// A ray toward the block at the origin from each side enters through that face, and a block placed on the hit goes there.
describe('raycast onto each of the six faces', () => {
  it.each([
    { name: '+x', origin: [3.5, 0.5, 0.5], dir: [-1, 0, 0], normal: [1, 0, 0], place: [1, 0, 0] },
    { name: '-x', origin: [-2.5, 0.5, 0.5], dir: [1, 0, 0], normal: [-1, 0, 0], place: [-1, 0, 0] },
    { name: '+y (top)', origin: [0.5, 3.5, 0.5], dir: [0, -1, 0], normal: [0, 1, 0], place: [0, 1, 0] },
    { name: '-y (bottom)', origin: [0.5, -2.5, 0.5], dir: [0, 1, 0], normal: [0, -1, 0], place: [0, -1, 0] },
    { name: '+z', origin: [0.5, 0.5, 3.5], dir: [0, 0, -1], normal: [0, 0, 1], place: [0, 0, 1] },
    { name: '-z', origin: [0.5, 0.5, -2.5], dir: [0, 0, 1], normal: [0, 0, -1], place: [0, 0, -1] },
  ] as const)('hits the $name face', ({ origin, dir, normal, place }) => {
    const hit = raycast(single, origin, dir, 6);
    expect(hit?.block).toEqual([0, 0, 0]);
    expect(hit?.normal.map((n) => n + 0)).toEqual(normal);
    expect(hit?.distance).toBeCloseTo(2.5, 9);
    expect(hit && placementCell(hit)).toEqual(place);
  });

  it('follows a slanted ray through the cells it crosses', () => {
    const wall: Solid = (x) => x === 4;
    const hit = raycast(wall, [0.5, 0.5, 0.5], [1, 0.3, 0.2], 10);
    expect(hit?.block[0]).toBe(4);
    expect(hit?.normal).toEqual([-1, 0, 0]);
  });

  it('misses beyond its reach, for a zero direction, and ignores the cell it starts in', () => {
    expect(raycast(single, [10.5, 0.5, 0.5], [-1, 0, 0], 6)).toBeNull();
    expect(raycast(single, [3.5, 0.5, 0.5], [0, 0, 0], 6)).toBeNull();
    expect(raycast(single, [0.5, 0.5, 0.5], [0, 1, 0], 6)).toBeNull();
  });
});
