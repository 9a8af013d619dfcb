// Takes the chat's screenshots of docs/screenshots (desktop and phone, English and Turkish) with real Chromium, real
// WebRTC and the real server, after a build:
// `npx vite build --mode test-hooks && node scripts/netns.mjs npx tsx scripts/chatScreenshots.ts`.
// SCREENSHOT_DIST serves another build folder (default dist/).
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOT_DIR as OUT, takeScreenshots } from './screenshotSession';
import { newPerson, uniqueRoomId } from '../test/helpers/browser';

type Scene = {
  language: 'en' | 'tr';
  suffix: string;
  sit: string;
  start: string;
  message: string;
  talk: [who: 0 | 1, text: string][];
  reaction: string;
};

const SCENES: Scene[] = [
  {
    language: 'en',
    suffix: '',
    sit: 'Sit',
    start: 'Start Game',
    message: 'Message',
    talk: [
      [0, 'Welcome Bora! Ready for a round?'],
      [1, 'Ready. Deal them out!'],
      [0, 'Last time you won with pairs, not again!'],
      [1, "We'll see <b>about that</b>"],
    ],
    reaction: 'Good game',
  },
  {
    language: 'tr',
    suffix: '-tr',
    sit: 'Otur',
    start: 'Oyunu Başlat',
    message: 'Mesaj',
    talk: [
      [0, 'Hoş geldin Bora! Bir el atalım mı?'],
      [1, 'Hazırım. Dağıt bakalım!'],
      [0, 'Geçen sefer çiftle bitirdin, bu sefer yok!'],
      [1, 'Göreceğiz <b>bakalım</b>'],
    ],
    reaction: 'İyi oyunlar',
  },
];

async function say(page: Page, label: string, text: string) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(text);
  await input.press('Enter');
  await page.waitForFunction((t) => {
    const texts = [...document.querySelectorAll('[data-testid="chat-text"]')].map((e) => e.textContent);
    return texts.includes(t);
  }, text);
}

/** Logs in by the form's own submit button, whatever language it speaks. */
async function logIn(page: Page, name: string, path: string) {
  await page.goto(path);
  await page.locator('input[name="username"]').fill(name);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/[0-9a-z]{6}\/okey$/);
}

async function person(browser: Browser, baseUrl: string, language: string, phone: boolean) {
  const { page, context } = phone
    ? await newPerson(browser, baseUrl, { width: 390, height: 844 }, { isMobile: true, hasTouch: true })
    : // A laptop's screen: at 1280 x 800 the sidebar's own part leaves the conversation some 150 px.
      await newPerson(browser, baseUrl, { width: 1440, height: 900 });
  await context.addInitScript((l) => localStorage.setItem('game-room-language', l), language);
  return page;
}

async function scene(browser: Browser, baseUrl: string, s: Scene) {
  const room = uniqueRoomId();
  const ayse = await person(browser, baseUrl, s.language, false);
  await logIn(ayse, 'Ayşe', `/${room}/okey`);
  const bora = await person(browser, baseUrl, s.language, true);
  await logIn(bora, 'Bora', `/${room}/okey`);
  for (const [page, seat, name] of [
    [ayse, 1, 'Ayşe'],
    [bora, 2, 'Bora'],
  ] as const) {
    await page.locator(`[data-seat-id="${seat}"]`).getByRole('button', { name: s.sit }).click();
    await ayse.locator(`[data-seat-id="${seat}"]`).getByText(name, { exact: true }).waitFor();
  }
  await ayse.getByRole('button', { name: s.start }).click();
  await bora.getByRole('group').first().waitFor();
  await bora.getByTestId('chat-button').click();
  for (const [who, text] of s.talk) await say(who === 0 ? ayse : bora, s.message, text);
  await bora.getByRole('button', { name: s.reaction }).click();
  await ayse.locator('[data-seat-id="2"]').getByTestId('seat-reaction').waitFor();
  await ayse.mouse.move(0, 0);
  await ayse.waitForTimeout(300); // the bubble's pop-in
  await ayse.screenshot({ path: `${OUT}/chat-desktop${s.suffix}.png` });
  await bora.waitForTimeout(300);
  await bora.screenshot({ path: `${OUT}/chat-phone${s.suffix}.png` });
  await ayse.context().close();
  await bora.context().close();
}

await takeScreenshots(async (browser, baseUrl) => {
  for (const s of SCENES) await scene(browser, baseUrl, s);
});
