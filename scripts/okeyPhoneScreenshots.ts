// The Okey pictures on a phone (390 x 844, touch) for docs/screenshots, taken by scripts/screenshots.ts with real
// Chromium, real WebRTC and the real server: a turn being played by finger, four players, and the sidebar's drawer.
import type { Browser, Locator, Page } from 'playwright-core';
import { fingerDrag, logIn, newPerson, uniqueRoomId } from '../test/helpers/browser';
import { createTileSet, isJoker } from '../src/games/okey/rules/tiles';

const PHONE = { width: 390, height: 844 };

/** The deal: `first` to the first seat, then the other tiles in a fixed shuffle, the jokers last (never drawn here). */
function dealWith(first: readonly string[]): string[] {
  const others = createTileSet().filter((t) => !first.includes(t.id) && !isJoker(t));
  let seed = 20_261_125;
  for (let i = others.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [others[i], others[j]] = [others[j], others[i]];
  }
  const jokers = createTileSet().filter(isJoker);
  return [...first, ...others.map((t) => t.id), ...jokers.map((t) => t.id)];
}

/** Everyone on a phone of their own in one new Okey room, each in the seat of their place in `names`. */
async function phonesAtTable(browser: Browser, baseUrl: string, names: string[]): Promise<Page[]> {
  const room = uniqueRoomId();
  const pages: Page[] = [];
  for (const [i, name] of names.entries()) {
    const { page } = await newPerson(browser, baseUrl, PHONE, { isMobile: true, hasTouch: true });
    await logIn(page, name, `/${room}/okey`);
    const seat = page.locator(`[data-seat-id="${i + 1}"]`);
    await seat.getByRole('button', { name: 'Sit' }).tap();
    await seat.getByText(name, { exact: true }).waitFor();
    pages.push(page);
  }
  for (const page of pages)
    await page.getByRole('button', { name: 'Sit' }).first().waitFor({ state: 'detached' });
  return pages;
}

const rack = (page: Page) => page.getByRole('group', { name: 'Your rack' });
const tileIn = (page: Page, testId: string) => page.getByTestId(testId).getByRole('button').first();

/** A finger's drag from one place to another, let go at once. */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  await (await fingerDrag(page, from, to)).release();
}

/** One turn of the seat whose page this is: draw from the pile into `into` if it holds 14, discard `discard`. */
async function playTurn(page: Page, seatId: number, into: number, discard: Locator) {
  await page.locator(`[data-testid="seat-${seatId}-name"][aria-current="true"]`).waitFor();
  if ((await rack(page).getByRole('img').count()) < 15) {
    await touchDrag(page, tileIn(page, 'draw-pile'), page.getByTestId(`slot-${into}`));
    await rack(page).getByRole('img').nth(14).waitFor();
  }
  await touchDrag(page, discard, page.getByTestId(`discard-${seatId}`));
  await page
    .getByTestId(`discard-${seatId}-count`)
    .getByText(/^[1-9]/)
    .waitFor();
}

// Yellow 1 the indicator; for the first seat runs of four blacks, three blues and four reds, a set of 13s and yellow 4,
// which Arrange runs lays out a group to a row's end.
const HAND = [
  'yellow1-0',
  'blue6-0',
  'red11-0',
  'black13-0',
  'yellow4-0',
  'black2-0',
  'red9-0',
  'blue13-0',
  'blue5-0',
  'red12-0',
  'black1-0',
  'black4-0',
  'red10-0',
  'blue7-0',
  'red13-0',
  'black3-0',
];

/** Two phones: Ayşegül lays her rack out, the turns go round, and she lifts Bora's discard toward her rack by finger. */
async function playingByTouch(browser: Browser, baseUrl: string, out: string) {
  const [ayse, bora] = await phonesAtTable(browser, baseUrl, ['Ayşegül', 'Bora Can']);
  await ayse.evaluate((order) => (window.__okeyTestOrder = order), dealWith(HAND));
  await ayse.getByRole('button', { name: 'Start Game' }).tap();
  await rack(ayse).getByRole('img').nth(14).waitFor();
  await ayse.getByRole('button', { name: 'Arrange runs' }).tap();
  await playTurn(ayse, 1, 0, rack(ayse).getByRole('img', { name: 'yellow 4' }));
  await playTurn(bora, 2, 20, tileIn(bora, 'slot-3'));
  await ayse.locator('[data-testid="seat-1-name"][aria-current="true"]').waitFor();
  const drag = await fingerDrag(ayse, tileIn(ayse, 'discard-2'), ayse.getByTestId('slot-12'));
  await ayse.waitForTimeout(400); // the lifted tile's fade to half opacity
  await ayse.screenshot({ path: `${out}/okey-phone-play.png` });
  await drag.release();
  await bora.getByRole('button', { name: 'Open menu' }).tap();
  await bora.getByTestId('presence-list').getByText('Ayşegül').first().waitFor();
  await bora.waitForTimeout(400); // the drawer's slide
  await bora.screenshot({ path: `${out}/okey-phone-menu.png` });
}

/** Four phones, five turns played; Can's view, with Baran on his left and Dila on his right. */
async function fourPlayers(browser: Browser, baseUrl: string, out: string) {
  const pages = await phonesAtTable(browser, baseUrl, ['Ada', 'Baran', 'Can', 'Dila']);
  await pages[0].evaluate((order) => (window.__okeyTestOrder = order), dealWith([]));
  await pages[0].getByRole('button', { name: 'Start Game' }).tap();
  for (const [i, slot] of [2, 4, 6, 8, 10].entries())
    await playTurn(pages[i % 4], (i % 4) + 1, 20, tileIn(pages[i % 4], `slot-${slot}`));
  await pages[2].locator('[data-testid="seat-2-name"][aria-current="true"]').waitFor();
  await pages[2].waitForTimeout(400);
  await pages[2].screenshot({ path: `${out}/okey-phone-4-players.png` });
}

/** Takes okey-phone-play.png, okey-phone-menu.png and okey-phone-4-players.png into `out`. */
export async function okeyPhoneScreenshots(browser: Browser, baseUrl: string, out: string): Promise<void> {
  await playingByTouch(browser, baseUrl, out);
  await fourPlayers(browser, baseUrl, out);
}
