import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allConnected, SOFTWARE_WEBGL_ARGS, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

// Bora waits on Minecraft, the one game without seats, so the browser needs the software WebGL the world draws with.
const people = peopleAt(inject('baseUrl'), SOFTWARE_WEBGL_ARGS);

const enter = (name: string, room: string) =>
  people.join(name, `/${room}/okey`, (page) => page.getByTestId('okey-table'));

/** Moves within the app, as a person does with the sidebar, and waits for the game's own landmark. */
async function show(page: Page, link: string, landmark: (page: Page) => ReturnType<Page['getByTestId']>) {
  await page.getByRole('link', { name: link, exact: true }).click();
  await landmark(page).waitFor();
}

const okeyTable = (page: Page) => page.getByTestId('okey-table');
const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true });
const firstSquare = (page: Page) => page.getByRole('button', { name: 'Square 1', exact: true });
const okeySeat = (page: Page, id: number) => page.locator(`[data-seat-id="${id}"]`);

/** Who holds each game's seats as the page's own room document folds them: user id and tab, or null. */
type Holders = Record<'okey' | 'backgammon' | 'go' | 'tictactoe', ({ user: string; tab: number } | null)[]>;
const holders = (page: Page): Promise<Holders> =>
  page.evaluate(() => {
    const bridge = window.__gameRoom?.connection?.bridge;
    type Held = { user: { id: string }; clientId: number } | null;
    const of = (seat: Held) => (seat ? { user: seat.user.id, tab: seat.clientId } : null);
    const state = (name: string) => bridge?.getState(name) as Record<string, never> | undefined;
    const okey = state('okey') as unknown as
      { players: { user: { id: string } | null; userKey: number | null }[] } | undefined;
    const seats = (name: string, keys: string[]) =>
      keys.map((k) =>
        of(((state(name) as unknown as { seats?: Record<string, Held> })?.seats ?? {})[k] ?? null),
      );
    return {
      okey: (okey?.players ?? []).map((s) =>
        s.user && s.userKey !== null ? { user: s.user.id, tab: s.userKey } : null,
      ),
      backgammon: seats('backgammon', ['white', 'black']),
      go: seats('go', ['b', 'w']),
      tictactoe: seats('tictactoe', ['X', 'O']),
    };
  });
/** The payloads of the Okey departures in the room's log as this page folds it. */
const departuresIn = (page: Page) =>
  page.evaluate(() => {
    const file = JSON.parse(window.__gameRoom?.connection?.bridge.exportLog('okey') ?? '{}') as {
      payload?: string;
    };
    const actions = JSON.parse(file.payload ?? '[]') as { type: string; payload: Record<string, unknown> }[];
    return actions.filter((a) => a.type === 'okey/playerDeparted').map((a) => a.payload);
  });
const clientId = (page: Page) =>
  page.evaluate(() => window.__gameRoom?.connection?.presence.clientId ?? null);

describe('departures belong to the room, not to a board', () => {
  it('frees every game a departed player sat at while the only page left shows none of them, and keeps a reloaded player seated', async () => {
    const room = uniqueRoomId();
    const aslan = await enter('Aslan', room);
    const bora = await enter('Bora', room);
    await allConnected([aslan, bora], ['Aslan', 'Bora']);

    // Both sit at every game with seats.
    for (const [page, seatId, name] of [
      [aslan, 1, 'Aslan'],
      [bora, 2, 'Bora'],
    ] as const) {
      await okeySeat(page, seatId).getByRole('button', { name: 'Sit' }).click();
      await okeySeat(aslan, seatId).getByText(name, { exact: true }).waitFor();
      await okeySeat(bora, seatId).getByText(name, { exact: true }).waitFor();
    }
    for (const page of [aslan, bora]) await show(page, 'Backgammon', heading('Backgammon'));
    await aslan.getByRole('button', { name: 'Sit as White', exact: true }).click();
    await bora.getByTestId('seat-white-name').getByText('Aslan').waitFor();
    await bora.getByRole('button', { name: 'Sit as Black', exact: true }).click();
    await aslan.getByTestId('seat-black-name').getByText('Bora').waitFor();
    for (const page of [aslan, bora]) await show(page, 'Go', heading('Go'));
    await aslan.getByRole('button', { name: 'Sit as Black', exact: true }).click();
    await bora.getByTestId('seat-b-name').getByText('Aslan').waitFor();
    await bora.getByRole('button', { name: 'Sit as White', exact: true }).click();
    await aslan.getByTestId('seat-w-name').getByText('Bora').waitFor();
    for (const page of [aslan, bora]) await show(page, 'TicTacToe', firstSquare);
    await firstSquare(aslan).click();
    await bora.getByTestId('seat-X').getByText('Aslan').waitFor();
    await bora.getByRole('button', { name: 'Square 5', exact: true }).click();
    await aslan.getByTestId('seat-O').getByText('Bora').waitFor();

    // Bora moves to Minecraft and reloads there: the seats follow Bora's new tab without any board showing.
    await show(bora, 'Minecraft', (page) => page.locator('canvas'));
    await bora.reload();
    await bora.locator('canvas').waitFor();
    await allConnected([aslan, bora], ['Aslan', 'Bora']);
    await bora.waitForFunction(() => window.__gameRoom?.connection != null);
    const boraTab = await clientId(bora);
    await expect
      .poll(
        async () => {
          const held = await holders(bora);
          return [held.okey[1]?.tab, held.backgammon[1]?.tab, held.go[1]?.tab];
        },
        { timeout: 20_000 },
      )
      .toEqual([boraTab, boraTab, boraTab]);

    // Aslan closes the tab; Bora's page, on Minecraft, frees Aslan's seat in every game after the grace period.
    await aslan.close();
    await expect
      .poll(
        async () => {
          const held = await holders(bora);
          return [held.okey[0], held.backgammon[0], held.go[0], held.tictactoe[0]];
        },
        { timeout: 30_000 },
      )
      .toEqual([null, null, null, null]);
    // Aslan's closing tab said goodbye, and Bora's page wrote it into the departure: a seat frees on it whoever is left.
    const departures = (await departuresIn(bora)).map((payload) => Object.keys(payload).sort());
    expect(departures[0]).toEqual(expect.arrayContaining(['by', 'clientId', 'goodbye']));
    const held = await holders(bora);
    expect([held.okey[1]?.user, held.backgammon[1]?.user, held.go[1]?.user]).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);

    // Coming back, each board shows the seat free the moment it appears.
    await show(bora, 'Okey', okeyTable);
    expect(await bora.getByTestId('okey-message').innerText()).toBe('Aslan left');
    expect(await okeySeat(bora, 1).getByText('Player 1').count()).toBe(1);
    expect(await okeySeat(bora, 2).getByText('Bora', { exact: true }).count()).toBe(1);
    await show(bora, 'Backgammon', heading('Backgammon'));
    expect(await bora.getByTestId('seat-white-name').innerText()).toBe('Empty seat');
    expect(await bora.getByTestId('seat-black-name').innerText()).toBe('Bora (you)');
    await show(bora, 'Go', heading('Go'));
    expect(await bora.getByTestId('seat-b-name').innerText()).toBe('Empty seat');
    expect(await bora.getByTestId('seat-w-name').innerText()).toBe('Bora (you)');
    await show(bora, 'TicTacToe', firstSquare);
    expect(await bora.getByTestId('seat-X').innerText()).toBe('free');
  });

  it('frees a seat on the goodbye a closing page posts through the server when its links carry nothing more', async () => {
    const room = uniqueRoomId();
    const aslan = await enter('Aslan', room);
    const bora = await enter('Bora', room);
    await allConnected([aslan, bora], ['Aslan', 'Bora']);
    for (const [page, seatId] of [
      [aslan, 1],
      [bora, 2],
    ] as const) {
      await okeySeat(page, seatId).getByRole('button', { name: 'Sit' }).click();
      for (const other of [aslan, bora])
        await expect.poll(async () => (await holders(other)).okey[seatId - 1]).not.toBeNull();
    }
    // Nothing leaves Aslan's links from now on, as when a closing page's last frames never go; then he closes.
    await aslan.evaluate(() => {
      RTCDataChannel.prototype.send = () => {};
    });
    await aslan.close();
    await expect.poll(async () => (await holders(bora)).okey[0], { timeout: 30_000 }).toBeNull();
    // Bora's page heard his goodbye all the same, through the server, and freed the seat on it.
    const departures = await departuresIn(bora);
    expect(departures).toHaveLength(1);
    expect(Object.keys(departures[0])).toContain('goodbye');
    await okeySeat(bora, 1).getByText('Player 1').waitFor();
  });

  it("frees the seat of a page that died without a word once both other players' pages have said so", async () => {
    const room = uniqueRoomId();
    const [ceren, deniz, emre] = [
      await enter('Ceren', room),
      await enter('Deniz', room),
      await enter('Emre', room),
    ];
    await allConnected([ceren, deniz, emre], ['Ceren', 'Deniz', 'Emre']);
    for (const [page, seatId] of [
      [ceren, 1],
      [deniz, 2],
      [emre, 3],
    ] as const) {
      await okeySeat(page, seatId).getByRole('button', { name: 'Sit' }).click();
      await okeySeat(ceren, seatId).getByRole('button', { name: 'Sit' }).waitFor({ state: 'detached' });
    }
    // The Sit button goes as soon as a seat shows, ahead of the log; the seats are read from each page's log, so
    // Emre's must be there first, or his seat would read free before his page has even gone.
    for (const page of [ceren, deniz])
      await expect.poll(async () => (await holders(page)).okey[2]).not.toBeNull();
    // Emre's renderer crashes: no goodbye. Neither other page's word alone frees his seat; both together do.
    const cdp = await emre.context().newCDPSession(emre);
    void cdp.send('Page.crash').catch(() => {});
    await expect.poll(async () => (await holders(ceren)).okey[2], { timeout: 40_000 }).toBeNull();
    // The freed seat shows from the departures sent ahead; the log the fold reads has them a moment later.
    const said = async () =>
      (await departuresIn(ceren)).map((payload) => ({
        goodbye: 'goodbye' in payload,
        by: (payload.by as { name: string }).name,
      }));
    await expect.poll(async () => (await said()).map((d) => d.goodbye)).toEqual([false, false]);
    expect((await said()).map((d) => d.by).sort()).toEqual(['Ceren', 'Deniz']);
    for (const page of [ceren, deniz]) await okeySeat(page, 3).getByText('Player 3').waitFor();
  }, 90_000);
});
