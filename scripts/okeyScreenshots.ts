// Takes the Okey screenshots of docs/screenshots with real Chromium, real WebRTC and the real server, after a
// build: `npx vite build --mode test-hooks && node scripts/netns.mjs npx tsx scripts/okeyScreenshots.ts`.
// SCREENSHOT_DIST serves another build folder (default dist/).
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOT_DIR as OUT, takeScreenshots } from './screenshotSession';
import { logIn, mouseDrag as drag, newPerson, uniqueRoomId } from '../test/helpers/browser';
import { createTileSet } from '../src/games/okey/rules/tiles';

async function enterRoom(browser: Browser, baseUrl: string, names: string[]): Promise<Page[]> {
  const room = uniqueRoomId();
  const pages: Page[] = [];
  for (const [i, name] of names.entries()) {
    const { page } = await newPerson(browser, baseUrl);
    await logIn(page, name, `/${room}/okey`);
    await page.getByRole('group', { name: 'Draw pile' }).waitFor();
    await page
      .locator(`[data-seat-id="${i + 1}"]`)
      .getByRole('button', { name: 'Sit' })
      .click();
    await page
      .locator(`[data-seat-id="${i + 1}"]`)
      .getByText(name, { exact: true })
      .waitFor();
    pages.push(page);
  }
  for (const page of pages)
    await page.getByRole('button', { name: 'Sit' }).first().waitFor({ state: 'detached' });
  return pages;
}

const tileIn = (page: Page, testId: string) => page.getByTestId(testId).getByRole('button').first();

/** One turn of the seat whose page this is: draw from the pile into the first free slot, discard the tile at `slot`. */
async function playTurn(page: Page, seatId: number, slot: number) {
  await page.locator(`[data-testid="seat-${seatId}-name"][aria-current="true"]`).waitFor();
  const tiles = page.getByRole('group', { name: 'Your rack' }).getByRole('img');
  if ((await tiles.count()) < 15) {
    await drag(page, tileIn(page, 'draw-pile'), page.getByTestId('slot-24'));
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Your rack"] [role="img"]').length === 15,
    );
  }
  await drag(page, tileIn(page, `slot-${slot}`), page.getByTestId(`discard-${seatId}`));
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-label="Your rack"] [role="img"]').length === 14,
  );
}

const settle = (page: Page) => page.waitForTimeout(500);

async function twoPlayers(browser: Browser, baseUrl: string) {
  const [ayse, bora] = await enterRoom(browser, baseUrl, ['Ayşe', 'Bora']);
  await ayse.getByRole('button', { name: 'Start Game' }).click();
  await playTurn(ayse, 1, 3);
  await playTurn(bora, 2, 5);
  await playTurn(ayse, 1, 7);
  await playTurn(bora, 2, 1);
  // Ayşe lifts Bora's discard toward her rack: the dragged tile shows at half opacity.
  await ayse.locator('[data-testid="seat-1-name"][aria-current="true"]').waitFor();
  await drag(ayse, tileIn(ayse, 'discard-2'), ayse.getByTestId('slot-20'), false);
  await settle(ayse);
  await ayse.screenshot({ path: `${OUT}/okey-2-players.png` });
  await ayse.mouse.up();
  await bora.setViewportSize({ width: 390, height: 844 });
  await settle(bora);
  await bora.screenshot({ path: `${OUT}/okey-phone.png` });
}

async function fourPlayers(browser: Browser, baseUrl: string) {
  const pages = await enterRoom(browser, baseUrl, ['Ada', 'Baran', 'Can', 'Dila']);
  await pages[0].getByRole('button', { name: 'Start Game' }).click();
  for (const [i, slot] of [2, 4, 6, 8, 10].entries()) await playTurn(pages[i % 4], (i % 4) + 1, slot);
  await settle(pages[2]);
  await pages[2].screenshot({ path: `${OUT}/okey-4-players.png` });
}

// Seat 1 is dealt seven pairs and black 13, so dropping black 13 on the draw pile wins at once.
const PAIRS = ['blue3', 'blue4', 'blue5', 'red9', 'red10', 'black11', 'yellow1'].flatMap((name) => [
  `${name}-0`,
  `${name}-1`,
]);
const WINNING = [...PAIRS, 'black13-0'];
const ORDER = [
  'red5-0',
  ...WINNING,
  ...createTileSet()
    .map((t) => t.id)
    .filter((id) => id !== 'red5-0' && !WINNING.includes(id)),
];

async function finishedGame(browser: Browser, baseUrl: string) {
  const [ece, fuat] = await enterRoom(browser, baseUrl, ['Ece', 'Fuat']);
  await ece.evaluate((order) => (window.__okeyTestOrder = order), ORDER);
  await ece.getByRole('button', { name: 'Start Game' }).click();
  await ece.getByTestId('slot-14').getByRole('button').waitFor();
  await drag(ece, tileIn(ece, 'slot-14'), ece.getByTestId('draw-pile'));
  await fuat.getByText('Ece wins!').waitFor();
  await settle(fuat);
  await fuat.screenshot({ path: `${OUT}/okey-finished.png` });
}

await takeScreenshots(async (browser, baseUrl) => {
  await twoPlayers(browser, baseUrl);
  await fourPlayers(browser, baseUrl);
  await finishedGame(browser, baseUrl);
});
