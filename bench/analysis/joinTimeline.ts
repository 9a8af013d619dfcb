/**
 * The reference section's two ways into a room, as timelines: `node scripts/netns.mjs npx tsx
 * bench/analysis/joinTimeline.ts meeting|lateJoin [trials] [this|/path/to/p2pgames]`.
 * - meeting: A waits on a fresh room's TicTacToe board (GAME=okey: Okey's), B follows the link, types its name and
 *   presses Go; until B shows the board and each lists the other.
 * - lateJoin: A and B meet on a fresh room's Okey page, B sits and stands LOG_ACTIONS times and A sits on seat 3; C
 *   follows the link and presses Go; until seat 3 shows A.
 * Prints every event of the pages (signalling frames, WebRTC states, data-channel messages, long tasks, listings) in ms
 * after the joining page's Go. PROFILE=n adds the joining page's CPU profile from Go (10 ms buckets, or by task in 5 ms
 * buckets with TASKS=1, and the n most inclusive functions), and the same from Go to the board; PROFILE_OUT=<folder>
 * writes that window's profile there.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../test/helpers/browser';
import { clockOffset, freshRoom, BENCH_DIST } from '../sections/browser/harness';
import { earlierApp, startReference, startThis, thisApp } from '../sections/browser/reference/apps';
import { hitOf, newVisitor, type Visitor } from '../sections/browser/reference/hooks';
import {
  LOG_ACTIONS,
  meetingPair,
  type MeetingGame,
  TYPING_MS,
  openLink,
  pairInRoom,
  pressGo,
  sitStand,
} from '../sections/browser/reference/scenarios';
import { eventsOf, recordTimeline, type Event } from './pageTimeline';
import { markClock, printInclusive, printTasks, printTimeline, startProfiling, windowed } from './cpuProfile';

const [mode, trialsArg, which = 'this'] = process.argv.slice(2);
if (mode !== 'meeting' && mode !== 'lateJoin')
  throw new Error('usage: joinTimeline.ts meeting|lateJoin [trials] [this|/path/to/p2pgames]');
const trials = Number(trialsArg ?? 2);
const game: MeetingGame = process.env.GAME === 'okey' ? 'okey' : 'tictactoe';
const served = which === 'this' ? await startThis(BENCH_DIST) : await startReference(which);
const app = which === 'this' ? thisApp(served.baseUrl) : earlierApp(served.baseUrl);
const browser = await launchBrowser();

/**
 * The joiner (on /login) types its name and presses Go; once `arrived` resolves (with events of its own, in Node's
 * clock), prints its CPU profile (PROFILE) and every event of the pages given, labelled, in ms after Go.
 */
async function timeJoin(joiner: Visitor, arrived: () => Promise<Event[]>, pages: [string, Page][]) {
  const stopProfiling = process.env.PROFILE ? await startProfiling(joiner.page) : null;
  const mark = stopProfiling ? await markClock(joiner.page) : 0;
  const offset = await clockOffset(joiner.page);
  const goInPage = await pressGo(joiner, TYPING_MS);
  const go = goInPage - offset;
  const events: (Event & { page: string })[] = (await arrived()).map((e) => ({ ...e, page: '*' }));
  await new Promise((r) => setTimeout(r, 300));
  if (stopProfiling) {
    const profile = await stopProfiling();
    if (process.env.TASKS) printTasks(profile, 5);
    else printTimeline(profile, 10);
    printInclusive([profile], Number(process.env.PROFILE));
    // From Go until the first event `arrived` gave (the board, or the seats): where that wait went.
    const until = events[0].t + offset;
    console.log(`\nfrom Go to ${events[0].what} (${(until - goInPage).toFixed(0)} ms):`);
    const wait = windowed(profile, mark, [[goInPage, until]]);
    printInclusive([wait], Number(process.env.PROFILE));
    // PROFILE_OUT=<folder>: that window's profile, for DevTools or a script.
    if (process.env.PROFILE_OUT)
      writeFileSync(join(process.env.PROFILE_OUT, `${joiner.name}.cpuprofile`), JSON.stringify(wait));
  }
  for (const [label, page] of pages)
    events.push(...(await eventsOf(page)).map((e) => ({ ...e, page: label })));
  console.log(`\nms after ${joiner.name}'s Go`);
  for (const e of events.filter((e) => e.t >= go - 50).sort((x, y) => x.t - y.t))
    console.log(`${(e.t - go).toFixed(0).padStart(6)}  ${e.page} ${e.what}`);
}

async function meeting(trial: number) {
  const { a, b, names } = await meetingPair(browser, app, trial, game);
  try {
    await a.context.addInitScript(recordTimeline, { B: names[1] });
    await b.context.addInitScript(recordTimeline, { A: names[0] });
    const path = `/${freshRoom()}/${game}`;
    await openLink(a, path);
    await pressGo(a, 0);
    await hitOf(a, 'board');
    await new Promise((r) => setTimeout(r, 1000));
    await openLink(b, path);
    const listed = async (): Promise<Event[]> => {
      const [board] = await Promise.all([hitOf(b, 'board'), hitOf(b, 'seen'), hitOf(a, 'seen')]);
      const offset = await clockOffset(b.page);
      const shown = [{ t: board - offset, what: "B's board shows" }];
      // On Okey, also when its first Sit button takes a click (the room's document open).
      if (game === 'okey')
        shown.push({ t: (await hitOf(b, 'ready')) - offset, what: "B's board takes a Sit" });
      return shown;
    };
    await timeJoin(b, listed, [
      ['A', a.page],
      ['        B', b.page],
    ]);
  } finally {
    await Promise.all([a, b].map((v) => v.context.close()));
  }
}

async function lateJoins(joiners: number) {
  const { people, path } = await pairInRoom(browser, app, 'okey', ['Annq', 'Benw']);
  const [a, b] = people;
  try {
    await b.page.evaluate(sitStand, { kind: app.kind, seat: 1, actions: LOG_ACTIONS });
    await a.page.evaluate(sitStand, { kind: app.kind, seat: 3, actions: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    for (let j = 0; j < joiners; j++) {
      const c = await newVisitor(browser, app.baseUrl, `Cemz${j}`, [['seats', app.seatName(3), a.name]]);
      try {
        await c.context.addInitScript(recordTimeline, { A: a.name });
        await openLink(c, path);
        const seats = async () => [
          {
            t: (await hitOf(c, 'seats', 60_000)) - (await clockOffset(c.page)),
            what: "seat 3 shows A's name",
          },
        ];
        await timeJoin(c, seats, [['C', c.page]]);
      } finally {
        await c.context.close();
      }
    }
  } finally {
    await Promise.all(people.map((v) => v.context.close()));
  }
}

try {
  if (mode === 'meeting') for (let i = 0; i < trials; i++) await meeting(i);
  else await lateJoins(trials);
} finally {
  await browser.close();
  await served.close();
}
