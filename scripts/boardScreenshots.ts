// Takes the TicTacToe and Go board screenshots with real Chromium against the real server, two people in one room:
// `node scripts/netns.mjs npx tsx scripts/boardScreenshots.ts [tictactoe|go]` after `npx vite build --mode test-hooks`
// (SCREENSHOT_DIST=<dir> serves a build from elsewhere than dist/).
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOT_DIR as OUT, takeScreenshots } from './screenshotSession';
import { logIn, newPerson, uniqueRoomId } from '../test/helpers/browser';

const PHONE = { width: 390, height: 844 };

async function join(browser: Browser, url: string, name: string, path: string, viewport?: typeof PHONE) {
  const { page } = await newPerson(browser, url, viewport);
  await logIn(page, name, path);
  return page;
}

/** Clicks a named button and gives the action a moment to reach the other page. */
async function click(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.waitForTimeout(250); // let the move reach the other page before the next one
}

async function ticTacToe(browser: Browser, url: string) {
  const room = uniqueRoomId();
  const ann = await join(browser, url, 'Ayşe', `/${room}/tictactoe`);
  const bob = await join(browser, url, 'Bora', `/${room}/tictactoe`, PHONE);
  await ann.getByTestId('presence-list').getByText('Bora').waitFor();
  for (const [i, n] of [5, 1, 3, 9].entries()) await click(i % 2 ? bob : ann, `Square ${n}`);
  await ann.screenshot({ path: `${OUT}/tictactoe-play.png` });
  await click(ann, 'Square 7');
  await ann.getByText('Winner: X (Ayşe)').waitFor();
  await ann.mouse.move(10, 700);
  await ann.screenshot({ path: `${OUT}/tictactoe-win.png` });
  await bob.getByText('Winner: X (Ayşe)').waitFor();
  await bob.screenshot({ path: `${OUT}/tictactoe-phone.png`, fullPage: true });
}

async function go(browser: Browser, url: string) {
  const room = uniqueRoomId();
  const ann = await join(browser, url, 'Ayşe', `/${room}/go`);
  const bob = await join(browser, url, 'Bora', `/${room}/go`, PHONE);
  await ann.getByTestId('presence-list').getByText('Bora').waitFor();
  await click(ann, 'Sit as Black');
  await click(bob, 'Sit as White');
  await ann.screenshot({ path: `${OUT}/go-setup.png` });
  await click(ann, '9×9');
  const moves = [
    'E5',
    'E6',
    'D6',
    'F6',
    'E7',
    'D5',
    'D7',
    'C6',
    'F7',
    'G6',
    'G7',
    'C5',
    'F5',
    'H7',
    'C7',
    'B7',
    'H8',
    'J8',
  ];
  for (const [i, label] of moves.entries()) await click(i % 2 ? bob : ann, label);
  await ann.getByRole('button', { name: 'E3', exact: true }).hover();
  await ann.screenshot({ path: `${OUT}/go-play.png` });
  await bob.screenshot({ path: `${OUT}/go-phone.png`, fullPage: true });
  await click(ann, 'Pass');
  await click(bob, 'Pass');
  await click(ann, 'B7');
  await ann.mouse.move(10, 700);
  await ann.screenshot({ path: `${OUT}/go-marking.png` });
  await click(ann, 'Accept');
  await click(bob, 'Accept');
  await ann.getByText(/^Result: /).waitFor();
  await ann.screenshot({ path: `${OUT}/go-result.png` });
}

await takeScreenshots(async (browser, baseUrl) => {
  const only = process.argv[2];
  if (!only || only === 'tictactoe') await ticTacToe(browser, baseUrl);
  if (!only || only === 'go') await go(browser, baseUrl);
});
