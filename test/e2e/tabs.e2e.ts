import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../signaling/server';
import { builtApp, launchBrowser, logIn, newPerson, uniqueRoomId, type Person } from '../helpers/browser';

let browser: Browser;
let server: RunningServer;
let person: Person;

const square = (page: Page, n: number) => page.getByRole('button', { name: `Square ${n}`, exact: true });

beforeAll(async () => {
  // Its own server, so this file can stop it without disturbing the other browser tests.
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    config: { iceServers: [] },
    log: () => {},
    ...builtApp(),
  });
  browser = await launchBrowser();
  person = await newPerson(browser, server.url);
});
afterAll(async () => {
  await person.context.close();
  await browser.close();
  await server.close();
});

describe('two tabs of one browser', () => {
  it('stay in sync over BroadcastChannel with the signalling server stopped', async () => {
    const room = `/${uniqueRoomId()}/tictactoe`;
    const first = person.page;
    // Logging in makes the user's key before it saves the session: wait for the room it opens, then go to ours.
    await logIn(first, 'Rana');
    await first.goto(room);
    const second = await person.context.newPage();
    await second.goto(room);
    await expect.poll(() => first.getByTestId('presence-list').locator('li').count()).toBe(2);
    // Presence can come before a tab's document is open (its Automerge loads as the room first renders): stop the
    // server once both tabs have the room, which the board says by letting them play.
    for (const page of [first, second]) await expect.poll(() => square(page, 5).isEnabled()).toBe(true);
    // Tabs of one browser share its id (made at login) and never dial each other over WebRTC.
    for (const page of [first, second])
      expect(await page.evaluate(() => window.__gameRoom?.connection?.mesh.connectedPeers)).toEqual([]);
    await server.close();
    await square(first, 5).click();
    await expect.poll(() => square(second, 5).getAttribute('data-mark')).toBe('X');
    // Both tabs are the same person, so the second one rewinds the shared history rather than playing O.
    await second.getByRole('button', { name: 'Go to game start' }).click();
    await expect.poll(() => square(first, 5).getAttribute('data-mark')).toBe('');
  });
});
