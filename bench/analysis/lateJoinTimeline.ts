/**
 * The reference section's late join as a timeline of the joiner: A and B meet on a fresh room's Okey page, B sits and
 * stands LOG_ACTIONS times and A sits on seat 3; C follows the link, types its name and presses Go. `node
 * scripts/netns.mjs npx tsx bench/analysis/lateJoinTimeline.ts [joiners] [this|/path/to/p2pgames]` prints C's events in
 * ms after its Go, until seat 3 shows A; PROFILE=n adds C's CPU profile (TASKS=1: by task, 5 ms buckets).
 */
import { launchBrowser } from '../../test/helpers/browser';
import { clockOffset, BENCH_DIST } from '../sections/browser/harness';
import { earlierApp, startReference, startThis, thisApp } from '../sections/browser/reference/apps';
import { hitOf, newVisitor } from '../sections/browser/reference/hooks';
import { LOG_ACTIONS, pairInRoom, sitStand } from '../sections/browser/reference/scenarios';
import { eventsOf, recordTimeline } from './pageTimeline';
import { printInclusive, printTasks, printTimeline, startProfiling } from './cpuProfile';

const joiners = Number(process.argv[2] ?? 2);
const which = process.argv[3] ?? 'this';
const served = which === 'this' ? await startThis(BENCH_DIST) : await startReference(which);
const app = which === 'this' ? thisApp(served.baseUrl) : earlierApp(served.baseUrl);
const browser = await launchBrowser();
try {
  const { people, path } = await pairInRoom(browser, app, 'okey', ['Annq', 'Benw']);
  const [a, b] = people;
  await b.page.evaluate(sitStand, { kind: app.kind, seat: 1, actions: LOG_ACTIONS });
  await a.page.evaluate(sitStand, { kind: app.kind, seat: 3, actions: 1 });
  await new Promise((r) => setTimeout(r, 1000));
  for (let j = 0; j < joiners; j++) {
    const c = await newVisitor(browser, app.baseUrl, `Cemz${j}`, [['seats', app.seatName(3), a.name]]);
    await c.context.addInitScript(recordTimeline, { A: a.name });
    await c.page.goto(path);
    await c.page.locator('input[name="username"]').fill(c.name);
    await new Promise((r) => setTimeout(r, 1000));
    const stopProfiling = process.env.PROFILE ? await startProfiling(c.page) : null;
    const goAt = await c.page.evaluate(() => {
      const t = performance.timeOrigin + performance.now();
      document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      return t;
    });
    const seats = await hitOf(c, 'seats', 60_000);
    await new Promise((r) => setTimeout(r, 300));
    if (stopProfiling) {
      const profile = await stopProfiling();
      if (process.env.TASKS) printTasks(profile, 5);
      else printTimeline(profile, 10);
      printInclusive([profile], Number(process.env.PROFILE));
    }
    const offset = await clockOffset(c.page);
    const go = goAt - offset;
    const events = (await eventsOf(c.page))
      .concat({ t: seats - offset, what: 'SEATS SHOWN' })
      .filter((e) => e.t >= go - 50)
      .sort((x, y) => x.t - y.t);
    console.log(`\njoiner ${j}: ms after Go, seats at ${(seats - goAt).toFixed(0)} ms`);
    for (const e of events) console.log(`${(e.t - go).toFixed(0).padStart(6)}  ${e.what}`);
    await c.context.close();
  }
  await Promise.all([a, b].map((v) => v.context.close()));
} finally {
  await browser.close();
  await served.close();
}
