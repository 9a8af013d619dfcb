import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { allConnected, logIn, seatedPair, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

/** Polls until a page shows what the other page did; WebRTC on a busy machine can take a few seconds. */
const eventually = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout });
const people = peopleAt(inject('baseUrl'));

const PHONE_SIZE = { width: 390, height: 844 };

/** A person logged in and on a room's TicTacToe page, on a desktop. */
const join = (name: string, room: string) =>
  people.join(name, `/${room}/tictactoe`, (page) => square(page, 1));
const square = (page: Page, n: number) => page.getByRole('button', { name: `Square ${n}`, exact: true });

/**
 * Types a message in the page's chat and sends it with Enter, once the chat can send (Send enabled: the room's document
 * is open; before, Enter says the chat is connecting and keeps the text).
 */
async function say(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await eventually(() => page.getByRole('button', { name: 'Send', exact: true }).isEnabled()).toBe(true);
  await input.press('Enter');
  await eventually(() => input.inputValue()).toBe('');
}

/** Whether the element's middle is what shows there: it is on the screen and not scrolled away in its part. */
const inSight = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });

/** The texts of the chat's messages a page shows, oldest first. */
const texts = (page: Page) => page.getByTestId('chat-text').allInnerTexts();
/** The sender shown on each message a page shows, oldest first. */
const senders = (page: Page) => page.getByTestId('chat-sender').allInnerTexts();

describe('the room chat between browsers', () => {
  it('carries messages both ways with sender and time, tells one’s own apart, and shows markup as text', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    await allConnected([ann, bob], ['Ann', 'Bob']);
    // A 1280 x 800 screen shows everyone connected with the chat under them: no name is scrolled out of sight.
    for (const page of [ann, bob]) {
      for (const name of ['Ann', 'Bob'])
        expect(await inSight(page.getByTestId('presence-list').getByText(name, { exact: true }))).toBe(true);
      expect(await inSight(page.getByRole('textbox', { name: 'Message' }))).toBe(true);
    }

    await say(ann, 'Hello Bob, ready?');
    await eventually(() => texts(bob)).toEqual(['Hello Bob, ready?']);
    await say(bob, 'Ready, Ann!');
    for (const page of [ann, bob])
      await eventually(() => texts(page)).toEqual(['Hello Bob, ready?', 'Ready, Ann!']);
    expect(await senders(bob)).toEqual(['Ann', 'You']);
    expect(await senders(ann)).toEqual(['You', 'Bob']);
    expect(await bob.locator('[data-testid="chat-message"][data-own="true"]').count()).toBe(1);
    // Each message shows its time as hours and minutes.
    expect(await bob.getByTestId('chat-message').first().innerText()).toMatch(/\d{1,2}:\d{2}/);

    const markup = '<b>bold</b> <img src=x onerror="window.__hacked=1"> https://example.com/?a=1&b=2';
    await say(ann, markup);
    await eventually(() => texts(bob)).toContain(markup);
    const last = bob.getByTestId('chat-text').last();
    expect(await last.locator('b, img, a').count()).toBe(0);
    expect(await bob.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
  });

  it('opens on a phone from its button, whose unread count clears once the chat is seen', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const phone = await people.person(PHONE_SIZE, { isMobile: true, hasTouch: true });
    const cem = phone.page;
    await logIn(cem, 'Cem', `/${room}/okey`);
    await cem.getByRole('group', { name: 'Draw pile' }).waitFor();
    await allConnected([ann], ['Ann', 'Cem']);
    const button = cem.getByTestId('chat-button');
    await eventually(() => button.getAttribute('aria-label')).toBe('Open chat');

    await say(ann, 'Cem, are you there?');
    await say(ann, 'Your turn to sit');
    await eventually(() => button.getAttribute('aria-label')).toBe('Open chat, 2 new messages');
    expect(await cem.getByTestId('chat-unread').innerText()).toContain('2');

    await button.click();
    const sheet = cem.getByTestId('chat-sheet');
    await eventually(() => sheet.getByTestId('chat-text').allInnerTexts()).toEqual([
      'Cem, are you there?',
      'Your turn to sit',
    ]);
    await eventually(() => button.getAttribute('aria-label')).toBe('Open chat');
    // The sheet slides up and comes to rest leaving the rack in view: its bottom edge above the player's own seat.
    const seatBox = (await cem.getByTestId('seat-bottom').boundingBox())!;
    const sheetBottom = async () => {
      const box = (await sheet.boundingBox())!;
      return box.y + box.height;
    };
    await eventually(sheetBottom).toBeLessThanOrEqual(seatBox.y + 1);

    await say(cem, 'Here!');
    await eventually(() => texts(ann)).toContain('Here!');
    await cem.getByRole('button', { name: 'Close chat' }).click();
    await sheet.waitFor({ state: 'detached' });
    await say(ann, 'Good');
    await eventually(() => button.getAttribute('aria-label')).toBe('Open chat, 1 new message');
  });

  it('shows a quick reaction by the sender’s seat at the Okey and Go tables on the other page, and in the chat', async () => {
    const room = uniqueRoomId();
    const okey = (name: string) =>
      people.join(name, `/${room}/okey`, (page) => page.getByRole('group', { name: 'Draw pile' }));
    const ann = await okey('Ann');
    const bob = await okey('Bob');
    await allConnected([ann, bob], ['Ann', 'Bob']);
    for (const [page, seat, name] of [
      [ann, 1, 'Ann'],
      [bob, 2, 'Bob'],
    ] as const) {
      await page.locator(`[data-seat-id="${seat}"]`).getByRole('button', { name: 'Sit' }).click();
      await ann.locator(`[data-seat-id="${seat}"]`).getByText(name, { exact: true }).waitFor();
      await bob.locator(`[data-seat-id="${seat}"]`).getByText(name, { exact: true }).waitFor();
    }
    await ann.getByRole('group', { name: 'Quick reactions' }).getByRole('button', { name: '👏' }).click();
    const annSeatOnBob = bob.locator('[data-seat-id="1"]');
    await eventually(() => annSeatOnBob.getByTestId('seat-reaction').innerText()).toBe('👏');
    expect(await bob.locator('[data-seat-id="2"]').getByTestId('seat-reaction').count()).toBe(0);
    await eventually(() => texts(bob)).toEqual(['👏']);
    // A few seconds later it is gone from the seat, and stays in the chat.
    await annSeatOnBob.getByTestId('seat-reaction').waitFor({ state: 'detached' });
    expect(await texts(bob)).toEqual(['👏']);

    const goRoom = uniqueRoomId();
    const go = (name: string, r: string) =>
      people.join(name, `/${r}/go`, (page) => page.getByRole('heading', { name: 'Go', exact: true }));
    const [dan, eda] = await seatedPair(
      (name) => go(name, goRoom),
      { name: 'Dan', colour: 'Black', seat: 'b' },
      { name: 'Eda', colour: 'White', seat: 'w' },
    );
    await eda
      .getByRole('group', { name: 'Quick reactions' })
      .getByRole('button', { name: 'Good game' })
      .click();
    await eventually(() => dan.getByTestId('seat-w').getByTestId('seat-reaction').innerText()).toBe(
      'Good game',
    );
  });

  it('shows the last messages to a late joiner and after a reload', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    await allConnected([ann, bob], ['Ann', 'Bob']);
    // A conversation: each answers what they have read. Messages said at once are concurrent, and the document may
    // order them either way (the same way on every page).
    await say(ann, 'First');
    await eventually(() => texts(bob)).toEqual(['First']);
    await say(bob, 'Second');
    await eventually(() => texts(ann)).toEqual(['First', 'Second']);
    await say(ann, 'Third');
    await eventually(() => texts(bob)).toEqual(['First', 'Second', 'Third']);

    const cem = await join('Cem', room);
    await eventually(() => texts(cem)).toEqual(['First', 'Second', 'Third']);
    expect(await senders(cem)).toEqual(['Ann', 'Bob', 'Ann']);

    await bob.reload();
    await square(bob, 1).waitFor();
    await eventually(() => texts(bob)).toEqual(['First', 'Second', 'Third']);
    expect(await senders(bob)).toEqual(['Ann', 'You', 'Ann']);
  });

  it('drops a flood beyond a few messages a second on the other pages while the game plays on', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    await allConnected([ann, bob], ['Ann', 'Bob']);
    await say(bob, 'Let us play');
    await eventually(() => texts(ann)).toEqual(['Let us play']);

    // Ann's page runs other code: 30 signed messages at once, past any rate.
    await ann.waitForFunction(() => window.__chatTools !== undefined);
    await ann.evaluate(() => window.__chatTools!.flood(30, 1000, 'flood'));
    // Bob's document holds all 30, and his chat shows the first three of them.
    await bob.waitForFunction(
      () => (window.__gameRoom?.connection?.lists.get('chat')?.texts(200).length ?? 0) >= 31,
    );
    const flood = async (page: Page) => (await texts(page)).filter((t) => t.startsWith('flood'));
    await eventually(() => flood(bob)).toEqual(['flood 1', 'flood 2', 'flood 3']);
    await eventually(() => flood(ann)).toEqual(['flood 1', 'flood 2', 'flood 3']);

    await square(ann, 5).click();
    await eventually(() => square(bob, 5).getAttribute('data-mark')).toBe('X');
    await square(bob, 1).click();
    await eventually(() => square(ann, 1).getAttribute('data-mark')).toBe('O');
    expect(await flood(bob)).toEqual(['flood 1', 'flood 2', 'flood 3']);
  });

  it('hides a muted person’s messages on the muting page only, remembered there', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    const cem = await join('Cem', room);
    await allConnected([ann, bob, cem], ['Ann', 'Bob', 'Cem']);
    await say(ann, 'Buy cheap chips at spam.example');
    // Cem answers once he has read Ann: said at once, the two messages are concurrent and either may come first.
    await eventually(() => texts(cem)).toEqual(['Buy cheap chips at spam.example']);
    await say(cem, 'Hi all');
    await eventually(() => texts(bob)).toEqual(['Buy cheap chips at spam.example', 'Hi all']);

    const annMessage = bob.getByTestId('chat-message').filter({ hasText: 'spam.example' });
    await annMessage.hover();
    await annMessage.getByRole('button', { name: 'Mute Ann' }).click();
    await eventually(() => texts(bob)).toEqual(['Hi all']);
    await bob.getByText('1 person muted').waitFor();
    await eventually(() => texts(ann)).toEqual(['Buy cheap chips at spam.example', 'Hi all']);
    await say(ann, 'Still here');
    await eventually(() => texts(cem)).toEqual(['Buy cheap chips at spam.example', 'Hi all', 'Still here']);
    expect(await texts(ann)).toEqual(['Buy cheap chips at spam.example', 'Hi all', 'Still here']);
    expect(await texts(bob)).toEqual(['Hi all']);

    await bob.reload();
    await square(bob, 1).waitFor();
    await bob.getByText('1 person muted').waitFor();
    await eventually(() => texts(bob)).toEqual(['Hi all']);
    await bob.getByRole('button', { name: 'Unmute all' }).click();
    await eventually(() => texts(bob)).toEqual(['Buy cheap chips at spam.example', 'Hi all', 'Still here']);
  }, 150_000);

  it('can be switched off in the sidebar, remembered after a reload', async () => {
    const room = uniqueRoomId();
    const bob = await join('Bob', room);
    await bob.getByTestId('chat-panel').waitFor();
    await bob.getByRole('switch', { name: 'Chat' }).uncheck();
    await bob.getByTestId('chat-panel').waitFor({ state: 'detached' });
    await bob.reload();
    await square(bob, 1).waitFor();
    expect(await bob.getByRole('switch', { name: 'Chat' }).isChecked()).toBe(false);
    expect(await bob.getByTestId('chat-panel').count()).toBe(0);
    await bob.getByRole('switch', { name: 'Chat' }).check();
    await bob.getByTestId('chat-panel').waitFor();
  });
});
