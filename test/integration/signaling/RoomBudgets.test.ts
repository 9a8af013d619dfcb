import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RelaySpend, TopicRelay } from '../../../signaling/relay.ts';
import { ROOM_SHARE_EVERY_MS, RoomBudgets } from '../../../signaling/RoomBudgets.ts';

const limits = { windowMs: 1000, maxMessagesPerWindow: 4, maxBytesPerWindow: 100 };

/** Stands for Redis: one count per room and window, shared by every RoomBudgets given relay; none while down. */
function sharedCount() {
  const counts = new Map<string, RelaySpend>();
  const calls: { topic: string; window: number; spend: RelaySpend }[] = [];
  const state = { down: false };
  const relay: TopicRelay = {
    publish: () => true,
    watch: () => undefined,
    unwatch: () => undefined,
    spendRoom(topic, window, _windowMs, spend) {
      calls.push({ topic, window, spend });
      if (state.down) return Promise.resolve(null);
      const key = `${topic}:${window}`;
      const was = counts.get(key) ?? { messages: 0, bytes: 0 };
      const total = { messages: was.messages + spend.messages, bytes: was.bytes + spend.bytes };
      counts.set(key, total);
      return Promise.resolve(total);
    },
  };
  return { relay, calls, state };
}

/** Spends count messages of bytes each in topic at now; what each spend answered. */
const spendMany = (budgets: RoomBudgets, count: number, now: number, bytes = 1, topic = 'room') =>
  Array.from({ length: count }, () => budgets.spend(topic, bytes, now));

const opened: RoomBudgets[] = [];
/** A RoomBudgets closed after the test. */
function budgetsOn(relay?: TopicRelay): RoomBudgets {
  const budgets = new RoomBudgets({ limits, instances: relay });
  opened.push(budgets);
  return budgets;
}

afterEach(() => {
  opened.splice(0).forEach((b) => b.close());
  vi.useRealTimers();
});

describe('RoomBudgets', () => {
  it('counts a room alone without other instances, in windows that follow the clock', () => {
    const budgets = budgetsOn();
    expect(spendMany(budgets, 5, 500)).toEqual([true, true, true, true, false]);
    // The window that began at 0 ends at 1000, not a window after the first message.
    expect(budgets.spend('room', 1, 1000)).toBe(true);
    expect(budgets.spend('other room', 1, 1000)).toBe(true);
  });

  it('counts bytes as well as messages', () => {
    const budgets = budgetsOn();
    expect([budgets.spend('room', 60, 0), budgets.spend('room', 41, 0)]).toEqual([true, false]);
  });

  it('holds a room spread over two instances to one budget, once each has shared and heard the count', async () => {
    const { relay } = sharedCount();
    const [a, b] = [budgetsOn(relay), budgetsOn(relay)];
    expect(spendMany(a, 2, 0)).toEqual([true, true]);
    await a.share();
    expect(spendMany(b, 2, 0)).toEqual([true, true]);
    await b.share();
    expect(b.spend('room', 1, 0)).toBe(false);
  });

  it('lets an instance that has not heard the others since its last share spend on its own count until its next', async () => {
    const { relay } = sharedCount();
    const [a, b] = [budgetsOn(relay), budgetsOn(relay)];
    spendMany(a, 1, 0);
    await a.share();
    spendMany(b, 3, 0);
    await b.share();
    // a last heard 1, so its own 3 more look like 4; its share then hears 7.
    expect(spendMany(a, 3, 0)).toEqual([true, true, true]);
    await a.share();
    expect(a.spend('room', 1, 0)).toBe(false);
  });

  it('counts alone while the shared count cannot be reached, and on it again once it answers', async () => {
    const { relay, state } = sharedCount();
    const [a, b] = [budgetsOn(relay), budgetsOn(relay)];
    spendMany(a, 3, 0);
    await a.share();
    state.down = true;
    spendMany(b, 1, 0);
    await b.share();
    expect(spendMany(b, 4, 0)).toEqual([true, true, true, false]);
    state.down = false;
    spendMany(a, 3, 1000);
    await a.share();
    expect(spendMany(b, 1, 1000)).toEqual([true]);
    await b.share();
    expect(b.spend('room', 1, 1000)).toBe(false);
  });

  it('shares a short while after spending, each room once, and not when nothing was spent or once closed', async () => {
    vi.useFakeTimers();
    const { relay, calls } = sharedCount();
    const budgets = budgetsOn(relay);
    spendMany(budgets, 2, 0, 10);
    spendMany(budgets, 1, 0, 5, 'other room');
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(ROOM_SHARE_EVERY_MS);
    expect(calls).toEqual([
      { topic: 'room', window: 0, spend: { messages: 2, bytes: 20 } },
      { topic: 'other room', window: 0, spend: { messages: 1, bytes: 5 } },
    ]);
    await vi.advanceTimersByTimeAsync(ROOM_SHARE_EVERY_MS * 10);
    expect(calls).toHaveLength(2);
    budgets.close();
    spendMany(budgets, 1, 0);
    await vi.advanceTimersByTimeAsync(ROOM_SHARE_EVERY_MS * 10);
    expect(calls).toHaveLength(2);
  });

  it('drops a forgotten room, and an answer for it still on its way', async () => {
    const { relay } = sharedCount();
    const [a, b] = [budgetsOn(relay), budgetsOn(relay)];
    spendMany(b, 3, 0);
    await b.share();
    spendMany(a, 1, 0);
    const answer = a.share();
    a.forget('room');
    await answer;
    // a starts the room afresh: it has not heard b's 3 (nor its own forgotten 1) yet.
    expect(spendMany(a, 4, 0)).toEqual([true, true, true, true]);
  });
});
