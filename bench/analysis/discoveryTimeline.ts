/**
 * One peer discovery as a merged timeline of both pages: `node scripts/netns.mjs npx tsx bench/analysis/discoveryTimeline.ts
 * [trials]`. Each page logs its signalling frames (in and out, by payload type), its peer connection's state changes, its
 * data channel's messages, its long tasks and when "Connected:" lists itself and the other; the script prints every
 * event in ms after the later page's /config.json request (the discovery figure's start). Needs the benchmark's build.
 */
import {
  closeAll,
  freshRoom,
  newBenchPerson,
  startHarness,
  stopHarness,
  waitAllConnected,
} from '../sections/browser/harness';
import { eventsOf, recordTimeline } from './pageTimeline';

const trials = Number(process.argv[2] ?? 1);
const h = await startHarness();
try {
  for (let i = 0; i < trials; i++) {
    const names = [`Ada ${i}`, `Bob ${i}`];
    const people = await Promise.all(names.map((n) => newBenchPerson(h, n)));
    await Promise.all(
      people.map((p, k) => p.context.addInitScript(recordTimeline, { self: names[k], other: names[1 - k] })),
    );
    const room = freshRoom();
    await Promise.all(people.map((p) => p.page.goto(`/${room}/tictactoe`)));
    await waitAllConnected(
      people.map((p) => p.page),
      names,
    );
    const [a, b] = await Promise.all(people.map((p) => eventsOf(p.page)));
    const start = Math.max(...[a, b].map((ev) => ev.find((e) => e.what === 'config.json request')?.t ?? 0));
    const merged = [
      ...a.map((e) => ({ ...e, page: 'A' })),
      ...b.map((e) => ({ ...e, page: '        B' })),
    ].sort((x, y) => x.t - y.t);
    console.log(`\ntrial ${i}: ms after the later page's /config.json request`);
    for (const e of merged) console.log(`${(e.t - start).toFixed(0).padStart(6)}  ${e.page} ${e.what}`);
    await closeAll(people);
  }
} finally {
  await stopHarness(h);
}
