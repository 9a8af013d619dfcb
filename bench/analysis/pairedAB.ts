/**
 * Compares builds trial by trial: `node scripts/netns.mjs npx tsx bench/analysis/pairedAB.ts <section> <rounds> <dist>
 * <dist>...`, after `npx vite build --mode test-hooks --outDir <dist>` of each version. The machine's speed drifts over minutes (other
 * work on the host), so runs of whole sections one build after the other compare different machines. Here every round
 * runs the section (discovery, lateJoin or latency) once per build with a few samples (BENCH_SAMPLES, default 1, 2 and
 * 20; latency with BENCH_PEERS, default 2, BENCH_SCENARIOS to pick some of its scenarios and BENCH_WARMUP actions
 * played first and left out), in
 * alternating order, on one Chromium and one server per build; it prints each build's median of every figure and the
 * median of the per-round differences from the first build; a latency's stages (e.g. the DOM changed in the acting page)
 * get rows of their own.
 */
import type { Figure } from '../figure';
import { summarize } from '../stats';
import { runDiscovery } from '../sections/browser/discovery';
import { runLateJoin } from '../sections/browser/lateJoin';
import { runLatency } from '../sections/browser/latency';
import type { Harness } from '../sections/browser/harness';
import { alternateBuilds } from './alternate';

const SECTIONS: Record<string, { run: (h: Harness) => Promise<Figure[]>; samples: number }> = {
  discovery: { run: runDiscovery, samples: 1 },
  lateJoin: { run: runLateJoin, samples: 2 },
  latency: { run: runLatency, samples: 20 },
};

const [sectionName, roundsArg, ...dists] = process.argv.slice(2);
const section = SECTIONS[sectionName];
if (!section || dists.length < 2)
  throw new Error(`usage: pairedAB.ts ${Object.keys(SECTIONS).join('|')} <rounds> <dist> <dist> [<dist>...]`);
process.env.BENCH_SAMPLES ??= String(section.samples);
process.env.BENCH_PEERS ??= '2';

// medians[figure][build][round]
const medians = new Map<string, number[][]>();
await alternateBuilds(dists, Number(roundsArg), async (h, i, round) => {
  for (const f of await section.run(h)) {
    const rows = medians.get(f.name) ?? dists.map(() => []);
    rows[i][round] = f.stats.median;
    medians.set(f.name, rows);
    // A latency's stages (the act's own page, the first send, the first receive) compare the same way.
    const stages = (f.detail?.medianBreakdownMs ?? {}) as Record<string, number | null>;
    for (const [stage, ms] of Object.entries(stages)) {
      if (ms === null) continue;
      const name = `${f.name.split(':')[0]} · ${stage}`;
      const stageRows = medians.get(name) ?? dists.map(() => []);
      stageRows[i][round] = ms;
      medians.set(name, stageRows);
    }
  }
});
console.log(
  `\n${sectionName}, ${roundsArg} rounds of ${process.env.BENCH_SAMPLES} samples; builds: ${dists.join(', ')}`,
);
// A stage some build never reached in a round (no drag, say) is left out of that round.
const known = (xs: number[]) => xs.filter((x) => Number.isFinite(x));
for (const [name, rows] of medians) {
  // Milliseconds of a latency differ by tenths; a discovery's or a size's by whole units.
  if (rows.some((r) => known(r).length === 0)) continue;
  const digits = Math.abs(summarize(known(rows[0])).median) < 100 ? 1 : 0;
  const cells = rows.map((r, i) => {
    const m = summarize(known(r)).median.toFixed(digits);
    if (i === 0) return m;
    const diffs = known(r.map((v, k) => v - rows[0][k]));
    if (diffs.length === 0) return `${m} (?)`;
    const diff = summarize(diffs).median;
    return `${m} (${diff >= 0 ? '+' : ''}${diff.toFixed(digits)})`;
  });
  console.log(`  ${name.slice(0, 64).padEnd(64)} ${cells.join('  ')}`);
}
