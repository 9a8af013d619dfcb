import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allConnected, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

/** Polls until a page shows what the other page did; WebRTC on a busy machine can take a few seconds. */
const eventually = <T>(read: () => Promise<T> | T, timeout = 10_000) => expect.poll(read, { timeout });
const people = peopleAt(inject('baseUrl'));

const square = (page: Page, n: number) => page.getByRole('button', { name: `Square ${n}`, exact: true });
/** A person logged in and on the room's TicTacToe page. */
const join = (name: string, room: string) =>
  people.join(name, `/${room}/tictactoe`, (page) => square(page, 1));
const marks = (page: Page) =>
  page
    .locator('[aria-label^="Square "]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-mark')).join(''));
const status = (page: Page) => page.getByTestId('ttt-status').innerText();

/** Clicks squares alternately on the two players' pages, X first, each after the other page saw the last move. */
async function play(x: Page, o: Page, squares: number[]) {
  for (const [i, n] of squares.entries()) {
    const mover = i % 2 === 0 ? x : o;
    await square(mover, n).click();
    const mark = i % 2 === 0 ? 'X' : 'O';
    for (const page of [x, o]) await eventually(() => square(page, n).getAttribute('data-mark')).toBe(mark);
  }
}

describe('TicTacToe between two browsers, with a third watching', () => {
  it('plays to a win and to a draw, keeps the watcher out, and shares the history', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    const cem = await join('Cem', room);
    const pages = [ann, bob, cem];
    await allConnected(pages, ['Ann', 'Bob', 'Cem']);

    await play(ann, bob, [1, 4]);
    for (const page of pages) await eventually(() => status(page)).toBe('Next player: X (Ann)');

    // Both seats are taken now: neither the watcher nor the waiting player may move.
    const before = await marks(cem);
    await square(cem, 1).click();
    await square(cem, 9).click();
    await cem.getByText('Not your turn').waitFor();
    // A click on a filled square does nothing, not even a toast: it was refused before the one above showed.
    expect(await cem.getByText('Square taken').count()).toBe(0);
    await square(bob, 9).click();
    await bob.getByText('Not your turn').waitFor();
    expect(await marks(ann)).toBe(before);

    await play(ann, bob, [2, 5, 3]);
    for (const page of pages) {
      await eventually(() => status(page)).toBe('Winner: X (Ann)');
      const lit = await page
        .locator('[data-winning="true"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(lit).toEqual(['Square 1', 'Square 2', 'Square 3']);
    }
    await square(bob, 9).click();
    expect(await square(ann, 9).getAttribute('data-mark')).toBe('');

    await bob.getByRole('button', { name: 'New game' }).click();
    for (const page of pages) await eventually(() => marks(page)).toBe('');

    await play(ann, bob, [1, 2, 3, 5, 4, 6, 8, 7, 9]);
    for (const page of pages) await eventually(() => status(page)).toBe('Draw');

    await cem.getByRole('button', { name: 'Go to move #4' }).click();
    for (const page of pages) await eventually(() => marks(page)).toBe('XOXO');
    for (const page of pages) await eventually(() => status(page)).toBe('Next player: X (Ann)');

    // A move after jumping back drops the later moves from everyone's history.
    await square(ann, 9).click();
    for (const page of pages) {
      await page.getByRole('button', { name: 'Go to move #5' }).waitFor();
      await eventually(() => page.getByRole('button', { name: /^Go to move #/ }).count()).toBe(5);
    }
  });

  it('keeps a seat across a reload, frees seats as players leave, and starts over once both have gone', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    const cem = await join('Cem', room);
    await allConnected([ann, bob, cem], ['Ann', 'Bob', 'Cem']);
    await play(ann, bob, [1, 5]);

    await bob.reload();
    await allConnected([bob], ['Ann', 'Bob', 'Cem']);
    await eventually(() => marks(bob)).toBe('XO');
    await square(ann, 9).click();
    await eventually(() => square(bob, 9).getAttribute('data-mark')).toBe('X');
    const logged = () =>
      ann.evaluate(() => window.__gameRoom?.connection?.bridge.logLength('tictactoe') ?? 0);
    const before = await logged();
    await square(bob, 3).click();
    for (const page of [ann, cem])
      await eventually(() => square(page, 3).getAttribute('data-mark')).toBe('O');
    // Bob leaves once his move is in the room's log, not only shown ahead: a page that leaves within automerge-repo's
    // sync throttle (about 100 ms) of its move takes the move with it (a known gap, noted in the closing note).
    await eventually(logged).toBeGreaterThan(before);

    // Leaving the page says goodbye at once; seats free after the grace period that a reload fits in. A goodbye lost
    // as the page goes (a busy machine) leaves the page listed until its link closes or 30 s of silence pass: the
    // seat frees by then plus the grace period, whichever way the page went.
    const departed = 45_000;
    await bob.goto('about:blank');
    await eventually(() => cem.getByTestId('seat-O').innerText(), departed).toBe('free');
    expect(await marks(cem)).toBe('XOOX');
    await ann.goto('about:blank');
    await eventually(() => marks(cem), departed).toBe('');
    expect(await cem.getByTestId('seat-X').innerText()).toBe('free');
    await eventually(() => status(cem)).toBe('Next player: X');
  }, 150_000);
});
