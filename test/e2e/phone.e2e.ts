import { describe, expect, inject, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { fingerDrag, logIn, pointerSeen, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';
import { createTileSet } from '../../src/games/okey/rules/tiles';

const people = peopleAt(inject('baseUrl'));

const PHONE_SIZE = { width: 390, height: 844 };
const PHONE: BrowserContextOptions = { isMobile: true, hasTouch: true };
/** The least a rack tile measures on a 390 x 844 phone (26 x 36 px before the phone layout). */
const MIN_TILE = { width: 27, height: 40 };

/** A person logged in at path, on a phone unless a desk's viewport is given. */
async function person(name: string, path: string, desk = false): Promise<Page> {
  const p = desk ? await people.person() : await people.person(PHONE_SIZE, PHONE);
  await logIn(p.page, name, path);
  return p.page;
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** Drags with a finger; the lifted tile shows at half opacity (spec) as the library fades it in (0.2 s). */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const drag = await fingerDrag(page, from, to);
  await expect.poll(() => drag.lifted.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');
  await drag.release();
}

// Seat 1 is dealt these 15 tiles (slots 0-14), no joker among them; red 8 is the indicator.
const HAND = [
  'red1-0',
  'red2-0',
  'red3-0',
  'blue5-0',
  'blue6-0',
  'blue7-0',
  'black9-0',
  'black10-0',
  'black11-0',
  'yellow4-0',
  'yellow4-1',
  'red12-0',
  'blue12-0',
  'black12-0',
  'yellow13-0',
];
const ORDER = [
  'red8-0',
  ...HAND,
  ...createTileSet()
    .map((t) => t.id)
    .filter((id) => id !== 'red8-0' && !HAND.includes(id)),
];

const listed = (page: Page, name: string) =>
  page.getByTestId('presence-list').getByText(name, { exact: true });

/**
 * Waits until a phone's sidebar, behind its menu button, lists everyone under Connected: and offers every part of the
 * sidebar; then closes it.
 */
async function connectedOnPhone(page: Page, names: readonly string[]) {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const sidebar = page.locator('.MuiDrawer-paper');
  await sidebar.getByText('Connected:').waitFor();
  for (const name of names) await listed(page, name).waitFor();
  await sidebar.getByRole('button', { name: 'Share Link' }).waitFor();
  await sidebar.getByRole('link', { name: 'TicTacToe' }).waitFor();
  await page.keyboard.press('Escape');
  await sidebar.waitFor({ state: 'detached' });
}

const seat = (page: Page, id: number) => page.locator(`[data-seat-id="${id}"]`);
const rack = (page: Page) => page.getByRole('group', { name: 'Your rack' });

describe('Okey on a phone', () => {
  it('two people on 390 x 844 touch screens sit, start and play a turn by dragging with a finger', async () => {
    const room = uniqueRoomId();
    const [ayse, bora] = [
      await person('Ayşegül', `/${room}/okey`),
      await person('Bora Can', `/${room}/okey`),
    ];
    for (const page of [ayse, bora]) await connectedOnPhone(page, ['Ayşegül', 'Bora Can']);
    for (const [page, id, name] of [
      [ayse, 1, 'Ayşegül'],
      [bora, 2, 'Bora Can'],
    ] as const) {
      await seat(page, id).getByRole('button', { name: 'Sit' }).tap();
      await seat(ayse, id).getByText(name, { exact: true }).waitFor();
      await seat(bora, id).getByText(name, { exact: true }).waitFor();
    }
    await ayse.evaluate((order) => (window.__okeyTestOrder = order), ORDER);
    await ayse.getByRole('button', { name: 'Start Game' }).tap();
    await expect.poll(() => rack(ayse).getByRole('img').count()).toBe(15);
    await expect.poll(() => rack(bora).getByRole('img').count()).toBe(14);

    // Every slot of the rack is at least 27 x 40 px, and the rack stays on the screen.
    for (const page of [ayse, bora]) {
      const slots = await rack(page)
        .locator('[data-testid^="slot-"]')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      expect(slots).toHaveLength(26);
      for (const slot of slots) {
        expect(slot.width).toBeGreaterThanOrEqual(MIN_TILE.width);
        expect(slot.height).toBeGreaterThanOrEqual(MIN_TILE.height);
        expect(slot.left).toBeGreaterThanOrEqual(0);
        expect(slot.right).toBeLessThanOrEqual(PHONE_SIZE.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_SIZE.width);
      // Nor does the page scroll down: a drag towards the rack would scroll it and move the slots under the finger.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(PHONE_SIZE.height);
    }

    // Ayşegül holds 15 tiles on her turn: a long press lifts yellow 13, her finger drops it on her discard pile.
    await touchDrag(
      ayse,
      rack(ayse).getByTestId('slot-14').getByRole('button'),
      ayse.getByTestId('discard-1'),
    );
    await expect.poll(() => bora.getByTestId('discard-1-count').textContent()).toBe('1');
    await bora.getByTestId('discard-1').getByRole('img', { name: 'yellow 13' }).waitFor();
    await bora.locator('[data-testid="seat-2-name"][aria-current="true"]').waitFor();
    expect(await rack(ayse).getByRole('img').count()).toBe(14);
    // Bora takes it into his rack with his finger.
    await touchDrag(bora, bora.getByTestId('discard-1').getByRole('button'), bora.getByTestId('slot-20'));
    await bora.getByTestId('slot-20').getByRole('img', { name: 'yellow 13' }).waitFor();
    await expect.poll(() => ayse.getByTestId('discard-1-count').textContent()).toBe('0');

    for (const page of [ayse, bora]) {
      // Every name plate shows its whole name, the turn's ▶ included.
      const cut = await page
        .locator('[data-testid$="-name"] .okey-name-text')
        .evaluateAll((els) =>
          els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
        );
      expect(cut).toEqual([]);
      // The racks, the piles and the centre's buttons each have their own place on the screen.
      const parts = [
        page.getByTestId('seat-top'),
        page.getByTestId('seat-bottom'),
        page.getByTestId('discard-1'),
        page.getByTestId('discard-2'),
        page.getByTestId('draw-pile'),
        page.getByTestId('indicator'),
        page.getByRole('button', { name: 'Reset Game' }),
        page.getByRole('button', { name: 'New Game' }),
      ];
      const boxes = await Promise.all(parts.map(box));
      for (const [i, a] of boxes.entries()) {
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.x + a.width).toBeLessThanOrEqual(PHONE_SIZE.width);
        expect(a.y + a.height).toBeLessThanOrEqual(PHONE_SIZE.height);
        for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false);
      }
      // Okey draws nobody's pointer.
      expect(await page.getByTestId('remote-cursors').count()).toBe(0);
    }
  }, 150_000);

  it("draws other people's pointers in the board area only: never over the sidebar or a phone's app bar", async () => {
    const room = uniqueRoomId();
    const desk = await person('Cem', `/${room}/tictactoe`, true);
    const phone = await person('Deniz', `/${room}/tictactoe`);
    for (const name of ['Cem', 'Deniz']) await listed(desk, name).waitFor();
    await connectedOnPhone(phone, ['Cem', 'Deniz']);

    // Cem points at his own sidebar, then at the board; Deniz moves a mouse on her phone-sized page.
    const cursorOf = (page: Page, name: string) =>
      page.getByTestId('remote-cursor').filter({ hasText: name });
    const [cem, deniz] = [cursorOf(phone, 'Cem'), cursorOf(desk, 'Deniz')];
    await expect.poll(() => pointerSeen(desk, cem, [100, 300], [600, 300])).toBe('translate(600 300)');
    await expect.poll(() => pointerSeen(phone, deniz, [190, 390], [200, 400])).toBe('translate(200 400)');

    const deskOverlay = await box(desk.getByTestId('remote-cursors'));
    const deskSidebar = await box(desk.locator('.MuiDrawer-paper'));
    expect(overlap(deskOverlay, deskSidebar)).toBe(false);
    expect(deskOverlay.x).toBeGreaterThanOrEqual(deskSidebar.x + deskSidebar.width);

    const phoneOverlay = await box(phone.getByTestId('remote-cursors'));
    const appBar = await box(phone.locator('header'));
    expect(overlap(phoneOverlay, appBar)).toBe(false);
    // The phone's sidebar opens over the board, and over the pointers drawn on it.
    await phone.getByRole('button', { name: 'Open menu' }).tap();
    const drawer = phone.locator('.MuiDrawer-root');
    await drawer.getByText('Connected:').waitFor();
    const zIndex = (locator: Locator) => locator.evaluate((el) => Number(getComputedStyle(el).zIndex));
    expect(await zIndex(drawer)).toBeGreaterThan(await zIndex(phone.getByTestId('remote-cursors')));
  }, 120_000);
});
