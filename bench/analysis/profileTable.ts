/**
 * Where a four-page table's seat action goes: `node scripts/netns.mjs npx tsx bench/analysis/profileTable.ts [actions]`.
 * Runs the reference section's `table` scenario on this app while Chromium's sampling profiler (50 µs) records every
 * page, counting only the samples within WINDOW ms (default 25) after each timed click, and prints the table's median
 * with where every page's time went. PROFILE_OUT=<folder> writes each page's windowed profile there. Needs the
 * benchmark's build (BENCH_DIST for another, e.g. one built with --minify false). PROFILE=0 times the table alone;
 * TRACE=<file> writes a Chromium trace of the whole browser over the timed actions.
 */
import { launchBrowser } from '../../test/helpers/browser';
import { BENCH_DIST } from '../sections/browser/harness';
import { startThis, thisApp } from '../sections/browser/reference/apps';
import { TABLE_WARMUP, tableActions, type TableWatch } from '../sections/browser/reference/scenarios';
import {
  markClock,
  printInclusive,
  printProfiles,
  startProfiling,
  windowed,
  writeProfiles,
  type Profile,
} from './cpuProfile';

const actions = Number(process.argv[2] ?? 40);
const windowMs = Number(process.env.WINDOW ?? 25);
/** The page that made the j-th timed click: tableActions' order (each page sits and stands in turn) after its warm-up. */
const actorOf = (j: number) => Math.floor((j + TABLE_WARMUP) / 2) % 4;
const served = await startThis(BENCH_DIST);
const browser = await launchBrowser();
try {
  // TRACE=<file>: a Chromium trace of the whole browser over the timed actions instead, each page marked "page n".
  const trace: TableWatch = async (pages) => {
    await browser.startTracing(undefined, {
      path: process.env.TRACE,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'blink.user_timing',
      ],
    });
    await Promise.all(pages.map((page, k) => page.evaluate((k) => performance.mark(`page ${k + 1}`), k)));
    return async (clicks, offsets) => {
      await browser.stopTracing();
      console.log(JSON.stringify({ clicks, offsets, actors: clicks.map((_, j) => actorOf(j)) }));
    };
  };
  // PROFILE=0: the table's times alone, with no profiler in the pages (an A/B of two builds).
  const watch: TableWatch | undefined = process.env.TRACE
    ? trace
    : process.env.PROFILE === '0'
      ? undefined
      : async (pages) => {
          const stops = await Promise.all(pages.map((page) => startProfiling(page, 50)));
          return async (clicks, offsets) => {
            const marks = await Promise.all(pages.map((page) => markClock(page)));
            const profiles: Profile[] = await Promise.all(stops.map((stop) => stop()));
            // Each page's samples after the clicks it made (acting) and after the others' (observing), apart.
            for (const role of ['acting', 'observing'] as const) {
              const windows = profiles.map((p, k) =>
                windowed(
                  p,
                  marks[k],
                  clicks
                    .filter((_, j) => (actorOf(j) === k) === (role === 'acting'))
                    .map((t) => [t + offsets[k], t + offsets[k] + windowMs]),
                ),
              );
              console.log(`\n=== ${role}`);
              printProfiles(windows);
              if (process.env.INCLUSIVE) printInclusive(windows, Number(process.env.INCLUSIVE));
              writeProfiles(`${role}-page`, windows);
            }
          };
        };
  const { times } = await tableActions(browser, thisApp(served.baseUrl), 0, actions, watch);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `\n${actions} actions, ${times.length} samples; median ${sorted[sorted.length >> 1].toFixed(1)} ms`,
  );
} finally {
  await browser.close();
  await served.close();
}
