import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { readiedActs, type Me } from '../../../src/games/world';
import { signAhead } from '../../../src/sync/log/syncMiddleware';

const ann: Me = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
// A Sit-like action that draws something as it is made, as Okey's Sit draws its commitment.
let drawn = 0;
const sitIn = (who: Me, seatId: number): UnknownAction => ({
  type: 'okey/seatTaken',
  payload: { ...who, seatId, commitment: `c${++drawn}` },
});

describe('readiedActs', () => {
  it('makes an action once as the player reaches for it, has it signed ahead, and sends that same action', () => {
    const dispatched: UnknownAction[] = [];
    const acts = readiedActs(ann, sitIn, (a) => dispatched.push(a));
    const { onPointerEnter, onPointerDown, onFocus } = acts.approach(2);
    onPointerEnter();
    onPointerDown();
    onFocus();
    expect(dispatched).toHaveLength(3);
    expect(dispatched.every((a) => signAhead.match(a))).toBe(true);
    const readied = (dispatched[0] as ReturnType<typeof signAhead>).payload;
    expect(dispatched.map((a) => (a as ReturnType<typeof signAhead>).payload)).toEqual([
      readied,
      readied,
      readied,
    ]);
    acts.act(2);
    // The click sends the very action signed ahead: one commitment drawn, not two.
    expect(dispatched[3]).toBe(readied);
    expect(readied.payload).toMatchObject({ seatId: 2, commitment: `c${drawn}` });
    // Used once: the next Sit is made afresh.
    acts.act(2);
    expect((dispatched[4].payload as { commitment: string }).commitment).not.toBe(
      (readied.payload as { commitment: string }).commitment,
    );
  });

  it('keeps one action per control, and makes one at the click when nothing was readied', () => {
    const dispatched: UnknownAction[] = [];
    const acts = readiedActs(ann, sitIn, (a) => dispatched.push(a));
    acts.approach(1).onPointerEnter();
    acts.approach(3).onFocus();
    acts.act(3);
    acts.act(4);
    const payloads = dispatched.map(
      (a) => (signAhead.match(a) ? a.payload : a).payload as { seatId: number },
    );
    expect(payloads.map((p) => p.seatId)).toEqual([1, 3, 3, 4]);
    expect(dispatched[2]).toBe((dispatched[1] as ReturnType<typeof signAhead>).payload);
  });

  it('does nothing before the room has given this tab its person', () => {
    const dispatched: UnknownAction[] = [];
    const acts = readiedActs(null, sitIn, (a) => dispatched.push(a));
    acts.approach(1).onPointerEnter();
    acts.act(1);
    expect(dispatched).toEqual([]);
  });
});
