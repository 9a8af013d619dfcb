/**
 * The soak: an evening of Okey in one room, measured. Two people sit with two bots; a spectator watches from the
 * start and another joins late; one person reloads now and then, leaves (closes the page) and comes back. After every
 * round: do all pages fold the same table, and how large is the room document; every 10 rounds: each page's JS heap
 * after a full garbage collection; after round 1, every 10th round and the last: a reload's and a new late joiner's
 * time to the board. BENCH_SOAK_ROUNDS sets the rounds (default 50; 4 with BENCH_QUICK).
 */
import type { Page } from 'playwright-core';
import type { OkeyState } from '../../../src/games/okey/rules/types';
import { figure, QUICK, samplesOf, type Figure } from '../../figure';
import { summarize } from '../../stats';
import {
  closeAll,
  freshRoom,
  newBenchPerson,
  waitAllConnected,
  type BenchPerson,
  type Harness,
} from './harness';
import { pause, trafficOf } from './measure';
import {
  heapAfterGc,
  installLandmarkWatch,
  landmarkOf,
  timedLateJoin,
  timedReload,
  whenConnected,
} from './soakMeasure';
import { pagesAgree, playRound, press, startRound, tableOf, whenEvery } from '../../../test/helpers/okeyPlay';
import { printSoakTable, type RoundRecord } from './soakReport';

/** Opens a person's page on the room's Okey table, with the bots moving at once and the load landmark installed. */
async function arrive(h: Harness, room: string, name: string, person?: BenchPerson): Promise<BenchPerson> {
  const p = person ?? (await newBenchPerson(h, name));
  if (!person) {
    // The bots' pause is a person's thinking time; an evening's rounds are measured, not waited for.
    await p.context.addInitScript(() => {
      window.__botPauseMs = 0;
    });
    await installLandmarkWatch(p);
  }
  await p.page.goto(`/${room}/okey`);
  await p.page.getByTestId('okey-table').waitFor({ timeout: 60_000 });
  await whenConnected(p.page);
  return p;
}

/** A person's page opened again in the same browser (same user, key and storage), after closing the last one. */
async function comeBack(h: Harness, room: string, person: BenchPerson): Promise<BenchPerson> {
  const page = await person.context.newPage();
  return arrive(h, room, person.name, { ...person, page });
}

// A dealt table seats only the players: seat ids, not places in the list, name a seat.
const seatOf = (s: OkeyState, seatId: number) => s.players.find((p) => p.id === seatId);

const clientIdOf = (page: Page) => page.evaluate(() => window.__gameRoom!.connection!.presence.clientId);

/** Sits the person in the seat through the seat's Sit button, until every page shows their tab holding it. */
async function sit(person: BenchPerson, seatId: number, pages: readonly Page[]): Promise<void> {
  await person.page.locator(`[data-seat-id="${seatId}"]`).getByRole('button', { name: 'Sit' }).click();
  const tab = await clientIdOf(person.page);
  await whenEvery(pages, (s) => seatOf(s, seatId)?.userKey === tab, `${person.name} in seat ${seatId}`);
}

/** After a reload, every page shows the seat bound to the person's new tab. */
async function seatFollows(person: BenchPerson, seatId: number, pages: readonly Page[]): Promise<void> {
  const tab = await clientIdOf(person.page);
  await whenEvery(pages, (s) => seatOf(s, seatId)?.userKey === tab, `${person.name}'s seat after a reload`);
}

const MB = 1024 * 1024;

/** Least-squares slope of y over x: growth per round. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/** Plays the evening and measures it. */
export async function runSoak(h: Harness): Promise<Figure[]> {
  const rounds = QUICK ? 4 : Number(process.env.BENCH_SOAK_ROUNDS) || 50;
  const heapEvery = QUICK ? 2 : 10;
  const loads = samplesOf(3, 1);
  const checkpoints = new Set([
    1,
    rounds,
    ...Array.from({ length: rounds }, (_, i) => i + 1).filter((r) => r % 10 === 0),
  ]);
  const leaveAfter = Math.max(1, Math.round(rounds * 0.4));
  const backAfter = leaveAfter + Math.max(1, Math.round(rounds * 0.1));
  const reloadsB = (r: number) => r % 7 === 0 && (r < leaveAfter || r > backAfter);
  const room = freshRoom();
  const everyone: BenchPerson[] = [];
  const records: RoundRecord[] = [];
  try {
    const ayla = await arrive(h, room, 'Ayla');
    let berk = await arrive(h, room, 'Berk');
    const deniz = await arrive(h, room, 'Deniz');
    everyone.push(ayla, berk, deniz);
    let cem: BenchPerson | null = null;
    await waitAllConnected(
      everyone.map((p) => p.page),
      everyone.map((p) => p.name),
    );
    let away = false;
    let returning = false;
    const pages = () => [ayla, ...(away ? [] : [berk]), ...(cem ? [cem] : []), deniz].map((p) => p.page);
    await sit(ayla, 1, pages());
    await sit(berk, 2, pages());
    for (const seatId of [3, 4]) {
      await ayla.page.locator(`[data-seat-id="${seatId}"]`).getByRole('button', { name: 'Add bot' }).click();
      await whenEvery(pages(), (s) => seatOf(s, seatId)?.user != null, `a bot in seat ${seatId}`);
    }
    for (let round = 1; round <= rounds; round++) {
      const events: string[] = [];
      // Nobody arrives, reloads or leaves during a round: the same pages' traffic before and after it.
      const sentBefore = await Promise.all(pages().map(trafficOf));
      if (round > 1) {
        await press(ayla.page, 'New Game');
        await whenEvery(pages(), (s) => s.gameState === 'start', 'a new table');
      }
      // A seat is taken at a table not yet dealt.
      if (returning) {
        await sit(berk, 2, pages());
        returning = false;
      }
      await startRound([ayla], pages());
      const moves = await playRound(away ? [ayla] : [ayla, berk], ayla.page);
      const agreed = await pagesAgree(pages());
      const table = await tableOf(ayla.page);
      const bytes = await ayla.page.evaluate(() => window.__gameRoom!.connection!.bridge.byteSize());
      const sentAfter = await Promise.all(pages().map(trafficOf));
      const record: RoundRecord = {
        round,
        logLength: table.logLength,
        bytes,
        channelBytes: sentAfter.reduce((sum, t, i) => sum + t.bytesSent - sentBefore[i].bytesSent, 0),
        agreed,
        pages: pages().length,
        personMoves: moves,
        events,
      };
      records.push(record);
      // A long run shows it is alive, and what it has measured so far survives a failure later on.
      console.log(
        `  round ${round}: ${table.logLength} entries, ${(bytes / 1024).toFixed(1)} KB, ` +
          `${agreed ? 'pages agree' : 'PAGES DISAGREE'}`,
      );
      if (round % heapEvery === 0 || round === 1) {
        const present = [ayla, ...(away ? [] : [berk]), ...(cem ? [cem] : []), deniz];
        const heaps = await Promise.all(present.map((p) => heapAfterGc(p.page)));
        record.heap = Object.fromEntries(present.map((p, i) => [p.name, heaps[i].used / MB]));
        record.buffers = Object.fromEntries(present.map((p, i) => [p.name, heaps[i].buffers / MB]));
      }
      if (checkpoints.has(round)) {
        const landmark = landmarkOf(table.state);
        record.reloadMs = [];
        record.lateJoinMs = [];
        for (let i = 0; i < loads; i++) record.reloadMs.push(await timedReload(deniz.page, landmark));
        for (let i = 0; i < loads; i++)
          record.lateJoinMs.push(await timedLateJoin(h, room, `Late${round}x${i}`, landmark));
        events.push('Deniz reloaded (timed), late joiners came and went (timed)');
      }
      if (round === 1) {
        cem = await arrive(h, room, 'Cem');
        everyone.push(cem);
        events.push('Cem joined to watch');
      }
      if (round === leaveAfter && round < rounds) {
        await berk.page.close();
        away = true;
        // The room frees a closed page's seat after its grace period (8 s).
        await whenEvery(pages(), (s) => !s.players.some((p) => p.user?.name === 'Berk'), "Berk's seat free");
        events.push('Berk closed the page; his seat was freed');
      }
      if (round === backAfter && round < rounds) {
        berk = await comeBack(h, room, berk);
        away = false;
        returning = true;
        events.push('Berk came back (and sits at the next table)');
      } else if (reloadsB(round) && !away && round < rounds) {
        await berk.page.reload();
        await whenConnected(berk.page);
        await seatFollows(berk, 2, pages());
        events.push('Berk reloaded');
      }
      await pause(50);
    }
  } finally {
    await closeAll(everyone);
  }
  printSoakTable(records);
  return soakFigures(records, rounds);
}

/** The soak's figures for the suite's table and results.json. */
function soakFigures(records: readonly RoundRecord[], rounds: number): Figure[] {
  const last = records[records.length - 1];
  const first = records[0];
  const disagreed = records.filter((r) => !r.agreed).map((r) => r.round);
  const growth = records.slice(1).map((r, i) => r.bytes - records[i].bytes);
  const perRound = slope(records.map((r) => ({ x: r.round, y: r.bytes })));
  const heaps = records.filter((r) => r.heap);
  const median = (xs: readonly number[] | undefined) => (xs?.length ? summarize(xs).median : NaN);
  const ratio = (pick: (r: RoundRecord) => number[] | undefined) => median(pick(last)) / median(pick(first));
  const byRound = records.map((r) => ({
    round: r.round,
    logLength: r.logLength,
    bytes: r.bytes,
    agreed: r.agreed,
  }));
  const figures: Figure[] = [
    figure(
      'soak',
      `Soak: rounds whose pages folded different tables (of ${rounds})`,
      'rounds',
      [disagreed.length],
      {
        targets: [{ stat: 'median', max: 0 }],
        detail: { disagreed, rounds },
      },
    ),
    figure('soak', `Soak: room document after ${rounds} rounds`, 'B', [last.bytes], {
      detail: { logLength: last.logLength, byRound },
    }),
    figure('soak', 'Soak: room document growth per round', 'B', growth.length ? growth : [0], {
      detail: { leastSquaresBytesPerRound: Math.round(perRound) },
    }),
    figure(
      'soak',
      'Soak: bytes sent on the data channels per round, every page',
      'B',
      records.map((r) => r.channelBytes),
      {
        detail: { byRound: records.map((r) => ({ round: r.round, pages: r.pages, bytes: r.channelBytes })) },
      },
    ),
  ];
  for (const r of heaps)
    figures.push(
      figure(
        'soak',
        `Soak: JS heap after GC, after round ${r.round} (each page)`,
        'MB',
        Object.values(r.heap!),
        {
          detail: { byPage: r.heap, arrayBuffersMB: r.buffers },
        },
      ),
    );
  for (const [what, pick] of [
    ['reload', (r: RoundRecord) => r.reloadMs],
    ['late join', (r: RoundRecord) => r.lateJoinMs],
  ] as const) {
    for (const r of records.filter((x) => pick(x)?.length))
      figures.push(
        figure('soak', `Soak: ${what} to the board after round ${r.round}, from navigation`, 'ms', pick(r)!, {
          detail: { logLength: r.logLength, bytes: r.bytes },
        }),
      );
    figures.push(
      figure(
        'soak',
        `Soak: ${what} to the board, after round ${rounds} / after round 1`,
        'x',
        [ratio(pick)],
        {
          targets: [{ stat: 'median', max: 1.5 }],
        },
      ),
    );
  }
  return figures;
}
