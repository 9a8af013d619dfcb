/**
 * What this machine gives any page of the pinned stack, whatever the app does: `node scripts/netns.mjs npx tsx
 * bench/analysis/stackFloor.ts meeting|latency [rounds]`. Builds two pages around the app's own room network (the same
 * module, joined the same way at page start):
 * - "network alone": the room network, with "Connected:" and a room-wide counter written straight into the DOM;
 * - "React + MUI + router": the same beside the pinned stack's least page (React 19, MUI with the app's theme and
 *   baseline, a data router) that draws "Connected:", the names and the counter;
 * and puts them beside the benchmark's build of the app (run `npm run bench` once).
 *
 * meeting: two fresh pages meet, timed as the discovery figure times the app (bench/sections/browser/discovery.ts); the
 * pages open the room together, or with FLOOR_OPENING='second joins' the second once the first is up.
 * latency: FLOOR_PEERS pages (default 4) in a room; the act is a click that adds one to the counter and sends it to
 * every peer as a note (as the bridge sends an entry ahead), timed to the DOM of every other page as the latency figure
 * times the app's Okey discard, which runs beside it.
 *
 * Each round runs each page once, in alternating order, on one Chromium; it prints each page's medians.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { summarize } from '../stats';
import { freshPagesMeet, medianSteps, type FreshMeeting, type Opening } from '../sections/browser/discovery';
import {
  BENCH_DIST,
  clockOffset,
  closeAll,
  freshRoom,
  newBenchPerson,
  waitAllListed,
  type Harness,
} from '../sections/browser/harness';
import { openBenchRoom, pause } from '../sections/browser/measure';
import { GAP_MS } from '../sections/browser/latency';
import { okeyDiscards } from '../sections/browser/okeyDiscards';
import { alternateBuilds } from './alternate';

const [mode = 'meeting', roundsArg = '10'] = process.argv.slice(2);
if (mode !== 'meeting' && mode !== 'latency')
  throw new Error('usage: stackFloor.ts meeting|latency [rounds]');
const rounds = Number(roundsArg);
const opening = (process.env.FLOOR_OPENING ?? 'together') as Opening;
const peers = Number(process.env.FLOOR_PEERS ?? 4);
/** Actions per page and round in latency mode. */
const ACTIONS = 20;
const repo = join(import.meta.dirname, '../..');
const cache = join(repo, 'node_modules/.cache/game-room-bench');

/** Builds a floor page (bench/analysis/floor/<kind>) with the app's Vite config; returns its output directory. */
async function buildFloor(kind: string): Promise<string> {
  const outDir = join(cache, `floor-${kind}`);
  await build({
    configFile: join(repo, 'vite.config.ts'),
    root: join(import.meta.dirname, 'floor', kind),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: false },
  });
  return outDir;
}

/** ms from a click on "Act" in one page to the new count in each other page's DOM, ACTIONS times in turn. */
async function counterLatency(h: Harness): Promise<number[]> {
  const people = [];
  const room = freshRoom();
  try {
    for (let i = 0; i < peers; i++) {
      const person = await newBenchPerson(h, `Floor${i + 1}`);
      people.push(person);
      await person.page.goto(`/${room}/floor`);
    }
    const pages = people.map((p) => p.page);
    await waitAllListed(
      pages,
      people.map((p) => p.name),
    );
    const offsets = await Promise.all(pages.map(clockOffset));
    const dom: number[] = [];
    for (let k = 0; k < ACTIONS; k++) {
      const actor = k % peers;
      const observers = pages.filter((_, i) => i !== actor);
      const arm = (page: Page) =>
        page.evaluate(
          (value) => window.__bench.watch('step', '[data-testid="floor-count"]', null, value, 'equals'),
          String(k + 1),
        );
      await Promise.all(observers.map(arm));
      const t0 = (await pages[actor].evaluate(() => window.__bench.click('#floor-act'))) - offsets[actor];
      const hits = await Promise.all(
        observers.map((page) => page.evaluate(() => window.__bench.hit('step', 10_000))),
      );
      hits.forEach((t, i) => {
        if (t === undefined) throw new Error('stack floor: a page never showed the new count');
        dom.push(t - offsets[pages.indexOf(observers[i])] - t0);
      });
      await pause(GAP_MS);
    }
    return dom;
  } finally {
    await closeAll(people);
  }
}

/** The app's Okey discard, as the latency figure times it. */
async function appLatency(h: Harness): Promise<number[]> {
  const r = await openBenchRoom(h, freshRoom(), 'okey', peers);
  try {
    return (await okeyDiscards(r, ACTIONS)).samples.flatMap((s) => s.dom);
  } finally {
    await closeAll(r.people);
  }
}

type Kind = {
  name: string;
  dist: string;
  path: (room: string) => string;
  latency: (h: Harness) => Promise<number[]>;
};
const kinds: Kind[] = [
  {
    name: 'network alone',
    dist: await buildFloor('network'),
    path: (room) => `/${room}/floor`,
    latency: counterLatency,
  },
  {
    name: 'React + MUI + router',
    dist: await buildFloor('react'),
    path: (room) => `/${room}/floor`,
    latency: counterLatency,
  },
  { name: 'the app', dist: BENCH_DIST, path: (room) => `/${room}/tictactoe`, latency: appLatency },
];
const meetings: FreshMeeting[][] = kinds.map(() => []);
const latencies: number[][] = kinds.map(() => []);
await alternateBuilds(
  kinds.map((k) => k.dist),
  rounds,
  async (h, i, round) => {
    if (mode === 'meeting')
      meetings[i].push(await freshPagesMeet(h, round, { path: kinds[i].path, opening }));
    else latencies[i].push(...(await kinds[i].latency(h)));
  },
);

const median = (xs: number[]) => Math.round(summarize(xs).median);
const cell = (v: number | string, width: number) => String(v).padStart(width);
if (mode === 'latency') {
  console.log(
    `\n${rounds} rounds, ${peers} pages, act in one -> DOM in each other; ms ('the app': an Okey discard)`,
  );
  console.log(`  ${'page'.padEnd(24)} ${cell('p50', 7)} ${cell('p95', 7)} ${cell('samples', 8)}`);
  kinds.forEach((k, i) => {
    const s = summarize(latencies[i]);
    console.log(
      `  ${k.name.padEnd(24)} ${cell(s.median.toFixed(2), 7)} ${cell(s.p95.toFixed(2), 7)} ${cell(latencies[i].length, 8)}`,
    );
  });
} else {
  console.log(`\n${rounds} rounds, pages opening ${opening}; medians in ms, the later of the two pages`);
  console.log(
    `  ${'page'.padEnd(24)} ${cell('lists itself', 14)} ${cell('both meet', 12)} ${cell('both meet', 22)}`,
  );
  console.log(
    `  ${''.padEnd(24)} ${cell('(navigation)', 14)} ${cell('(navigation)', 12)} ${cell('(room code start)', 22)}`,
  );
  kinds.forEach((k, i) => {
    const m = meetings[i];
    console.log(
      `  ${k.name.padEnd(24)} ${cell(median(m.map((x) => x.listsSelf)), 14)} ` +
        `${cell(median(m.map((x) => x.fromNavigation)), 12)} ${cell(median(m.map((x) => x.fromConnect)), 22)}`,
    );
  });
  // Where each page's time went: milestones (bench/sections/browser/pageHooks.ts) in ms after its room code start; of
  // the second page alone when it joins the first.
  kinds.forEach((k, i) => {
    const steps = medianSteps(meetings[i].flatMap((m) => m.steps));
    console.log(
      `  ${k.name}: ${Object.entries(steps)
        .map(([key, v]) => `${key} ${v}`)
        .join(', ')}`,
    );
  });
}
