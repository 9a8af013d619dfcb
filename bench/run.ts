/**
 * The benchmark suite a maintainer runs before a release: `npm run bench` (inside the loopback-only namespace).
 * Runs every section, prints one table, and writes bench/results.json with every figure, the machine and the date.
 * BENCH_QUICK=1: small sample counts while developing. BENCH_ONLY=pageWeight,reducer,minecraft,...: some sections only
 * (results.json keeps the other sections' figures of the last run of the same kind, each section with its run).
 * BENCH_GAP_MS: spacing of measured actions (default 150). BENCH_PEERS=2,4: peer counts of the latency runs.
 * BENCH_SAMPLES: the full sample count. BENCH_EXPERIMENT=no-animations: a what-if run (see figure.ts).
 * BENCH_SKIP_BUILD=1: measure the existing benchmark build. BENCH_DIST: build and serve the app from another folder.
 * BENCH_REFERENCE=<dir>: the `reference` section compares this app with the earlier product built there (else skipped);
 * BENCH_ROUNDS: its rounds. BENCH_SOAK_ROUNDS: the Okey rounds of the `soak` section (default 50).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import type { Figure } from './figure';
import { EXPERIMENT, QUICK } from './figure';
import { renderTable } from './report';
import { runDeal } from './sections/browser/deal';
import { runDiscovery } from './sections/browser/discovery';
import { BENCH_DIST, startHarness, stopHarness, type Harness } from './sections/browser/harness';
import { runLateJoin } from './sections/browser/lateJoin';
import { runMaskedDeal } from './sections/browser/maskedDeal';
import { runLatency } from './sections/browser/latency';
import { runReference } from './sections/browser/reference/index';
import { runRelay } from './sections/browser/relay';
import { runSoak } from './sections/browser/soak';
import { runMaskedDeck } from './sections/maskedDeck';
import { runMinecraft } from './sections/minecraft';
import { runPageWeight } from './sections/pageWeight';
import { runReducer } from './sections/reducer';
import { runSignalling } from './sections/signalling';

const ROOT = join(import.meta.dirname, '..');

const newest = (path: string): number =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))))
    : statSync(path).mtimeMs;

/** Which build was measured: built now, or (when building failed or BENCH_SKIP_BUILD=1) an earlier one. */
type BuildInfo = { fresh: boolean; builtAt: string; note?: string };

/**
 * Builds the app into node_modules/.cache/game-room-bench/dist when that is missing or older than the sources. A
 * private output directory: other builds of the checkout (the browser tests build dist/) must not swap the files under
 * a running benchmark. When the build fails and an earlier one exists, that one is measured and the results say so.
 */
function ensureBuild(): BuildInfo {
  const manifest = join(BENCH_DIST, '.vite/manifest.json');
  const builtAt = () => statSync(manifest).mtime.toISOString();
  const sources = ['src', 'index.html', 'vite.config.ts', 'public']
    .map((p) => join(ROOT, p))
    .filter(existsSync);
  const exists = existsSync(manifest);
  if (exists && process.env.BENCH_SKIP_BUILD === '1')
    return { fresh: false, builtAt: builtAt(), note: 'BENCH_SKIP_BUILD=1' };
  if (exists && statSync(manifest).mtimeMs >= Math.max(...sources.map(newest)))
    return { fresh: true, builtAt: builtAt() };
  console.log('Building the app for the benchmark (its build is missing or older than src/)...');
  const args = [
    'vite',
    'build',
    '--mode',
    'test-hooks',
    '--logLevel',
    'error',
    '--outDir',
    BENCH_DIST,
    '--emptyOutDir',
  ];
  try {
    execFileSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
    return { fresh: true, builtAt: builtAt() };
  } catch (error) {
    if (!existsSync(manifest)) throw error;
    console.warn(`The build failed: measuring the earlier build of ${builtAt()} instead.`);
    return { fresh: false, builtAt: builtAt(), note: 'the build of the current sources failed' };
  }
}

type Section = { name: string; browser: boolean; run: (h: Harness | null) => Promise<Figure[]> | Figure[] };

const SECTIONS: Section[] = [
  { name: 'pageWeight', browser: true, run: (h) => runPageWeight(h) },
  { name: 'reducer', browser: false, run: () => runReducer() },
  { name: 'signalling', browser: false, run: () => runSignalling() },
  { name: 'maskedDeck', browser: false, run: () => runMaskedDeck() },
  { name: 'discovery', browser: true, run: (h) => runDiscovery(h!) },
  { name: 'latency', browser: true, run: (h) => runLatency(h!) },
  { name: 'deal', browser: true, run: (h) => runDeal(h!) },
  { name: 'maskedDeal', browser: true, run: (h) => runMaskedDeal(h!) },
  { name: 'lateJoin', browser: true, run: (h) => runLateJoin(h!) },
  { name: 'relay', browser: true, run: (h) => runRelay(h!) },
  { name: 'minecraft', browser: true, run: (h) => runMinecraft(h!) },
  { name: 'reference', browser: true, run: (h) => runReference(h!) },
  { name: 'soak', browser: true, run: (h) => runSoak(h!) },
];

/** What a run wrote to bench/results.json (null when there is none, or it cannot be read). */
type Results = {
  date: string;
  quick: boolean;
  experiment: string | null;
  machine: unknown;
  build: unknown;
  sectionSeconds: Record<string, number>;
  sectionRuns?: Record<string, { date?: string; machine?: unknown; build?: unknown }>;
  figures: Figure[];
};

function readResults(file: string): Results | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Results;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',');
  const chosen = SECTIONS.filter((s) => !only || only.includes(s.name));
  const build = ensureBuild();
  const started = new Date();
  const loadBefore = loadavg();
  const harness = chosen.some((s) => s.browser) ? await startHarness() : null;
  const figures: Figure[] = [];
  const timings: Record<string, number> = {};
  try {
    for (const section of chosen) {
      const t = performance.now();
      process.stdout.write(`${section.name}... `);
      figures.push(...(await section.run(harness)));
      timings[section.name] = Math.round((performance.now() - t) / 1000);
      console.log(`${timings[section.name]} s`);
    }
  } finally {
    if (harness) await stopHarness(harness);
  }
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    chromium: harness?.chromium ?? null,
    os: `${process.platform} ${release()}`,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg(),
  };
  const file = join(import.meta.dirname, 'results.json');
  const run = { date: started.toISOString(), machine, build };
  // Some sections only (BENCH_ONLY): the other sections' figures of the last run of the same kind stay, each section
  // with the run that measured it.
  const previous = only ? readResults(file) : null;
  const kept = previous?.quick === QUICK && previous.experiment === EXPERIMENT ? previous : null;
  const ran = new Set(chosen.map((s) => s.name));
  const figureKey = (f: Figure) => `${f.section}\u0000${f.name}`;
  const measured = new Set(figures.map(figureKey));
  const results = {
    date: run.date,
    quick: QUICK,
    experiment: EXPERIMENT,
    machine,
    build,
    sectionSeconds: { ...kept?.sectionSeconds, ...timings },
    sectionRuns: {
      ...Object.fromEntries(
        [...new Set(kept?.figures.map((f) => f.section))].map((name) => [
          name,
          kept?.sectionRuns?.[name] ?? { date: kept?.date, machine: kept?.machine, build: kept?.build },
        ]),
      ),
      ...Object.fromEntries([...ran].map((name) => [name, run])),
    },
    // A section may file figures under another heading (latency's bytes per action): a figure measured again
    // replaces its namesake, so a run of some sections leaves one of each.
    figures: [
      ...(kept?.figures.filter((f) => !ran.has(f.section) && !measured.has(figureKey(f))) ?? []),
      ...figures,
    ],
  };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderTable(figures)}\n`);
  console.log(
    `${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, Chromium ${machine.chromium ?? '-'}, ` +
      `load ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before; written to bench/results.json`,
  );
}

await main();
