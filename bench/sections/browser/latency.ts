import { figure, samplesOf, type Figure } from '../../figure';
import { summarize } from '../../stats';
import { closeAll, freshRoom, type Harness } from './harness';
import { measureStep, openBenchRoom, pause, totalTraffic, type BenchRoom, type Sample } from './measure';
import { okeyDiscards } from './okeyDiscards';
import { PRESS_MS } from './pageHooks';

/** Milliseconds between measured actions: past automerge-repo's 100 ms sync throttle, as people play. */
export const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 150);

/** Draw game: every square filled, no line. */
const TTT_ORDER = [1, 2, 3, 5, 4, 6, 8, 7, 9];

/** A series of samples and the traffic it caused. */
export type Series = {
  samples: Sample[];
  actions: number;
  bytes: number;
  messages: number;
  /** Wall time of the whole series, setup included. */
  seconds?: number;
};

const others = (n: number, actor: number) => [...Array(n).keys()].filter((i) => i !== actor);

async function tictactoe(r: BenchRoom, count: number): Promise<Series> {
  const n = r.people.length;
  const samples: Sample[] = [];
  let actions = 0;
  const start = await totalTraffic(r);
  while (samples.length < count) {
    for (const [k, square] of TTT_ORDER.entries()) {
      if (samples.length >= count) break;
      const actor = k % 2;
      const sel = `[aria-label="Square ${square}"]`;
      const mark = actor === 0 ? 'X' : 'O';
      samples.push(
        await measureStep(
          r,
          actor,
          others(n, actor),
          { kind: 'click', selector: sel },
          {
            selector: sel,
            attr: 'data-mark',
            value: mark,
            mode: 'equals',
          },
        ),
      );
      actions++;
      await pause(GAP_MS);
    }
    // New game: every square empty again everywhere before the next round.
    await measureStep(
      r,
      1,
      others(n, 1),
      { kind: 'click', selector: 'button', text: 'New game' },
      {
        selector: '[aria-label="Square 9"]',
        attr: 'data-mark',
        value: '',
        mode: 'equals',
      },
    );
    actions++;
    await pause(GAP_MS);
  }
  const end = await totalTraffic(r);
  return { samples, actions, bytes: end.bytes - start.bytes, messages: end.messages - start.messages };
}

async function sitStand(r: BenchRoom, count: number): Promise<Series> {
  const n = r.people.length;
  const samples: Sample[] = [];
  const start = await totalTraffic(r);
  for (let i = 0; samples.length < count; i++) {
    const actor = i % n;
    const seat = `[data-testid="seat-${actor + 1}-name"]`;
    const label = `[data-seat-id="${actor + 1}"] button`;
    const who = r.people[actor].name;
    for (const [text, value] of [
      ['Sit', who],
      ['Stand', `Player ${actor + 1}`],
    ]) {
      samples.push(
        await measureStep(
          r,
          actor,
          others(n, actor),
          { kind: 'click', selector: label, text },
          {
            selector: seat,
            attr: null,
            value,
            mode: 'includes',
          },
        ),
      );
      await pause(GAP_MS);
    }
  }
  const end = await totalTraffic(r);
  return {
    samples,
    actions: samples.length,
    bytes: end.bytes - start.bytes,
    messages: end.messages - start.messages,
  };
}

/** Figures of one series: latency to the other pages, its breakdown, and data-channel bytes per action. */
function seriesFigures(what: string, n: number, s: Series, okeyTargets: boolean): Figure[] {
  const dom = s.samples.flatMap((x) => x.dom);
  const median = (xs: number[]) => {
    const ok = xs.filter((x) => Number.isFinite(x));
    return ok.length ? Math.round(summarize(ok).median * 100) / 100 : null;
  };
  const detail = {
    peers: n,
    actions: s.samples.length,
    samplesAreActionTimesObservers: n - 1,
    gapMs: GAP_MS,
    // Clicks are timed from the click; the pointer arrives on the button and presses it this long before.
    pressMs: PRESS_MS,
    seriesSeconds: s.seconds,
    medianBreakdownMs: {
      'next animation frame (drags)': median(s.samples.map((x) => x.frame)),
      'drop animation transitionend (drags)': median(s.samples.map((x) => x.dropEnd)),
      'bridge.submit called': median(s.samples.map((x) => x.submit)),
      'first webrtc send': median(s.samples.map((x) => x.send)),
      'first webrtc receive in observer': median(s.samples.flatMap((x) => x.recv)),
      'DOM changed in actor': median(s.samples.map((x) => x.local ?? NaN)),
      'DOM changed in observer': median(dom),
      'frame painting it began, actor': median(s.samples.map((x) => x.localPainted ?? NaN)),
      'frame painting it began, observer': median(s.samples.flatMap((x) => x.painted)),
    },
  };
  const figures = [
    figure('latency', `${what}, ${n} peers: act in A -> DOM in others`, 'ms', dom, {
      detail,
      ...(okeyTargets
        ? {
            targets: [
              { stat: 'median', max: 5 },
              { stat: 'p95', max: 10 },
            ],
          }
        : {}),
    }),
  ];
  figures.push(
    figure(
      'bytes',
      `${what}, ${n} peers: data-channel bytes per action, all peers`,
      'B',
      [s.bytes / s.actions],
      {
        detail: {
          actions: s.actions,
          bytes: s.bytes,
          messages: s.messages,
          messagesPerAction: s.messages / s.actions,
        },
        // The budget: at most a tenth of the earlier product's 16.7 KB per Okey action between two pages. Every seat
        // action carries a 64-byte signature since fair play (docs/fair-play.md), ahead and in its change.
        ...(okeyTargets && n === 2 ? { targets: [{ stat: 'median', max: 1670 }] } : {}),
      },
    ),
  );
  return figures;
}

/** Okey discard, Okey sit/stand and TicTacToe move latency and traffic, with 2 and 4 peers. */
export async function runLatency(h: Harness): Promise<Figure[]> {
  // At least 200 latencies per figure: with n peers each action gives n - 1 (one per other page).
  const samples = samplesOf(200, 12);
  const peerCounts = (process.env.BENCH_PEERS ?? '2,4').split(',').map(Number);
  const figures: Figure[] = [];
  const scenarios: [string, string, (r: BenchRoom, count: number) => Promise<Series>, boolean][] = [
    ['Okey discard', 'okey', okeyDiscards, true],
    ['Okey sit/stand', 'okey', sitStand, true],
    ['TicTacToe move', 'tictactoe', tictactoe, false],
  ];
  // BENCH_SCENARIOS (e.g. "Okey discard") narrows a comparison to some scenarios.
  const only = process.env.BENCH_SCENARIOS?.split(',');
  // BENCH_WARMUP actions first, left out of the latencies: a fresh page spends its first moves compiling (V8 tiers the
  // code up on background threads), which at 4 pages on 2 cores delays every page; a game's many later moves do not.
  const warmup = Number(process.env.BENCH_WARMUP ?? 0);
  for (const n of peerCounts) {
    const count = Math.ceil(samples / (n - 1));
    for (const [what, game, run, okey] of scenarios) {
      if (only && !only.includes(what)) continue;
      const r = await openBenchRoom(h, freshRoom(), game, n);
      try {
        const began = performance.now();
        const all = await run(r, warmup + count);
        const series = { ...all, samples: all.samples.slice(warmup), seconds: 0 };
        series.seconds = Math.round((performance.now() - began) / 100) / 10;
        figures.push(...seriesFigures(what, n, series, okey));
      } finally {
        await closeAll(r.people);
      }
    }
  }
  return figures;
}
