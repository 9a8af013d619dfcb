/**
 * The reference section's meeting as a merged timeline of both pages: A waits on a fresh room's TicTacToe board, B
 * follows the link, types its name and presses Go. `node scripts/netns.mjs npx tsx bench/analysis/meetingTimeline.ts
 * [trials] [this|/path/to/p2pgames]` prints every event of both pages in ms after B's Go; PROFILE=n adds B's CPU
 * profile from Go (10 ms buckets, and the n most inclusive functions).
 */
import { launchBrowser } from '../../test/helpers/browser';
import { clockOffset, freshRoom, BENCH_DIST } from '../sections/browser/harness';
import { earlierApp, startReference, startThis, thisApp } from '../sections/browser/reference/apps';
import { hitOf, newVisitor } from '../sections/browser/reference/hooks';
import { eventsOf, recordTimeline } from './pageTimeline';
import { printInclusive, printTasks, printTimeline, startProfiling } from './cpuProfile';

const trials = Number(process.argv[2] ?? 1);
const which = process.argv[3] ?? 'this';
const served = which === 'this' ? await startThis(BENCH_DIST) : await startReference(which);
const app = which === 'this' ? thisApp(served.baseUrl) : earlierApp(served.baseUrl);
const browser = await launchBrowser();
try {
  for (let i = 0; i < trials; i++) {
    const names = [`Ada${i}x`, `Bob${i}y`];
    const [a, b] = await Promise.all(
      names.map((n, k) =>
        newVisitor(browser, app.baseUrl, n, [
          ['board', app.squares, ''],
          ['seen', app.presence, names[1 - k]],
        ]),
      ),
    );
    await a.context.addInitScript(recordTimeline, { B: names[1] });
    await b.context.addInitScript(recordTimeline, { A: names[0] });
    const path = `/${freshRoom()}/tictactoe`;
    for (const [v, typing] of [
      [a, 0],
      [b, 1000],
    ] as const) {
      await v.page.goto(path);
      await v.page.locator('input[name="username"]').fill(v.name);
      await new Promise((r) => setTimeout(r, typing));
      if (v === a) {
        await v.page.locator('button[type="submit"]').click();
        await hitOf(a, 'board');
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      const stopProfiling = process.env.PROFILE ? await startProfiling(b.page) : null;
      const goAt = await v.page.evaluate(() => {
        const t = performance.timeOrigin + performance.now();
        document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
        return t;
      });
      await Promise.all([hitOf(b, 'board'), hitOf(b, 'seen'), hitOf(a, 'seen')]);
      await new Promise((r) => setTimeout(r, 300));
      if (stopProfiling) {
        const profile = await stopProfiling();
        if (process.env.TASKS) printTasks(profile, 5);
        else printTimeline(profile, 10);
        printInclusive([profile], Number(process.env.PROFILE));
      }
      const [ea, eb] = await Promise.all([eventsOf(a.page), eventsOf(b.page)]);
      const go = goAt - (await clockOffset(b.page));
      const merged = [
        ...ea.map((e) => ({ ...e, page: 'A' })),
        ...eb.map((e) => ({ ...e, page: '        B' })),
      ]
        .filter((e) => e.t >= go - 50)
        .sort((x, y) => x.t - y.t);
      console.log(`\ntrial ${i}: ms after B's Go`);
      for (const e of merged) console.log(`${(e.t - go).toFixed(0).padStart(6)}  ${e.page} ${e.what}`);
    }
    await Promise.all([a, b].map((v) => v.context.close()));
  }
} finally {
  await browser.close();
  await served.close();
}
