import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { mouseDrag as drag, okeyBotsOnly, sitAtOkeySeat as sit, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';
import { createTileSet, shuffledTileIds } from '../../src/games/okey/rules/tiles';
import { seededRandom } from '../helpers/seeded';

const people = peopleAt(inject('baseUrl'));

/** Every person in their own browser context, logged in to the same room's Okey page. */
const enterRoom = (room: string, names: string[]) => people.enter(`/${room}/okey`, names);

const seat = (page: Page, id: number) => page.locator(`[data-seat-id="${id}"]`);
const slotTile = (page: Page, slot: number) =>
  page.getByTestId(`slot-${slot}`).locator('[data-rfd-drag-handle-draggable-id]');
const handTiles = (page: Page) => page.getByRole('group', { name: 'Your rack' }).getByRole('img');
/** Polls until the value matches; WebRTC round trips take longer than vitest's default second. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });
const labels = (locator: Locator) =>
  locator.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));

// Seat 1 is dealt seven red pairs and black 13: dropping black 13 on the draw pile wins with seven pairs,
// while dropping a pair tile leaves red2>red2 side by side, an invalid sequence. blue 5 is the indicator.
const WINNING_HAND = [
  'red1-0',
  'red1-1',
  'red2-0',
  'red2-1',
  'red3-0',
  'red3-1',
  'red4-0',
  'red4-1',
  'red5-0',
  'red5-1',
  'red6-0',
  'red6-1',
  'red7-0',
  'red7-1',
  'black13-0',
];
const ORDER = [
  'blue5-0',
  ...WINNING_HAND,
  ...createTileSet()
    .map((t) => t.id)
    .filter((id) => id !== 'blue5-0' && !WINNING_HAND.includes(id)),
];

// A deal four bots play for 88 moves before Bot 4 wins: long enough for the page to keep its fold (CHECKPOINT_EVERY
// entries past the CHECKPOINT_TAIL) before the round ends. About one random deal in nine ends sooner than that.
const LONG_ROUND = shuffledTileIds(seededRandom(8));

async function startWithOrder(page: Page, order = ORDER) {
  await page.evaluate((chosen) => (window.__okeyTestOrder = chosen), order);
  await page.getByRole('button', { name: 'Start Game' }).click();
}

describe('Okey between browsers', () => {
  it('two players play turns, a spectator sees only the piles, and a finish reveals every hand', async () => {
    const room = uniqueRoomId();
    const [ayse, bora, cem] = await enterRoom(room, ['Ayşe', 'Bora', 'Cem']);
    await sit(ayse, 1, 'Ayşe');
    await sit(bora, 2, 'Bora');
    await poll(() => cem.getByRole('button', { name: 'Sit' }).count()).toBe(2);
    for (const page of [ayse, bora, cem]) {
      await page.evaluate(() => {
        const played: string[] = [];
        Object.assign(window, { played });
        HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
          played.push(`${new URL(this.src).pathname}@${this.volume}`);
          return Promise.resolve();
        };
      });
    }
    await startWithOrder(ayse);

    // The deal: 15 and 14, the indicator face-up for both; the spectator sees no hand tile.
    await poll(() => handTiles(ayse).count()).toBe(15);
    await poll(() => handTiles(bora).count()).toBe(14);
    for (const page of [ayse, bora, cem])
      await page.getByTestId('indicator').getByRole('img', { name: 'blue 5' }).waitFor();
    const cemSeen = await labels(cem.locator('[data-seat-id] [role="img"]'));
    expect(cemSeen.length).toBe(29);
    expect(new Set(cemSeen)).toEqual(new Set(['face-down tile']));
    expect(await cem.getByRole('group', { name: 'Your rack' }).count()).toBe(0);
    // Ayşe, on her turn with 15 tiles, is told where a finish is declared; nobody else is.
    await ayse.getByTestId('finish-hint').waitFor();
    expect(await bora.getByTestId('finish-hint').count()).toBe(0);
    // Cem turns the table's sounds off: his page stays silent from then on, and remembers it.
    await cem.getByLabel('Sound').uncheck();

    // Ayşe holds her 15 tiles: the draw pile's top dropped on her own discard pile is not hers to discard.
    await drag(ayse, ayse.getByTestId('draw-pile').getByRole('button'), ayse.getByTestId('discard-1'));
    await ayse.getByText('Invalid discard source').waitFor();

    // Cem only watches, yet may pick tiles up like anyone; the rules answer him as they would a player.
    const rackTile = (seatId: number, slot: number) =>
      cem.locator(`[data-rfd-draggable-id="rack-tile-${seatId}-${slot}"]`);
    const rackSlot = (seatId: number, slot: number) =>
      cem.locator(`[data-rfd-droppable-id="rack-${seatId}-${slot}"]`);
    await drag(cem, cem.getByTestId('draw-pile').getByRole('button'), rackSlot(2, 20));
    await cem.getByText('Not your turn').waitFor();
    await drag(cem, rackTile(1, 3), rackSlot(1, 20));
    await cem.getByText("Can't move other players tiles").waitFor();
    await rackTile(2, 4).click({ button: 'right' });
    await poll(() => cem.getByText("Can't move other players tiles").count()).toBe(2);
    expect(await handTiles(ayse).count()).toBe(15);
    expect(await handTiles(bora).count()).toBe(14);

    // The turn is Ayşe's: her page rings the bell, Bora's clicks a tile.
    const played = (page: Page) => page.evaluate(() => (window as unknown as { played: string[] }).played);
    await poll(() => played(ayse)).toEqual(['/sounds/bell.wav@0.1']);
    await poll(() => played(bora)).toEqual(['/sounds/tile.wav@0.5']);
    expect(await cem.evaluate(() => localStorage.getItem('okey-sound'))).toBe('off');
    const cemHeard = await played(cem);

    // Right-click turns one's own tile face-down and back.
    await slotTile(ayse, 2).click({ button: 'right' });
    await ayse.getByTestId('slot-2').getByRole('img', { name: 'face-down tile' }).waitFor();
    await slotTile(ayse, 2).click({ button: 'right' });
    await ayse.getByTestId('slot-2').getByRole('img', { name: 'red 2' }).waitFor();

    // Ayşe discards by dragging to her discard slot; Bora draws it into slot 20 and discards.
    await drag(ayse, slotTile(ayse, 0), ayse.getByTestId('discard-1'));
    await poll(() => bora.getByTestId('discard-1-count').textContent()).toBe('1');
    await bora.locator('[data-testid="seat-2-name"][aria-current="true"]').waitFor();
    await drag(bora, bora.getByTestId('discard-1').getByRole('button'), bora.getByTestId('slot-20'));
    await bora.getByTestId('slot-20').getByRole('img', { name: 'red 1' }).waitFor();
    await poll(() => handTiles(bora).count()).toBe(15);
    await drag(bora, slotTile(bora, 0), bora.getByTestId('discard-2'));
    await poll(() => ayse.getByTestId('discard-2-count').textContent()).toBe('1');
    await poll(() => cem.getByTestId('discard-2-count').textContent()).toBe('1');
    expect(await played(cem)).toEqual(cemHeard);
    expect((await played(ayse)).length).toBeGreaterThan(1);

    // Out of turn: Bora tries the draw pile.
    await drag(bora, bora.getByTestId('draw-pile').getByRole('button'), bora.getByTestId('slot-5'));
    await bora.getByText('Not your turn').waitFor();

    // Ayşe, keyboard only: draw from the pile into her rack, then (after a refused finish) discard.
    await ayse.getByTestId('draw-pile').getByRole('button').focus();
    await ayse.keyboard.press('Space');
    await ayse.keyboard.press('ArrowDown');
    await ayse.keyboard.press('Space');
    await poll(() => handTiles(ayse).count()).toBe(15);
    const pileBefore = await ayse.getByTestId('draw-pile-count').textContent();
    await drag(ayse, slotTile(ayse, 1), ayse.getByTestId('draw-pile'));
    await ayse.getByText(/^Invalid sequence \S+>\S+$/).waitFor();
    expect(await handTiles(ayse).count()).toBe(15);
    expect(await ayse.getByTestId('draw-pile-count').textContent()).toBe(pileBefore);
    await slotTile(ayse, 14).focus();
    await ayse.keyboard.press('Space');
    for (let i = 0; i < 14; i++) await ayse.keyboard.press('ArrowRight');
    await ayse.keyboard.press('Space');
    await poll(() => bora.getByTestId('discard-1-count').textContent()).toBe('1');
    await poll(() => handTiles(ayse).count()).toBe(14);

    // A new game dealt in the chosen order: Ayşe lays her rack out in pairs and finishes at once with seven pairs.
    // In the middle of a round New Game asks first; Keep playing changes nothing.
    await bora.getByRole('button', { name: 'New Game' }).click();
    await bora.getByRole('dialog').getByRole('button', { name: 'Keep playing' }).click();
    await bora.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await handTiles(bora).count()).toBe(14);
    // A round in play ends only when every player asks: Bora's press is a request every page shows, Ayşe's ends it.
    await bora.getByRole('button', { name: 'New Game' }).click();
    await bora.getByRole('dialog').getByRole('button', { name: 'New Game' }).click();
    for (const page of [ayse, cem])
      await page.getByTestId('okey-message').getByText('Bora asks for a new game').waitFor();
    // While the dialog closes, the page behind it is hidden from the accessibility tree, its rack included.
    await bora.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await handTiles(bora).count()).toBe(14);
    await ayse.getByRole('button', { name: 'New Game' }).click();
    await ayse.getByRole('dialog').getByRole('button', { name: 'New Game' }).click();
    await ayse.getByRole('button', { name: 'Start Game' }).waitFor();
    await startWithOrder(ayse);
    await poll(() => handTiles(ayse).count()).toBe(15);
    expect(await bora.getByRole('button', { name: 'Arrange pairs' }).count()).toBe(1);
    expect(await cem.getByRole('button', { name: 'Arrange pairs' }).count()).toBe(0);
    await ayse.getByRole('button', { name: 'Arrange pairs' }).click();
    // Seven pairs with a gap after each (the fifth, which would straddle the rows, starts the bottom row at slot 13),
    // then black 13 alone after a gap: slot 22.
    await ayse.getByTestId('slot-22').getByRole('img', { name: 'black 13' }).waitFor();
    for (const gap of [2, 5, 8, 11, 12, 15, 18, 21])
      expect(await ayse.getByTestId(`slot-${gap}`).getByRole('img').count()).toBe(0);
    await poll(() => cem.locator('[data-rfd-draggable-id="rack-tile-1-22"]').count()).toBe(1);
    await drag(ayse, ayse.getByTestId('slot-22').getByRole('button'), ayse.getByTestId('draw-pile'));
    for (const page of [ayse, bora, cem]) {
      await page.getByTestId('okey-message').getByText('Ayşe wins!').waitFor();
      const seen = await labels(page.locator('[data-seat-id] [role="img"]'));
      expect(seen).toHaveLength(28);
      expect(seen).not.toContain('face-down tile');
      expect(seen).toContain('red 7');
    }

    // Seven pairs cost the other player 4 of their 20 points; every page shows the match's points.
    for (const page of [ayse, bora, cem]) {
      await poll(() =>
        page.getByTestId('okey-scores').locator('tr[data-score-seat="2"] td').textContent(),
      ).toBe('16');
      expect(await page.getByTestId('okey-scores').locator('tr[data-score-seat="1"]').innerText()).toMatch(
        /^Ayşe\s+20$/,
      );
    }

    // The round is over and every rack shows: right-click still turns Ayşe's own tile over, for everyone to see;
    // Bora's right-click on one of Ayşe's tiles is refused.
    const ayseFaceDown = (page: Page) =>
      labels(seat(page, 1).locator('[role="img"]')).then(
        (l) => l.filter((x) => x === 'face-down tile').length,
      );
    await ayse.getByTestId('slot-0').getByRole('img').click({ button: 'right' });
    for (const page of [ayse, bora, cem]) await poll(() => ayseFaceDown(page)).toBe(1);
    await ayse.getByTestId('slot-0').getByRole('img').click({ button: 'right' });
    for (const page of [ayse, bora, cem]) await poll(() => ayseFaceDown(page)).toBe(0);
    await seat(bora, 1).getByRole('img').first().click({ button: 'right' });
    await bora.getByText("Can't move other players tiles").waitFor();
  }, 180_000);

  it('four players each see their own seat at the bottom; stand, close and reload keep seats right', async () => {
    const room = uniqueRoomId();
    const names = ['Ada', 'Baran', 'Can', 'Dila'];
    const pages = await enterRoom(room, names);
    for (const [i, page] of pages.entries()) await sit(page, i + 1, names[i]);
    // Start Game seats only the players the starter's page has seen sit: wait until it has seen all four.
    for (const [i, name] of names.entries())
      await seat(pages[2], i + 1)
        .getByText(name, { exact: true })
        .waitFor();
    await pages[2].getByRole('button', { name: 'Start Game' }).click();
    for (const [i, page] of pages.entries()) {
      await poll(() => handTiles(page).count()).toBe(i === 0 ? 15 : 14);
      const at = async (position: string) =>
        Number(await page.getByTestId(`seat-${position}`).getAttribute('data-seat-id'));
      const order = [0, 1, 2, 3].map((k) => ((i + k) % 4) + 1);
      expect([await at('bottom'), await at('right'), await at('top'), await at('left')]).toEqual(order);
    }

    // On a phone the side seats' columns are as narrow as their racks; every name plate still shows its whole name,
    // the turn's ▶ included: after Ada's discard it is Baran's turn, and Can's page has Baran on the left.
    await drag(pages[0], slotTile(pages[0], 0), pages[0].getByTestId('discard-1'));
    await seat(pages[2], 2).getByText('▶ Baran').waitFor();
    await pages[2].setViewportSize({ width: 390, height: 844 });
    await poll(async () => (await pages[2].getByTestId('seat-left').boundingBox())!.width).toBeLessThan(100);
    // The board lays itself out again over a few frames after the resize: the plates are read until it has.
    const cut = () =>
      pages[2]
        .locator('[data-testid$="-name"] .okey-name-text')
        .evaluateAll((els) =>
          els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
        );
    await poll(cut).toEqual([]);

    // A reload keeps Baran's seat and hand.
    const hand = await labels(handTiles(pages[1]));
    await pages[1].reload();
    await poll(() => labels(handTiles(pages[1]))).toEqual(hand);
    expect(await pages[1].getByTestId('seat-bottom').getAttribute('data-seat-id')).toBe('2');

    // Stand clears the seat with '{name} left'.
    await pages[3].getByRole('button', { name: 'Stand' }).click();
    await pages[0].getByTestId('okey-message').getByText('Dila left').waitFor();

    // Closing Can's page clears his seat after the grace period.
    await pages[2].context().close();
    await pages[0].getByTestId('okey-message').getByText('Can left').waitFor({ timeout: 45_000 });
    await seat(pages[1], 3).getByText('Player 3', { exact: true }).waitFor();
    expect(await seat(pages[1], 2).getByText('Baran').count()).toBe(1);
  }, 180_000);

  it("plays a turn that runs out for its player, and keeps a departed player's masked rack for them alone", async () => {
    const room = uniqueRoomId();
    const [ece, fuat] = await enterRoom(room, ['Ece', 'Fuat']);
    await sit(ece, 1, 'Ece');
    await sit(fuat, 2, 'Fuat');
    await fuat.getByLabel('Turn timer').selectOption('15');
    await poll(() => ece.getByLabel('Turn timer').inputValue()).toBe('15');
    await ece.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => handTiles(ece).count()).toBe(15);
    // Ece does nothing: her page counts down beside her name on both pages, then plays her turn: her last tile goes.
    await ece.getByTestId('seat-1-name').getByTestId('turn-countdown').waitFor();
    await fuat.getByTestId('seat-1-name').getByTestId('turn-countdown').waitFor();
    // The turn lasts its 15 s before the move is made: waited for on top of the usual 20 s a move may take here.
    await expect
      .poll(() => fuat.getByTestId('discard-1-count').textContent(), { timeout: 15_000 + 20_000 })
      .toBe('1');
    await fuat.locator('[data-testid="seat-2-name"][aria-current="true"]').waitFor();
    expect(await handTiles(ece).count()).toBe(14);
    // Fuat leaves; once his seat is freed it is kept for him (a departure is one page's word): no page times his turn
    // out, and no bot or person takes his rack, which only his page can read. Ece, the one player left, starts anew.
    await fuat.close();
    await ece.getByTestId('okey-message').getByText('Fuat left').waitFor();
    expect(await seat(ece, 2).getByRole('button').count()).toBe(0);
    await ece.getByRole('button', { name: 'New Game' }).click();
    await ece.getByRole('dialog').getByRole('button', { name: 'New Game' }).click();
    await seat(ece, 2).getByRole('button', { name: 'Add bot' }).waitFor();
    expect(await handTiles(ece).count()).toBe(0);
  }, 120_000);

  it("deals from the seats' masked deck: no page chooses the tiles or reads another's, a bot's part is its driver's", async () => {
    const room = uniqueRoomId();
    const [ayse, bora] = await enterRoom(room, ['Ayşe', 'Bora']);
    await sit(ayse, 1, 'Ayşe');
    await sit(bora, 2, 'Bora');
    // Bora's page adds a bot: it keys, shuffles and seals for the bot with the bot's round secret.
    await seat(bora, 3).getByRole('button', { name: 'Add bot' }).click();
    await seat(ayse, 3).getByText('Bot 3', { exact: true }).waitFor();
    await ayse.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => handTiles(ayse).count()).toBe(15);
    await poll(() => handTiles(bora).count()).toBe(14);
    const indicator = (page: Page) =>
      page.getByTestId('indicator').getByRole('img').getAttribute('aria-label');
    expect(await indicator(bora)).toBe(await indicator(ayse));
    // The log holds the start without any tile order, then every seat's key and shuffle, each signed: the bot's by
    // Bora's page in the bot's name.
    const logged = () =>
      ayse.evaluate(() => {
        const file = JSON.parse(window.__gameRoom?.connection?.bridge.exportLog('okey') ?? '{}') as {
          payload: string;
        };
        const actions = JSON.parse(file.payload) as { type: string; payload: Record<string, unknown> }[];
        return actions.map(({ type, payload }) => ({
          type,
          by: (payload.by as { name: string } | undefined)?.name,
          order: 'order' in payload,
          signed: typeof payload.signature === 'string',
        }));
      });
    await poll(async () => (await logged()).filter((e) => e.type === 'okey/deckShuffled').length).toBe(3);
    const entries = await logged();
    expect(entries.find((e) => e.type === 'okey/gameStarted')).toEqual({
      type: 'okey/gameStarted',
      by: 'Ayşe',
      order: false,
      signed: true,
    });
    for (const type of ['okey/deckKeyed', 'okey/deckShuffled']) {
      const made = entries.filter((e) => e.type === type);
      expect(made.map((e) => e.by).sort()).toEqual(['Ayşe', 'Bora', 'Bot 3']);
      expect(made.every((e) => e.signed)).toBe(true);
    }
  }, 60_000);

  it('four bots and no person at the table play a whole round to its end, driven by the one page in the room, which reloads from the fold it kept', async () => {
    const room = uniqueRoomId();
    const [gul] = await enterRoom(room, ['Gül']);
    await okeyBotsOnly(gul);
    expect(await gul.getByRole('button', { name: 'Sit' }).count()).toBe(0);
    await startWithOrder(gul, LONG_ROUND);
    await gul
      .getByTestId('okey-message')
      .getByText('Bot 4 wins!', { exact: true })
      .waitFor({ timeout: 90_000 });
    const points = await gul.getByTestId('okey-scores').locator('td').allTextContents();
    expect(points).toHaveLength(4);
    const message = await gul.getByTestId('okey-message').textContent();
    const discards = (page = gul) =>
      Promise.all([1, 2, 3, 4].map((id) => page.getByTestId(`discard-${id}-count`).textContent()));
    const piles = await discards();

    // The page keeps its fold in IndexedDB as the log grows; reloaded, it folds on from there, not from the start.
    const keptFold = () => gul.evaluate(() => window.__gameRoom?.connection?.bridge.keptFold('okey') ?? null);
    await expect.poll(async () => (await keptFold())?.kept ?? 0, { timeout: 30_000 }).toBeGreaterThan(32);
    const { kept } = (await keptFold())!;
    // A spectator is in the room as the page reloads: the log her page sends is matched against the kept fold too.
    const [hale] = await enterRoom(room, ['Hale']);
    await expect.poll(() => discards(hale)).toEqual(piles);
    await gul.reload();
    await gul.getByTestId('okey-message').getByText(message!, { exact: true }).waitFor();
    await expect.poll(async () => (await keptFold())?.restored).toBeGreaterThanOrEqual(kept);
    expect(await discards()).toEqual(piles);
    expect(await gul.getByTestId('okey-scores').locator('td').allTextContents()).toEqual(points);

    // A person takes a bot's seat back: Remove bot, then Sit.
    await seat(gul, 2).getByRole('button', { name: 'Remove bot' }).click();
    await sit(gul, 2, 'Gül');
  }, 150_000);
});
