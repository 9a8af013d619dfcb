import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../signaling/server';
import { allConnected, blockWebRtc, logIn, startServerWithoutRelay, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

const people = peopleAt(inject('baseUrl'));
const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

const square = (page: Page, n: number) => page.getByRole('button', { name: `Square ${n}`, exact: true });
const marks = (page: Page) =>
  page
    .locator('[aria-label^="Square "]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-mark') || '.').join(''));
/** The squares claimed in the room's log as this page folds it, each entry once (exportLog dedupes by entry id). */
const claimed = (page: Page) =>
  page.evaluate(() => {
    const file = JSON.parse(window.__gameRoom?.connection?.bridge.exportLog('tictactoe') ?? '{}') as {
      payload?: string;
    };
    const actions = JSON.parse(file.payload ?? '[]') as { type: string; payload: { square: number } }[];
    return actions.filter((a) => a.type === 'tictactoe/squareClaimed').map((a) => a.payload.square);
  });

// A whole game to a draw, X first: each mover closes their page right after their move.
const MOVES = [0, 1, 2, 4, 7, 3, 5, 8, 6];
const DRAWN = 'XOXOOXXXO';

describe('a move survives its page closing', () => {
  it('keeps every move of a page closed 0 to 150 ms after it, on the other page and for a late joiner, once', async () => {
    const room = uniqueRoomId();
    const path = `/${room}/tictactoe`;
    const seats = [
      await people.join('Ann', path, (p) => square(p, 1)),
      await people.join('Bob', path, (p) => square(p, 1)),
    ];
    await allConnected(seats, ['Ann', 'Bob']);
    for (const [i, index] of MOVES.entries()) {
      const mover = i % 2;
      const page = seats[mover];
      const other = seats[1 - mover];
      // The other page must show the previous move before this one is made (a turn game).
      const mark = i % 2 === 0 ? 'X' : 'O';
      await square(page, index + 1).click();
      // From the moment the page shows its move (signed, sent ahead), closing must not lose it. Before, the page
      // has not made the move yet: a busy machine can take longer than 150 ms to sign it.
      await expect.poll(() => square(page, index + 1).getAttribute('data-mark')).toBe(mark);
      // The delay is what this test varies (0 to 150 ms after the move, in steps): nothing to await here.
      await page.waitForTimeout(Math.round((150 * i) / (MOVES.length - 1)));
      const context = page.context();
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => square(other, index + 1).getAttribute('data-mark')).toBe(mark);
      // The other page's log holds the move before its author comes back: its change synced before the page went, or
      // the other page wrote it on its behalf. Nothing waits for the closed page's own storage.
      await expect.poll(() => claimed(other), { timeout: 15_000 }).toContain(index);
      // The player comes back in a new tab of the same browser, as after closing one by mistake.
      const back = await context.newPage();
      await back.goto(path);
      await square(back, 1).waitFor();
      const shown = await marks(other);
      await expect.poll(() => marks(back)).toBe(shown);
      seats[mover] = back;
      await allConnected(seats, ['Ann', 'Bob']);
    }
    const cem = await people.join('Cem', path, (p) => square(p, 1));
    for (const page of [...seats, cem]) {
      await expect.poll(() => marks(page)).toBe(DRAWN);
      await expect
        .poll(async () => (await claimed(page)).sort((a, b) => a - b))
        .toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }
  }, 240_000);

  it('brings the last move of a page that no link reached, posted through the server as it closed, into the log', async () => {
    // No relay and no WebRTC for Ann: her page never links to Bob's, so only her last words can bring her move.
    const server = await startServerWithoutRelay();
    servers.push(server);
    const room = uniqueRoomId();
    const path = `/${room}/tictactoe`;
    const bob = (await people.person(undefined, { baseURL: server.url })).page;
    await logIn(bob, 'Bob', path);
    const ann = await people.person(undefined, { baseURL: server.url });
    await blockWebRtc(ann.context);
    await logIn(ann.page, 'Ann', path);
    await ann.page
      .getByTestId('presence-list')
      .getByText('Someone here cannot be reached', { exact: true })
      .waitFor();
    await square(ann.page, 5).click();
    await expect.poll(() => square(ann.page, 5).getAttribute('data-mark')).toBe('X');
    await ann.page.close({ runBeforeUnload: true });
    // Bob shows it, then writes it into the log on Ann's behalf, signed as she signed it.
    await expect.poll(() => square(bob, 5).getAttribute('data-mark'), { timeout: 15_000 }).toBe('X');
    await expect.poll(() => claimed(bob), { timeout: 15_000 }).toEqual([4]);
    const cem = (await people.person(undefined, { baseURL: server.url })).page;
    await logIn(cem, 'Cem', path);
    await expect.poll(() => marks(cem), { timeout: 15_000 }).toBe('....X....');
    await expect.poll(() => claimed(cem)).toEqual([4]);
  }, 120_000);
});
