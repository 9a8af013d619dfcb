/**
 * What keeps the machine's cores busy while pages take an Okey move: `node scripts/netns.mjs npx tsx
 * bench/analysis/threadBusy.ts [discards] [peers]`. Plays timed discards as the benchmark does under a Chromium trace
 * of every process, then sums, over the WINDOW ms (default 15) after each entry the first page receives ahead, how long
 * each kind of thread was busy in all processes together, and what the renderers' worker threads ran (V8's background
 * compilers above all). profileOkey.ts sees a page's JavaScript only; this sees the cores the pages share.
 * WARMUP=n plays n discards first and counts only the windows of the later entries (warm pages). BENCH_DIST picks the
 * build, as for profileOkey.ts.
 */
import { summarize } from '../stats';
import { closeAll, freshRoom, startHarness, stopHarness } from '../sections/browser/harness';
import { openBenchRoom } from '../sections/browser/measure';
import { okeyDiscards } from '../sections/browser/okeyDiscards';

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

const discards = Number(process.argv[2] ?? 20);
const peers = Number(process.argv[3] ?? 4);
const windowMs = Number(process.env.WINDOW ?? 15);
const warmup = Number(process.env.WARMUP ?? 0);
const h = await startHarness();
const r = await openBenchRoom(h, freshRoom(), 'okey', peers);
try {
  await h.browser.startTracing(undefined, {
    categories: [
      'toplevel',
      'blink.user_timing',
      'v8',
      'disabled-by-default-v8.compile',
      'disabled-by-default-v8.gc',
    ],
  });
  const series = await okeyDiscards(r, warmup + discards);
  // A user-timing mark lines the page's clock (timeOrigin + now, as the bench hooks record) up with the trace's.
  const page = await r.people[0].page.evaluate(() => ({
    mark: performance.timeOrigin + performance.mark('threadBusyClock').startTime,
    entries: window.__bench.trace.entries,
  }));
  const trace = JSON.parse((await h.browser.stopTracing()).toString()) as
    TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mark = events.find((e) => e.name === 'threadBusyClock');
  if (!mark) throw new Error('threadBusy: the clock mark is not in the trace');
  const offsetUs = mark.ts - page.mark * 1000;
  // The warm-up's share of the entries (a discard and a draw each, about) is left out.
  const counted = page.entries.slice(Math.round((page.entries.length * warmup) / (warmup + discards)));
  const windows = counted.map((t) => [t * 1000 + offsetUs, (t + windowMs) * 1000 + offsetUs]);
  const within = (e: TraceEvent) =>
    windows.reduce((us, [a, b]) => us + Math.max(0, Math.min(b, e.ts + e.dur!) - Math.max(a, e.ts)), 0);

  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && (e.name === 'thread_name' || e.name === 'process_name'))
      names.set(e.name === 'thread_name' ? `${e.pid}:${e.tid}` : `${e.pid}`, e.args?.name ?? '?');
  const threads = new Map<string, TraceEvent[]>();
  for (const e of events)
    if (e.ph === 'X' && e.dur !== undefined) {
      const key = `${e.pid}:${e.tid}`;
      (threads.get(key) ?? threads.set(key, []).get(key)!).push(e);
    }
  // Busy time of each thread is that of its outermost events; a worker's is also split by what it ran, one level in.
  const busy = new Map<string, number>();
  const add = (key: string, us: number) => busy.set(key, (busy.get(key) ?? 0) + us);
  for (const [key, list] of threads) {
    const thread = `${names.get(key.split(':')[0]) ?? '?'} / ${names.get(key) ?? key}`;
    const worker = thread.includes('ThreadPoolForegroundWorker');
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let end = -Infinity;
    let childEnd = -Infinity;
    for (const e of list) {
      const us = within(e);
      if (e.ts < end) {
        // A direct child of the outermost event, not one nested deeper.
        if (worker && e.ts >= childEnd) {
          childEnd = e.ts + e.dur!;
          if (us > 0) add(`    ${e.name}`, us);
        }
        continue;
      }
      end = e.ts + e.dur!;
      childEnd = -Infinity;
      add(thread, us);
    }
  }
  const dom = summarize(series.samples.slice(warmup).flatMap((s) => s.dom));
  console.log(
    `${discards} discards, ${peers} pages; act -> DOM in others, median ${dom.median.toFixed(1)} ms\n` +
      `busy ms per window (the ${windowMs} ms after each of the ${windows.length} entries page 1 received), ` +
      "all processes together; indented: what the renderers' worker threads ran",
  );
  for (const [key, us] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    const ms = us / windows.length / 1000;
    if (ms >= 0.1) console.log(`${ms.toFixed(2).padStart(8)}  ${key}`);
  }
} finally {
  await closeAll(r.people);
  await stopHarness(h);
}
