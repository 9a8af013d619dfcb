import type { Page } from 'playwright-core';
import type { OkeyState } from '../../../src/games/okey/rules/types';
import { GAP_MS, type Series } from './latency';
import { measureStep, pause, totalTraffic, type BenchRoom, type Sample } from './measure';

const HANDLE = '[data-rfd-drag-handle-draggable-id]';
const RACK_TILE = `[data-testid^="slot-"] ${HANDLE}`;

const okeyState = (page: Page) =>
  page.evaluate(() => window.__gameRoom!.connection!.bridge.getState('okey') as OkeyState);
const logLength = (page: Page) =>
  page.evaluate(() => window.__gameRoom!.connection!.bridge.logLength('okey'));

/** Waits until every page's log holds at least `length` Okey entries. */
async function allReach(r: BenchRoom, length: number): Promise<void> {
  await Promise.all(
    r.people.map((p) =>
      p.page.waitForFunction((n) => window.__gameRoom!.connection!.bridge.logLength('okey') >= n, length, {
        timeout: 20_000,
        polling: 5,
      }),
    ),
  );
}

async function clickText(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector, { hasText: text }).first().click();
}

/** Every page takes the seat of its index; then the game starts. */
async function seatAndStart(r: BenchRoom): Promise<void> {
  for (const [i, p] of r.people.entries()) {
    const before = await logLength(p.page);
    await clickText(p.page, `[data-seat-id="${i + 1}"] button`, 'Sit');
    await allReach(r, before + 1);
  }
  await start(r);
}

async function start(r: BenchRoom): Promise<void> {
  const page = r.people[0].page;
  await clickText(page, 'button', 'Start Game');
  await Promise.all(
    r.people.map((p) =>
      p.page.waitForFunction(
        () => (window.__gameRoom!.connection!.bridge.getState('okey') as OkeyState).gameState === 'play',
        null,
        { timeout: 20_000 },
      ),
    ),
  );
}

/**
 * The player on turn draws through the bridge (as the board's drop handler would dispatch it): the previous seat's
 * discard when there is one, else the pile. Untimed, so the series spends its time on the discards it measures.
 */
async function draw(r: BenchRoom, actor: number): Promise<void> {
  const page = r.people[actor].page;
  const before = await logLength(page);
  await page.evaluate(() => {
    const c = window.__gameRoom!.connection!;
    const s = c.bridge.getState('okey') as OkeyState;
    const user = JSON.parse(localStorage.getItem('game-room:user')!) as { id: string; name: string };
    const i = s.players.findIndex((p) => p.id === s.currentPlayer);
    const previous = s.players[(i - 1 + s.players.length) % s.players.length];
    const tile = previous.discardPile[previous.discardPile.length - 1] ?? s.drawPile[0];
    const toSlot = s.players[i].hand.findIndex((t) => t === null);
    const by = { id: user.id, name: user.name };
    const payload = { by, clientId: c.presence.clientId, tileId: tile.id, toSlot };
    c.bridge.submit({ type: 'okey/tileDrawn', payload });
  });
  await allReach(r, before + 1);
}

/**
 * Okey discards by mouse drag (synthetic events through the board's real drag and drop): each page sits, the game
 * starts, and the player on turn draws then discards; each discard is timed until the other pages show the pile's new
 * count. A new round starts when the draw pile runs low.
 */
export async function okeyDiscards(r: BenchRoom, discards: number): Promise<Series> {
  const n = r.people.length;
  await seatAndStart(r);
  const samples: Sample[] = [];
  let actions = 0;
  const first = await totalTraffic(r);
  while (samples.length < discards) {
    let state = await okeyState(r.people[0].page);
    if (state.gameState !== 'play' || state.drawPile.length < 2) {
      await clickText(r.people[0].page, 'button', 'New Game');
      // In the middle of a round the table asks first.
      if (state.gameState === 'play')
        await r.people[0].page.getByRole('dialog').getByRole('button', { name: 'New Game' }).click();
      await r.people[0].page.locator('button', { hasText: 'Start Game' }).waitFor();
      await start(r);
      actions += 2;
      continue;
    }
    const actor = state.players.findIndex((s) => s.id === state.currentPlayer);
    const seatId = state.currentPlayer!;
    const observers = [...Array(n).keys()].filter((i) => i !== actor);
    if (state.players[actor].hand.filter((t) => t !== null).length < 15) {
      await draw(r, actor);
      actions++;
      await pause(GAP_MS);
      state = await okeyState(r.people[actor].page);
    }
    const seat = state.players.find((s) => s.id === seatId)!;
    samples.push(
      await measureStep(
        r,
        actor,
        observers,
        { kind: 'drag', from: RACK_TILE, to: `[data-testid="discard-${seatId}"]` },
        {
          selector: `[data-testid="discard-${seatId}-count"]`,
          attr: null,
          value: String(seat.discardPile.length + 1),
          mode: 'equals',
        },
      ),
    );
    actions++;
    await pause(GAP_MS);
  }
  const last = await totalTraffic(r);
  return {
    samples,
    actions,
    bytes: last.bytes - first.bytes,
    messages: last.messages - first.messages,
  };
}
