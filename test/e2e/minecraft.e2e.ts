import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, SOFTWARE_WEBGL_ARGS, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

// The first click locks the pointer, and only the full browser passes the next click on.
const people = peopleAt(inject('baseUrl'), SOFTWARE_WEBGL_ARGS, { pointerLock: true });

/** A person logged in and on the room's Minecraft page, once the world is drawn and the test hook is there. */
async function join(name: string, room: string): Promise<Page> {
  const person = await people.person();
  await logIn(person.page, name, `/${room}/minecraft`);
  await person.page.waitForFunction(() => window.__minecraft !== undefined && window.__gameRoom?.connection);
  return person.page;
}

const connected = (page: Page, name: string) =>
  page.getByTestId('presence-list').getByText(name, { exact: true }).waitFor();
const blocks = (page: Page) => page.evaluate(() => window.__minecraft!.blocks());
const avatars = (page: Page) => page.evaluate(() => window.__minecraft!.avatars());

describe('Minecraft between browsers (software WebGL)', () => {
  it('shares placed and removed blocks and walking avatars; a late joiner gets the whole world; it survives a reload', async () => {
    const room = uniqueRoomId();
    const ann = await join('Ann', room);
    const bob = await join('Bob', room);
    await connected(ann, 'Bob');
    await connected(bob, 'Ann');

    // Ann builds with real clicks: the first locks the pointer, the next places a block where she looks.
    await ann.evaluate(() => window.__minecraft!.look(0, -0.9));
    const canvas = ann.locator('canvas');
    await canvas.click();
    await expect.poll(() => ann.evaluate(() => document.pointerLockElement !== null)).toBe(true);
    await canvas.click();
    await expect.poll(async () => Object.keys(await blocks(ann))).toHaveLength(1);
    await ann.evaluate(() => {
      window.__minecraft!.place(30, 1, 30, 'wood');
      window.__minecraft!.place(30, 2, 30, 'glass');
    });
    await expect.poll(() => blocks(ann)).toMatchObject({ '30,1,30': 'wood', '30,2,30': 'glass' });
    const annWorld = await blocks(ann);
    await expect.poll(() => blocks(bob)).toEqual(annWorld);
    const picture = await bob.evaluate(() => window.__minecraft!.sample());
    expect(picture.colours).toBeGreaterThan(20);
    expect(picture.nonSky).toBeGreaterThan(0.2);

    // Bob stands three blocks south of the wood and removes it by aiming at it.
    const refused = await bob.evaluate(() => {
      window.__minecraft!.teleport(30.5, 1, 33.5);
      window.__minecraft!.look(0, -0.42);
      return window.__minecraft!.act('remove');
    });
    expect(refused).toBeNull();
    await expect.poll(async () => (await blocks(ann))['30,1,30']).toBeUndefined();
    expect((await blocks(ann))['30,2,30']).toBe('glass');

    // Bob sees Ann's avatar, and sees it move when she walks.
    await expect.poll(async () => (await avatars(bob)).length).toBe(1);
    const [before] = await avatars(bob);
    // Turned to face south, away from what she built.
    await ann.evaluate(() => window.__minecraft!.look(Math.PI, 0));
    await ann.keyboard.down('KeyW');
    await expect
      .poll(async () => (await ann.evaluate(() => window.__minecraft!.player())).z)
      .toBeGreaterThan(before.z + 1);
    await ann.keyboard.up('KeyW');
    await expect.poll(async () => (await avatars(bob))[0]?.z ?? before.z).toBeGreaterThan(before.z + 1);

    const cem = await join('Cem', room);
    await expect.poll(() => blocks(cem)).toEqual(await blocks(ann));
    await expect.poll(async () => (await avatars(cem)).length).toBe(2);

    // Everyone leaves; the last one reloading alone still has the world (from the browser's storage).
    const world = await blocks(ann);
    await Promise.all([bob, cem].map((page) => page.context().close()));
    await ann.reload();
    await ann.waitForFunction(() => window.__minecraft !== undefined);
    await expect.poll(() => blocks(ann)).toEqual(world);
  });
});
