/**
 * Where an Okey discard's time goes: `node scripts/netns.mjs npx tsx bench/analysis/profileOkey.ts [discards] [peers]`.
 * Plays timed discards as the benchmark does while Chromium's sampling profiler records every page, then prints the
 * self time by script (chunk) and the busiest functions. Needs the benchmark's build (run `npm run bench` once).
 */
import type { CDPSession } from 'playwright-core';
import { closeAll, freshRoom, startHarness, stopHarness } from '../sections/browser/harness';
import { openBenchRoom } from '../sections/browser/measure';
import { okeyDiscards } from '../sections/browser/okeyDiscards';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Self time in ms per key of each sample's node. */
function selfTime(profiles: Profile[], key: (n: ProfileNode) => string): [string, number][] {
  const totals = new Map<string, number>();
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    p.samples.forEach((id, i) => {
      const k = key(byId.get(id)!);
      totals.set(k, (totals.get(k) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
    });
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const script = (n: ProfileNode) => n.callFrame.url.split('/').pop() || n.callFrame.functionName || '(native)';
const fn = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${script(n)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;

const discards = Number(process.argv[2] ?? 30);
const peers = Number(process.argv[3] ?? 2);
const h = await startHarness();
const r = await openBenchRoom(h, freshRoom(), 'okey', peers);
try {
  const sessions: CDPSession[] = [];
  for (const p of r.people) {
    const s = await p.context.newCDPSession(p.page);
    await s.send('Profiler.enable');
    await s.send('Profiler.setSamplingInterval', { interval: 200 });
    sessions.push(s);
  }
  await Promise.all(sessions.map((s) => s.send('Profiler.start')));
  const series = await okeyDiscards(r, discards);
  const profiles = await Promise.all(
    sessions.map(async (s) => (await s.send('Profiler.stop')).profile as Profile),
  );
  const busy = (rows: [string, number][]) => rows.filter(([k]) => !k.startsWith('(idle)'));
  const dom = series.samples.flatMap((s) => s.dom).sort((a, b) => a - b);
  console.log(
    `${discards} discards, ${peers} peers; median act -> DOM in others ${dom[dom.length >> 1].toFixed(1)} ms`,
  );
  console.log('\nself time by script, ms (all pages):');
  for (const [k, ms] of busy(selfTime(profiles, script)).slice(0, 15))
    console.log(`${ms.toFixed(0).padStart(8)}  ${k}`);
  console.log('\nbusiest functions, ms:');
  for (const [k, ms] of busy(selfTime(profiles, fn)).slice(0, 30))
    console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
} finally {
  await closeAll(r.people);
  await stopHarness(h);
}
