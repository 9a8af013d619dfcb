/**
 * Where a peer discovery's time goes: `node scripts/netns.mjs npx tsx bench/analysis/profileDiscovery.ts [trials]`.
 * Two fresh pages open a fresh room at once under Chromium's sampling profiler, until each lists the other; prints
 * the busiest scripts and functions over all trials. Needs the benchmark's build (run `npm run bench` once).
 */
import {
  closeAll,
  freshRoom,
  newBenchPerson,
  startHarness,
  stopHarness,
  waitAllConnected,
} from '../sections/browser/harness';
import { printInclusive, printProfiles, printTimeline, startProfiling, type Profile } from './cpuProfile';

const trials = Number(process.argv[2] ?? 3);
const h = await startHarness();
const profiles: Profile[] = [];
try {
  for (let i = 0; i < trials; i++) {
    const names = [`Ada ${i}`, `Bob ${i}`];
    const people = await Promise.all(names.map((n) => newBenchPerson(h, n)));
    await Promise.all(people.map((p) => p.page.goto('/healthz')));
    const stops = await Promise.all(people.map((p) => startProfiling(p.page)));
    const room = freshRoom();
    await Promise.all(people.map((p) => p.page.goto(`/${room}/tictactoe`)));
    await waitAllConnected(
      people.map((p) => p.page),
      names,
    );
    profiles.push(...(await Promise.all(stops.map((stop) => stop()))));
    await closeAll(people);
  }
  console.log(`${trials} discoveries of 2 pages, from navigation until each lists the other`);
  printProfiles(profiles);
  if (process.env.INCLUSIVE) printInclusive(profiles, Number(process.env.INCLUSIVE));
  if (process.env.TIMELINE)
    for (const p of profiles.slice(-2)) printTimeline(p, Number(process.env.TIMELINE));
} finally {
  await stopHarness(h);
}
