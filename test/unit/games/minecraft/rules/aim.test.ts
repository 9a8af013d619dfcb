import { describe, expect, it } from 'vitest';
import {
  aimFrom,
  bodySolid,
  placementFor,
  raySolid,
  removalFor,
} from '../../../../../src/games/minecraft/rules/aim';
import { REASONS } from '../../../../../src/games/minecraft/rules/reasons';
import { setup, worldOf } from '../../../../../src/games/minecraft/rules/world';

const feet = [10.5, 1, 10.5] as const;
const down = -Math.PI / 2 + 0.001;

describe('aiming', () => {
  it('looking down aims at the floor under the feet, and a placement there would be inside the player', () => {
    const hit = aimFrom(setup(), feet, 0, down);
    expect(hit?.block).toEqual([10, 0, 10]);
    expect(placementFor(setup(), hit, 'dirt', [feet])).toEqual({ ok: false, reason: REASONS.insidePlayer });
    expect(placementFor(setup(), hit, 'dirt', [])).toEqual({ ok: true, cell: [10, 1, 10] });
    expect(removalFor(setup(), hit)).toEqual({ ok: true, cell: [10, 0, 10] });
  });

  it('looking at the sky aims at nothing', () => {
    const hit = aimFrom(setup(), feet, 0, 0.5);
    expect(hit).toBeNull();
    expect(placementFor(setup(), hit, 'dirt', [])).toEqual({ ok: false, reason: REASONS.nothingAimed });
    expect(removalFor(setup(), hit)).toEqual({ ok: false, reason: REASONS.nothingAimed });
  });

  it('aims at the bottom of a dug hole so it can be filled, but that bottom cannot be removed', () => {
    const state = worldOf({ '10,0,10': 'air' });
    const hit = aimFrom(state, feet, 0, down);
    expect(hit?.block).toEqual([10, -1, 10]);
    expect(placementFor(state, hit, 'log', [])).toEqual({ ok: true, cell: [10, 0, 10] });
    expect(removalFor(state, hit)).toEqual({ ok: false, reason: REASONS.outside });
  });

  it('keeps bodies inside the footprint and above the bottom', () => {
    const solid = bodySolid(setup());
    expect(solid(-1, 5, 5)).toBe(true);
    expect(solid(5, 5, 64)).toBe(true);
    expect(solid(5, -3, 5)).toBe(true);
    expect(solid(5, 5, 5)).toBe(false);
    expect(raySolid(setup())(-1, 5, 5)).toBe(false);
  });
});
