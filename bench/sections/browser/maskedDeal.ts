import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { OkeyState } from '../../../src/games/okey/rules/types';
import { figure, samplesOf, type Figure } from '../../figure';
import { summarize } from '../../stats';
import { closeAll, freshRoom, type Harness } from './harness';
import { okeyState, seatAll } from './deal';
import { mouseDrag } from '../../../test/helpers/browser';
import { openBenchRoom, pause, type BenchRoom } from './measure';

/** The tiles a page shows face-up in its own rack (it reads them once every other seat has sealed them). */
const FACES = '[aria-label="Your rack"] [role="img"]:not([aria-label="face-down tile"])';

/** How long after their turn shows a person starts drawing: a quick reaction (ms). */
const REACTION_MS = 300;

/** Arms a watch in the page for the moment its rack shows at least `faces` tiles face-up. */
const watchFaces = (page: Page, key: string, faces: number) =>
  page.evaluate(
    ({ key, selector, faces }) => window.__bench.watch(key, selector, null, String(faces), 'atLeast'),
    {
      key,
      selector: FACES,
      faces,
    },
  );

/** When the page's watch hit, on the bench's clock (the page's time minus its offset). */
async function hitOf(r: BenchRoom, i: number, key: string): Promise<number> {
  const hit = await r.people[i].page.evaluate((key) => window.__bench.hit(key, 60_000), key);
  if (hit === undefined) throw new Error(`bench: page ${i + 1} never showed its rack (${key})`);
  return hit - r.offsets[i];
}

async function until(check: () => Promise<boolean>, what: string, limitMs = 60_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await check()) return performance.now() - start;
    await pause(10);
  }
  throw new Error(`bench: the pages never showed ${what}`);
}

/** CPU profiles of every page (BENCH_PROFILE=folder: where a draw's time goes, for Chromium's DevTools). */
async function startProfiles(r: BenchRoom): Promise<CDPSession[]> {
  return Promise.all(
    r.people.map(async ({ page }) => {
      const session = await page.context().newCDPSession(page);
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 100 });
      await session.send('Profiler.start');
      return session;
    }),
  );
}

/**
 * A Chromium trace of the whole browser (BENCH_TRACE=folder: what every page's main thread does during a draw, for
 * DevTools' Performance panel). Each page leaves a user-timing mark "page n" first, naming its process in the trace.
 */
async function startTrace(r: BenchRoom, path: string) {
  const browser = r.people[0].page.context().browser()!;
  await browser.startTracing(undefined, {
    path,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'toplevel',
      'blink.user_timing',
      'v8',
    ],
  });
  await Promise.all(r.people.map((p, i) => p.page.evaluate((i) => performance.mark(`page ${i + 1}`), i)));
  return browser;
}

async function stopProfiles(sessions: CDPSession[], prefix: string): Promise<void> {
  mkdirSync(dirname(prefix), { recursive: true });
  await Promise.all(
    sessions.map(async (session, i) => {
      const { profile } = await session.send('Profiler.stop');
      writeFileSync(`${prefix}-page${i + 1}.cpuprofile`, JSON.stringify(profile));
      await session.detach();
    }),
  );
}

/** Where a page's round stands, for a failure's message: its phase, turn, deck and what the table says. */
async function deckShown(page: Page) {
  const s = await okeyState(page);
  const deck = s.deck;
  return {
    state: s.gameState,
    turn: s.currentPlayer,
    message: s.message,
    pile: s.drawPile.length,
    keys: deck ? Object.keys(deck.keys).length : null,
    shuffles: deck?.shuffles.length ?? null,
    openings: deck
      ? Object.values(deck.openings).map((o) =>
          o.receiver === null ? Object.keys(o.shares).length : Object.keys(o.sealed).length,
        )
      : null,
    waiting: await page.evaluate(
      () =>
        document.querySelector('[data-testid="okey-table"]')?.textContent?.match(/Waiting for[^.]*/)?.[0] ??
        '',
    ),
  };
}

/** New Game asked by every seated page (a round in play ends only so): the table in 'start' again, seats kept. */
async function newGame(r: BenchRoom): Promise<void> {
  for (const p of r.people)
    await p.page.evaluate(() => {
      const connection = window.__gameRoom!.connection!;
      const me = connection.presence.local.user.id;
      const seat = (connection.bridge.getState('okey') as OkeyState).players.find((s) => s.user?.id === me);
      if (seat)
        connection.bridge.submit({
          type: 'okey/newGameStarted',
          payload: { by: seat.user, clientId: seat.userKey },
        });
    });
  await until(
    async () =>
      (await Promise.all(r.people.map((q) => okeyState(q.page)))).every(
        (s) => s.gameState === 'start' && !s.deck,
      ),
    'a new game',
  ).catch(async (error: unknown) => {
    // What each page shows instead: a round that did not end, or one void.
    const states = await Promise.all(r.people.map((q) => okeyState(q.page)));
    const shown = states.map((s) => ({ state: s.gameState, message: s.message, restart: s.restart }));
    throw new Error(`${String(error)}: ${JSON.stringify(shown)}`);
  });
}

/**
 * Okey's masked deal (docs/hidden-tiles.md), four pages: Start Game in the first page to every page showing its own
 * 15 or 14 tiles face-up (four keys, four shuffles in turn, every rack sealed to its seat, the indicator opened).
 * Timed in the pages on one clock (each page's offset taken out).
 */
export async function runMaskedDeal(h: Harness): Promise<Figure[]> {
  const count = samplesOf(8, 2);
  const r = await openBenchRoom(h, freshRoom(), 'okey', 4);
  const all: number[] = [];
  const last: number[] = [];
  const draws: number[] = [];
  const drawSteps = {
    submitted: [] as number[],
    drawSent: [] as number[],
    sealsIn: [] as number[],
    heard: [] as number[],
    sealed: [] as number[],
    sent: [] as number[],
  };
  try {
    await seatAll(r);
    for (let k = 0; k < count; k++) {
      // Timed in the pages: from the click on Start Game in the first page to the frame change that shows each page's
      // own tiles face-up, seen by a MutationObserver (no polling from here to slow the pages down).
      await Promise.all(r.people.map((p, i) => watchFaces(p.page, 'deal', i === 0 ? 15 : 14)));
      const [first, second] = r.people.map((p) => p.page);
      const start = (await first.evaluate(() => window.__bench.click('button', 'Start Game'))) - r.offsets[0];
      const shown = await Promise.all(r.people.map(async (_, i) => (await hitOf(r, i, 'deal')) - start));
      all.push(...shown);
      last.push(Math.max(...shown));
      // The first player discards (its tile opened to every page); the second draws the pile's top, and reads it
      // once the other three pages have sealed it to the second: from the release to its 15th tile face-up.
      // The racks can show before the indicator is open; the round is played from then on.
      await until(async () => (await okeyState(first)).gameState === 'play', 'the indicator').catch(
        async (error: unknown) => {
          throw new Error(
            `${String(error)}: ${JSON.stringify(await Promise.all(r.people.map((p) => deckShown(p.page))))}`,
          );
        },
      );
      await mouseDrag(first, first.getByTestId('slot-0').getByRole('img'), first.getByTestId('discard-1'));
      await until(async () => (await okeyState(second)).currentPlayer === 2, "seat 2's turn");
      // A person sees their turn come before they reach for the pile; a draw within milliseconds of the discard would
      // time the pages still taking the discard in, which no player's draw meets.
      await pause(REACTION_MS);
      await watchFaces(second, 'draw', 15);
      const profiling = process.env.BENCH_PROFILE ? await startProfiles(r) : null;
      const tracing = process.env.BENCH_TRACE
        ? await startTrace(r, `${process.env.BENCH_TRACE}/draw-${k}.json`)
        : null;
      const released =
        (await second.evaluate(() =>
          window.__bench.drag(
            '[data-testid="draw-pile"] [data-rfd-drag-handle-draggable-id]',
            '[data-testid="slot-20"]',
          ),
        )) - r.offsets[1];
      draws.push((await hitOf(r, 1, 'draw')) - released);
      if (profiling) await stopProfiles(profiling, `${process.env.BENCH_PROFILE}/draw-${k}`);
      if (tracing) await tracing.stopTracing();
      // Where the draw's time went in B: its draw accepted, and the three seals' entries heard ahead.
      const trace = await second.evaluate(() => window.__bench.trace);
      const submitted = (trace.submits.find((t) => t - r.offsets[1] >= released) ?? NaN) - r.offsets[1];
      const seals = trace.entries.filter((t) => t - r.offsets[1] >= submitted);
      drawSteps.submitted.push(submitted - released);
      drawSteps.drawSent.push(
        (trace.sends.find((t) => t - r.offsets[1] >= submitted) ?? NaN) - r.offsets[1] - released,
      );
      drawSteps.sealsIn.push((seals[2] ?? NaN) - r.offsets[1] - released);
      // And in each sealing page: the draw heard, its seal accepted there, and sent.
      for (const i of [0, 2, 3]) {
        const at = (t: number | undefined) => (t ?? NaN) - r.offsets[i] - released;
        const theirs = await r.people[i].page.evaluate(() => window.__bench.trace);
        const heard = theirs.entries.find((t) => at(t) >= 0);
        const sealed = theirs.submits.find((t) => heard !== undefined && t >= heard);
        drawSteps.heard.push(at(heard));
        drawSteps.sealed.push(at(sealed));
        drawSteps.sent.push(at(theirs.sends.find((t) => sealed !== undefined && t >= sealed)));
      }
      await newGame(r);
      await pause(200);
    }
  } finally {
    await closeAll(r.people);
  }
  return [
    figure('maskedDeal', 'Okey masked deal, 4 pages: Start in A -> a page shows its own rack', 'ms', all, {
      detail: { deals: count },
    }),
    figure(
      'maskedDeal',
      'Okey masked deal, 4 pages: Start in A -> every page shows its own rack',
      'ms',
      last,
      {
        targets: [{ stat: 'median', max: 2000 }],
        detail: { deals: count },
      },
    ),
    figure('maskedDeal', 'Okey masked draw, 4 pages: a draw in B -> the tile face-up in B', 'ms', draws, {
      targets: [{ stat: 'median', max: 50 }],
      detail: {
        draws: draws.length,
        'each draw (ms)': draws.map((ms) => Math.round(ms)).join(' '),
        "each draw's third seal in B (ms)": drawSteps.sealsIn.map((ms) => Math.round(ms)).join(' '),
        'draw accepted in B (median ms)': summarize(drawSteps.submitted).median,
        'the draw sent from B (median ms)': summarize(drawSteps.drawSent).median,
        "the three seals' entries in B (median ms)": summarize(drawSteps.sealsIn).median,
        'the draw heard in a sealing page (median ms)': summarize(drawSteps.heard).median,
        'its seal accepted there (median ms)': summarize(drawSteps.sealed).median,
        'its seal sent (median ms)': summarize(drawSteps.sent).median,
      },
    }),
  ];
}
