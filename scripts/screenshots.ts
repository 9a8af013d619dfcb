// Takes the README's screenshots with real Chromium against the real server: `npm run screenshots`.
// Run as root it goes through the same loopback-only namespace as the browser tests (scripts/e2e.mjs).
// SCREENSHOT_DIST serves another build folder (default dist/).
import { mkdirSync } from 'node:fs';
import { startServer } from '../signaling/server';
import { launchBrowser, logIn, newPerson } from '../test/helpers/browser';
import { okeyPhoneScreenshots } from './okeyPhoneScreenshots';

const OUT = 'docs/screenshots';

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    config: { iceServers: [] },
    log: () => {},
    staticDir: process.env.SCREENSHOT_DIST,
  });
  const browser = await launchBrowser();
  try {
    const { page } = await newPerson(browser, server.url);
    await page.goto('/login');
    await page.locator('input[name="username"]').waitFor();
    await page.screenshot({ path: `${OUT}/login.png` });
    await logIn(page, 'Ayşe');
    await page.getByRole('link', { name: 'TicTacToe' }).click();
    await page.waitForURL(/tictactoe$/);
    await page.getByText('Connected:').waitFor();
    await page.waitForTimeout(400); // let the sidebar's colour transition finish before the picture
    await page.screenshot({ path: `${OUT}/room.png` });
    const phone = await newPerson(browser, server.url, { width: 390, height: 844 });
    await logIn(phone.page, 'Bora');
    // The room's code loads after the login: wait for the board, not the "..." shown meanwhile.
    await phone.page.getByTestId('okey-table').waitFor();
    await phone.page.waitForTimeout(400);
    await phone.page.screenshot({ path: `${OUT}/room-phone.png` });
    await okeyPhoneScreenshots(browser, server.url, OUT);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
