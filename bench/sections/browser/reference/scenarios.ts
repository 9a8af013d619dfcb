import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { clockOffset, freshRoom } from '../harness';
import { pause } from '../measure';
import { GAP_MS } from '../latency';
import type { App, AppKind } from './apps';
import { channelTotals, hitOf, newVisitor, type Visitor, type WatchSpec } from './hooks';

/** How long a person takes to type their name on /login after it shows (ms): the app may prepare the room meanwhile. */
export const TYPING_MS = Number(process.env.BENCH_REFERENCE_TYPING_MS ?? 1000);
/** Okey sit/stand actions before the late joiner comes (the "~230"). */
export const LOG_ACTIONS = 230;
/** Spacing of TicTacToe history jumps (ms), so each jump's trailing sync messages are counted with it. */
const JUMP_GAP_MS = 500;

const close = (visitors: readonly Visitor[]) =>
  Promise.all(visitors.map((v) => v.context.close().catch(() => {})));

/** Opens the room's link in a fresh page: both apps send a person without a session to /login first. */
export async function openLink(v: Visitor, path: string): Promise<void> {
  await v.page.goto(path);
  await v.page.locator('input[name="username"]').waitFor();
}

/** Types the name, waits typingMs, and presses Go: returns the page's time just before the click. */
export async function pressGo(v: Visitor, typingMs: number): Promise<number> {
  await v.page.locator('input[name="username"]').fill(v.name);
  await pause(typingMs);
  return v.page.evaluate(() => {
    const go = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!go) throw new Error('reference: no Go button');
    const t = window.__ref.now();
    go.click();
    return t;
  });
}

/**
 * In the page: clicks the element matching selector (the index-th, or the one whose text is `text`) once it exists and
 * is enabled; resolves with the page's time just before the click.
 */
function clickWhenReady({ selector, text, index }: { selector: string; text?: string; index?: number }) {
  return new Promise<number>((resolve, reject) => {
    const until = performance.now() + 30_000;
    const tick = () => {
      const all = [...document.querySelectorAll<HTMLButtonElement>(selector)];
      const el = text === undefined ? all[index ?? 0] : all.find((e) => e.textContent?.trim() === text);
      if (el && !el.disabled) {
        const t = window.__ref.now();
        el.click();
        return resolve(t);
      }
      if (performance.now() > until)
        return reject(new Error(`reference: no enabled ${selector} ${text ?? ''}`));
      setTimeout(tick, 5);
    };
    tick();
  });
}

/** Waits until some element matching selector on the page includes text. */
const shows = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    ({ selector, text }) =>
      [...document.querySelectorAll(selector)].some((e) => (e.textContent ?? '').includes(text)),
    { selector, text },
    { polling: 20, timeout: 30_000 },
  );

/** People of the app on a fresh room's `game` page, logged in from its link one after another, each listing the others. */
export async function peopleInRoom(browser: Browser, app: App, game: string, names: string[]) {
  const people = await Promise.all(
    names.map((n) =>
      newVisitor(
        browser,
        app.baseUrl,
        n,
        names
          .filter((other) => other !== n)
          .map((other): WatchSpec => [`seen ${other}`, app.presence, other]),
      ),
    ),
  );
  const path = `/${freshRoom()}/${game}`;
  try {
    for (const p of people) {
      await openLink(p, path);
      await pressGo(p, 0);
    }
    await Promise.all(
      people.flatMap((p) => names.filter((n) => n !== p.name).map((n) => hitOf(p, `seen ${n}`))),
    );
    // The earlier product's pages write their game's initial state when they open it: a move made at once can lose to
    // the other page's concurrent write. People look at the board a moment first.
    await pause(1000);
  } catch (error) {
    await close(people);
    throw error;
  }
  return { people, path };
}

/** Two people of the app on the room's `game` page, logged in from its link, each listing the other. */
export async function pairInRoom(browser: Browser, app: App, game: string, names: [string, string]) {
  const { people, path } = await peopleInRoom(browser, app, game, names);
  return { people: people as [Visitor, Visitor], path };
}

/** One meeting: page B follows A's room link, is sent to /login, types a name and presses Go (ms from Go). */
export type Meeting = {
  /** Go -> B's board (TicTacToe or Okey) shows. */
  board: number;
  /** Okey: Go -> the board's first Sit button is enabled, so a click on it counts (NaN on TicTacToe). */
  ready: number;
  /** Go -> A and B list each other (the later of the two). */
  listed: number;
  /** The later of Go and B's WebSocket open (the last before the meeting) -> A and B list each other. */
  fromSocket: number;
  aListsB: number;
  bListsA: number;
};

/** The games a meeting is timed on, and how each app's board shows. */
export type MeetingGame = 'tictactoe' | 'okey';
const boardOf = (app: App, game: MeetingGame): [string, string] =>
  game === 'okey' ? app.okeyBoard : [app.squares, ''];

/**
 * The two people of a meeting, each watching for its board of `game` ('board') and for the other one listed ('seen'):
 * A first, then B.
 */
export async function meetingPair(
  browser: Browser,
  app: App,
  trial: number,
  game: MeetingGame = 'tictactoe',
): Promise<{ a: Visitor; b: Visitor; names: [string, string] }> {
  const names: [string, string] = [`Ada${trial}x`, `Bob${trial}y`];
  const [a, b] = await Promise.all(
    names.map((n, k) =>
      newVisitor(browser, app.baseUrl, n, [
        ['board', ...boardOf(app, game)],
        ['seen', app.presence, names[1 - k]],
        ...(game === 'okey'
          ? [['ready', `${app.okeyBoard[0]}:not([disabled])`, app.okeyBoard[1]] satisfies WatchSpec]
          : []),
      ]),
    ),
  );
  return { a, b, names };
}

/**
 * A logs in from a fresh room's link to `game` and waits a second on its board; B follows the link, lands on /login,
 * types its name and presses Go. Times B's board and both pages listing each other from B's Go (one clock: each page's
 * time minus its offset) and from B's WebSocket open.
 */
export async function meeting(
  browser: Browser,
  app: App,
  trial: number,
  game: MeetingGame = 'tictactoe',
): Promise<Meeting> {
  const { a, b } = await meetingPair(browser, app, trial, game);
  try {
    const path = `/${freshRoom()}/${game}`;
    await openLink(a, path);
    await pressGo(a, 0);
    await hitOf(a, 'board');
    await pause(1000);
    await openLink(b, path);
    const go = await pressGo(b, TYPING_MS);
    const [board, bSeen, aSeen, ready] = await Promise.all([
      hitOf(b, 'board'),
      hitOf(b, 'seen'),
      hitOf(a, 'seen'),
      game === 'okey' ? hitOf(b, 'ready') : NaN,
    ]);
    const opens = await b.page.evaluate(() => window.__ref.socketOpens);
    const [offA, offB] = await Promise.all([clockOffset(a.page), clockOffset(b.page)]);
    const goAt = go - offB;
    const done = Math.max(aSeen - offA, bSeen - offB);
    const open = opens.filter((t) => t - offB <= done).at(-1);
    return {
      board: board - go,
      ready: ready - go,
      listed: done - goAt,
      // The network's share of the wait after Go: a page that met the room while the name was typed (its socket
      // opened on /login) counts from Go, as one whose socket opens after Go counts from the socket.
      fromSocket: open === undefined ? NaN : done - Math.max(open - offB, goAt),
      aListsB: aSeen - offA - goAt,
      bListsA: bSeen - go,
    };
  } finally {
    await close([a, b]);
  }
}

/**
 * In the page: `actions` Okey seat actions on one seat, Sit then Stand and so on, each once the page shows the last
 * (its own Stand button appears after Sit, and goes after Stand). Both apps label the buttons Sit and Stand; this
 * project's seats carry data-seat-id, the earlier product's are found by their "Player n" label.
 */
export async function sitStand({ kind, seat, actions }: { kind: AppKind; seat: number; actions: number }) {
  const buttons = (root: ParentNode) => [...root.querySelectorAll<HTMLButtonElement>('button')];
  const labelled = (root: ParentNode | null | undefined, text: string) =>
    root ? buttons(root).find((b) => b.textContent?.trim() === text) : undefined;
  const sitButton = () =>
    kind === 'this'
      ? labelled(document.querySelector(`[data-seat-id="${seat}"]`), 'Sit')
      : labelled(
          [...document.querySelectorAll('h1.playerName')].find((h) =>
            (h.textContent ?? '').trim().startsWith(`Player ${seat}`),
          ),
          'Sit',
        );
  const standButton = () => labelled(document, 'Stand');
  const until = async <T>(get: () => T | undefined | null | false, what: string): Promise<T> => {
    const end = performance.now() + 30_000;
    for (;;) {
      const v = get();
      if (v) return v;
      if (performance.now() > end) throw new Error(`reference: seat ${seat}: no ${what}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  const enabled = (b: HTMLButtonElement | undefined) => b !== undefined && !b.disabled && b;
  for (let i = 0; i < actions; i++) {
    if (i % 2 === 0) {
      (await until(() => enabled(sitButton()), 'Sit')).click();
      await until(standButton, 'Stand after Sit');
    } else {
      (await until(() => enabled(standButton()), 'Stand')).click();
      await until(() => !standButton() && sitButton(), 'Sit after Stand');
    }
  }
}

/** Late joins of one room: ms from each joiner's Go to its seats showing the last action; re-seatings needed. */
export type LateJoin = { seats: number[]; resits: number; logSeconds: number };

/**
 * A and B meet on a fresh room's Okey page; B sits and stands on seat 1 LOG_ACTIONS times (ending standing) and A
 * sits on seat 3 last. Then `joiners` fresh pages, one at a time, follow the link, log in and are timed from Go until
 * seat 3 shows A's name. (The earlier product frees the seat of a player whose presence a page does not hold yet, so a
 * joiner may unseat A: A sits again before the next joiner, counted in resits.)
 */
export async function lateJoin(
  browser: Browser,
  app: App,
  round: number,
  joiners: number,
): Promise<LateJoin> {
  const { people, path } = await pairInRoom(browser, app, 'okey', [`Ann${round}q`, `Ben${round}w`]);
  const [a, b] = people;
  const seat3 = app.seatName(3);
  const seated = () =>
    a.page.evaluate(
      ({ seat3, name }) =>
        [...document.querySelectorAll(seat3)].some((e) => (e.textContent ?? '').includes(name)),
      { seat3, name: a.name },
    );
  const sitA = async () => {
    await a.page.evaluate(sitStand, { kind: app.kind, seat: 3, actions: 1 });
    await shows(b.page, seat3, a.name);
    await pause(1000);
  };
  const seats: number[] = [];
  let resits = 0;
  try {
    const began = performance.now();
    await b.page.evaluate(sitStand, { kind: app.kind, seat: 1, actions: LOG_ACTIONS });
    await sitA();
    const logSeconds = Math.round((performance.now() - began) / 100) / 10;
    for (let j = 0; j < joiners; j++) {
      if (!(await seated())) {
        resits++;
        await sitA();
      }
      const c = await newVisitor(browser, app.baseUrl, `Cem${round}z${j}`, [['seats', seat3, a.name]]);
      try {
        await openLink(c, path);
        const go = await pressGo(c, TYPING_MS);
        seats.push((await hitOf(c, 'seats', 60_000)) - go);
      } finally {
        await close([c]);
      }
    }
    return { seats, resits, logSeconds };
  } finally {
    await close(people);
  }
}

/** TicTacToe history jumps: both pages' data-channel payload summed, and each jump's time to the other page. */
export type JumpBytes = {
  perJump: number;
  bytes: number;
  messages: number;
  jumps: number;
  /** Per jump: A's click -> B's board shows the jump (ms, one clock). */
  times: number[];
};

/**
 * A and B meet on a fresh room's TicTacToe page and play one move each; A then alternates "Go to move #1" and "Go to
 * game start", each once B's board shows it, JUMP_GAP_MS apart. Counts every RTCDataChannel.send of both pages
 * between the first jump and a gap after the last, and times each jump from A's click to B's board showing it (a
 * MutationObserver in B armed before the click).
 */
export async function historyJumps(
  browser: Browser,
  app: App,
  round: number,
  jumps: number,
): Promise<JumpBytes> {
  const { people } = await pairInRoom(browser, app, 'tictactoe', [`Ida${round}k`, `Jon${round}m`]);
  const [a, b] = people;
  const marks = (v: Visitor, n: number) =>
    v.page
      .waitForFunction(
        ({ selector, kind, n }) =>
          [...document.querySelectorAll(selector)].filter((e) =>
            kind === 'this' ? e.getAttribute('data-mark') : e.textContent,
          ).length === n,
        { selector: app.squares, kind: app.kind, n },
        { polling: 20, timeout: 30_000 },
      )
      .catch(async () => {
        const shown = await v.page.evaluate(
          (s) => document.querySelector(s)?.parentElement?.innerText,
          'body',
        );
        throw new Error(
          `reference: ${v.name}'s board never showed ${n} marks: ${shown?.replace(/\s+/g, ' ')}`,
        );
      });
  try {
    await a.page.evaluate(clickWhenReady, { selector: app.squares, index: 0 });
    await marks(b, 1);
    await b.page.evaluate(clickWhenReady, { selector: app.squares, index: 1 });
    await Promise.all([marks(a, 2), marks(b, 2)]);
    await pause(1000);
    const [offA, offB] = await Promise.all([clockOffset(a.page), clockOffset(b.page)]);
    const before = await channelTotals(people);
    const times: number[] = [];
    for (let i = 0; i < jumps; i++) {
      const text = i % 2 === 0 ? 'Go to move #1' : 'Go to game start';
      const n = i % 2 === 0 ? 1 : 0;
      await b.page.evaluate(
        ({ selector, kind, n }) =>
          window.__ref.watchUntil(
            'jump',
            () =>
              [...document.querySelectorAll(selector)].filter((e) =>
                kind === 'this' ? e.getAttribute('data-mark') : e.textContent,
              ).length === n,
          ),
        { selector: app.squares, kind: app.kind, n },
      );
      const clicked = await a.page.evaluate(clickWhenReady, { selector: 'button', text });
      times.push((await hitOf(b, 'jump')) - offB - (clicked - offA));
      await marks(b, n);
      await pause(JUMP_GAP_MS);
    }
    const after = await channelTotals(people);
    const bytes = after.bytes - before.bytes;
    return { perJump: bytes / jumps, bytes, messages: after.messages - before.messages, jumps, times };
  } finally {
    await close(people);
  }
}

/**
 * What a visit fetched: encoded bytes on the wire, headers included, of the page's requests (Chromium's Network domain;
 * those its service worker answered count nothing) and of its service worker's own (this project's worker fetches the
 * whole build for a start without network). Failed requests count nothing and are listed.
 */
export type Transfer = {
  total: number;
  beforeGo: number;
  serviceWorker: number;
  requests: number;
  failed: string[];
};

/** Counts what a page and the context's service workers fetch from now on; `throttle` sets the page's conditions. */
async function meter(context: BrowserContext, page: Page, throttle?: (cdp: CDPSession) => Promise<void>) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await throttle?.(cdp);
  const inflight = new Map<string, string>();
  const answeredByWorker = new Set<string>();
  const failed: string[] = [];
  const t = { page: 0, serviceWorker: 0, requests: 0 };
  let last = performance.now();
  const pending = new Set<Request>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!inflight.has(e.requestId)) t.requests++;
    inflight.set(e.requestId, e.request.url);
    last = performance.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromServiceWorker) answeredByWorker.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!answeredByWorker.has(e.requestId)) t.page += e.encodedDataLength;
    inflight.delete(e.requestId);
    last = performance.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    const url = inflight.get(e.requestId);
    if (url) failed.push(url);
    inflight.delete(e.requestId);
    last = performance.now();
  });
  const onRequest = (r: Request) => {
    if (!r.serviceWorker()) return;
    pending.add(r);
    t.requests++;
    last = performance.now();
  };
  const onDone = (r: Request) => {
    if (!pending.delete(r)) return;
    last = performance.now();
    void r.sizes().then(
      (s) => (t.serviceWorker += s.responseHeadersSize + s.responseBodySize),
      () => {},
    );
  };
  const onFailed = (r: Request) => {
    if (pending.delete(r)) failed.push(r.url());
  };
  context.on('request', onRequest);
  context.on('requestfinished', onDone);
  context.on('requestfailed', onFailed);
  return {
    t,
    failed,
    /** Waits until nothing is in flight and the network has rested a second (at most 20 s). */
    async quiet() {
      const until = performance.now() + 20_000;
      while (
        performance.now() < until &&
        (inflight.size > 0 || pending.size > 0 || performance.now() - last < 1000)
      )
        await pause(50);
      // Sizes of finished worker requests are read asynchronously.
      await pause(100);
    },
    async stop() {
      context.off('request', onRequest);
      context.off('requestfinished', onDone);
      context.off('requestfailed', onFailed);
      await cdp.detach().catch(() => {});
    },
  };
}

/**
 * A fresh page follows a fresh room's TicTacToe link, lands on /login, presses Go, and waits for the board and then
 * for the network to rest a second (`first`: everything fetched, WebSocket traffic aside, as served: this project's
 * server: brotli or gzip; the earlier product's vite preview: gzip). The earlier product's index.html names CDN
 * scripts, unreachable in the loopback-only namespace: they fail, count nothing and are listed. Then the same person
 * opens another room's link in a new tab of the same browser (`second`), again until the board and a second's rest.
 */
export async function visits(
  browser: Browser,
  app: App,
  round: number,
): Promise<{ first: Transfer; second: Transfer }> {
  const v = await newVisitor(browser, app.baseUrl, `Eve${round}`, [['board', app.squares, '']]);
  try {
    const m = await meter(v.context, v.page);
    await openLink(v, `/${freshRoom()}/tictactoe`);
    await m.quiet();
    const beforeGo = m.t.page + m.t.serviceWorker;
    await pressGo(v, 0);
    await hitOf(v, 'board');
    await m.quiet();
    await m.stop();
    const first = { ...m.t, total: m.t.page + m.t.serviceWorker, beforeGo, failed: m.failed };

    const page = await v.context.newPage();
    const again = { ...v, page };
    const m2 = await meter(v.context, page);
    await page.goto(`/${freshRoom()}/tictactoe`);
    // A product that kept no session asks for the name again.
    await page.locator(`${app.squares}, input[name="username"]`).first().waitFor();
    if (await page.locator('input[name="username"]').isVisible()) await pressGo(again, 0);
    await hitOf(again, 'board');
    await m2.quiet();
    await m2.stop();
    const second = { ...m2.t, total: m2.t.page + m2.t.serviceWorker, beforeGo: 0, failed: m2.failed };
    return { first, second };
  } finally {
    await close([v]);
  }
}

/** Okey seat actions at a four-page table: each action's time from the click to each other page's seat showing it. */
export type TableActions = { times: number[]; actions: number };

/**
 * In the page: clicks Sit on `seat` (this project: in the seat's own area; the earlier product: beside its "Player n"
 * label) or the page's Stand button, once it is there and enabled; resolves with the page's time just before the click.
 */
function seatAction({ kind, seat, action }: { kind: AppKind; seat: number; action: 'Sit' | 'Stand' }) {
  const find = () => {
    const root =
      kind === 'this'
        ? document.querySelector(`[data-seat-id="${seat}"]`)
        : action === 'Stand'
          ? document
          : [...document.querySelectorAll('h1.playerName')].find((h) =>
              (h.textContent ?? '').trim().startsWith(`Player ${seat}`),
            );
    return [...(root?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
      (b) => b.textContent?.trim() === action && !b.disabled,
    );
  };
  return new Promise<number>((resolve, reject) => {
    const until = performance.now() + 30_000;
    const tick = () => {
      const button = find();
      if (button) {
        const t = window.__ref.now();
        button.click();
        return resolve(t);
      }
      if (performance.now() > until) return reject(new Error(`reference: seat ${seat}: no ${action}`));
      setTimeout(tick, 2);
    };
    tick();
  });
}

/**
 * For an analysis script: called with the four pages before the first action; what it returns is called with every
 * timed click (Node's clock) and each page's clock offset (a page's clock, as `markClock` gives it, is Node's plus its
 * offset) once the last action is seen.
 */
export type TableWatch = (pages: Page[]) => Promise<(clicks: number[], offsets: number[]) => Promise<void>>;

/** Seat actions left out of a table's times: a fresh page's first actions compile its code (the same in both apps). */
export const TABLE_WARMUP = 4;

/**
 * Four people meet on a fresh room's Okey page. In turn, each sits on their own seat (1 to 4) and stands again, so one
 * seat at a time is taken; every other page's seat is watched (armed before the click) for the sitter's name after
 * Sit and the seat's "Player n" after Stand. Samples: every observer's time per action (ms, one clock), after
 * TABLE_WARMUP actions.
 */
export async function tableActions(
  browser: Browser,
  app: App,
  round: number,
  actions: number,
  watch?: TableWatch,
): Promise<TableActions> {
  const names = [0, 1, 2, 3].map((k) => `Tia${round}t${k}`);
  const { people } = await peopleInRoom(browser, app, 'okey', names);
  try {
    const offsets = await Promise.all(people.map((p) => clockOffset(p.page)));
    const stopWatching = await watch?.(people.map((p) => p.page));
    const clicks: number[] = [];
    const times: number[] = [];
    for (let i = 0; i < TABLE_WARMUP + actions; i++) {
      const actor = Math.floor(i / 2) % people.length;
      const seat = actor + 1;
      const action: 'Sit' | 'Stand' = i % 2 === 0 ? 'Sit' : 'Stand';
      const shows = action === 'Sit' ? people[actor].name : `Player ${seat}`;
      const observers = people.filter((_, k) => k !== actor);
      await Promise.all(
        observers.map((o) =>
          o.page.evaluate(({ selector, text }) => window.__ref.watch('table', selector, text), {
            selector: app.seatName(seat),
            text: shows,
          }),
        ),
      );
      const clicked =
        (await people[actor].page.evaluate(seatAction, { kind: app.kind, seat, action })) - offsets[actor];
      const seen = await Promise.all(
        observers.map(async (o) => (await hitOf(o, 'table')) - offsets[people.indexOf(o)]),
      );
      if (i >= TABLE_WARMUP) times.push(...seen.map((t) => t - clicked));
      if (i >= TABLE_WARMUP) clicks.push(clicked);
      await pause(GAP_MS);
    }
    await stopWatching?.(clicks, offsets);
    return { times, actions };
  } finally {
    await close(people);
  }
}

/**
 * A mid-range phone on a mobile network (Chromium's emulation, applied to the page): 150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up, the CPU slowed 4 times, an iPhone 12's screen with touch.
 */
export const PHONE = {
  latencyMs: 150,
  downBitsPerSecond: 1_600_000,
  upBitsPerSecond: 750_000,
  cpuSlowdown: 4,
};
/** How long a person on a phone takes to type their name once the field shows (ms). */
export const PHONE_TYPING_MS = Number(process.env.BENCH_REFERENCE_PHONE_TYPING_MS ?? 3000);

const throttleLikePhone = async (cdp: CDPSession) => {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downBitsPerSecond / 8,
    uploadThroughput: PHONE.upBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
};

/**
 * The phone of `v` opens a fresh room's Okey link in a new tab: ms from the navigation's start to the board, and the
 * bytes that came over the network by then (a service worker's answers count nothing).
 */
async function secondVisit(v: Visitor, app: App): Promise<{ ms: number; bytes: number }> {
  const page = await v.context.newPage();
  const again = { ...v, page };
  const m = await meter(v.context, page, throttleLikePhone);
  try {
    await page.goto(`/${freshRoom()}/okey`, { waitUntil: 'commit' });
    await page.locator(`${app.okeyBoard[0]}, input[name="username"]`).first().waitFor({ timeout: 60_000 });
    if (await page.locator('input[name="username"]').isVisible()) await pressGo(again, 0);
    const boardAt = await hitOf(again, 'board', 60_000);
    const bytes = m.t.page + m.t.serviceWorker;
    return { ms: boardAt - (await page.evaluate(() => performance.timeOrigin)), bytes };
  } finally {
    await m.stop();
  }
}

/** A first visit on a phone (ms, and bytes on the wire). */
export type PhoneVisit = {
  /** Navigation start -> the name field. */
  nameField: number;
  /** Go -> the Okey board. */
  board: number;
  /** The two together: the whole first visit but the person's typing. */
  whole: number;
  /** Everything the page and its service worker had fetched when the board showed. */
  bytes: number;
  bytesServiceWorker: number;
  /** The same phone, later, in a new tab: another room's Okey link -> its board, from the navigation's start. */
  second: number;
  /** What that second visit fetched over the network by its board. */
  secondBytes: number;
};

/**
 * A fresh phone (PHONE) follows a fresh room's Okey link: it lands on the name field, types for PHONE_TYPING_MS,
 * presses Go and waits for the Okey board. Times are the page's own, from its navigation's start. Then, once the
 * network has rested (a service worker has kept what it keeps), the same phone opens another room's link in a new
 * tab, on the same network, and is timed until that board (a product that kept no session asks for the name: Go at
 * once).
 */
export async function phoneVisit(browser: Browser, app: App, round: number): Promise<PhoneVisit> {
  const v = await newVisitor(
    browser,
    app.baseUrl,
    `Pia${round}`,
    [
      ['name', 'input[name="username"]', ''],
      ['board', ...app.okeyBoard],
    ],
    { phone: true },
  );
  try {
    const m = await meter(v.context, v.page, throttleLikePhone);
    await v.page.goto(`/${freshRoom()}/okey`, { waitUntil: 'commit' });
    const nameAt = await hitOf(v, 'name', 60_000);
    const origin = await v.page.evaluate(() => performance.timeOrigin);
    const go = await pressGo(v, PHONE_TYPING_MS);
    const boardAt = await hitOf(v, 'board', 60_000);
    const bytes = m.t.page + m.t.serviceWorker;
    const bytesServiceWorker = m.t.serviceWorker;
    await m.quiet();
    await m.stop();
    const nameField = nameAt - origin;
    const board = boardAt - go;
    const second = await secondVisit(v, app);
    return {
      nameField,
      board,
      whole: nameField + board,
      bytes,
      bytesServiceWorker,
      second: second.ms,
      secondBytes: second.bytes,
    };
  } finally {
    await close([v]);
  }
}
