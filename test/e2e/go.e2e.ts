import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seatedPair } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

/** Polls until a page shows what the other page did; WebRTC on a busy machine can take a few seconds. */
const eventually = <T>(read: () => Promise<T> | T, timeout = 10_000) => expect.poll(read, { timeout });
const people = peopleAt(inject('baseUrl'));

/** A person logged in and on the room's Go page. */
const join = (name: string, room: string) =>
  people.join(name, `/${room}/go`, (page) => page.getByRole('heading', { name: 'Go', exact: true }));

/** Ann as Black and Bob as White in a new room. */
const annAndBob = () =>
  seatedPair(join, { name: 'Ann', colour: 'Black', seat: 'b' }, { name: 'Bob', colour: 'White', seat: 'w' });

const point = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });
const status = (page: Page) => page.getByTestId('go-status').innerText();
const moveCount = (page: Page) => page.getByTestId('go-move-count').innerText();

/** Plays points alternately, Black first, each after both pages counted the move before. */
async function play(black: Page, white: Page, labels: string[], from: number) {
  for (const [i, label] of labels.entries()) {
    await point(i % 2 === 0 ? black : white, label).click();
    for (const page of [black, white]) await eventually(() => moveCount(page)).toBe(`Move ${from + i + 1}`);
  }
}

describe('Go between two browsers', () => {
  it('plays a short 9x9 game with a capture, two passes, a dead group marked, and the same result on both', async () => {
    const [ann, bob] = await annAndBob();
    await ann.getByRole('button', { name: '9×9' }).click();
    await eventually(() => bob.getByRole('button', { name: 'K10', exact: true }).count()).toBe(0);
    await bob.getByRole('button', { name: 'J9', exact: true }).waitFor();

    await point(bob, 'E5').click();
    await bob.getByText('Not your turn').waitFor();

    // Black surrounds the white stone on E5 and takes it; White's two stones on the A file are left to die.
    await play(ann, bob, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2', 'E6'], 0);
    for (const page of [ann, bob]) {
      await eventually(() => page.getByTestId('captures-b').innerText()).toBe('Captures: 1');
      expect(await page.getByTestId('captures-w').innerText()).toBe('Captures: 0');
    }

    await bob.getByRole('button', { name: 'Pass' }).click();
    await eventually(() => moveCount(ann)).toBe('Move 8');
    await ann.getByRole('button', { name: 'Pass' }).click();
    for (const page of [ann, bob])
      await eventually(() => status(page)).toBe('Mark dead stones, then both players Accept');

    await point(bob, 'A1').click();
    for (const page of [ann, bob])
      await eventually(() => page.getByTestId('go-score').innerText()).toContain('B+74.5');
    await ann.getByRole('button', { name: 'Accept' }).click();
    await bob
      .getByTestId('seat-b')
      .getByText(/· accepted$/)
      .waitFor();
    await bob.getByRole('button', { name: 'Accept' }).click();

    for (const page of [ann, bob]) {
      await eventually(() => status(page)).toBe('Result: B+74.5');
      await page.getByRole('button', { name: 'New game' }).waitFor();
    }

    const [download] = await Promise.all([
      bob.waitForEvent('download'),
      bob.getByRole('button', { name: 'Download SGF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('game.sgf');
    const sgf = readFileSync((await download.path()) as string, 'utf8');
    expect(sgf).toMatch(
      /^\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[6\.5\]PB\[Ann\]PW\[Bob\]RE\[B\+74\.5\];B\[de\];W\[ee\]/,
    );
    expect(sgf.endsWith(';W[];B[])')).toBe(true);
  });

  it('keeps a seat across a reload and frees it once the player has left the room', async () => {
    const [ann, bob] = await annAndBob();
    await play(ann, bob, ['D4'], 0);

    await bob.reload();
    await bob.getByTestId('seat-w-name').getByText('Bob (you)').waitFor();
    await bob.getByRole('button', { name: 'Stand from White' }).waitFor();
    await play(bob, ann, ['E5'], 1);

    // Leaving the page says goodbye at once; the seat frees after the grace period that a reload fits in.
    await bob.goto('about:blank');
    await eventually(() => ann.getByTestId('presence-list').getByText('Bob', { exact: true }).count()).toBe(
      0,
    );
    await eventually(() => ann.getByTestId('seat-w-name').innerText(), 20_000).toBe('Empty seat');
    expect(await ann.getByTestId('seat-b-name').innerText()).toBe('Ann (you)');
  });
});
