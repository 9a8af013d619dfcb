import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson, uniqueRoomId, type Person } from '../helpers/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
const people: Person[] = [];

const join = async (name: string, path: string) => {
  const p = await newPerson(browser, baseUrl);
  people.push(p);
  await p.page.goto(path);
  await p.page.locator('input[name="username"]').fill(name);
  await p.page.getByRole('button', { name: 'Go', exact: true }).click();
  await p.page.waitForURL(new RegExp(`${path}$`));
  return p;
};

const connected = (page: Page) => page.getByTestId('presence-list');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(people.map((p) => p.context.close()));
  await browser.close();
});

describe('a shared room', () => {
  it('lets two and then three pages see each other under Connected:', async () => {
    const room = `/${uniqueRoomId()}/tictactoe`;
    const a = await join('Ann', room);
    const b = await join('Ben', room);
    await connected(a.page).getByText('Ben').waitFor();
    await connected(b.page).getByText('Ann').waitFor();
    const c = await join('Cem', room);
    for (const page of [a.page, b.page]) await connected(page).getByText('Cem').waitFor();
    for (const name of ['Ann', 'Ben']) await connected(c.page).getByText(name).waitFor();
    expect(await connected(c.page).locator('li').count()).toBe(3);
  });

  it('removes a closed page from the others at once', async () => {
    const room = `/${uniqueRoomId()}/okey`;
    const a = await join('Dila', room);
    const b = await join('Emre', room);
    await connected(a.page).getByText('Emre').waitFor();
    await b.page.close();
    await expect.poll(() => connected(a.page).getByText('Emre').count(), { timeout: 5000 }).toBe(0);
  });

  it('draws remote cursors on tictactoe and none on okey', async () => {
    const room = uniqueRoomId();
    const a = await join('Fuat', `/${room}/tictactoe`);
    const b = await join('Gizem', `/${room}/tictactoe`);
    await connected(a.page).getByText('Gizem').waitFor();
    await b.page.mouse.move(300, 200);
    await b.page.mouse.move(320, 240);
    const cursor = a.page.getByTestId('remote-cursor').filter({ hasText: 'Gizem' });
    await cursor.waitFor();
    expect(await cursor.getAttribute('transform')).toBe('translate(320 240)');
    await a.page.getByRole('link', { name: 'Okey', exact: true }).click();
    await a.page.waitForURL(/okey$/);
    await b.page.mouse.move(340, 260);
    await expect.poll(() => a.page.getByTestId('remote-cursor').count()).toBe(0);
  });
});
