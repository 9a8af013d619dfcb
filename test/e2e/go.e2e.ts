import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logIn, newPerson, uniqueRoomId, type Person } from '../helpers/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
const people: Person[] = [];

/** A person logged in and on the room's Go page. */
async function join(name: string, room: string): Promise<Page> {
  const person = await newPerson(browser, baseUrl);
  people.push(person);
  await logIn(person.page, name, `/${room}/go`);
  await person.page.getByRole('heading', { name: 'Go', exact: true }).waitFor();
  return person.page;
}

const point = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });
const status = (page: Page) => page.getByTestId('go-status').innerText();
const moveCount = (page: Page) => page.getByTestId('go-move-count').innerText();

/** Plays points alternately, Black first, each after both pages counted the move before. */
async function play(black: Page, white: Page, labels: string[], from: number) {
  for (const [i, label] of labels.entries()) {
    await point(i % 2 === 0 ? black : white, label).click();
    for (const page of [black, white]) await expect.poll(() => moveCount(page)).toBe(`Move ${from + i + 1}`);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(people.map((p) => p.context.close()));
  await browser.close();
});

describe('Go between two browsers', () => {
  it('plays a short 9x9 game with a capture, two passes, a dead group marked, and the same result on both', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    for (const page of [ann, bob]) {
      for (const name of ['Ann', 'Bob'])
        await page.getByTestId('presence-list').getByText(name, { exact: true }).waitFor();
    }

    await ann.getByRole('button', { name: 'Sit as Black' }).click();
    await bob.getByTestId('seat-b-name').getByText('Ann').waitFor();
    await bob.getByRole('button', { name: 'Sit as White' }).click();
    await ann.getByTestId('seat-w-name').getByText('Bob').waitFor();
    await ann.getByRole('button', { name: '9×9' }).click();
    await expect.poll(() => bob.getByRole('button', { name: 'K10', exact: true }).count()).toBe(0);
    await bob.getByRole('button', { name: 'J9', exact: true }).waitFor();

    await point(bob, 'E5').click();
    await bob.getByText('Not your turn').waitFor();

    // Black surrounds the white stone on E5 and takes it; White's two stones on the A file are left to die.
    await play(ann, bob, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2', 'E6'], 0);
    for (const page of [ann, bob]) {
      await expect.poll(() => page.getByTestId('captures-b').innerText()).toBe('Captures: 1');
      expect(await page.getByTestId('captures-w').innerText()).toBe('Captures: 0');
    }

    await bob.getByRole('button', { name: 'Pass' }).click();
    await expect.poll(() => moveCount(ann)).toBe('Move 8');
    await ann.getByRole('button', { name: 'Pass' }).click();
    for (const page of [ann, bob])
      await expect.poll(() => status(page)).toBe('Mark dead stones, then both players Accept');

    await point(bob, 'A1').click();
    for (const page of [ann, bob])
      await expect.poll(() => page.getByTestId('go-score').innerText()).toContain('B+74.5');
    await ann.getByRole('button', { name: 'Accept' }).click();
    await bob
      .getByTestId('seat-b')
      .getByText(/· accepted$/)
      .waitFor();
    await bob.getByRole('button', { name: 'Accept' }).click();

    for (const page of [ann, bob]) {
      await expect.poll(() => status(page)).toBe('Result: B+74.5');
      await page.getByRole('button', { name: 'New game' }).waitFor();
    }
  });
});
