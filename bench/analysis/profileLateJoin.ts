/**
 * Where a late join's time goes: `node scripts/netns.mjs npx tsx bench/analysis/profileLateJoin.ts [joins]`.
 * Two players record a 2,000-move Okey log through the real bridge (as `npm run bench` does); fresh pages then join
 * under Chromium's sampling profiler until the board shows the final state. Prints each join's milestones (ms after
 * the /config.json request) and the busiest scripts and functions. Needs the benchmark's build (run the bench once).
 */
import {
  closeAll,
  freshRoom,
  newBenchPerson,
  startHarness,
  stopHarness,
  type BenchPerson,
} from '../sections/browser/harness';
import { armBoardWatch, boardTimes, recordGame } from '../sections/browser/lateJoin';
import { openBenchRoom } from '../sections/browser/measure';
import { printInclusive, printProfiles, printTimeline, startProfiling, type Profile } from './cpuProfile';

const joins = Number(process.argv[2] ?? 3);
const h = await startHarness();
const profiles: Profile[] = [];
const room = freshRoom();
const r = await openBenchRoom(h, room, 'okey', 2);
const joiners: BenchPerson[] = [];
try {
  const recorded = await recordGame(r, Number(process.env.MOVES ?? 2000));
  console.log(`recorded ${recorded.logLength} entries, document ${recorded.bytes} B`);
  for (let i = 0; i < joins; i++) {
    const person = await newBenchPerson(h, `Late${i}`);
    joiners.push(person);
    await armBoardWatch(person, recorded.seatId);
    await person.page.goto('/healthz');
    const stop = await startProfiling(person.page);
    const t = await boardTimes(person.page, () => person.page.goto(`/${room}/okey`));
    profiles.push(await stop());
    if (process.env.TIMELINE) printTimeline(profiles.at(-1)!, Number(process.env.TIMELINE));
    const marks = await person.page.evaluate(() => {
      const config = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/config.json'));
      const zero = performance.timeOrigin + (config?.startTime ?? 0);
      return Object.fromEntries(
        Object.entries(window.__bench.marks).map(([k, v]) => [k, Math.round(v - zero)]),
      );
    });
    console.log(
      `join ${i}: board after ${t.fromRoomCode.toFixed(0)} ms from room code`,
      JSON.stringify(marks),
    );
    await person.context.close();
  }
  printProfiles(profiles, 40);
  if (process.env.INCLUSIVE) printInclusive(profiles, Number(process.env.INCLUSIVE));
} finally {
  await closeAll([...r.people, ...joiners]);
  await stopHarness(h);
}
