import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame } from '../../../src/sync/idle.ts';

/** A page's frames, driven by the test: `frame()` runs the animation callbacks waiting for the next one. */
function stubFrames(visibility: 'visible' | 'hidden') {
  let callbacks = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('document', { visibilityState: visibility });
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    callbacks.set(next, cb);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
  return {
    frame() {
      const due = callbacks;
      callbacks = new Map();
      for (const cb of due.values()) cb(performance.now());
    },
    waiting: () => callbacks.size,
  };
}

describe('afterNextFrame: work that follows a render waits for the frame that shows it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task after the next frame on a visible page, not before it', () => {
    const frames = stubFrames('visible');
    const run = vi.fn();
    afterNextFrame(run);
    vi.advanceTimersByTime(50);
    expect(run).not.toHaveBeenCalled();
    frames.frame();
    // The frame's own work (style, layout, paint) comes before the task.
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after its fallback when no frame comes, and once only if the frame comes after all', () => {
    const frames = stubFrames('visible');
    const run = vi.fn();
    afterNextFrame(run, 100);
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(frames.waiting()).toBe(0);
    frames.frame();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for no frame on a hidden page (it draws none) or without frames at all (Node): one task', () => {
    const frames = stubFrames('hidden');
    const hidden = vi.fn();
    afterNextFrame(hidden);
    expect(frames.waiting()).toBe(0);
    vi.advanceTimersByTime(0);
    expect(hidden).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    const node = vi.fn();
    afterNextFrame(node);
    vi.advanceTimersByTime(0);
    expect(node).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the frame', () => {
    const frames = stubFrames('visible');
    const before = vi.fn();
    afterNextFrame(before)();
    const after = vi.fn();
    const cancel = afterNextFrame(after);
    frames.frame();
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
