// Takes the Backgammon board screenshots with real Chromium against the real server, two people in one room:
// `node scripts/netns.mjs npx tsx scripts/backgammonScreenshots.ts` after `npx vite build --mode test-hooks`
// (SCREENSHOT_DIST=<dir> serves a build from elsewhere than dist/). Dice are chosen through the board's test hooks.
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOT_DIR as OUT, takeScreenshots } from './screenshotSession';
import { logIn, newPerson, uniqueRoomId } from '../test/helpers/browser';

const PHONE = { width: 390, height: 844 };

async function join(browser: Browser, url: string, name: string, path: string, viewport?: typeof PHONE) {
  const { page } = await newPerson(browser, url, viewport);
  await logIn(page, name, path);
  await page.getByRole('heading', { name: 'Backgammon', exact: true }).waitFor();
  return page;
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const status = (page: Page) => page.getByTestId('bg-status');

/** Lets this page play its own side through the given rolls (the board's autoplay test hook). */
const autoplay = (page: Page, rolls: number[][]) =>
  page.evaluate((r) => window.__backgammonAutoplay?.(r), rolls);

await takeScreenshots(async (browser, baseUrl) => {
  try {
    const room = uniqueRoomId();
    const ann = await join(browser, baseUrl, 'Ayşe', `/${room}/backgammon`);
    const bob = await join(browser, baseUrl, 'Bora', `/${room}/backgammon`, PHONE);
    await ann.getByTestId('presence-list').getByText('Bora').waitFor();
    await button(ann, 'Sit as White').click();
    await bob.getByTestId('seat-white-name').getByText('Ayşe').waitFor();
    await button(bob, 'Sit as Black').click();
    await ann.getByTestId('seat-black-name').getByText('Bora').waitFor();

    await ann.evaluate(() => (window.__backgammonTestOpeningDie = 5));
    await bob.evaluate(() => (window.__backgammonTestOpeningDie = 3));
    await button(ann, 'Roll').click();
    await bob.getByLabel('White opening die: 5').waitFor();
    await button(bob, 'Roll').click();
    await status(ann).getByText('White (Ayşe) to move').waitFor();

    await autoplay(ann, [
      [6, 4],
      [3, 1],
      [5, 2],
    ]);
    await autoplay(bob, [
      [5, 4],
      [6, 2],
      [4, 1],
      [3, 3],
    ]);
    // The opening turn and seven rolls make eight lines; then White is to roll with no autoplay rolls left.
    await ann.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] li').length === 8);
    await status(ann).getByText('White (Ayşe) to roll').waitFor();
    await button(ann, 'Double').click();
    await button(bob, 'Accept').click();
    await ann.getByRole('img', { name: 'Cube 2, Black owns it' }).waitFor();
    await ann.evaluate(() => (window.__backgammonTestDice = [6, 3]));
    await button(ann, 'Roll').click();
    await status(bob).getByText('White (Ayşe) to move').waitFor();
    // Pick up the checker furthest back that may move, so its targets light up.
    await ann.locator('rect[data-place][tabindex="0"]').last().click();
    await ann.waitForTimeout(700);
    await ann.screenshot({ path: `${OUT}/backgammon-play.png` });
    await bob.screenshot({ path: `${OUT}/backgammon-phone.png`, fullPage: true });

    await ann.locator('rect[data-place][tabindex="0"]').last().click();
    await autoplay(
      ann,
      Array.from(
        { length: 40 },
        (_, i) =>
          [
            [6, 6],
            [5, 5],
            [4, 4],
            [6, 5],
          ][i % 4],
      ),
    );
    await autoplay(
      bob,
      Array.from(
        { length: 40 },
        (_, i) =>
          [
            [6, 6],
            [5, 5],
            [4, 4],
            [6, 5],
          ][i % 4],
      ),
    );
    await button(ann, 'New game').waitFor({ timeout: 60_000 });
    await ann.mouse.move(10, 700);
    await ann.screenshot({ path: `${OUT}/backgammon-result.png` });
  } catch (error) {
    for (const [i, ctx] of browser.contexts().entries())
      await ctx.pages()[0]?.screenshot({ path: `/tmp/bg-fail-${i}.png`, fullPage: true });
    throw error;
  }
});
