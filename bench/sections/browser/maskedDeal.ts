import type { Page } from 'playwright-core';
import type { OkeyState } from '../../../src/games/okey/rules/types';
import { figure, samplesOf, type Figure } from '../../figure';
import { closeAll, freshRoom, type Harness } from './harness';
import { okeyState, seatAll } from './deal';
import { mouseDrag } from '../../../test/helpers/browser';
import { openBenchRoom, pause, type BenchRoom } from './measure';

/** How many tiles of its own rack a page shows face-up (it reads them once every other seat has sealed them). */
const facesShown = (page: Page) =>
  page
    .getByRole('group', { name: 'Your rack' })
    .getByRole('img')
    .evaluateAll((els) => els.filter((el) => el.getAttribute('aria-label') !== 'face-down tile').length);

async function until(check: () => Promise<boolean>, what: string, limitMs = 60_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await check()) return performance.now() - start;
    await pause(10);
  }
  throw new Error(`bench: the pages never showed ${what}`);
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
 * Measured in Node, polling each page every 10 ms.
 */
export async function runMaskedDeal(h: Harness): Promise<Figure[]> {
  const count = samplesOf(8, 2);
  const r = await openBenchRoom(h, freshRoom(), 'okey', 4);
  const all: number[] = [];
  const last: number[] = [];
  const draws: number[] = [];
  try {
    await seatAll(r);
    for (let k = 0; k < count; k++) {
      const start = performance.now();
      await r.people[0].page.getByRole('button', { name: 'Start Game' }).click();
      const shown = await Promise.all(
        r.people.map((p, i) =>
          until(async () => (await facesShown(p.page)) === (i === 0 ? 15 : 14), `page ${i + 1}'s rack`),
        ),
      );
      all.push(...shown);
      last.push(performance.now() - start);
      // The first player discards (its tile opened to every page); the second draws the pile's top, and reads it
      // once the other three pages have sealed it to the second. Timed in Node from the release.
      const [first, second] = r.people.map((p) => p.page);
      await mouseDrag(first, first.getByTestId('slot-0').getByRole('img'), first.getByTestId('discard-1'));
      await until(async () => (await okeyState(second)).currentPlayer === 2, "seat 2's turn");
      const slot = second.getByTestId('slot-20').getByRole('img');
      await mouseDrag(
        second,
        second.getByTestId('draw-pile').getByRole('button'),
        second.getByTestId('slot-20'),
        false,
      );
      await second.mouse.up();
      draws.push(
        await until(
          async () =>
            (await slot.getAttribute('aria-label').catch(() => null)) !== null &&
            (await slot.getAttribute('aria-label')) !== 'face-down tile',
          'the drawn tile',
        ),
      );
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
      detail: { draws: draws.length },
    }),
  ];
}
