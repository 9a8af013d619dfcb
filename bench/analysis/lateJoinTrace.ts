/**
 * Every data-channel message of a late join, in order: `node scripts/netns.mjs npx tsx bench/analysis/lateJoinTrace.ts
 * [joins]`. Two players record a 2,000-move Okey log through the real bridge (as `npm run bench` does); fresh pages
 * then join, and each prints when its channels opened and each message it sent (>) and received (<) with its size, in
 * ms after its /config.json request, then when the board showed the final state. It shows, for instance, how long the
 * joiner's hello waits for its Repo and when the whole document arrives (once from each peer). Needs the bench's build.
 */
import { closeAll, freshRoom, newBenchPerson, startHarness, stopHarness } from '../sections/browser/harness';
import { armBoardWatch, boardTimes, recordGame } from '../sections/browser/lateJoin';
import { openBenchRoom } from '../sections/browser/measure';
import { eventsOf, recordTimeline } from './pageTimeline';

const joins = Number(process.argv[2] ?? 3);
const h = await startHarness();
const room = freshRoom();
const r = await openBenchRoom(h, room, 'okey', 2);
try {
  const recorded = await recordGame(r, Number(process.env.MOVES ?? 2000));
  console.log(`recorded ${recorded.logLength} entries, document ${recorded.bytes} B`);
  for (let i = 0; i < joins; i++) {
    const person = await newBenchPerson(h, `Late${i}`);
    await armBoardWatch(person, recorded.seatId);
    await person.context.addInitScript(recordTimeline, {});
    const t = await boardTimes(person.page, () => person.page.goto(`/${room}/okey`));
    const events = await eventsOf(person.page);
    const start = events.find((e) => e.what === 'config.json request')?.t ?? 0;
    const trace = events
      .filter((e) => e.what.startsWith('dc '))
      .sort((x, y) => x.t - y.t)
      .map((e) => `${Math.round(e.t - start)} ${e.what.slice(3)}`);
    console.log(
      `join ${i}: board after ${t.fromRoomCode.toFixed(0)} ms from room code\n  ${trace.join(' | ')}`,
    );
    await person.context.close();
  }
} finally {
  await closeAll(r.people);
  await stopHarness(h);
}
