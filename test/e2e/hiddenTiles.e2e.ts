import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { mouseDrag as drag, okeyBotsOnly, sitAtOkeySeat as sit, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';
import { inEnglish } from '../helpers/english';
import { replayOkey } from '../../scripts/replay';
import { parseActionLog } from '../../src/sync/log/actionLog';
import type { OkeyState } from '../../src/games/okey/rules/types';
import { pagesAgree, playRound, startRound } from '../helpers/okeyPlay';

// The masked deck (docs/hidden-tiles.md) between real browsers: Start Game deals from it, as players' builds do.
const people = peopleAt(inject('baseUrl'));
const seat = (page: Page, id: number) => page.locator(`[data-seat-id="${id}"]`);

/** Every person in their own browser context, logged in to the same room's Okey page. */
const enterRoom = (room: string, names: string[]) => people.enter(`/${room}/okey`, names);

/** enterRoom, the first `seated` people sitting down in seats 1, 2, ... in that order (the rest watch). */
async function atTable(room: string, names: string[], seated = names.length): Promise<Page[]> {
  const pages = await enterRoom(room, names);
  for (let i = 0; i < seated; i++) await sit(pages[i], i + 1, names[i]);
  return pages;
}

const FACE_DOWN = 'face-down tile';
/** A deal is four shuffles and some 60 proofs checked on every page: seconds, on a busy machine more. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 60_000 });
const labels = (locator: Locator) =>
  locator.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
const handTiles = (page: Page) => page.getByRole('group', { name: 'Your rack' }).getByRole('img');
const faces = async (page: Page) => (await labels(handTiles(page))).filter((l) => l !== FACE_DOWN).length;
const slotTile = (page: Page, slot: number) =>
  page.getByTestId(`slot-${slot}`).locator('[data-rfd-drag-handle-draggable-id]');
/** A tile's name as the rack shows it, without the okey's mark (', okey'), which only its owner's rack shows. */
const tileName = (label: string | null) => label?.replace(/, okey$/, '') ?? null;
const slotLabel = (page: Page, slot: number) =>
  page.getByTestId(`slot-${slot}`).getByRole('img').getAttribute('aria-label').then(tileName);
const discardTop = (page: Page, seatId: number) =>
  page.getByTestId(`discard-${seatId}`).getByRole('img').last().getAttribute('aria-label');
/** The table's message, then where its round stands in the log's fold: what a poll on the message shows on failure. */
const shows = (page: Page) =>
  page.evaluate(() => {
    const state = window.__gameRoom?.connection?.bridge.getState('okey') as OkeyState | undefined;
    const deck = state?.deck;
    const where = {
      game: state?.gameState,
      turn: state?.currentPlayer,
      pile: state?.drawPile.length,
      keys: Object.keys(deck?.keys ?? {}).length,
      shuffles: deck?.shuffles.length,
      seeds: Object.keys(deck?.seeds ?? {}).length,
      discards: state?.players.map((p) => p.discardPile.length),
      log: window.__gameRoom?.connection?.bridge.logLength('okey'),
    };
    return `${document.querySelector('[data-testid="okey-message"]')?.textContent ?? ''} | ${JSON.stringify(where)}`;
  });

/** Labels of every tile in another seat's rack as this page shows it. */
const rackLabels = (page: Page, seatId: number) =>
  labels(page.locator(`[data-seat-id="${seatId}"] [role="img"]`));

/**
 * What a page running other code could read of the table: its whole Okey state (its store, which Redux DevTools
 * shows) and its whole log (every entry it received).
 */
const probe = (page: Page) =>
  page.evaluate(() => {
    const bridge = window.__gameRoom?.connection?.bridge;
    type Tile = { masked?: boolean; rank?: unknown } | null;
    const state = bridge?.getState('okey') as { players: { hand: Tile[] }[]; drawPile: Tile[] };
    const log = bridge?.exportLog('okey') ?? '';
    return {
      racksMasked: state.players.every((s) => s.hand.every((t) => t === null || t.masked === true)),
      pileMasked: state.drawPile.every((t) => t?.masked === true || t?.rank === '👌'),
      tileIdsInLog: (log.match(/(red|black|blue|yellow)(\d{1,2}|👌)-[01]/g) ?? []).length,
    };
  });

describe('hidden tiles between browsers', () => {
  it('deals each player a rack only their page reads, keeps every rack masked in every store and log, and plays on across a reload', async () => {
    const room = uniqueRoomId();
    const [ayse, bora, cem] = await atTable(room, ['Ayşe', 'Bora', 'Cem'], 2);
    await expect.poll(() => cem.getByRole('button', { name: 'Sit' }).count()).toBe(2);
    await ayse.getByRole('button', { name: 'Start Game' }).click();

    // Each page reads its own rack, and only its own: the other rack and the spectator's view stay face-down.
    await poll(() => faces(ayse)).toBe(15);
    await poll(() => faces(bora)).toBe(14);
    const indicator = (page: Page) =>
      page.getByTestId('indicator').getByRole('img').getAttribute('aria-label');
    await poll(() => indicator(cem)).toBe(await indicator(ayse));
    expect(await indicator(ayse)).not.toBe(FACE_DOWN);
    expect(new Set(await rackLabels(ayse, 2))).toEqual(new Set([FACE_DOWN]));
    expect(new Set(await rackLabels(bora, 1))).toEqual(new Set([FACE_DOWN]));
    expect(new Set([...(await rackLabels(cem, 1)), ...(await rackLabels(cem, 2))])).toEqual(
      new Set([FACE_DOWN]),
    );
    // No page holds any rack's tile or the draw pile's in its state or its log, not even its own.
    for (const page of [ayse, bora, cem])
      expect(await probe(page)).toEqual({ racksMasked: true, pileMasked: true, tileIdsInLog: 0 });

    // Ayşe discards: every page sees the tile she had.
    const discarded = await slotLabel(ayse, 0);
    await drag(ayse, slotTile(ayse, 0), ayse.getByTestId('discard-1'));
    await poll(() => discardTop(bora, 1)).toBe(discarded);
    await poll(() => discardTop(cem, 1)).toBe(discarded);

    // Bora draws the pile's top: his page reads it once Ayşe's page has sealed it to him.
    await bora.locator('[data-testid="seat-2-name"][aria-current="true"]').waitFor();
    await drag(bora, bora.getByTestId('draw-pile').getByRole('button'), bora.getByTestId('slot-20'));
    await poll(() => faces(bora)).toBe(15);
    const drawn = await slotLabel(bora, 20);
    expect(drawn).not.toBe(FACE_DOWN);

    // A reload reads the rack again from the round secret Bora's browser kept, and he plays on.
    await bora.reload();
    await bora.getByTestId('okey-table').waitFor();
    await poll(() => faces(bora)).toBe(15);
    expect(await slotLabel(bora, 20)).toBe(drawn);
    await drag(bora, slotTile(bora, 20), bora.getByTestId('discard-2'));
    await poll(() => discardTop(ayse, 2)).toBe(drawn);
    for (const page of [ayse, bora, cem]) expect((await probe(page)).racksMasked).toBe(true);
  }, 180_000);

  it('calls out a seat whose page withholds its seal of a draw: on every page it loses the round, and no points move', async () => {
    const room = uniqueRoomId();
    const [ayse, bora, cem] = await atTable(room, ['Ayşe', 'Bora', 'Cem']);
    await ayse.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => faces(cem)).toBe(14);
    // Cem's page runs other code from here on: it sends nothing more of its part of the deck.
    await cem.evaluate(() => (window.__withholdDeck = true));
    await drag(ayse, slotTile(ayse, 0), ayse.getByTestId('discard-1'));
    await bora.locator('[data-testid="seat-2-name"][aria-current="true"]').waitFor();
    await drag(bora, bora.getByTestId('draw-pile').getByRole('button'), bora.getByTestId('slot-20'));
    // Bora's drawn tile stays unread without Cem's seal: the table says who it waits for, and after the deck's wait,
    // Ayşe's and Bora's pages say so.
    await poll(() => bora.getByTestId('deck-waiting').textContent()).toBe('Waiting for Cem…');
    const message = 'Cem held up the deck and loses the round';
    for (const page of [ayse, bora, cem])
      await page.getByTestId('okey-message').getByText(message).waitFor({ timeout: 40_000 });
    for (const page of [ayse, bora, cem]) {
      await page.getByTestId('okey-scores').waitFor();
      expect(await page.getByTestId('okey-scores').locator('td').allTextContents()).toEqual([
        '20',
        '20',
        '15',
      ]);
    }
    // Cem stood up with the round lost: his page may sit again, and the table goes on without him.
    await seat(cem, 3).getByRole('button', { name: 'Sit' }).waitFor();
    await ayse.getByRole('button', { name: 'New Game' }).click();
    await ayse.getByRole('button', { name: 'Start Game' }).waitFor();
  }, 120_000);

  it('plays a masked round of four bots to its end on one page, and its exported log replays and checks clean', async () => {
    const room = uniqueRoomId();
    const [gul] = await enterRoom(room, ['Gül']);
    await okeyBotsOnly(gul);
    await gul.getByRole('button', { name: 'Start Game' }).click();
    // The page keys, shuffles and seals for all four bots, then drives their turns on the racks it reads, until a bot
    // wins or the pile runs out.
    await expect
      .poll(() => gul.getByTestId('okey-message').textContent(), { timeout: 90_000 })
      .toMatch(/^(Bot \d wins!|No tiles left)$/);
    // Once every rack is open and every seed revealed, no deck part is owed: the log is the round's whole record.
    const exported = async () => {
      const text = await gul.evaluate(() => window.__gameRoom?.connection?.bridge.exportLog('okey') ?? '');
      return parseActionLog(text);
    };
    await poll(async () => (await exported()).filter((a) => a.type === 'okey/seedRevealed').length).toBe(4);
    const actions = await exported();
    const replay = replayOkey(actions);
    expect(replay.problems).toEqual([]);
    expect(inEnglish(replay.state.message)).toBe(await gul.getByTestId('okey-message').textContent());
    expect(Object.keys(replay.state.deck?.seeds ?? {})).toHaveLength(4);
    // Every bot move was kept while its rack was masked, and played again once it was open.
    expect(actions.filter((a) => a.type === 'okey/tileDiscarded').length).toBeGreaterThan(4);
    expect(replay.state.botMoves).toBeUndefined();
    expect(replay.state.players.every((s) => s.hand.every((t) => t === null || !('masked' in t)))).toBe(true);
  }, 150_000);

  it('plays a masked round of four people to its end, every page agreeing, and its exported log replays clean', async () => {
    const room = uniqueRoomId();
    const names = ['Ayşe', 'Bora', 'Cem', 'Deniz'];
    const pages = await atTable(room, names);
    await startRound(
      pages.map((page, i) => ({ page, name: names[i] })),
      pages,
    );
    for (const [i, page] of pages.entries()) await poll(() => faces(page)).toBe(i === 0 ? 15 : 14);
    // Each person plays their own turns from their own page, on the rack only that page reads.
    const moves = await playRound(
      pages.map((page, i) => ({ page, name: names[i] })),
      pages[0],
    );
    expect(moves).toBeGreaterThan(4);
    // The round's end opens every rack and every seed: the pages fold the same table, and the log is the whole record.
    const exported = () =>
      pages[1].evaluate(() => window.__gameRoom?.connection?.bridge.exportLog('okey') ?? '');
    await poll(
      async () => parseActionLog(await exported()).filter((a) => a.type === 'okey/seedRevealed').length,
    ).toBe(4);
    expect(await pagesAgree(pages)).toBe(true);
    const replay = replayOkey(parseActionLog(await exported()));
    expect(replay.problems).toEqual([]);
    const message = await pages[2].getByTestId('okey-message').textContent();
    expect(message).toMatch(/^((Ayşe|Bora|Cem|Deniz) wins!|No tiles left)$/);
    expect(inEnglish(replay.state.message)).toBe(message);
    const scores = await pages[3].getByTestId('okey-scores').locator('td').allTextContents();
    expect(replay.state.players.map((s) => String(replay.state.match.points[String(s.id)] ?? 20))).toEqual(
      scores,
    );
    for (const page of pages)
      expect(await page.getByTestId('okey-scores').locator('td').allTextContents()).toEqual(scores);
  }, 240_000);

  it('names a seat whose shuffle its seed does not give once the round is over, on every page and in replay', async () => {
    const room = uniqueRoomId();
    const [gul] = await enterRoom(room, ['Gül']);
    await okeyBotsOnly(gul);
    // Gül's page runs other code: every shuffle it makes for its bots swaps two tiles after its seed shuffled them.
    // Nothing shows it while the round is played.
    await gul.evaluate(() => (window.__tamperShuffle = true));
    await gul.getByRole('button', { name: 'Start Game' }).click();
    // Ece comes to watch once the deal has begun: had she come before, her page might have been the room's chosen
    // page, which takes over every bot it does not drive yet, and would have shuffled for them honestly.
    await poll(() =>
      gul.evaluate(() => window.__gameRoom?.connection?.bridge.getState('okey')),
    ).toHaveProperty('deck');
    const [ece] = await enterRoom(room, ['Ece']);
    const message = /^Bot \d broke the deck's rules: the round is void \|/;
    // What the table shows, and where its round is, should it never say so.
    for (const page of [gul, ece]) await expect.poll(() => shows(page), { timeout: 90_000 }).toMatch(message);
    const shown = await ece.getByTestId('okey-message').textContent();
    expect(await gul.getByTestId('okey-message').textContent()).toBe(shown);
    // A void round moves no points.
    expect(await ece.getByTestId('okey-scores').locator('td').allTextContents()).toEqual([
      '20',
      '20',
      '20',
      '20',
    ]);
    const exported = await ece.evaluate(() => window.__gameRoom?.connection?.bridge.exportLog('okey') ?? '');
    const replay = replayOkey(parseActionLog(exported));
    expect(inEnglish(replay.state.message)).toBe(shown);
    // It was the round's end that told: every seed came, and the last one's check named the seat.
    expect(Object.keys(replay.state.deck?.seeds ?? {})).toHaveLength(4);
  }, 150_000);

  it('names a seat whose discard carries an opening whose proof fails, on every page, and voids the round', async () => {
    const room = uniqueRoomId();
    const [ayse, bora] = await atTable(room, ['Ayşe', 'Bora']);
    await ayse.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => faces(ayse)).toBe(15);
    // Ayşe's page runs other code: her discard's opening carries a share proof of its own making.
    await ayse.evaluate(() => (window.__tamperOpening = true));
    await drag(ayse, slotTile(ayse, 0), ayse.getByTestId('discard-1'));
    const message = "Ayşe broke the deck's rules: the round is void";
    for (const page of [ayse, bora]) {
      await poll(() => shows(page)).toMatch(message);
      expect(await page.getByTestId('okey-scores').locator('td').allTextContents()).toEqual(['20', '20']);
    }
    // The tile she claimed to show was never shown: her discard pile stays empty.
    expect(await bora.getByTestId('discard-1-count').textContent()).toBe('0');
  }, 90_000);
});
