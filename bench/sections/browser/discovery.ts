import type { Page } from 'playwright-core';
import { blockWebRtc } from '../../../test/helpers/browser';
import { summarize } from '../../stats';
import { figure, samplesOf, type Figure } from '../../figure';
import { clockOffset, closeAll, freshRoom, newBenchPerson, type Harness } from './harness';
import { hitLogged } from './pageHooks';
import { pause } from './measure';

const ROUTE = 'tictactoe';

type Timeline = {
  navigationStart: number;
  connectStart: number;
  load: number;
  seen: number;
  /** Connection milestones (pageHooks' marks) in ms after this page's room code started. */
  steps: Record<string, number>;
};

/** Where one page's clock stood at navigation, at connectRoom's start, at load, and when it listed the other. */
async function timeline(page: Page): Promise<Timeline> {
  const offset = await clockOffset(page);
  const t = await page.evaluate(() => {
    const origin = performance.timeOrigin;
    const mark = performance.getEntriesByName('connectRoom:start')[0];
    // Joining a room starts by fetching /config.json (src/app/room/roomNetwork.ts, at page start on a room address), and
    // nothing else fetches it: its request start is the room code's start.
    const config = performance
      .getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname === '/config.json');
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const load = origin + nav.loadEventEnd;
    return {
      navigationStart: origin,
      connectStart: mark ? origin + mark.startTime : config ? origin + config.startTime : load,
      connectFrom: mark ? 'mark' : config ? '/config.json request' : 'load event',
      load,
      seen: window.__bench.hits.seen,
      listed: window.__bench.hits.listed,
      marks: { ...window.__bench.marks, ...resourceMarks(origin) },
    };
    // Named in the page: Playwright serialises only this function.
    function resourceMarks(at: number): Record<string, number> {
      const out: Record<string, number> = {};
      for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const key = /simplepeer|automerge_wasm|connectRoom|module-|RoomLayout/.exec(e.name)?.[0];
        if (!key) continue;
        out[`fetch ${key} start`] ??= at + e.startTime;
        out[`fetch ${key} end`] ??= at + e.responseEnd;
      }
      return out;
    }
  });
  const steps = Object.fromEntries(Object.entries(t.marks).map(([k, v]) => [k, v - t.connectStart]));
  // Every page's times on one clock: Date.now's.
  return {
    navigationStart: t.navigationStart - offset,
    connectStart: t.connectStart - offset,
    load: t.load - offset,
    seen: t.seen - offset,
    // presence:self: the page lists itself, i.e. the app and its presence list are on screen.
    steps: { ...steps, 'presence:self': t.listed - t.connectStart, 'presence:seen': t.seen - t.connectStart },
  };
}

/** One fresh-page trial: ms until both pages list each other, from navigation, room code start and load (later page's). */
export type FreshMeeting = {
  fromNavigation: number;
  fromConnect: number;
  fromLoad: number;
  /** From navigation until the later page lists itself: its first frame with the list. */
  listsSelf: number;
  /** Each timed page's milestones in ms after its room code start: both pages', or the joining page's alone. */
  steps: Record<string, number>[];
};

/** How the two pages of a trial open the room: both at once, or the second once the first is up and idle. */
export type Opening = 'together' | 'second joins';

/**
 * Two fresh pages in separate contexts open one fresh room (at `path(room)`, this app's game page unless told) and
 * wait until each lists the other in its `[data-testid="presence-list"]`: at once, or ('second joins') the second
 * opening the room's link a second after the first listed itself, as a friend follows a shared link; with
 * `secondBlocked`, the second page's WebRTC cannot connect. The pages need
 * only that list and the room network's /config.json request, so bench/analysis/stackFloor.ts times pages lighter than
 * the app's the same way.
 */
export async function freshPagesMeet(
  h: Harness,
  trial: number,
  {
    path = (room: string) => `/${room}/${ROUTE}`,
    opening = 'together',
    secondBlocked = false,
  }: { path?: (room: string) => string; opening?: Opening; secondBlocked?: boolean } = {},
): Promise<FreshMeeting> {
  const names = [`Ada ${trial}`, `Bob ${trial}`];
  const people = await Promise.all(names.map((n) => newBenchPerson(h, n)));
  try {
    // The second page cannot link directly (blockWebRtc): the pair meets through the server's relay.
    if (secondBlocked) await blockWebRtc(people[1].context);
    await Promise.all(
      people.map((p, k) =>
        p.context.addInitScript(
          ([self, other]) => {
            window.__bench.watch('seen', '[data-testid="presence-list"]', null, other, 'includes');
            window.__bench.watch('listed', '[data-testid="presence-list"]', null, self, 'includes');
          },
          [names[k], names[1 - k]],
        ),
      ),
    );
    const seen = people.map((p) => hitLogged(p.page, 'seen', 30_000));
    const room = freshRoom();
    if (opening === 'second joins') {
      await Promise.all([people[0].page.goto(path(room)), hitLogged(people[0].page, 'listed', 30_000)]);
      await pause(1000);
    }
    const toOpen = opening === 'together' ? people : people.slice(1);
    await Promise.all([...toOpen.map((p) => p.page.goto(path(room))), ...seen]);
    const [a, b] = await Promise.all(people.map((p) => timeline(p.page)));
    const done = Math.max(a.seen, b.seen);
    const later = a.navigationStart > b.navigationStart ? a : b;
    return {
      fromNavigation: done - Math.max(a.navigationStart, b.navigationStart),
      fromConnect: done - Math.max(a.connectStart, b.connectStart),
      fromLoad: done - Math.max(a.load, b.load),
      listsSelf: later.connectStart + later.steps['presence:self'] - later.navigationStart,
      steps: opening === 'together' ? [a.steps, b.steps] : [b.steps],
    };
  } finally {
    await closeAll(people);
  }
}

/**
 * Two fresh pages in separate contexts open a fresh room at once; times until each lists the other under "Connected:".
 * Then a second fresh page joins a first that is up (a friend following the room's link), and loaded pages move into
 * one room.
 */
export async function runDiscovery(h: Harness): Promise<Figure[]> {
  const trials = samplesOf(20, 3);
  const fromNavigation: number[] = [];
  const fromConnect: number[] = [];
  const fromLoad: number[] = [];
  const steps: Record<string, number>[] = [];
  for (let i = 0; i < trials; i++) {
    const meeting = await freshPagesMeet(h, i);
    fromNavigation.push(meeting.fromNavigation);
    fromConnect.push(meeting.fromConnect);
    fromLoad.push(meeting.fromLoad);
    steps.push(...meeting.steps);
  }
  const detail = { trials, route: `/<room>/${ROUTE}`, pages: 2, contexts: 'separate' };
  const target = [{ stat: 'median' as const, max: 120 }];
  const joins: FreshMeeting[] = [];
  for (let i = 0; i < trials; i++) joins.push(await freshPagesMeet(h, i, { opening: 'second joins' }));
  const joinDetail = {
    ...detail,
    opening: 'the second page opens the room a second after the first lists itself',
  };
  const movedTrials = samplesOf(10, 2);
  const fromMove: number[] = [];
  for (let i = 0; i < movedTrials; i++) fromMove.push(await loadedPagesMeet(h, i));
  return [
    figure('discovery', 'Peers see each other, from navigation start', 'ms', fromNavigation, { detail }),
    figure('discovery', 'Peers see each other, from room code start (later page)', 'ms', fromConnect, {
      detail: {
        ...detail,
        start:
          'the /config.json request: the first step of the room network, at page start on a room address',
        medianStepsAfterRoomCodeStart: medianSteps(steps),
      },
      targets: target,
    }),
    figure('discovery', 'Peers see each other, from load event (later page)', 'ms', fromLoad, { detail }),
    figure(
      'discovery',
      'Peers see each other, a second page joining, from navigation',
      'ms',
      joins.map((m) => m.fromNavigation),
      { detail: joinDetail },
    ),
    figure(
      'discovery',
      'Peers see each other, a second page joining, from room code start',
      'ms',
      joins.map((m) => m.fromConnect),
      {
        detail: {
          ...joinDetail,
          start: "the joining page's /config.json request",
          medianStepsAfterRoomCodeStart: medianSteps(joins.flatMap((m) => m.steps)),
        },
        targets: target,
      },
    ),
    figure('discovery', 'Peers see each other, loaded pages moving into one room', 'ms', fromMove, {
      detail: {
        trials: movedTrials,
        route: `/<room>/${ROUTE}`,
        pages: 2,
        contexts: 'separate',
        start:
          'both pages, loaded and idle in rooms of their own, move to one fresh room at once (a history move the ' +
          'router follows); the later of the two to list the other',
      },
    }),
  ];
}

/**
 * The room's network on its own, without a page booting beside it: two pages wait, loaded, each in a room of its own,
 * then both go to one fresh room as a back or forward move does; ms until both list each other, the later page's.
 */
async function loadedPagesMeet(h: Harness, trial: number): Promise<number> {
  const names = [`Cem ${trial}`, `Deniz ${trial}`];
  const people = await Promise.all(names.map((n) => newBenchPerson(h, n)));
  try {
    await Promise.all(people.map((p) => p.page.goto(`/${freshRoom()}/${ROUTE}`)));
    // Loaded: the room document is open (Automerge's wasm compiled), and the pages have had a second to settle.
    await Promise.all(
      people.map((p) =>
        p.page.waitForFunction(() => window.__gameRoom?.connection != null, null, {
          timeout: 30_000,
          polling: 50,
        }),
      ),
    );
    await pause(1000);
    await Promise.all(
      people.map((p, k) =>
        p.page.evaluate(
          (other) => window.__bench.watch('seen', '[data-testid="presence-list"]', null, other, 'includes'),
          names[1 - k],
        ),
      ),
    );
    const seen = people.map((p) => hitLogged(p.page, 'seen', 30_000));
    const path = `/${freshRoom()}/${ROUTE}`;
    const moved = await Promise.all(
      people.map((p) =>
        p.page.evaluate((path) => {
          const at = window.__bench.now();
          // What the browser does on back or forward: the address changes, then popstate, which the router follows.
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
          return at;
        }, path),
      ),
    );
    await Promise.all(seen);
    const hits = await Promise.all(people.map((p) => p.page.evaluate(() => window.__bench.hits.seen)));
    return Math.max(...hits.map((t, k) => t - moved[k]));
  } finally {
    await closeAll(people);
  }
}

/** The median time of each milestone over the pages given (their steps), in the order they happen. */
export function medianSteps(pages: readonly Record<string, number>[]): Record<string, number> {
  const steps: Record<string, number[]> = {};
  for (const page of pages) for (const [k, v] of Object.entries(page)) (steps[k] ??= []).push(v);
  const medians = Object.entries(steps).map(([k, v]) => [k, Math.round(summarize(v).median)] as const);
  return Object.fromEntries(medians.sort((x, y) => x[1] - y[1]));
}
