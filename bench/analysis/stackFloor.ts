/**
 * How fast two fresh pages can meet on this machine, whatever the app does: `node scripts/netns.mjs npx tsx
 * bench/analysis/stackFloor.ts [rounds]`. Builds two pages around the app's own room network (the same module, joined
 * the same way at page start) and times them as the discovery figure times the app (bench/sections/browser/discovery.ts):
 * - "network alone": the room network and a list written straight into the DOM, no framework;
 * - "React + MUI + router": the same beside the pinned stack's least page (React 19, MUI with the app's theme and
 *   baseline, a data router) that draws "Connected:" and the names;
 * - "the app": the benchmark's build of the app (run `npm run bench` once).
 * Each round runs one trial of each, in alternating order, on one Chromium; it prints each page's medians.
 */
import { join } from 'node:path';
import { build } from 'vite';
import { summarize } from '../stats';
import { freshPagesMeet, type FreshMeeting, type Opening } from '../sections/browser/discovery';
import { BENCH_DIST, startBenchServer, type Harness } from '../sections/browser/harness';
import { launchBrowser } from '../../test/helpers/browser';

const rounds = Number(process.argv[2] ?? 10);
// FLOOR_OPENING='second joins': the second page opens the room once the first is up, as a friend follows a link.
const opening = (process.env.FLOOR_OPENING ?? 'together') as Opening;
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

const pages: { name: string; dist: string; path: (room: string) => string }[] = [
  { name: 'network alone', dist: await buildFloor('network'), path: (room) => `/${room}/floor` },
  { name: 'React + MUI + router', dist: await buildFloor('react'), path: (room) => `/${room}/floor` },
  { name: 'the app (/<room>/tictactoe)', dist: BENCH_DIST, path: (room) => `/${room}/tictactoe` },
];
const browser = await launchBrowser();
const servers = await Promise.all(pages.map((p) => startBenchServer(p.dist)));
const meetings: FreshMeeting[][] = pages.map(() => []);
try {
  for (let round = 0; round < rounds; round++) {
    const order = pages.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      const h: Harness = {
        browser,
        server: servers[i],
        baseUrl: servers[i].url,
        chromium: browser.version(),
      };
      meetings[i].push(await freshPagesMeet(h, round, pages[i].path, opening));
    }
    process.stdout.write(`round ${round + 1} `);
  }
} finally {
  await browser.close().catch(() => {});
  await Promise.all(servers.map((s) => s.close()));
}

const median = (xs: number[]) => Math.round(summarize(xs).median);
console.log(`\n${rounds} rounds, pages opening ${opening}; medians in ms, the later of the two pages`);
console.log(
  `  ${'page'.padEnd(30)} ${'lists itself'.padStart(14)} ${'both meet'.padStart(11)} ${'from room code start'.padStart(22)}`,
);
console.log(`  ${''.padEnd(30)} ${'(navigation)'.padStart(14)} ${'(navigation)'.padStart(11)}`);
pages.forEach((p, i) => {
  const m = meetings[i];
  console.log(
    `  ${p.name.padEnd(30)} ${String(median(m.map((x) => x.listsSelf))).padStart(14)} ` +
      `${String(median(m.map((x) => x.fromNavigation))).padStart(11)} ${String(median(m.map((x) => x.fromConnect))).padStart(22)}`,
  );
});

// Where each page's time went: milestones (bench/sections/browser/pageHooks.ts) in ms after its room code start; of the
// second page alone when it joins the first.
pages.forEach((p, i) => {
  const steps: Record<string, number[]> = {};
  const joining = opening === 'second joins';
  for (const m of meetings[i])
    for (const t of joining ? m.steps.slice(1) : m.steps)
      for (const [k, v] of Object.entries(t)) (steps[k] ??= []).push(v);
  const line = Object.entries(steps)
    .map(([k, v]) => [k, median(v)] as const)
    .sort((x, y) => x[1] - y[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(`  ${p.name}: ${line}`);
});
