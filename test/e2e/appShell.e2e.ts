import { describe, expect, inject, it } from 'vitest';
import type { Route } from 'playwright-core';
import { logIn, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

const baseUrl = inject('baseUrl');
const { person } = peopleAt(baseUrl);

describe('the app shell', () => {
  it('logs a person in to a fresh okey room and lists them under Connected:', async () => {
    const { page } = await person();
    await page.goto('/');
    await page.getByText('User:').waitFor();
    await logIn(page, 'Ayşe', '/');
    expect(new URL(page.url()).pathname).toMatch(/^\/[0-9a-z]{6}\/okey$/);
    await page.getByText('Connected:').waitFor();
    await page.getByTestId('presence-list').getByText('Ayşe').waitFor();
  });

  it('sends a logged-out deep link to /login and back to the same page after Go', async () => {
    const { page } = await person();
    const room = uniqueRoomId();
    await page.goto(`/${room}/go`);
    await page.waitForURL(/\/login$/);
    await page.locator('input[name="username"]').fill('Bora');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForURL(new RegExp(`/${room}/go$`));
    await page.getByRole('heading', { name: 'Go', exact: true }).waitFor();
  });

  it('keeps the requested page, query and private-room fragment included, across a reload of /login', async () => {
    const { page } = await person();
    const target = `/${uniqueRoomId()}/tictactoe?from=test#key=abcdefgh12345678`;
    await page.goto(target);
    await page.waitForURL(/\/login$/);
    await page.reload();
    await page.locator('input[name="username"]').fill('Can');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForURL(`${baseUrl}${target}`);
    await page.getByTestId('presence-list').getByText('Can').waitFor();
  });

  it('fetches only the files index.html names on the first page: no router, MUI, Redux or Automerge', async () => {
    const { page } = await person();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await page.locator('input[name="username"]').waitFor();
    await page.waitForLoadState('networkidle');
    const html = await (await fetch(`${baseUrl}/login`)).text();
    const named = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]));
    expect(fetched.filter((path) => path !== '/login' && !named.has(path))).toEqual([]);
  });

  it('shows Loading... to a person already logged in and replaces / with a fresh room', async () => {
    const { page } = await person();
    await logIn(page, 'Ceren');
    const firstRoom = page.url();
    const held: Route[] = [];
    await page.route('**/assets/startApp-*.js', (route) => void held.push(route));
    // Only until the response starts: the held chunk is preloaded by a link, which would hold back the load event.
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByText('Loading...', { exact: true }).waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute('**/assets/startApp-*.js');
    await page.waitForURL(/\/[0-9a-z]{6}\/okey$/);
    expect(page.url()).not.toBe(firstRoom);
    await page.getByTestId('presence-list').getByText('Ceren').waitFor();
    await page.goBack();
    await page.waitForURL(firstRoom);
  });

  it('ignores a blank or all-spaces name silently', async () => {
    const { page } = await person();
    await page.goto('/login');
    for (const name of ['', '   ']) {
      await page.locator('input[name="username"]').fill(name);
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.locator('[role="alert"], #notistack-snackbar').count()).toBe(0);
    }
    expect(await page.locator('input[name="username"]').getAttribute('required')).not.toBeNull();
  });

  it('marks the active game link, and shows "..." and a pending link while a game loads', async () => {
    const { page } = await person();
    await logIn(page, 'Cem');
    const nav = page.getByRole('navigation', { name: 'Games' });
    for (const [label, path] of [
      ['TicTacToe', 'tictactoe'],
      ['Backgammon', 'backgammon'],
      ['Minecraft', 'minecraft'],
      ['Go', 'go'],
      ['Okey', 'okey'],
    ] as const) {
      const held: Route[] = [];
      let releasing = false;
      await page.route('**/assets/*.js', (route) => void (releasing ? route.continue() : held.push(route)));
      await nav.getByRole('link', { name: label, exact: true }).click();
      const link = nav.getByRole('link', { name: label, exact: true });
      if (label !== 'Okey') {
        // The game's code is held back by the test, so the page must show that it is loading.
        await page.getByText('...', { exact: true }).waitFor();
        expect(await link.getAttribute('class')).toContain('pending');
      }
      releasing = true;
      await Promise.all(held.map((r) => r.continue()));
      await page.unroute('**/assets/*.js');
      await page.waitForURL(new RegExp(`/${path}$`));
      await expect.poll(() => link.getAttribute('class')).toContain('active');
    }
  });

  it('copies the page address with Share Link and says Copied!', async () => {
    const { page } = await person();
    await logIn(page, 'Deniz');
    await page.getByRole('button', { name: 'Share Link' }).click();
    await page.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  it("offers the phone's share sheet with Share Link on a touch screen", async () => {
    const { page } = await person({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data) });
    });
    await logIn(page, 'Filiz');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Share Link' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared.map((d) => d.url)),
      )
      .toEqual([page.url()]);
    expect(await page.getByText('Copied!').count()).toBe(0);
  });

  it('shows the route error screen for an unknown deep path', async () => {
    const { page } = await person();
    await logIn(page, 'Ece');
    await page.goto('/abc123/okey/no/such/page');
    await page.getByRole('heading', { name: 'Oops!' }).waitFor();
    await page.getByText('Sorry, an unexpected error has occurred.').waitFor();
    expect(await page.locator('i').innerText()).toBe('Not Found');
  });

  it('keeps the person logged in across a reload, and Log out returns to /login', async () => {
    const { page } = await person();
    await logIn(page, 'Fikret');
    const url = page.url();
    await page.reload();
    await page.getByTestId('presence-list').getByText('Fikret').waitFor();
    expect(page.url()).toBe(url);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('User:').waitFor();
    await page.goto(url);
    await page.waitForURL(/\/login$/);
  });
});

describe('drags from outside the page', () => {
  it('opens a room when a link to it is dropped, and ignores other drops', async () => {
    const { page } = await person();
    await logIn(page, 'Gül');
    const start = page.url();
    const drop = (types: Record<string, string>) =>
      page.evaluate((data) => {
        const transfer = new DataTransfer();
        for (const [type, value] of Object.entries(data)) transfer.setData(type, value);
        document.body.dispatchEvent(
          new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
        return document.body.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }, types);
    expect(await drop({ 'text/plain': 'just some words' })).toBe(false);
    expect(await drop({ 'text/html': '<b>bold</b>' })).toBe(false);
    expect(await drop({ 'text/uri-list': 'https://example.org/zzzzzz/okey' })).toBe(false);
    expect(page.url()).toBe(start);
    await drop({ 'text/uri-list': `${baseUrl}/droppd/tictactoe` });
    await page.waitForURL(/\/droppd\/tictactoe$/);
  });
});
