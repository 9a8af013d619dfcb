import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seatedPair } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

/** Polls until a page shows what the other page did; WebRTC on a busy machine can take a few seconds. */
const eventually = <T>(read: () => Promise<T> | T, timeout = 10_000) => expect.poll(read, { timeout });
const people = peopleAt(inject('baseUrl'));

/** A person logged in and on the room's Backgammon page. */
const join = (name: string, room: string) =>
  people.join(name, `/${room}/backgammon`, (page) =>
    page.getByRole('heading', { name: 'Backgammon', exact: true }),
  );

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** A point as the page's player counts it (each player sees their own numbering, like the move list). */
const point = (page: Page, n: number) => button(page, `Point ${n}`);
const status = (page: Page) => page.getByTestId('bg-status').innerText();
const moveList = (page: Page) => page.getByTestId('move-list').innerText();
const pips = (page: Page, side: 'white' | 'black') => page.getByTestId(`pips-${side}`).innerText();
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The board's test hooks: the next Roll's dice, the next opening die, or a whole list of rolls to play alone. */
const nextDice = (page: Page, dice: number[]) =>
  page.evaluate((d) => (window.__backgammonTestDice = d), dice);
const nextOpeningDie = (page: Page, die: number) =>
  page.evaluate((d) => (window.__backgammonTestOpeningDie = d), die);
const autoplay = (page: Page, rolls: number[][]) =>
  page.evaluate((r) => window.__backgammonAutoplay?.(r), rolls);

/** Clicks a checker, then its target. */
async function move(page: Page, from: number | 'Bar', to: number) {
  await (from === 'Bar' ? button(page, 'Bar') : point(page, from)).click();
  await point(page, to).click();
}

/** Drags the checker on one point to another with the mouse. */
async function drag(page: Page, from: number, to: number) {
  const a = await point(page, from).boundingBox();
  const b = await point(page, to).boundingBox();
  if (!a || !b) throw new Error('point not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

describe('Backgammon between two browsers', () => {
  it('plays the opening, a hit and a re-entry, a double, a whole game to the same result, and frees a departed seat', async () => {
    const [ann, bob] = await seatedPair(
      join,
      { name: 'Ann', colour: 'White', seat: 'white' },
      { name: 'Bob', colour: 'Black', seat: 'black' },
    );

    // Opening roll: White 2, Black 1, so White moves first with 2-1.
    await nextOpeningDie(ann, 2);
    await button(ann, 'Roll').click();
    await bob.getByRole('img', { name: 'White opening die: 2' }).waitFor();
    await nextOpeningDie(bob, 1);
    await button(bob, 'Roll').click();
    for (const page of [ann, bob]) await eventually(() => status(page)).toBe('White (Ann) to move');

    // Bob cannot move, undo or end the turn for Ann.
    await point(bob, 13).click();
    await toast(bob, 'Not your turn');
    await button(bob, 'Confirm turn').click();
    await eventually(() => bob.getByText('Not your turn', { exact: true }).count()).toBe(2);

    // White 2-1: 13/11 dragged, 6/5 clicked, leaving a blot on the 5-point.
    await drag(ann, 13, 11);
    await ann.getByTestId('move-list').getByText('White 2-1: 13/11 …').waitFor();
    await move(ann, 6, 5);
    await button(ann, 'Confirm turn').click();
    await eventually(() => moveList(bob)).toBe('White 2-1: 13/11 6/5');

    // Black 4-3 hits the blot (Bob counts his own points: his 24 is White's 1).
    await nextDice(bob, [4, 3]);
    await button(bob, 'Roll').click();
    await ann.getByRole('img', { name: 'Black rolled 4 and 3' }).waitFor();
    await move(bob, 24, 20);
    await move(bob, 13, 10);
    await button(bob, 'Confirm turn').click();
    for (const page of [ann, bob]) {
      await eventually(() => moveList(page)).toContain('Black 4-3: 24/20* 13/10');
      expect(await pips(page, 'white')).toBe('Pips 184');
      expect(await pips(page, 'black')).toBe('Pips 160');
    }

    // White doubles before rolling; Black takes and owns the cube.
    await button(ann, 'Double').click();
    await button(bob, 'Accept').click();
    for (const page of [ann, bob]) await page.getByRole('img', { name: 'Cube 2, Black owns it' }).waitFor();

    // White 3-1 must enter first, enters with the 3, hits back with the 1, takes it back and plays it again.
    await nextDice(ann, [3, 1]);
    await button(ann, 'Roll').click();
    await point(ann, 13).click();
    await toast(ann, 'Enter your checkers from the bar first');
    await move(ann, 'Bar', 22);
    await move(ann, 6, 5);
    await button(ann, 'Undo').click();
    await ann.getByTestId('move-list').getByText('White 3-1: bar/22 …').waitFor();
    await move(ann, 6, 5);
    await button(ann, 'Confirm turn').click();
    for (const page of [ann, bob]) await eventually(() => moveList(page)).toContain('White 3-1: bar/22 6/5*');

    // From here both pages play their own side alone through the same rolls, to the end of the game.
    const rolls = Array.from(
      { length: 40 },
      (_, i) =>
        [
          [6, 6],
          [5, 5],
          [4, 4],
          [6, 5],
        ][i % 4],
    );
    await autoplay(ann, rolls);
    await autoplay(bob, rolls);
    for (const page of [ann, bob]) {
      await eventually(() => status(page), 40_000).toBe('Black wins: 2 points');
      await button(page, 'New game').waitFor();
    }
    expect(await moveList(ann)).toBe(await moveList(bob));

    // Bob leaves: after the grace period his seat frees for Ann to see.
    await bob.goto('about:blank');
    await eventually(() => ann.getByTestId('seat-black-name').innerText(), 20_000).toBe('Empty seat');
    expect(await ann.getByTestId('seat-white-name').innerText()).toBe('Ann (you)');
  });

  it("rolls the opening from both players' secrets: the same dice on both pages, none chosen by either", async () => {
    const [ann, bob] = await seatedPair(
      join,
      { name: 'Ann', colour: 'White', seat: 'white' },
      { name: 'Bob', colour: 'Black', seat: 'black' },
    );
    // Each player rolls; a tie rolls again, as the rules say.
    for (let attempt = 0; attempt < 6; attempt++) {
      for (const page of [ann, bob]) await eventually(() => button(page, 'Roll').isEnabled()).toBe(true);
      await button(ann, 'Roll').click();
      await button(bob, 'Roll').click();
      await eventually(async () => {
        const text = await status(ann);
        return / to move$/.test(text) || (await button(ann, 'Roll').isEnabled());
      }).toBe(true);
      if (/ to move$/.test(await status(ann))) break;
    }
    await eventually(() => status(bob)).toBe(await status(ann));
    // Both pages show the same dice to play: the opening's two, the higher die's side to move.
    const dice = (page: Page) =>
      page
        .getByRole('img', { name: / rolled / })
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    await eventually(async () => (await dice(ann)).length).toBe(1);
    expect(await dice(bob)).toEqual(await dice(ann));
    // The export is the log as the page folds it, which the entries reach a moment after the page shows them.
    const rolls = () =>
      ann.evaluate(() => {
        const file = JSON.parse(window.__gameRoom?.connection?.bridge.exportLog('backgammon') ?? '{}') as {
          payload: string;
        };
        const actions = JSON.parse(file.payload) as { type: string; payload: Record<string, unknown> }[];
        return actions
          .filter((a) => a.type === 'backgammon/openingDieRolled' || a.type === 'backgammon/diceRevealed')
          .map((a) => ({
            die: 'die' in a.payload,
            reveal: typeof a.payload.reveal === 'string',
            signed: typeof a.payload.signature === 'string',
          }));
      });
    // Each Roll carries its player's secret, signed; no die is written by anyone.
    await eventually(async () => (await rolls()).length).toBeGreaterThanOrEqual(2);
    expect((await rolls()).every((r) => !r.die && r.reveal && r.signed)).toBe(true);
  });
});
