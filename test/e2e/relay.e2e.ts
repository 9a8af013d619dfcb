import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../signaling/server';
import {
  allConnected,
  blockWebRtc,
  logIn,
  mouseDrag as drag,
  sitAtOkeySeat as sit,
  startServerWithoutRelay,
  uniqueRoomId,
  unblockWebRtc,
  type Person,
} from '../helpers/browser';
import { peopleAt } from '../helpers/people';

const people = peopleAt(inject('baseUrl'));
const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A person whose WebRTC cannot connect (blockWebRtc), on the app at baseUrl (the tests' server unless given). */
async function blockedPerson(baseURL?: string): Promise<Person> {
  const person = await people.person(undefined, baseURL ? { baseURL } : {});
  await blockWebRtc(person.context);
  return person;
}

async function enter(person: Person, room: string, name: string): Promise<Page> {
  await logIn(person.page, name, `/${room}/okey`);
  return person.page;
}

const seat = (page: Page, id: number) => page.locator(`[data-seat-id="${id}"]`);
const slotTile = (page: Page, slot: number) =>
  page.getByTestId(`slot-${slot}`).locator('[data-rfd-drag-handle-draggable-id]');
const handTiles = (page: Page) => page.getByRole('group', { name: 'Your rack' }).getByRole('img');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

describe('a page whose WebRTC cannot connect', () => {
  it('plays Okey with two pages through the relay: it lists them, sees the table, and its turn reaches both', async () => {
    const room = uniqueRoomId();
    const ayse = await enter(await people.person(), room, 'Ayşe');
    const bora = await enter(await people.person(), room, 'Bora');
    await allConnected([ayse, bora], ['Ayşe', 'Bora']);
    await sit(ayse, 1, 'Ayşe');
    await sit(bora, 2, 'Bora');

    const entering = enter(await blockedPerson(), room, 'Cem');
    // Ayşe's page says someone is connecting while no link reaches Cem, then lists Cem like anyone once relayed.
    await ayse.getByTestId('presence-list').getByText('Someone is connecting…', { exact: true }).waitFor();
    const cem = await entering;
    await allConnected([ayse, bora, cem], ['Ayşe', 'Bora', 'Cem']);
    for (const page of [ayse, bora, cem]) {
      await poll(() => page.getByTestId('peer-connecting').count()).toBe(0);
      expect(await page.getByTestId('peer-unreachable').count()).toBe(0);
    }
    // Linked to both, with not one byte over WebRTC: everything went through the relay.
    const links = () => cem.evaluate(() => window.__gameRoom?.connection?.mesh.linkedPeers.length ?? 0);
    await poll(links).toBe(2);
    expect(await cem.evaluate(() => window.__gameRoom?.connection?.mesh.stats.bytesReceived)).toBe(0);
    await seat(cem, 1).getByText('Ayşe', { exact: true }).waitFor();
    await seat(cem, 2).getByText('Bora', { exact: true }).waitFor();
    await sit(cem, 3, 'Cem');
    await seat(ayse, 3).getByText('Cem', { exact: true }).waitFor();
    await seat(bora, 3).getByText('Cem', { exact: true }).waitFor();

    await ayse.getByRole('button', { name: 'Start Game' }).click();
    await poll(() => handTiles(ayse).count()).toBe(15);
    await poll(() => handTiles(cem).count()).toBe(14);
    const indicator = await ayse.getByTestId('indicator').getByRole('img').getAttribute('aria-label');
    await cem.getByTestId('indicator').getByRole('img', { name: indicator! }).waitFor();

    // Ayşe discards, Bora draws it and discards, then Cem takes Bora's tile and discards: both see it.
    await drag(ayse, slotTile(ayse, 0), ayse.getByTestId('discard-1'));
    await poll(() => bora.getByTestId('discard-1-count').textContent()).toBe('1');
    await drag(bora, bora.getByTestId('discard-1').getByRole('button'), bora.getByTestId('slot-20'));
    await poll(() => handTiles(bora).count()).toBe(15);
    await drag(bora, slotTile(bora, 0), bora.getByTestId('discard-2'));
    await poll(() => cem.getByTestId('discard-2-count').textContent()).toBe('1');
    await drag(cem, cem.getByTestId('discard-2').getByRole('button'), cem.getByTestId('slot-20'));
    await poll(() => handTiles(cem).count()).toBe(15);
    await drag(cem, slotTile(cem, 0), cem.getByTestId('discard-3'));
    for (const page of [ayse, bora, cem])
      await poll(() => page.getByTestId('discard-3-count').textContent()).toBe('1');
    await poll(() => handTiles(cem).count()).toBe(14);
  });

  it('moves onto a direct link once its WebRTC can connect, and plays on', async () => {
    const room = uniqueRoomId();
    const ayse = await enter(await people.person(), room, 'Ayşe');
    const cem = await enter(await blockedPerson(), room, 'Cem');
    await allConnected([ayse, cem], ['Ayşe', 'Cem']);
    const relayed = (page: Page) =>
      page.evaluate(() => window.__gameRoom?.connection?.mesh.relayedPeers.length ?? -1);
    expect(await relayed(cem)).toBe(1);

    await unblockWebRtc(cem);
    // The relayed link tries a direct one every so often; once it connects, the link moves onto it both ways.
    await poll(() => relayed(cem)).toBe(0);
    await poll(() => relayed(ayse)).toBe(0);
    await sit(cem, 1, 'Cem');
    await seat(ayse, 1).getByText('Cem', { exact: true }).waitFor();
    await sit(ayse, 2, 'Ayşe');
    await seat(cem, 2).getByText('Ayşe', { exact: true }).waitFor();
    // Those moves came over WebRTC: the links' direct counters grew (a relayed page's stay at 0).
    const directBytes = () =>
      cem.evaluate(() => window.__gameRoom?.connection?.mesh.stats.bytesReceived ?? 0);
    await poll(directBytes).toBeGreaterThan(0);
    expect(await relayed(cem)).toBe(0);
    expect(await cem.getByTestId('presence-list').getByText('Ayşe', { exact: true }).count()).toBe(1);
  });

  it("says who cannot be reached, and what helps, when the room's server relays nothing (RELAY=off)", async () => {
    const server = await startServerWithoutRelay();
    servers.push(server);
    const room = uniqueRoomId();
    const ayse = await enter(await people.person(undefined, { baseURL: server.url }), room, 'Ayşe');
    const entering = enter(await blockedPerson(server.url), room, 'Cem');
    // Ayşe's page says someone is connecting, then, with no link and no relay, that someone cannot be reached; so does
    // Cem's (its first seconds may pass before its room page shows).
    await ayse.getByTestId('presence-list').getByText('Someone is connecting…', { exact: true }).waitFor();
    const cem = await entering;
    for (const page of [ayse, cem]) {
      const list = page.getByTestId('presence-list');
      await list.getByText('Someone here cannot be reached', { exact: true }).waitFor();
      await page
        .getByText(
          "Some networks keep browsers from linking directly: the room's operator can set up a TURN server (README, Deployment).",
          { exact: true },
        )
        .waitFor();
      expect(await page.getByTestId('peer-unreachable').count()).toBe(1);
    }
    expect(await ayse.getByTestId('presence-list').getByText('Cem', { exact: true }).count()).toBe(0);
    expect(await cem.getByTestId('presence-list').getByText('Ayşe', { exact: true }).count()).toBe(0);
    expect(await cem.evaluate(() => window.__gameRoom?.connection?.mesh.relayedPeers.length)).toBe(0);
  });
});
