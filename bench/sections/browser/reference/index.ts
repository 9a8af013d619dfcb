/**
 * The `reference` section: this project beside the earlier product (github:Manivela/p2pgames, React + Yjs + y-webrtc),
 * the same scenarios driven through both apps' DOM by one harness on one Chromium, rounds alternating between the apps
 * (the machine's speed drifts over minutes). Runs only when BENCH_REFERENCE names the earlier product's checkout, built
 * with its src/constants.js pointed at ws://127.0.0.1:4444 and iceServers [] (docs/benchmarks.md, issue 26).
 * BENCH_ROUNDS: rounds (default 4, 2 under BENCH_QUICK). BENCH_REFERENCE_SCENARIOS: some of meeting, lateJoin,
 * historyJumps, visits (default all). BENCH_REFERENCE_TYPING_MS: the pause on /login (default 1000).
 */
import { figure, QUICK, samplesOf, type Figure, type Target } from '../../../figure';
import { summarize } from '../../../stats';
import type { Harness } from '../harness';
import { earlierApp, startReference, startThis, thisApp, type App } from './apps';
import { BENCH_DIST } from '../harness';
import { visits, historyJumps, lateJoin, LOG_ACTIONS, meeting, TYPING_MS, type Meeting } from './scenarios';

/** The figures compared: the table, in its order; `goal` rows must reach this / earlier <= 1.0. */
const FIGURES = {
  board: {
    name: "Go -> the joining page's TicTacToe board",
    unit: 'ms',
    goal: true,
    note:
      "the first .square (earlier) / Square button (this) in the page. The earlier product's TicTacToe is React.lazy: " +
      'a probe here saw its "..." fallback ~40 ms after Go and its chunk in by ~55 ms, and React 19 revealing the ' +
      'board 300 ms after the fallback (its Suspense reveal throttle)',
  },
  listed: { name: 'Go -> both pages list each other', unit: 'ms', goal: true },
  fromSocket: {
    name: "Go or the joining page's WebSocket open, the later -> both list each other",
    unit: 'ms',
    goal: true,
    note:
      'the network part of the wait after Go. The earlier product opens its socket after Go; this project meets the ' +
      'room while the name is typed on /login, so its socket is open before Go and the figure counts from Go',
  },
  seats: {
    name: `Late joiner after ${LOG_ACTIONS} Okey sit/stand actions: Go -> seats`,
    unit: 'ms',
    goal: true,
  },
  jumpBytes: {
    name: 'Data-channel bytes per TicTacToe history jump',
    unit: 'B',
    goal: true,
    note:
      'payload handed to RTCDataChannel.send by both pages, alternating "Go to move #1" / "Go to game start" after ' +
      'one move each, clicked in the page (no pointer moves, so no cursor traffic), 500 ms apart',
  },
  transfer: {
    name: 'Room first visit (link, /login, Go, board): transfer',
    unit: 'B',
    goal: false,
    note:
      "encoded bytes (headers included) of every request of the page and of its service worker (this project's " +
      'worker fetches the whole build for a start without network) until the network rests 1 s after the board; CDN ' +
      'requests of the earlier index.html fail in the namespace and count nothing',
  },
  secondTransfer: {
    name: "Room second visit (another room's link in a new tab, same browser): transfer",
    unit: 'B',
    goal: false,
    /** Issue 26: a second visit transfers at most 20 KB. */
    thisMax: 20_000,
    note: "counted as the first visit, from the new tab's navigation until the network rests 1 s after the board",
  },
} as const;
type Key = keyof typeof FIGURES;

/** Samples of one app: per figure, per round. */
type Samples = Record<Key, number[][]>;
const emptySamples = (): Samples =>
  Object.fromEntries(Object.keys(FIGURES).map((k) => [k, []])) as unknown as Samples;

/** One scenario of a round for one app: adds its samples (and anything worth keeping to `notes`). */
type Scenario = (app: App, round: number, add: (key: Key, values: number[]) => void) => Promise<void>;

export async function runReference(h: Harness): Promise<Figure[]> {
  const dir = process.env.BENCH_REFERENCE;
  if (!dir) {
    process.stdout.write('skipped (set BENCH_REFERENCE to the earlier product, built) ');
    return [];
  }
  const rounds = Number(process.env.BENCH_ROUNDS) || (QUICK ? 2 : 4);
  const meetings = samplesOf(10, 2);
  const joiners = samplesOf(5, 2);
  const jumps = samplesOf(20, 6);
  const reference = await startReference(dir);
  // Both apps' servers in processes of their own (apps.ts startThis), not this project's in the bench's process.
  const ours = await startThis(BENCH_DIST).catch(async (error: unknown) => {
    await Promise.all([reference.close(), ours.close()]);
    throw error;
  });
  const apps = [thisApp(ours.baseUrl), earlierApp(reference.baseUrl)];
  const samples = apps.map(emptySamples);
  const notes = apps.map(() => ({
    failures: [] as string[],
    meetingMedians: {} as Record<string, number>,
    lateJoinResits: 0,
    lateJoinLogSeconds: [] as number[],
    jumpMessages: [] as number[],
    transferBeforeGo: [] as number[],
    transferServiceWorker: [] as number[],
    transferRequests: [] as number[],
    transferFailed: [] as string[],
    secondTransferServiceWorker: [] as number[],
  }));
  const scenarios: [string, Scenario][] = [
    [
      'meeting',
      async (app, round, add) => {
        const all: Meeting[] = [];
        for (let i = 0; i < meetings; i++) all.push(await meeting(h.browser, app, round * meetings + i));
        add(
          'board',
          all.map((m) => m.board),
        );
        add(
          'listed',
          all.map((m) => m.listed),
        );
        add(
          'fromSocket',
          all.map((m) => m.fromSocket),
        );
        const n = notes[apps.indexOf(app)].meetingMedians;
        n['Go -> A lists B'] =
          (n['Go -> A lists B'] ?? 0) + summarize(all.map((m) => m.aListsB)).median / rounds;
        n['Go -> B lists A'] =
          (n['Go -> B lists A'] ?? 0) + summarize(all.map((m) => m.bListsA)).median / rounds;
      },
    ],
    [
      'lateJoin',
      async (app, round, add) => {
        const r = await lateJoin(h.browser, app, round, joiners);
        add('seats', r.seats);
        const n = notes[apps.indexOf(app)];
        n.lateJoinResits += r.resits;
        n.lateJoinLogSeconds.push(r.logSeconds);
      },
    ],
    [
      'historyJumps',
      async (app, round, add) => {
        const r = await historyJumps(h.browser, app, round, jumps);
        add('jumpBytes', [r.perJump]);
        notes[apps.indexOf(app)].jumpMessages.push(r.messages / r.jumps);
      },
    ],
    [
      'visits',
      async (app, round, add) => {
        const { first, second } = await visits(h.browser, app, round);
        add('transfer', [first.total]);
        add('secondTransfer', [second.total]);
        const n = notes[apps.indexOf(app)];
        n.transferBeforeGo.push(first.beforeGo);
        n.transferServiceWorker.push(first.serviceWorker);
        n.transferRequests.push(first.requests);
        n.transferFailed = [...new Set([...n.transferFailed, ...first.failed, ...second.failed])];
        n.secondTransferServiceWorker.push(second.serviceWorker);
      },
    ],
  ];
  const only = process.env.BENCH_REFERENCE_SCENARIOS?.split(',');
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [scenarioName, scenario] of scenarios) {
        if (only && !only.includes(scenarioName)) continue;
        const order = round % 2 ? [1, 0] : [0, 1];
        for (const i of order) {
          const add = (key: Key, values: number[]) => (samples[i][key][round] ??= []).push(...values);
          try {
            await scenario(apps[i], round, add);
          } catch (error) {
            const message = `${scenarioName}, round ${round + 1}: ${(error as Error).message.split('\n')[0]}`;
            console.warn(`\nreference (${apps[i].kind}): ${message}`);
            notes[i].failures.push(message);
          }
        }
      }
      process.stdout.write(`round ${round + 1} `);
    }
  } finally {
    await Promise.all([reference.close(), ours.close()]);
  }
  return compare(samples, notes, {
    rounds,
    meetingsPerRound: meetings,
    lateJoinersPerRound: joiners,
    jumpsPerRound: jumps,
    typingMs: TYPING_MS,
    reference: dir,
  });
}

/**
 * Three figures per comparison: this project's samples, the earlier product's, and the ratio of their medians (this /
 * earlier) with the ratio of each round's medians beside it.
 */
function compare(samples: Samples[], notes: unknown[], run: Record<string, unknown>): Figure[] {
  const figures: Figure[] = [];
  const median = (xs: number[]) => summarize(xs).median;
  for (const [key, f] of Object.entries(FIGURES) as [Key, (typeof FIGURES)[Key]][]) {
    const { name, unit, goal } = f;
    const [ours, theirs] = samples.map((s) => s[key].flat().filter(Number.isFinite));
    if (ours.length === 0 || theirs.length === 0) {
      console.warn(
        `\nreference: no samples of "${name}" for ${ours.length ? 'the earlier product' : 'this app'}`,
      );
      continue;
    }
    const roundRatios = samples[0][key]
      .map((r, i) => (r?.length && samples[1][key][i]?.length ? median(r) / median(samples[1][key][i]) : NaN))
      .filter(Number.isFinite)
      .map((x) => Math.round(x * 100) / 100);
    const detail = {
      ...run,
      measured: 'note' in f ? f.note : undefined,
      notes: key === 'board' ? { this: notes[0], earlier: notes[1] } : undefined,
    };
    const limit = 'thisMax' in f ? [{ stat: 'median' as const, max: f.thisMax }] : undefined;
    figures.push(
      figure('reference', `${name} (this)`, unit, ours, { detail, targets: limit }),
      figure('reference', `${name} (earlier product)`, unit, theirs),
    );
    const targets: Target[] | undefined = goal ? [{ stat: 'median', max: 1 }] : undefined;
    figures.push(
      figure('reference', `${name}: this / earlier`, 'x', [median(ours) / median(theirs)], {
        targets,
        detail: { thisMedian: median(ours), earlierMedian: median(theirs), roundRatios },
      }),
    );
  }
  return figures;
}
