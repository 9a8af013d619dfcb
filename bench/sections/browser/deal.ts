import type { Page } from 'playwright-core';
import type { OkeyState } from '../../../src/games/okey/rules/types';
import { figure, samplesOf, type Figure } from '../../figure';
import { closeAll, freshRoom, type Harness } from './harness';
import { measureStep, openBenchRoom, pause, type BenchRoom, type Sample } from './measure';

/** A page's Okey state as its bridge folds it. */
export const okeyState = (page: Page) =>
  page.evaluate(() => window.__gameRoom!.connection!.bridge.getState('okey') as OkeyState);

async function whenAll(r: BenchRoom, check: (state: OkeyState) => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const states = await Promise.all(r.people.map((p) => okeyState(p.page)));
    if (states.every(check)) return;
    await pause(25);
  }
  throw new Error(`bench: the pages never showed ${what}`);
}

/** Seat i + 1 for page i, each waiting for the seat to show on every page. */
export async function seatAll(r: BenchRoom): Promise<void> {
  for (const [i, p] of r.people.entries()) {
    await p.page
      .locator(`[data-seat-id="${i + 1}"] button`, { hasText: 'Sit' })
      .first()
      .click();
    await whenAll(r, (s) => s.players[i].user !== null, `seat ${i + 1} taken`);
  }
}

/** New Game asked by every seated page through its bridge (a round in play ends when all ask): 'start' again. */
async function newGame(r: BenchRoom): Promise<void> {
  for (const [i, p] of r.people.entries())
    await p.page.evaluate((seatId) => {
      const bridge = window.__gameRoom!.connection!.bridge;
      const seat = (bridge.getState('okey') as OkeyState).players.find((s) => s.id === seatId)!;
      bridge.submit({ type: 'okey/newGameStarted', payload: { by: seat.user, clientId: seat.userKey } });
    }, i + 1);
  await whenAll(r, (s) => s.gameState === 'start' && s.deck === undefined, 'a new game');
}

/**
 * Okey's deal, two pages: Start Game in A to the dealt table in B and in A, from the pages' masked deck (keyed,
 * shuffled and sealed by both pages) against a deal from an order the test build lets A choose (one entry, as every
 * deal was before fair play). Alternating, so both see the same machine load.
 */
export async function runDeal(h: Harness): Promise<Figure[]> {
  const count = samplesOf(40, 6);
  const r = await openBenchRoom(h, freshRoom(), 'okey', 2);
  const runs: Record<'masked' | 'chosen', Sample[]> = { masked: [], chosen: [] };
  try {
    await seatAll(r);
    const left = String(106 - 1 - 15 - 14);
    for (let k = 0; k < count * 2; k++) {
      const kind = k % 2 === 0 ? 'masked' : 'chosen';
      await r.people[0].page.evaluate((chosen) => {
        const order = chosen ? (window as unknown as { __benchOrder: string[] }).__benchOrder : undefined;
        window.__okeyTestOrder = order;
      }, kind === 'chosen');
      runs[kind].push(
        await measureStep(
          r,
          0,
          [1],
          { kind: 'click', selector: 'button', text: 'Start Game' },
          {
            selector: '[data-testid="draw-pile-count"]',
            attr: 'aria-label',
            value: `${left} tiles left`,
            mode: 'equals',
          },
        ),
      );
      await whenAll(r, (s) => s.gameState === 'play', 'the deal');
      await newGame(r);
      await pause(150);
      if (k === 0) {
        // The chosen order: any will do, the fresh table's pile as it lies.
        await r.people[0].page.evaluate(() => {
          (window as unknown as { __benchOrder: string[] }).__benchOrder = (
            window.__gameRoom!.connection!.bridge.getState('okey') as OkeyState
          ).drawPile.map((t) => t.id);
        });
      }
    }
  } finally {
    await closeAll(r.people);
  }
  const label = {
    masked: "from the pages' masked deck",
    chosen: 'from an order page A chose (before fair play)',
  };
  return (['masked', 'chosen'] as const).flatMap((kind) => [
    figure(
      'deal',
      `Okey deal ${label[kind]}, 2 peers: Start in A -> dealt table in B`,
      'ms',
      runs[kind].flatMap((s) => s.dom),
      {
        detail: { deals: runs[kind].length },
      },
    ),
    figure(
      'deal',
      `Okey deal ${label[kind]}, 2 peers: Start in A -> dealt table in A`,
      'ms',
      runs[kind].map((s) => s.local ?? NaN).filter(Number.isFinite),
      { detail: { deals: runs[kind].length } },
    ),
  ]);
}
