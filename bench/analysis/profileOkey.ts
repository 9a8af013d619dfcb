/**
 * Where an Okey discard's time goes: `node scripts/netns.mjs npx tsx bench/analysis/profileOkey.ts [discards] [peers]`.
 * Plays timed discards as the benchmark does while Chromium's sampling profiler records every page, then prints the
 * self time by script (chunk) and the busiest functions. RECEIVED=ms counts only the samples within that many ms after
 * each entry a page receives ahead (a peer's move on its way to the page's DOM), sampling every 50 µs.
 * Needs the benchmark's build (run `npm run bench` once; BENCH_DIST for another, e.g. one built with --minify false).
 * PROFILE_OUT=<folder> writes each page's (windowed) profile there, for DevTools or a script.
 */
import { closeAll, freshRoom, startHarness, stopHarness } from '../sections/browser/harness';
import { openBenchRoom } from '../sections/browser/measure';
import { okeyDiscards } from '../sections/browser/okeyDiscards';
import {
  markClock,
  printInclusive,
  printProfiles,
  startProfiling,
  windowed,
  writeProfiles,
  type Profile,
} from './cpuProfile';

const discards = Number(process.argv[2] ?? 30);
const peers = Number(process.argv[3] ?? 2);
const received = process.env.RECEIVED ? Number(process.env.RECEIVED) : null;
const h = await startHarness();
const r = await openBenchRoom(h, freshRoom(), 'okey', peers);
try {
  const stops = await Promise.all(r.people.map((p) => startProfiling(p.page, received === null ? 200 : 50)));
  const series = await okeyDiscards(r, discards);
  const marks = received === null ? [] : await Promise.all(r.people.map((p) => markClock(p.page)));
  let profiles: Profile[] = await Promise.all(stops.map((stop) => stop()));
  const dom = series.samples.flatMap((s) => s.dom).sort((a, b) => a - b);
  const submit = series.samples.map((s) => s.submit).sort((a, b) => a - b);
  console.log(
    `${discards} discards, ${peers} peers; medians: release -> bridge.submit ${submit[submit.length >> 1].toFixed(1)} ms, ` +
      `release -> DOM in others ${dom[dom.length >> 1].toFixed(1)} ms (seat, start and draws included below)`,
  );
  if (received !== null) {
    const entries = await Promise.all(
      r.people.map((p) => p.page.evaluate(() => window.__bench.trace.entries)),
    );
    profiles = profiles.map((p, i) =>
      windowed(
        p,
        marks[i],
        entries[i].map((t) => [t, t + received]),
      ),
    );
    const count = entries.reduce((n, e) => n + e.length, 0);
    console.log(`${count} entries received; times below are totals within ${received} ms of each arrival`);
  }
  printProfiles(profiles);
  writeProfiles('page', profiles);
  if (process.env.INCLUSIVE) printInclusive(profiles, Number(process.env.INCLUSIVE));
} finally {
  await closeAll(r.people);
  await stopHarness(h);
}
