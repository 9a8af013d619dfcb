// Takes the README's screenshots with real Chromium against the real server: `npm run screenshots`.
// Run as root it goes through the same loopback-only namespace as the browser tests (scripts/e2e.mjs).
// SCREENSHOT_DIST serves another build folder (default dist/).
import { SCREENSHOT_DIR as OUT, takeScreenshots } from './screenshotSession';
import { logIn, newPerson } from '../test/helpers/browser';
import { okeyPhoneScreenshots } from './okeyPhoneScreenshots';

await takeScreenshots(async (browser, baseUrl) => {
  const { page } = await newPerson(browser, baseUrl);
  await page.goto('/login');
  await page.locator('input[name="username"]').waitFor();
  await page.screenshot({ path: `${OUT}/login.png` });
  await logIn(page, 'Ayşe');
  await page.getByRole('link', { name: 'TicTacToe' }).click();
  await page.waitForURL(/tictactoe$/);
  await page.getByText('Connected:').waitFor();
  await page.waitForTimeout(400); // let the sidebar's colour transition finish before the picture
  await page.screenshot({ path: `${OUT}/room.png` });
  const phone = await newPerson(browser, baseUrl, { width: 390, height: 844 });
  await logIn(phone.page, 'Bora');
  // The room's code loads after the login: wait for the board, not the "..." shown meanwhile.
  await phone.page.getByTestId('okey-table').waitFor();
  await phone.page.waitForTimeout(400);
  await phone.page.screenshot({ path: `${OUT}/room-phone.png` });
  await okeyPhoneScreenshots(browser, baseUrl, OUT);
});
