/**
 * Where an Okey discard's time goes: `node scripts/netns.mjs npx tsx bench/analysis/profileOkey.ts [discards] [peers]`.
 * Plays timed discards as the benchmark does while Chromium's sampling profiler records every page, then prints the
 * self time by script (chunk) and the busiest functions. Needs the benchmark's build (run `npm run bench` once).
 */
import { closeAll, freshRoom, startHarness, stopHarness } from '../sections/browser/harness';
import { openBenchRoom } from '../sections/browser/measure';
import { okeyDiscards } from '../sections/browser/okeyDiscards';
import { printInclusive, printProfiles, startProfiling } from './cpuProfile';

const discards = Number(process.argv[2] ?? 30);
const peers = Number(process.argv[3] ?? 2);
const h = await startHarness();
const r = await openBenchRoom(h, freshRoom(), 'okey', peers);
try {
  const stops = await Promise.all(r.people.map((p) => startProfiling(p.page)));
  const series = await okeyDiscards(r, discards);
  const profiles = await Promise.all(stops.map((stop) => stop()));
  const dom = series.samples.flatMap((s) => s.dom).sort((a, b) => a - b);
  const submit = series.samples.map((s) => s.submit).sort((a, b) => a - b);
  console.log(
    `${discards} discards, ${peers} peers; medians: release -> bridge.submit ${submit[submit.length >> 1].toFixed(1)} ms, ` +
      `release -> DOM in others ${dom[dom.length >> 1].toFixed(1)} ms (seat, start and draws included below)`,
  );
  printProfiles(profiles);
  if (process.env.INCLUSIVE) printInclusive(profiles, Number(process.env.INCLUSIVE));
} finally {
  await closeAll(r.people);
  await stopHarness(h);
}
