import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allConnected, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';
import { botMove } from '../../src/games/okey/rules/bot';
import { createTileSet } from '../../src/games/okey/rules/tiles';
import type { OkeyState } from '../../src/games/okey/rules/types';
import { inRoom, signedText } from '../../src/sync/signing/signatures';
import { okey } from '../../src/games/okey/slice';

const people = peopleAt(inject('baseUrl'));

const join = (name: string, room: string) =>
  people.join(name, `/${room}/okey`, (page) => page.getByTestId('okey-table'));
const square = (page: Page, n: number) => page.getByRole('button', { name: `Square ${n}`, exact: true });
const joinTicTacToe = (name: string, room: string) =>
  people.join(name, `/${room}/tictactoe`, (page) => square(page, 1));

/** Records the page's uncaught errors (an Automerge panic surfaces as one). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Starts recording the gaps between the page's animation frames: a frozen main thread shows as one long gap. */
const watchFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frameGaps: number[] };
    w.frameGaps = [];
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      w.frameGaps.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
const longestFrameGap = (page: Page) =>
  page.evaluate(() => Math.max(...(window as unknown as { frameGaps: number[] }).frameGaps));
const seat = (page: Page, id: number) => page.locator(`[data-seat-id="${id}"]`);
const handTiles = (page: Page) => page.getByRole('group', { name: 'Your rack' }).getByRole('img');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });
/** How many entries the page's room document holds in the Okey log, readable or not. */
const okeyLogLength = (page: Page) =>
  page.evaluate(() => window.__gameRoom?.connection?.bridge.logLength('okey') ?? 0);
/**
 * Waits until the page's document holds `length` Okey entries and the page has drawn two frames since: whatever the
 * page made of them is on its screen.
 */
async function taken(page: Page, length: number): Promise<void> {
  await poll(() => okeyLogLength(page)).toBeGreaterThanOrEqual(length);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Ada and Eve in a room, seated at 1 and 2, Ada having pressed Start Game. */
async function dealtTable(room: string): Promise<[Page, Page]> {
  const ada = await join('Ada', room);
  const eve = await join('Eve', room);
  await allConnected([ada, eve], ['Ada', 'Eve']);
  for (const [page, id, name] of [
    [ada, 1, 'Ada'],
    [eve, 2, 'Eve'],
  ] as const) {
    await seat(page, id).getByRole('button', { name: 'Sit' }).click();
    await seat(ada, id).getByText(name, { exact: true }).waitFor();
    await seat(eve, id).getByText(name, { exact: true }).waitFor();
  }
  await ada.getByRole('button', { name: 'Start Game' }).click();
  return [ada, eve];
}

/** The page drags the tile in its rack's first slot onto its own discard pile, as a player does. */
async function discardFirstTile(page: Page, seatId: number): Promise<void> {
  const first = page.getByTestId('slot-0').locator('[data-rfd-drag-handle-draggable-id]');
  // The discard pile shows once the round is in play: the racks can show a moment before.
  await page.getByTestId(`discard-${seatId}`).waitFor();
  const a = (await first.boundingBox())!;
  const b = (await page.getByTestId(`discard-${seatId}`).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('a room no modified page can break', () => {
  it('keeps the honest page its state when another page writes forged and oversized entries into the room', async () => {
    const room = uniqueRoomId();
    const [ada, eve] = await dealtTable(room);
    await poll(() => handTiles(ada).count()).toBe(15);
    await poll(() => handTiles(eve).count()).toBe(14);

    // Eve's page, running other code, writes straight into the room's document the way the app writes entries (one
    // immutable string each): an entry carrying a whole forged state (every rack empty, its own message), junk, and
    // an entry of a megabyte.
    await eve.evaluate(() => {
      const connection = window.__gameRoom?.connection;
      if (!connection) throw new Error('no room');
      // Automerge's ImmutableString, taken from an entry already in the log (the page's code has no other handle on it).
      const stored = (connection.document.doc() as { logs: Record<string, object[]> }).logs.okey[0];
      const Immutable = stored.constructor as new (text: string) => object;
      const state = connection.bridge.getState('okey') as { players: { hand: unknown[] }[] };
      const forged = { ...state, message: 'Forged', players: state.players.map((p) => ({ ...p, hand: [] })) };
      const by = { id: 'eve', name: 'Eve' };
      connection.document.handle.change((d: { logs: Record<string, unknown[]> }) => {
        d.logs.okey.push(
          new Immutable(
            JSON.stringify({
              id: 'eve000000000:1',
              action: { type: 'okey/tileFlipped', payload: { by, clientId: 1, tileId: 'nobody' } },
              base: forged,
            }),
          ),
        );
        d.logs.okey.push(new Immutable('{"not":"an entry"'));
        d.logs.okey.push(
          new Immutable(
            JSON.stringify({
              id: 'eve000000000:2',
              action: { type: 'okey/x', payload: 'x'.repeat(1_000_000) },
            }),
          ),
        );
      });
    });

    // Ada's page keeps its rack and table, and plays on; Eve's own (honest) fold agrees with it.
    await taken(ada, await okeyLogLength(eve));
    expect(await handTiles(ada).count()).toBe(15);
    expect(await ada.getByText('Forged').count()).toBe(0);
    expect(await ada.getByText('Duplicate tile detected').count()).toBe(0);
    await discardFirstTile(ada, 1);
    await poll(() => eve.getByTestId('discard-1-count').textContent()).toBe('1');
    expect(await handTiles(eve).count()).toBe(14);

    // A page that joins afterwards gets the same table: Ada's discard, both seats, no forged state.
    const cem = await join('Cem', room);
    await poll(() => cem.getByTestId('discard-1-count').textContent()).toBe('1');
    expect(await seat(cem, 2).getByText(/Eve$/).count()).toBe(1);
    expect(await cem.getByText('Forged').count()).toBe(0);
  }, 120_000);

  it("refuses, on every page, entries another page writes in a seated player's name", async () => {
    const room = uniqueRoomId();
    const [ada, eve] = await dealtTable(room);
    await poll(() => handTiles(eve).count()).toBe(14);
    // The rack shows the deal from the entries sent ahead; the room's document, which Eve's page writes into below,
    // may take a moment longer on a busy machine.
    await poll(() =>
      eve.evaluate(() => {
        const state = window.__gameRoom?.connection?.bridge.getState('okey') as
          { players: { hand: ({ id: string } | null)[] }[] } | undefined;
        return state?.players[0].hand.some((t) => t !== null) ?? false;
      }),
    ).toBe(true);

    // Eve's page, running other code, writes straight into the room's document three discards in Ada's name, on
    // Ada's turn: one unsigned, one with a signature Ada made for another entry, one signed with Eve's own key.
    const written = await eve.evaluate(() => {
      const connection = window.__gameRoom?.connection;
      if (!connection) throw new Error('no room');
      type Entry = { id: string; action: { type: string; payload: Record<string, unknown> } };
      const log = (connection.document.doc() as { logs: Record<string, { val: string }[]> }).logs.okey;
      const Immutable = log[0].constructor as new (text: string) => object;
      const entries = log.map((stored) => JSON.parse(stored.val) as Entry);
      const adas = entries.filter(
        (e) => (e.action.payload.by as { name?: string } | undefined)?.name === 'Ada',
      );
      const signed = adas.find((e) => typeof e.action.payload.signature === 'string');
      const eves = entries.find(
        (e) => (e.action.payload.by as { name?: string } | undefined)?.name === 'Eve',
      );
      if (!signed || !eves) throw new Error('no signed entries');
      const state = connection.bridge.getState('okey') as { players: { hand: ({ id: string } | null)[] }[] };
      const tileId = state.players[0].hand.find((t) => t !== null)?.id;
      const { by, clientId } = signed.action.payload;
      const signer = signed.action.payload.signer as { seat: string; seq: number; key: string };
      const eveSigner = eves.action.payload.signer as { key: string };
      const discard = (n: number, extra: object) =>
        new Immutable(
          JSON.stringify({
            id: `eve000000000:${n}`,
            action: { type: 'okey/tileDiscarded', payload: { by, clientId, tileId, ...extra } },
          }),
        );
      connection.document.handle.change((d: { logs: Record<string, unknown[]> }) => {
        d.logs.okey.push(discard(1, {}));
        d.logs.okey.push(
          discard(2, { signer: { ...signer, seq: 99 }, signature: signed.action.payload.signature }),
        );
        d.logs.okey.push(
          discard(3, {
            signer: { ...signer, seq: 99, key: eveSigner.key },
            signature: eves.action.payload.signature,
          }),
        );
      });
      return tileId;
    });
    expect(written).toBeTruthy();

    // Neither page takes any of them: Ada keeps her fifteen tiles and her turn, and Eve's own fold agrees.
    const forged = await okeyLogLength(eve);
    await taken(ada, forged);
    for (const page of [ada, eve]) expect(await page.getByTestId('discard-1-count').textContent()).toBe('0');
    expect(await handTiles(ada).count()).toBe(15);
    // A page that joins afterwards folds the same log to the same table.
    const cem = await join('Cem', room);
    await poll(() => seat(cem, 2).getByText(/Eve$/).count()).toBe(1);
    await taken(cem, forged);
    expect(await cem.getByTestId('discard-1-count').textContent()).toBe('0');
    // Ada's own discard, signed by her page, is taken everywhere.
    await discardFirstTile(ada, 1);
    for (const page of [eve, cem])
      await poll(() => page.getByTestId('discard-1-count').textContent()).toBe('1');
  }, 120_000);

  it("takes only the bot's own move in a bot's seat, even signed by the page that drives the bot", async () => {
    const room = uniqueRoomId();
    const ada = await join('Ada', room);
    const eve = await join('Eve', room);
    await allConnected([ada, eve], ['Ada', 'Eve']);
    // The bots pause as a person does, so Eve's page may well try its move first (the test holds either way).
    for (const page of [ada, eve]) await page.evaluate(() => (window.__botPauseMs = 2000));
    await seat(ada, 1).getByRole('button', { name: 'Sit' }).click();
    await seat(eve, 2).getByRole('button', { name: 'Add bot' }).click();
    await seat(ada, 2).getByText('Bot 2', { exact: true }).waitFor();
    // Every page plays a bot's move again only while the bot's rack is open to it: the test build deals a chosen,
    // open order. A masked bot's moves cannot be played again until its rack opens (docs/hidden-tiles.md, step 5).
    const order = createTileSet().map((t) => t.id);
    await ada.evaluate((chosen) => (window.__okeyTestOrder = chosen), order);
    await ada.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => handTiles(ada).count()).toBe(15);
    const stateOf = (page: Page) =>
      page.evaluate(() => window.__gameRoom?.connection?.bridge.getState('okey') as OkeyState | undefined);
    await poll(async () => (await stateOf(eve))?.players[0].hand.some((t) => t !== null)).toBe(true);
    await discardFirstTile(ada, 1);
    await poll(async () => (await stateOf(eve))?.currentPlayer).toBe(2);

    // The page whose key the bot's seat is bound to (Eve's, which added it, unless Ada's page took it over) draws for
    // the bot the tile the bot would not take, signed with its own key, and writes it into the room's document.
    const before = (await stateOf(eve)) as OkeyState;
    const bound = before.seatKeys?.['2'];
    expect(bound).toBeDefined();
    const own = botMove(before, 2);
    expect(own?.event).toBe('tileDrawn');
    const pile = before.drawPile[0].id;
    const offered = before.players[0].discardPile.at(-1)!.id;
    const tileId = own?.payload && 'tileId' in own.payload && own.payload.tileId === pile ? offered : pile;
    const payload = {
      by: before.players[1].user,
      clientId: 1,
      tileId,
      toSlot: before.players[1].hand.indexOf(null),
      signer: { seat: '2', seq: bound!.seq + 1, key: bound!.key },
    };
    const text = signedText(room, 'okey', 'okey/tileDrawn', payload);
    let signature = '';
    for (const page of [eve, ada]) {
      const written = await page.evaluate(
        async ({ key, text, payload }) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('game-room-keys', 1);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const all = await new Promise<{ privateKey: CryptoKey; key: string; algorithm: string }[]>(
            (resolve) => {
              const req = db.transaction('keys').objectStore('keys').getAll();
              req.onsuccess = () => resolve(req.result as never);
            },
          );
          const stored = all.find((k) => k.key === key);
          if (!stored) return null;
          const params =
            stored.algorithm === 'ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
          const bytes = new Uint8Array(
            await crypto.subtle.sign(params, stored.privateKey, new TextEncoder().encode(text)),
          );
          const signature = btoa(String.fromCharCode(...bytes));
          const connection = window.__gameRoom?.connection;
          if (!connection) throw new Error('no room');
          const log = (connection.document.doc() as { logs: Record<string, { val: string }[]> }).logs.okey;
          const Immutable = log[0].constructor as new (text: string) => object;
          const entry = {
            id: 'eve000000000:7',
            action: { type: 'okey/tileDrawn', payload: { ...payload, signature } },
          };
          connection.document.handle.change((d: { logs: Record<string, unknown[]> }) => {
            d.logs.okey.push(new Immutable(JSON.stringify(entry)));
          });
          return signature;
        },
        { key: bound!.key, text, payload },
      );
      if (written !== null) {
        signature = written;
        break;
      }
    }
    // Signed as the seat's key must sign it: the rules refuse it only because the bot would not make that move.
    const forged = { type: 'okey/tileDrawn', payload: { ...payload, signature } };
    expect(inRoom(okey.synced, room).apply(before, forged)).toEqual({
      ok: false,
      reason: { key: 'notTheBotsMove' },
    });

    // Every page refuses it, wherever it lands, and the bot then makes its own move: the tile it chose.
    for (const page of [ada, eve])
      await poll(() =>
        page.evaluate(() =>
          window.__gameRoom?.connection?.bridge.exportLog('okey').includes('eve000000000:7'),
        ),
      ).toBe(true);
    const botTiles = async (page: Page) => {
      const bot = (await stateOf(page))?.players[1];
      return [...(bot?.hand ?? []), ...(bot?.discardPile ?? [])].map((t) => t?.id);
    };
    const chosen = own?.payload && 'tileId' in own.payload ? own.payload.tileId : null;
    for (const page of [ada, eve]) {
      await poll(() => botTiles(page)).toContain(chosen);
      expect(await botTiles(page)).not.toContain(tileId);
    }
  }, 120_000);

  it("gives nobody a player's seat and rack when another page writes that player's departure", async () => {
    const room = uniqueRoomId();
    const [ada, eve] = await dealtTable(room);
    await poll(() => handTiles(ada).count()).toBe(15);
    const rackOf = (page: Page) =>
      page.evaluate(() => {
        const state = window.__gameRoom?.connection?.bridge.getState('okey') as
          { players: { user: { id: string } | null; hand: ({ id: string } | null)[] }[] } | undefined;
        return state?.players[0].user ? state.players[0].hand.map((t) => t?.id ?? null) : null;
      });
    await poll(() => eve.evaluate(() => window.__gameRoom?.connection != null)).toBe(true);
    // The rack on the page can show before the page's state holds the laid-out deck: wait for the state's rack.
    await poll(async () => (await rackOf(ada))?.filter((id) => id !== null).length).toBe(15);
    const before = await rackOf(ada);

    // Eve's page, running other code, writes Ada's departure while Ada is still here (as if Ada's tab had closed):
    // once on nobody's word, once with a goodbye Eve signs herself in Ada's client id.
    const adaTab = await ada.evaluate(
      () => (window.__gameRoom?.connection?.bridge.getState('okey') as OkeyState).players[0].userKey,
    );
    const departures = await eve.evaluate((clientId) => {
      const connection = window.__gameRoom?.connection;
      if (!connection) throw new Error('no room');
      const forgedGoodbye = connection.presence.goodbyeOf(clientId) ?? {
        key: 'ed25519:' + btoa(String.fromCharCode(...new Uint8Array(32).fill(7))),
        signature: btoa(String.fromCharCode(...new Uint8Array(64).fill(9))),
      };
      const written = [
        { type: 'okey/playerDeparted', payload: { clientId } },
        { type: 'okey/playerDeparted', payload: { clientId, goodbye: forgedGoodbye } },
      ];
      const log = (connection.document.doc() as { logs: Record<string, { val: string }[]> }).logs.okey;
      const Immutable = log[0].constructor as new (text: string) => object;
      connection.document.handle.change((d: { logs: Record<string, unknown[]> }) => {
        written.forEach((action, i) =>
          d.logs.okey.push(new Immutable(JSON.stringify({ id: `eve000000000:${9 + i}`, action }))),
        );
      });
      return written;
    }, adaTab!);
    const table = (await ada.evaluate(() =>
      window.__gameRoom?.connection?.bridge.getState('okey'),
    )) as OkeyState;
    for (const departure of departures)
      expect(inRoom(okey.synced, room).apply(table, departure)).toEqual({
        ok: false,
        reason: { key: 'departureUnproven' },
      });

    // Every page refuses both, wherever they land: Ada keeps her seat and her very rack, and a newcomer sees her there.
    const mal = await join('Mal', room);
    for (const page of [ada, eve, mal])
      await poll(() =>
        page.evaluate(() =>
          window.__gameRoom?.connection?.bridge.exportLog('okey').includes('eve000000000:10'),
        ),
      ).toBe(true);
    for (const page of [ada, eve, mal]) await poll(() => seat(page, 1).getByText(/Ada$/).count()).toBe(1);
    // Where each page's round stands, for a failure's message: a rack shown opened means the round ended there.
    const roundOf = (page: Page) =>
      page.evaluate(() => {
        const bridge = window.__gameRoom?.connection?.bridge;
        const state = bridge?.getState('okey') as OkeyState | undefined;
        const { gameState, message, currentPlayer } = state ?? {};
        return JSON.stringify({ gameState, message, currentPlayer, log: bridge?.logLength('okey') });
      });
    for (const [name, page] of [
      ['Ada', ada],
      ['Eve', eve],
      ['Mal', mal],
    ] as const)
      expect(await rackOf(page), `${name}'s page: ${await roundOf(page)}`).toEqual(before);
    expect(await handTiles(ada).count()).toBe(15);
  }, 90_000);

  it('lets no page hide a present page with a goodbye, nor list itself under a client id it picks', async () => {
    const room = uniqueRoomId();
    const ada = await joinTicTacToe('Ada', room);
    const bob = await joinTicTacToe('Bob', room);
    const eve = await joinTicTacToe('Eve', room);
    await allConnected([ada, bob, eve], ['Ada', 'Bob', 'Eve']);
    await eve.waitForFunction(() => window.__gameRoom?.connection != null);
    await square(ada, 1).click();
    await poll(() => square(bob, 1).getAttribute('data-mark')).toBe('X');
    // Who Bob's page lists, by client id and name, and the x of each one's pointer.
    const listedBy = (page: Page) =>
      page.evaluate(() =>
        [...(window.__gameRoom?.connection?.presence.getStates() ?? new Map())].map(([id, s]) => ({
          id,
          name: s.user.name,
          x: s.x,
        })),
      );
    const adaId = (await listedBy(bob)).find((p) => p.name === 'Ada')?.id;
    expect(adaId).toBeDefined();

    // Eve's page runs other code. It signs with a key it makes, and speaks on its links and over the room, where pages
    // pass ephemeral messages on and it names Ada's page as their sender. It says: (a) goodbye in Ada's client id,
    // unsigned, signed with its own key, and naming Ada's key with a signature Ada made for another message, and Ada's
    // own state with a higher number (which would make her next messages look late); (b) its own state in client ids 0
    // and 1, unsigned and signed. Then it moves its own pointer: pages take what they hear in order, so once Bob shows
    // that pointer, his page has judged all of the above.
    const forged = await eve.evaluate(
      async ({ roomName, adaId }) => {
        const connection = window.__gameRoom?.connection;
        if (!connection) throw new Error('no room');
        type Message = { roomPresence: Record<string, unknown> };
        const canonical = (v: unknown): string =>
          Array.isArray(v)
            ? `[${v.map(canonical).join(',')}]`
            : typeof v === 'object' && v !== null
              ? `{${Object.keys(v)
                  .sort()
                  .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
                  .join(',')}}`
              : JSON.stringify(v);
        const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
        const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, [
          'sign',
          'verify',
        ])) as CryptoKeyPair;
        const key = `ed25519:${base64(await crypto.subtle.exportKey('raw', pair.publicKey))}`;
        const sign = async (body: Record<string, unknown>): Promise<Message> => {
          const text = new TextEncoder().encode(canonical(['presence', roomName, body]));
          const signature = base64(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, text));
          return { roomPresence: { ...body, signature } };
        };
        // Ada's signed state, as her link greeted Eve's page with it.
        const adas = await new Promise<Message>((resolve) => {
          const stop = connection.mesh.onGreeting('presence', (_peer, greeting) => {
            const m = greeting as Message | null;
            if (m && m.roomPresence.clientId === adaId) resolve(m);
          });
          setTimeout(stop, 0);
        });
        // Over the room it passes its messages on as a relay does, under the sender it names: Ada's peer.
        type Outbound = { type: string; count?: number; sessionId?: string; senderId?: string };
        const network = connection.document.repo.networkSubsystem as unknown as { send(m: Outbound): void };
        const sendOnward = network.send.bind(network);
        let forged = 0;
        network.send = (m) =>
          sendOnward(
            m.type === 'ephemeral' && m.count === undefined
              ? {
                  ...m,
                  count: 1_000_000 + forged++,
                  sessionId: 'relay',
                  senderId: adas.roomPresence.peerId as string,
                }
              : m,
          );
        const send = (message: unknown) => {
          connection.document.handle.broadcast(message);
          connection.mesh.broadcastNote('presence', message);
        };
        send({ roomPresence: { type: 'bye', clientId: adaId } });
        send(await sign({ type: 'bye', clientId: adaId, key }));
        send({
          roomPresence: {
            type: 'bye',
            clientId: adaId,
            key: adas.roomPresence.key,
            signature: adas.roomPresence.signature,
          },
        });
        send({ roomPresence: { ...adas.roomPresence, seq: 1_000_000 } });
        const eves = connection.presence.local;
        for (const clientId of [0, 1]) {
          const body = { type: 'state', clientId, seq: 0, peerId: connection.peerId, state: eves };
          send({ roomPresence: body });
          send(await sign({ ...body, key }));
        }
        network.send = sendOnward;
        connection.presence.setLocal({ x: 321, y: 123 });
        return forged;
      },
      { roomName: room, adaId },
    );
    expect(forged).toBeGreaterThan(0);
    await poll(async () => (await listedBy(bob)).find((p) => p.name === 'Eve')?.x).toBe(321);

    // Bob's page still lists Ada, in her own client id, and nobody under 0 or 1: the chosen page is one no page picked.
    for (const page of [bob, ada]) {
      const listed = await listedBy(page);
      expect(listed.map((p) => p.name).sort()).toEqual(['Ada', 'Bob', 'Eve']);
      expect(listed.find((p) => p.name === 'Ada')?.id).toBe(adaId);
      expect(listed.some((p) => p.id === 0 || p.id === 1)).toBe(false);
    }
    await bob.getByTestId('presence-list').getByText('Ada', { exact: true }).waitFor();
    // Honest play goes on: Bob answers Ada's move, and Ada plays again.
    await square(bob, 5).click();
    await poll(() => square(ada, 5).getAttribute('data-mark')).toBe('O');
    await square(ada, 9).click();
    for (const page of [bob, eve]) await poll(() => square(page, 9).getAttribute('data-mark')).toBe('X');
  }, 120_000);

  it('stays responsive and keeps playing when another page writes eight million operations into the room', async () => {
    const room = uniqueRoomId();
    const ada = await joinTicTacToe('Ada', room);
    const eve = await joinTicTacToe('Eve', room);
    const adaErrors = pageErrors(ada);
    await allConnected([ada, eve], ['Ada', 'Eve']);
    await watchFrames(ada);

    // Eve's page, running other code, appends an 8 MB string as an Automerge text (a change of eight million
    // operations) to the TicTacToe log: it used to freeze the honest page for 20 s and panic Automerge. Pages list
    // each other before their documents open: Eve's must be open to write into it.
    await eve.waitForFunction(() => window.__gameRoom?.connection != null);
    await eve.evaluate(() => {
      const connection = window.__gameRoom?.connection;
      if (!connection) throw new Error('no room');
      connection.document.handle.change((d: { logs: Record<string, unknown[]> }) => {
        d.logs.tictactoe.push(
          JSON.stringify({
            id: 'eve000000000:1',
            action: { type: 'tictactoe/x', payload: 'x'.repeat(8_000_000) },
          }),
        );
      });
    });

    // Ada's page kept drawing frames, and plays on; a late joiner gets the board and Ada's next move, and answers it.
    await ada.waitForTimeout(3000);
    await square(ada, 1).click();
    const cem = await joinTicTacToe('Cem', room);
    const cemErrors = pageErrors(cem);
    await poll(() => square(cem, 1).getAttribute('data-mark')).toBe('X');
    await square(cem, 5).click();
    await poll(() => square(ada, 5).getAttribute('data-mark')).toBe('O');
    // Not a timing figure (bench/ measures those): the freeze this guards against lasted 20 s, and a busy 2-core
    // machine alone gave a gap of just over 1 s, so only a freeze of that kind fails.
    expect(await longestFrameGap(ada)).toBeLessThan(5000);
    expect([...adaErrors, ...cemErrors]).toEqual([]);
  }, 120_000);

  it('says so and reopens the room when Automerge fails on a page, and plays on from what it had', async () => {
    const room = uniqueRoomId();
    const ada = await joinTicTacToe('Ada', room);
    const bob = await joinTicTacToe('Bob', room);
    await allConnected([ada, bob], ['Ada', 'Bob']);
    await square(ada, 1).click();
    await poll(() => square(bob, 1).getAttribute('data-mark')).toBe('X');
    // Bob shows the move from its entry ahead; Ada writes it into her document a few milliseconds later.
    await ada.waitForFunction(() => window.__gameRoom?.connection?.bridge.logLength('tictactoe') === 1);

    // Ada's document's wasm object is freed under it: every later call into it fails ("null pointer passed to
    // rust"), as every call did after the panics this test stands for.
    await ada.evaluate(() => {
      const doc = window.__gameRoom?.connection?.document.handle.doc() as object;
      const meta = Object.getOwnPropertySymbols(doc).find((s) => s.description === '_am_meta');
      if (!meta) throw new Error('no Automerge document');
      (doc as Record<symbol, { handle: { free(): void } }>)[meta].handle.free();
    });
    await square(bob, 5).click();

    await ada.getByText('Something went wrong with the room on this page: reopening it').waitFor();
    await poll(() => square(ada, 5).getAttribute('data-mark')).toBe('O');
    expect(await square(ada, 1).getAttribute('data-mark')).toBe('X');
    await square(ada, 9).click();
    await poll(() => square(bob, 9).getAttribute('data-mark')).toBe('X');
  }, 120_000);
});
