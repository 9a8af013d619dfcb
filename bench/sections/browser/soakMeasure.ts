import type { Page } from 'playwright-core';
import type { OkeyState } from '../../../src/games/okey/rules/types';
import { newBenchPerson, type BenchPerson, type Harness } from './harness';
import { boardTimes } from './lateJoin';

/** What the board shows once it shows the table of the round just played: a seat's discard pile count. */
export type BoardLandmark = { selector: string; value: string };

/** The landmark of a finished table: the count of its fullest discard pile (the count every load must reach). */
export function landmarkOf(state: OkeyState): BoardLandmark {
  const seat = state.players.reduce((a, b) => (b.discardPile.length > a.discardPile.length ? b : a));
  return { selector: `[data-testid="discard-${seat.id}-count"]`, value: String(seat.discardPile.length) };
}

const ARMED = 'soak:board';

/**
 * Installs in the context the watch a measured load arms: when the tab's sessionStorage names a landmark, the page
 * that loads watches for it under the key 'board' (read by boardTimes), and only that load does.
 */
export async function installLandmarkWatch(person: BenchPerson): Promise<void> {
  await person.context.addInitScript((key) => {
    let armed: string | null = null;
    try {
      armed = sessionStorage.getItem(key);
      sessionStorage.removeItem(key);
    } catch {
      // about:blank has no storage of its own.
    }
    if (!armed) return;
    const { selector, value } = JSON.parse(armed) as { selector: string; value: string };
    window.__bench.watch('board', selector, null, value, 'equals');
  }, ARMED);
}

/**
 * The JS heap the page uses after a full garbage collection, and the array buffers' backing stores beside it (where
 * Automerge's wasm memory lives), in bytes.
 */
export async function heapAfterGc(page: Page): Promise<{ used: number; buffers: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    // Newer Chromium also reports the backing stores; older builds leave it out.
    const buffers = (usage as { backingStorageSize?: number }).backingStorageSize ?? NaN;
    return { used: usage.usedSize, buffers };
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Waits until the page has its room connection again (after a navigation). */
export async function whenConnected(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__gameRoom?.connection != null, null, { timeout: 60_000 });
}

/** Reloads the page and times it from navigation to the board showing the landmark. */
export async function timedReload(page: Page, landmark: BoardLandmark): Promise<number> {
  await page.evaluate(({ key, landmark }) => sessionStorage.setItem(key, JSON.stringify(landmark)), {
    key: ARMED,
    landmark,
  });
  const t = await boardTimes(page, () => page.reload());
  await whenConnected(page);
  return t.fromNavigation;
}

/**
 * A new spectator (a fresh context: empty storage) opens the room; timed from navigation to the board showing the
 * landmark. The spectator leaves again.
 */
export async function timedLateJoin(
  h: Harness,
  room: string,
  name: string,
  landmark: BoardLandmark,
): Promise<number> {
  const person = await newBenchPerson(h, name);
  try {
    await person.context.addInitScript(
      ({ selector, value }) => window.__bench.watch('board', selector, null, value, 'equals'),
      landmark,
    );
    const t = await boardTimes(person.page, () => person.page.goto(`/${room}/okey`));
    return t.fromNavigation;
  } finally {
    await person.context.close().catch(() => {});
  }
}
