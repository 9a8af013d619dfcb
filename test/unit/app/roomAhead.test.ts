import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomAheadGate } from '../../../src/app/roomAhead';

describe('RoomAheadGate', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the room on Go, then opens it once the frame that shows it is painted', () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (paint: () => void) => frames.push(paint));
    const gate = new RoomAheadGate();
    const told = vi.fn();
    gate.subscribe(told);
    expect([gate.shown, gate.open]).toEqual([false, false]);

    gate.show();
    expect([gate.shown, gate.open, told.mock.calls.length]).toEqual([true, false, 1]);

    gate.openAfterPaint();
    vi.advanceTimersByTime(0);
    expect(gate.open).toBe(false);
    // The frame is painted: the room joins in the task after it, told once.
    frames.forEach((paint) => paint());
    vi.advanceTimersByTime(0);
    expect([gate.open, told.mock.calls.length]).toEqual([true, 2]);
    vi.advanceTimersByTime(200);
    expect(told.mock.calls.length).toBe(2);
  });

  it('opens a hidden page, which paints no frame, within 100 ms', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const gate = new RoomAheadGate();
    gate.show();
    gate.openAfterPaint();
    vi.advanceTimersByTime(99);
    expect(gate.open).toBe(false);
    vi.advanceTimersByTime(1);
    expect(gate.open).toBe(true);
  });
});
