/**
 * The `reference` section: this project beside the earlier product (github:Manivela/p2pgames, React + Yjs + y-webrtc),
 * the same scenarios driven through both apps' DOM by one harness on one Chromium, rounds alternating between the apps
 * (the machine's speed drifts over minutes). Runs only when BENCH_REFERENCE names the earlier product's checkout, built
 * with its src/constants.js pointed at ws://127.0.0.1:4444 and iceServers [] (docs/benchmarks.md, issue 26).
 * BENCH_ROUNDS: rounds (default 4, 2 under BENCH_QUICK). BENCH_REFERENCE_SCENARIOS: some of meeting, okeyMeeting,
 * lateJoin, table, historyJumps, visits, phone (default all). BENCH_REFERENCE_TYPING_MS: the pause on /login (default
 * 1000); BENCH_REFERENCE_PHONE_TYPING_MS: the phone's (default 3000).
 */
import { figure, QUICK, samplesOf, type Figure, type Target } from '../../../figure';
import { summarize } from '../../../stats';
import type { Harness } from '../harness';
import { earlierApp, startReference, startThis, thisApp, type App } from './apps';
import { BENCH_DIST } from '../harness';
import {
  visits,
  historyJumps,
  lateJoin,
  LOG_ACTIONS,
  meeting,
  PHONE,
  PHONE_TYPING_MS,
  phoneVisit,
  tableActions,
  TYPING_MS,
  type Meeting,
} from './scenarios';

/**
 * The figures compared, in the order of the issues that asked for them. `goal`: the most this / earlier may be, read
 * from both apps' `stat` (the median unless said); false: reported only.
 */
const FIGURES = {
  board: {
    name: "Go -> the joining page's TicTacToe board",
    unit: 'ms',
    goal: 1,
    note:
      "the first .square (earlier) / Square button (this) in the page. The earlier product's TicTacToe is React.lazy: " +
      'a probe here saw its "..." fallback ~40 ms after Go and its chunk in by ~55 ms, and React 19 revealing the ' +
      'board 300 ms after the fallback (its Suspense reveal throttle)',
  },
  okeyBoard: {
    name: "Go -> the joining page's Okey board",
    unit: 'ms',
    goal: 0.5,
    note: "the first Sit button of a seat: Okey is where a name lands, and where a room's link most often leads",
  },
  okeyReady: {
    name: "Go -> the joining page's Okey board takes a Sit",
    unit: 'ms',
    goal: false,
    note:
      'the first enabled Sit button: this app enables its buttons once the room document is open (a click before ' +
      'would apply to this page alone); the earlier product renders them enabled',
  },
  listed: { name: 'Go -> both pages list each other', unit: 'ms', goal: 1 },
  fromSocket: {
    name: "Go or the joining page's WebSocket open, the later -> both list each other",
    unit: 'ms',
    goal: 1,
    note:
      'the network part of the wait after Go. The earlier product opens its socket after Go; this project meets the ' +
      'room while the name is typed on /login, so its socket is open before Go and the figure counts from Go',
  },
  seats: {
    name: `Late joiner after ${LOG_ACTIONS} Okey sit/stand actions: Go -> seats`,
    unit: 'ms',
    goal: 1,
  },
  table: {
    name: 'Okey sit/stand at a four-page table: click -> each other page',
    unit: 'ms',
    goal: 0.5,
    note:
      'each of four pages in turn sits on its own seat and stands again; every other page is watched for the seat ' +
      "to show it (a MutationObserver armed before the click), one sample per other page, a fresh page's first " +
      'actions left out',
  },
  tableP95: {
    name: 'Okey sit/stand at a four-page table: click -> each other page, 95th percentile',
    unit: 'ms',
    goal: 1,
    stat: 'p95',
  },
  jumpTime: {
    name: "TicTacToe history jump: A's click -> B's board",
    unit: 'ms',
    goal: 0.7,
  },
  jumpBytes: {
    name: 'Data-channel bytes per TicTacToe history jump',
    unit: 'B',
    goal: 1,
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
  phoneName: {
    name: 'Phone first visit: room link -> name field',
    unit: 'ms',
    goal: 0.8,
    note:
      `a fresh iPhone-12-sized touch page, Chromium emulating ${PHONE.latencyMs} ms round trip, ` +
      `${PHONE.downBitsPerSecond / 1e6} Mbit/s down, ${PHONE.upBitsPerSecond / 1e3} kbit/s up and a CPU ` +
      `${PHONE.cpuSlowdown} times slower, opens a fresh room's Okey link; from its navigation's start. The person ` +
      `types for ${PHONE_TYPING_MS} ms, then presses Go`,
  },
  phoneBoard: { name: 'Phone first visit: Go -> Okey board', unit: 'ms', goal: 0.8 },
  phoneWhole: {
    name: 'Phone first visit: link -> name field, and Go -> board (the typing left out)',
    unit: 'ms',
    goal: 0.8,
  },
  phoneSecond: {
    name: "Phone second visit: another room's link in a new tab -> Okey board",
    unit: 'ms',
    goal: false,
    note:
      "the same phone and network, once the first visit has rested a second; from the navigation's start (a product " +
      'that asks for the name again gets Go at once)',
  },
  phoneSecondBytes: {
    name: 'Phone second visit: transferred by the time the board shows',
    unit: 'B',
    goal: false,
    note: 'what came over the network: answers of a service worker count nothing',
  },
  phoneBytes: {
    name: 'Phone first visit: transferred by the time the board shows',
    unit: 'B',
    goal: false,
    note: "the page's requests and its service worker's, encoded, headers included",
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
  const tableActionCount = samplesOf(40, 8);
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
    phoneBytesServiceWorker: [] as number[],
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
      'okeyMeeting',
      async (app, round, add) => {
        const all: Meeting[] = [];
        for (let i = 0; i < meetings; i++)
          all.push(await meeting(h.browser, app, round * meetings + i, 'okey'));
        add(
          'okeyBoard',
          all.map((m) => m.board),
        );
        add(
          'okeyReady',
          all.map((m) => m.ready),
        );
      },
    ],
    [
      'table',
      async (app, round, add) => {
        const { times } = await tableActions(h.browser, app, round, tableActionCount);
        add('table', times);
        add('tableP95', times);
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
        add('jumpTime', r.times);
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
    [
      'phone',
      async (app, round, add) => {
        const v = await phoneVisit(h.browser, app, round);
        add('phoneName', [v.nameField]);
        add('phoneBoard', [v.board]);
        add('phoneWhole', [v.whole]);
        add('phoneBytes', [v.bytes]);
        add('phoneSecond', [v.second]);
        add('phoneSecondBytes', [v.secondBytes]);
        notes[apps.indexOf(app)].phoneBytesServiceWorker.push(v.bytesServiceWorker);
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
    tableActionsPerRound: tableActionCount,
    typingMs: TYPING_MS,
    phoneTypingMs: PHONE_TYPING_MS,
    reference: dir,
  });
}

/**
 * Three figures per comparison: this project's samples, the earlier product's, and the ratio of their medians (or of
 * the statistic the figure names: this / earlier) with the ratio of each round's beside it.
 */
function compare(samples: Samples[], notes: unknown[], run: Record<string, unknown>): Figure[] {
  const figures: Figure[] = [];
  for (const [key, f] of Object.entries(FIGURES) as [Key, (typeof FIGURES)[Key]][]) {
    const { name, unit, goal } = f;
    const stat = 'stat' in f ? f.stat : 'median';
    const median = (xs: number[]) => summarize(xs)[stat];
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
    // A figure read at another statistic shares its samples with the figure before it: its ratio is what it adds.
    if (stat === 'median')
      figures.push(
        figure('reference', `${name} (this)`, unit, ours, { detail, targets: limit }),
        figure('reference', `${name} (earlier product)`, unit, theirs),
      );
    const targets: Target[] | undefined = goal ? [{ stat: 'median', max: goal }] : undefined;
    figures.push(
      figure('reference', `${name}: this / earlier`, 'x', [median(ours) / median(theirs)], {
        targets,
        detail: { stat, this: median(ours), earlier: median(theirs), roundRatios },
      }),
    );
  }
  return figures;
}
