import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FORGET_AFTER_MS,
  RELAY_AFTER_MS,
  RelayFallback,
  TURN_GRACE_MS,
  UNREACHABLE_AFTER_MS,
  type UnreachedPeer,
} from '../../../src/sync/mesh/RelayFallback.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function fallback() {
  const due: string[] = [];
  const heard: UnreachedPeer[][] = [];
  const f = new RelayFallback(RELAY_AFTER_MS, (peer) => due.push(peer));
  f.subscribe((peers) => heard.push(peers));
  return { f, due, heard };
}

describe('RelayFallback', () => {
  it('lists a peer tried as connecting, falls due for the relay, then lists it as not reachable', () => {
    const { f, due, heard } = fallback();
    f.trying('bob');
    expect(heard.at(-1)).toEqual([{ peerId: 'bob', state: 'connecting' }]);
    vi.advanceTimersByTime(RELAY_AFTER_MS);
    expect(due).toEqual(['bob']);
    vi.advanceTimersByTime(UNREACHABLE_AFTER_MS - RELAY_AFTER_MS);
    expect(heard.at(-1)).toEqual([{ peerId: 'bob', state: 'unreachable' }]);
    expect(f.unreached).toEqual([{ peerId: 'bob', state: 'unreachable' }]);
  });

  it('keeps the first try: trying again neither restarts the clock nor falls due twice', () => {
    const { f, due } = fallback();
    f.trying('bob');
    vi.advanceTimersByTime(RELAY_AFTER_MS - 1);
    f.trying('bob');
    vi.advanceTimersByTime(1);
    expect(due).toEqual(['bob']);
    vi.advanceTimersByTime(RELAY_AFTER_MS);
    expect(due).toEqual(['bob']);
  });

  it('drops a peer reached in time: nothing falls due and it is no longer listed', () => {
    const { f, due, heard } = fallback();
    f.trying('bob');
    f.reached('bob');
    expect(heard.at(-1)).toEqual([]);
    vi.advanceTimersByTime(FORGET_AFTER_MS);
    expect(due).toEqual([]);
  });

  it('forgets a peer not heard of for a minute (it left without a word)', () => {
    const { f, heard } = fallback();
    f.trying('bob');
    vi.advanceTimersByTime(FORGET_AFTER_MS);
    expect(heard.at(-1)).toEqual([]);
  });

  it('puts a due peer off until the grace after its first try, and says it is not reachable as much later', () => {
    const { f, due, heard } = fallback();
    f.trying('bob');
    vi.advanceTimersByTime(RELAY_AFTER_MS);
    expect(f.putOff('bob', TURN_GRACE_MS)).toBe(true);
    vi.advanceTimersByTime(TURN_GRACE_MS - RELAY_AFTER_MS - 1);
    expect(due).toEqual(['bob']);
    expect(heard.at(-1)).toEqual([{ peerId: 'bob', state: 'connecting' }]);
    vi.advanceTimersByTime(1);
    expect(due).toEqual(['bob', 'bob']);
    // The grace is over: put off no more.
    expect(f.putOff('bob', TURN_GRACE_MS)).toBe(false);
    vi.advanceTimersByTime(UNREACHABLE_AFTER_MS - RELAY_AFTER_MS - 1);
    expect(f.unreached).toEqual([{ peerId: 'bob', state: 'connecting' }]);
    vi.advanceTimersByTime(1);
    expect(heard.at(-1)).toEqual([{ peerId: 'bob', state: 'unreachable' }]);
    expect(f.putOff('cem', TURN_GRACE_MS)).toBe(false);
  });

  it('clears every peer when the mesh leaves', () => {
    const { f, due, heard } = fallback();
    f.trying('bob');
    f.trying('cem');
    f.clear();
    expect(heard.at(-1)).toEqual([]);
    vi.advanceTimersByTime(FORGET_AFTER_MS);
    expect(due).toEqual([]);
  });
});
