/**
 * Where a four-page table's seat action goes: `node scripts/netns.mjs npx tsx bench/analysis/profileTable.ts [actions]`.
 * Runs the reference section's `table` scenario on this app while Chromium's sampling profiler (50 µs) records every
 * page, counting only the samples within WINDOW ms (default 25) after each timed click, and prints the table's median
 * with where every page's time went. PROFILE_OUT=<folder> writes each page's windowed profile there. Needs the
 * benchmark's build (BENCH_DIST for another, e.g. one built with --minify false).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../../test/helpers/browser';
import { BENCH_DIST } from '../sections/browser/harness';
import { startThis, thisApp } from '../sections/browser/reference/apps';
import { TABLE_WARMUP, tableActions } from '../sections/browser/reference/scenarios';
import {
  markClock,
  printInclusive,
  printProfiles,
  startProfiling,
  windowed,
  type Profile,
} from './cpuProfile';

const actions = Number(process.argv[2] ?? 40);
const windowMs = Number(process.env.WINDOW ?? 25);
/** The page that made the j-th timed click: tableActions' order (each page sits and stands in turn) after its warm-up. */
const actorOf = (j: number) => Math.floor((j + TABLE_WARMUP) / 2) % 4;
const served = await startThis(BENCH_DIST);
const browser = await launchBrowser();
try {
  const { times } = await tableActions(browser, thisApp(served.baseUrl), 0, actions, async (pages) => {
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
        const out = process.env.PROFILE_OUT;
        if (out)
          windows.forEach((p, k) =>
            writeFileSync(join(out, `${role}-page${k}.cpuprofile`), JSON.stringify(p)),
          );
      }
    };
  });
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `\n${actions} actions, ${times.length} samples; median ${sorted[sorted.length >> 1].toFixed(1)} ms`,
  );
} finally {
  await browser.close();
  await served.close();
}
