import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pointerSeen, uniqueRoomId, type Person } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

const people = peopleAt(inject('baseUrl'));

const join = async (name: string, path: string, before?: (p: Person) => Promise<unknown>) => {
  const p = await people.person();
  await before?.(p);
  await p.page.goto(path);
  await p.page.locator('input[name="username"]').fill(name);
  await p.page.getByRole('button', { name: 'Go', exact: true }).click();
  await p.page.waitForURL(new RegExp(`${path}$`));
  return p;
};

const connected = (page: Page) => page.getByTestId('presence-list');

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

  it("meets the room unlisted while a link's login page is shown, with none of it shown; Go shows it and lists both at once", async () => {
    const room = `/${uniqueRoomId()}/okey`;
    const a = await join('Ada', room);
    const b = await people.person();
    const errors: string[] = [];
    b.page.on('pageerror', (error) => errors.push(error.message));
    b.page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await b.page.goto(room);
    await b.page.waitForURL(/\/login$/);
    // B's link opens while the name is typed (its peers' logs on the way), but nobody is named in it: Ada lists
    // herself alone. The room's frame and Okey table wait behind the login page, hidden, for a user with no name yet.
    await a.page.waitForFunction(() => window.__gameRoom?.connection?.mesh.linkedPeers.length === 1);
    await b.page.locator('[data-testid^="seat-"]').first().waitFor({ state: 'attached' });
    expect((await b.page.getByTestId('presence-list').textContent())?.trim()).toBe('');
    expect(await b.page.locator('[data-testid^="seat-"]:visible, [role="group"]:visible').count()).toBe(0);
    // Nor does it take the name field's focus.
    expect(await b.page.locator('input[name="username"]').evaluate((e) => e === document.activeElement)).toBe(
      true,
    );
    // Nor does Ada's page say someone is connecting once its frame shows the open link.
    await expect.poll(() => connected(a.page).locator('li').count()).toBe(1);
    // The room moves on while the name is typed: B shows it as it is at Go.
    await a.page.locator('[data-seat-id="1"]').getByRole('button', { name: 'Sit' }).click();
    await a.page.locator('[data-seat-id="1"]').getByText('Ada', { exact: true }).waitFor();
    await b.page.locator('input[name="username"]').fill('Bora');
    await b.page.getByRole('button', { name: 'Go', exact: true }).click();
    await b.page.waitForURL(new RegExp(`${room}$`));
    await connected(b.page).getByText('Ada').waitFor();
    await connected(a.page).getByText('Bora').waitFor();
    await b.page.locator('[data-seat-id="1"]').getByText('Ada', { exact: true }).waitFor();
    // The room waited for the user the login page made: B's seat actions are signed in that user's name.
    await b.page.locator('[data-seat-id="2"]').getByRole('button', { name: 'Sit' }).click();
    await a.page.locator('[data-seat-id="2"]').getByText('Bora', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('removes a closed page from the others at once', async () => {
    const room = `/${uniqueRoomId()}/okey`;
    const a = await join('Dila', room);
    const b = await join('Emre', room);
    await connected(a.page).getByText('Emre').waitFor();
    await b.page.waitForFunction(() => window.__gameRoom?.connection != null);
    await b.page.close();
    // Its goodbye, or failing that its link closing, removes it: well before the 30 s silence, even on a busy machine.
    await expect.poll(() => connected(a.page).getByText('Emre').count(), { timeout: 12_000 }).toBe(0);
  });

  it('removes a page that died without a word from the others within seconds', async () => {
    const room = `/${uniqueRoomId()}/okey`;
    const a = await join('Ece', room);
    const b = await join('Fikret', room);
    await connected(a.page).getByText('Fikret').waitFor();
    await b.page.waitForFunction(() => window.__gameRoom?.connection != null);
    // Its renderer crashes: no goodbye, no data channel closing. Its link going quiet removes it.
    const cdp = await b.context.newCDPSession(b.page);
    // The crash takes the session with it: its reply never comes.
    void cdp.send('Page.crash').catch(() => {});
    // ICE says "disconnected" some 5 s after, and the link closes 2 s later; the 30 s silence after a state message
    // (one every 15 s) would take at least 15 s.
    await expect.poll(() => connected(a.page).getByText('Fikret').count(), { timeout: 14_000 }).toBe(0);
  });

  it('removes a page closed before its room document opened from the others at once', async () => {
    const room = `/${uniqueRoomId()}/okey`;
    const a = await join('Deniz', room);
    // The page's Automerge wasm never arrives: it is listed over its link alone when it closes.
    const b = await join('Efe', room, (p) => p.context.route('**/*.wasm', () => new Promise(() => {})));
    await connected(a.page).getByText('Efe').waitFor();
    expect(await b.page.evaluate(() => window.__gameRoom?.connection ?? null)).toBeNull();
    await b.page.close();
    // Well before the 30 s silence that removes a page whose link stays up: the closed link removes it. A loaded
    // machine (the whole suite on two cores) took over 5 s to notice the link closing.
    await expect.poll(() => connected(a.page).getByText('Efe').count(), { timeout: 12_000 }).toBe(0);
  });

  it('draws the cursor of a page whose room document has not opened yet', async () => {
    const room = uniqueRoomId();
    const a = await join('Hakan', `/${room}/tictactoe`);
    // The page's Automerge wasm never arrives: its pointer travels over its links alone.
    const b = await join('Ilgın', `/${room}/tictactoe`, (p) =>
      p.context.route('**/*.wasm', () => new Promise(() => {})),
    );
    await connected(a.page).getByText('Ilgın').waitFor();
    const cursor = a.page.getByTestId('remote-cursor').filter({ hasText: 'Ilgın' });
    await expect.poll(() => pointerSeen(b.page, cursor, [300, 200], [310, 220])).toBe('translate(310 220)');
    expect(await b.page.evaluate(() => window.__gameRoom?.connection ?? null)).toBeNull();
  });

  it('draws remote cursors on tictactoe and none on okey', async () => {
    const room = uniqueRoomId();
    const a = await join('Fuat', `/${room}/tictactoe`);
    const b = await join('Gizem', `/${room}/tictactoe`);
    await connected(a.page).getByText('Gizem').waitFor();
    const cursor = a.page.getByTestId('remote-cursor').filter({ hasText: 'Gizem' });
    // Both moves travel; the cursor ends where the pointer stopped.
    await expect.poll(() => pointerSeen(b.page, cursor, [300, 200], [320, 240])).toBe('translate(320 240)');
    await a.page.getByRole('link', { name: 'Okey', exact: true }).click();
    await a.page.waitForURL(/okey$/);
    await b.page.mouse.move(340, 260);
    await expect.poll(() => a.page.getByTestId('remote-cursor').count()).toBe(0);
  });

  it('meets the room a page moves to without reloading, and leaves the room it was in', async () => {
    const room = `/${uniqueRoomId()}/tictactoe`;
    const a = await join('Gül', room);
    const b = await join('Hakan', room);
    await connected(a.page).getByText('Hakan').waitFor();
    // New private room moves the page within the app: the first room drops it at once.
    await a.page.getByRole('button', { name: 'More' }).click();
    await a.page.getByRole('menuitem', { name: 'New private room' }).click();
    await a.page.waitForURL(/#key=/);
    await expect.poll(() => connected(b.page).getByText('Gül').count(), { timeout: 5000 }).toBe(0);
    expect(await connected(a.page).locator('li').count()).toBe(1);
    // Back, as the browser's button does: the router takes the page to the first room again, and both meet there.
    await a.page.goBack();
    await a.page.waitForURL(new RegExp(`${room}$`));
    await connected(a.page).getByText('Hakan').waitFor();
    await connected(b.page).getByText('Gül').waitFor();
    // Another game of the same room keeps the page's way into it: each page still lists the other once.
    await a.page
      .getByRole('navigation', { name: 'Games' })
      .getByRole('link', { name: 'Okey', exact: true })
      .click();
    await a.page.waitForURL(/okey$/);
    await a.page.waitForFunction(() => window.__gameRoom?.connection != null);
    // Polled up to the presence timeout: under a full run's load a page has listed three names for more than 5 s. The
    // Repo passes every presence message on to its other peers with its first sender's id, so a message of the page's
    // first visit may come after that visit left; RoomPresence drops such late copies by their numbers, and the poll
    // still allows the one it cannot tell (a message of the first visit that never came straight).
    for (const page of [a.page, b.page])
      await expect.poll(() => connected(page).locator('li').count(), { timeout: 35_000 }).toBe(2);
    expect(await b.page.evaluate(() => window.__gameRoom?.connection?.mesh.connectedPeers.length)).toBe(1);
  });
});

describe('room state across pages', () => {
  const square = (page: Page, n: number) => page.getByRole('button', { name: `Square ${n}`, exact: true });
  const mark = async (page: Page, n: number) => (await square(page, n).getAttribute('data-mark')) ?? '';

  it('shows a change made in one page in the others', async () => {
    const room = `/${uniqueRoomId()}/tictactoe`;
    const a = await join('Hale', room);
    const b = await join('İpek', room);
    const c = await join('Jale', room);
    for (const page of [a.page, b.page]) await connected(page).getByText('Jale').waitFor();
    await square(a.page, 5).click();
    for (const page of [b.page, c.page]) await expect.poll(() => mark(page, 5)).toBe('X');
    await square(b.page, 1).click();
    for (const page of [a.page, c.page]) await expect.poll(() => mark(page, 1)).toBe('O');
  });

  it('shows the room from IndexedDB after a reload with nobody else there', async () => {
    const room = `/${uniqueRoomId()}/tictactoe`;
    const a = await join('Kaan', room);
    const b = await join('Lale', room);
    await connected(a.page).getByText('Lale').waitFor();
    await square(a.page, 1).click();
    await expect.poll(() => mark(b.page, 1)).toBe('X');
    // The mark can show ahead of the document change that carries it: reload once B's document holds the move.
    await b.page.waitForFunction(() => window.__gameRoom?.connection?.bridge.logLength('tictactoe') === 1);
    await a.page.close();
    await b.page.reload();
    await expect.poll(() => mark(b.page, 1)).toBe('X');
    expect(await connected(b.page).locator('li').count()).toBe(1);
  });

  it('catches up with what changed while a page was away', async () => {
    const room = `/${uniqueRoomId()}/tictactoe`;
    const a = await join('Mert', room);
    const b = await join('Nil', room);
    await connected(a.page).getByText('Nil').waitFor();
    await square(a.page, 1).click();
    await expect.poll(() => mark(b.page, 1)).toBe('X');
    await b.page.goto('about:blank');
    const c = await join('Oğuz', room);
    await connected(a.page).getByText('Oğuz').waitFor();
    await square(c.page, 2).click();
    await expect.poll(() => mark(a.page, 2)).toBe('O');
    await square(a.page, 3).click();
    await b.page.goto(room);
    for (const [n, m] of [
      [1, 'X'],
      [2, 'O'],
      [3, 'X'],
    ] as const)
      await expect.poll(() => mark(b.page, n)).toBe(m);
  });

  it('shows a late joiner the room from a peer while its own Automerge is still loading', async () => {
    const room = `/${uniqueRoomId()}/tictactoe`;
    const a = await join('Pelin', room);
    const b = await join('Rıza', room);
    await connected(a.page).getByText('Rıza').waitFor();
    await square(a.page, 5).click();
    await expect.poll(() => mark(b.page, 5)).toBe('X');
    await square(b.page, 1).click();
    await expect.poll(() => mark(a.page, 1)).toBe('O');
    await a.page.waitForFunction(() => window.__gameRoom?.connection?.bridge.logLength('tictactoe') === 2);
    // The late joiner's Automerge wasm is held back: what it shows comes over its links alone.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const c = await join('Selin', room, (p) =>
      p.context.route('**/*.wasm', async (route) => {
        await released;
        await route.continue();
      }),
    );
    for (const name of ['Pelin', 'Rıza']) await connected(c.page).getByText(name).waitFor();
    await expect.poll(() => mark(c.page, 5)).toBe('X');
    await expect.poll(() => mark(c.page, 1)).toBe('O');
    expect(await c.page.evaluate(() => window.__gameRoom?.connection ?? null)).toBeNull();
    release();
    await c.page.waitForFunction(() => window.__gameRoom?.connection?.bridge.logLength('tictactoe') === 2);
    await square(a.page, 9).click();
    await expect.poll(() => mark(c.page, 9)).toBe('X');
  });

  it('keeps a page with the wrong room password out of the room', async () => {
    const id = uniqueRoomId();
    const a = await join('Nur', `/${id}/tictactoe#key=right-secret`);
    const b = await join('Oya', `/${id}/tictactoe#key=right-secret`);
    const c = await join('Pelin', `/${id}/tictactoe#key=wrong-secret`);
    await connected(a.page).getByText('Oya').waitFor();
    await square(a.page, 5).click();
    await expect.poll(() => mark(b.page, 5)).toBe('X');
    expect(await connected(a.page).getByText('Pelin').count()).toBe(0);
    expect(await connected(c.page).getByText('Nur').count()).toBe(0);
    expect(await mark(c.page, 5)).toBe('');
  });
});
