import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
/** A V8 CPU profile as Chromium's Profiler.stop returns it (times in µs). */
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/** Starts Chromium's sampling profiler (200 µs) on a page; the returned function stops it and hands back the profile. */
export async function startProfiling(page: Page, intervalUs = 200): Promise<() => Promise<Profile>> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.send('Profiler.start');
  return async () => (await session.send('Profiler.stop')).profile as Profile;
}

/** Self time in ms per key of each sample's node, busiest first, idle left out. */
function selfTime(profiles: Profile[], key: (n: ProfileNode) => string): [string, number][] {
  const totals = new Map<string, number>();
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    p.samples.forEach((id, i) => {
      const k = key(byId.get(id)!);
      totals.set(k, (totals.get(k) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
    });
  }
  return [...totals].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
}

const script = (n: ProfileNode) => n.callFrame.url.split('/').pop() || n.callFrame.functionName || '(native)';
const fn = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${script(n)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;

/** Prints busy time by script (chunk) and the busiest functions. */
export function printProfiles(profiles: Profile[], top = 25): void {
  const busy = selfTime(profiles, script);
  console.log(`\nbusy ${busy.reduce((a, [, ms]) => a + ms, 0).toFixed(0)} ms; self time by script, ms:`);
  for (const [k, ms] of busy.slice(0, 12)) console.log(`${ms.toFixed(0).padStart(8)}  ${k}`);
  console.log('\nbusiest functions, ms:');
  for (const [k, ms] of selfTime(profiles, fn).slice(0, top))
    console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
}

/** Prints, for each bucketMs window after the profile's start, how busy the page was and its three busiest functions. */
export function printTimeline(profile: Profile, bucketMs = 100): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const buckets: Map<string, number>[] = [];
  let t = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    t += dt;
    const k = fn(byId.get(id)!);
    if (k.startsWith('(idle)')) return;
    const b = (buckets[Math.floor(t / bucketMs)] ??= new Map());
    b.set(k, (b.get(k) ?? 0) + dt);
  });
  buckets.forEach((b, i) => {
    const busy = [...b.values()].reduce((a, v) => a + v, 0);
    const top = [...b].sort((x, y) => y[1] - x[1]).slice(0, 3);
    console.log(
      `${String(i * bucketMs).padStart(6)} ms busy ${busy.toFixed(0).padStart(3)}: ` +
        top.map(([k, ms]) => `${k.slice(0, 60)} ${ms.toFixed(0)}`).join(' | '),
    );
  });
}

/** Prints the functions with the most inclusive time (self plus callees), each counted once per sample. */
export function printInclusive(profiles: Profile[], top = 40): void {
  const totals = new Map<string, number>();
  for (const p of profiles) {
    const parent = new Map<number, number>();
    for (const n of p.nodes as (ProfileNode & { children?: number[] })[])
      for (const c of n.children ?? []) parent.set(c, n.id);
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    p.samples.forEach((id, i) => {
      const dt = (p.timeDeltas[i] ?? 0) / 1000;
      if (byId.get(id)!.callFrame.functionName === '(idle)') return;
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const k = fn(byId.get(at)!);
        if (seen.has(k)) continue;
        seen.add(k);
        totals.set(k, (totals.get(k) ?? 0) + dt);
      }
    });
  }
  console.log('\nmost inclusive time, ms:');
  for (const [k, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
}

/**
 * Prints, for each bucketMs window, how busy the page was by task: each sample is counted under the outermost function
 * of its stack (what the event loop ran: a React scheduler slice, a microtask checkpoint, an event handler).
 */
export function printTasks(profile: Profile, bucketMs = 5): void {
  const parent = new Map<number, number>();
  for (const n of profile.nodes as (ProfileNode & { children?: number[] })[])
    for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const rootId = profile.nodes[0]?.id;
  const outermost = (id: number) => {
    let at = id;
    for (let up = parent.get(at); up !== undefined && up !== rootId; up = parent.get(at)) at = up;
    return byId.get(at)!;
  };
  const buckets: Map<string, number>[] = [];
  let t = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    t += dt;
    const node = outermost(id);
    if (node.callFrame.functionName === '(idle)') return;
    const b = (buckets[Math.floor(t / bucketMs)] ??= new Map());
    const k = fn(node);
    b.set(k, (b.get(k) ?? 0) + dt);
  });
  buckets.forEach((b, i) => {
    const top = [...b].sort((x, y) => y[1] - x[1]).slice(0, 3);
    console.log(
      `${String(i * bucketMs).padStart(6)} ms: ` +
        top.map(([k, ms]) => `${k.slice(0, 50)} ${ms.toFixed(1)}`).join(' | '),
    );
  });
}

const MARKER = 'profileClockMarker';

/**
 * Runs a marker function in the page for 10 ms while it is being profiled, and returns when it began in the page's
 * clock (timeOrigin + now, as the bench hooks record times): `windowed` finds it in the profile to line the two up.
 */
export function markClock(page: Page): Promise<number> {
  return page.evaluate(() => {
    const began = performance.timeOrigin + performance.now();
    // The name is what windowed looks for (MARKER).
    function profileClockMarker() {
      // Long enough that a profiler thread starved by four busy pages still samples it (3 ms once went unsampled).
      const end = performance.now() + 10;
      while (performance.now() < end);
    }
    profileClockMarker();
    return began;
  });
}

/** The profile with only the samples inside the windows counted (page clock, ms), lined up by markClock's `mark`. */
export function windowed(profile: Profile, mark: number, windows: readonly [number, number][]): Profile {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes as (ProfileNode & { children?: number[] })[])
    for (const c of n.children ?? []) parent.set(c, n.id);
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const inMarker = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)!.callFrame.functionName === MARKER) return true;
    return false;
  };
  const first = profile.samples.findIndex(inMarker);
  if (first < 0)
    throw new Error('windowed: the clock marker is not in the profile (markClock before stopping)');
  const offsetUs = mark * 1000 - times[first];
  const sorted = [...windows].sort((a, b) => a[0] - b[0]);
  const inside = (us: number) => {
    const ms = (us + offsetUs) / 1000;
    return sorted.some(([from, to]) => ms >= from && ms < to);
  };
  return { ...profile, timeDeltas: profile.timeDeltas.map((d, i) => (inside(times[i]) ? d : 0)) };
}

/** Writes each profile as `<name><k>.cpuprofile` into the folder PROFILE_OUT names, if it names one (for DevTools). */
export function writeProfiles(name: string, profiles: readonly Profile[]): void {
  const out = process.env.PROFILE_OUT;
  if (!out) return;
  mkdirSync(out, { recursive: true });
  profiles.forEach((p, k) => writeFileSync(join(out, `${name}${k}.cpuprofile`), JSON.stringify(p)));
}
