/**
 * What an idle board costs: `node scripts/netns.mjs npx tsx bench/analysis/idleCost.ts`. Two players sit and start
 * an Okey game (and, for comparison, open a TicTacToe board); nobody acts for 5 s while Chromium's own counters
 * (CDP Performance.getMetrics) record main-thread task, script, style and layout time per second of one page; then
 * again with the tiles' drop-shadow filter and then CSS animations switched off, to find which style costs it.
 */
import type { Page } from 'playwright-core';
import type { OkeyState } from '../../src/games/okey/rules/types';
import { closeAll, freshRoom, startHarness, stopHarness } from '../sections/browser/harness';
import { openBenchRoom } from '../sections/browser/measure';

const KEYS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'];

async function idle(page: Page, seconds: number): Promise<Record<string, number>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const read = async () =>
    Object.fromEntries((await session.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const a = await read();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const b = await read();
  return Object.fromEntries(KEYS.map((k) => [k, Math.round(((b[k] - a[k]) / seconds) * 1000)]));
}

const h = await startHarness();
try {
  const okey = await openBenchRoom(h, freshRoom(), 'okey', 2);
  for (const [i, p] of okey.people.entries())
    await p.page.locator(`[data-seat-id="${i + 1}"] button`, { hasText: 'Sit' }).click();
  await okey.people[0].page.locator('button', { hasText: 'Start Game' }).click();
  await okey.people[1].page.waitForFunction(
    () => (window.__gameRoom!.connection!.bridge.getState('okey') as OkeyState).gameState === 'play',
  );
  const page = okey.people[0].page;
  console.log('Okey in play, idle: main-thread ms per second', await idle(page, 5));
  // Which style costs it: the tiles' drop-shadow filter, then every CSS animation (the turn glow) switched off.
  await page.addStyleTag({ content: 'svg { filter: none !important; }' });
  console.log("  ...without the tiles' drop-shadow filter", await idle(page, 5));
  await page.addStyleTag({ content: '* { animation: none !important; }' });
  console.log('  ...and without CSS animations', await idle(page, 5));
  await closeAll(okey.people);
  const ttt = await openBenchRoom(h, freshRoom(), 'tictactoe', 2);
  console.log('TicTacToe, idle: main-thread ms per second', await idle(ttt.people[0].page, 5));
  await closeAll(ttt.people);
} finally {
  await stopHarness(h);
}
