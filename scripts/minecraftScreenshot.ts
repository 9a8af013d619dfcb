// The Minecraft screenshot for the README: three people in one room, two of them standing by a small house, seen by
// the third. node scripts/netns.mjs npx tsx scripts/minecraftScreenshot.ts (after npx vite build --mode test-hooks)
// SCREENSHOT_DIST serves another build folder (default dist/); SCREENSHOT_OUT writes the picture elsewhere.
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR as OUT, takeScreenshots } from './screenshotSession';
import { logIn, newPerson, SOFTWARE_WEBGL_ARGS, uniqueRoomId } from '../test/helpers/browser';

type Block = 'dirt' | 'grass' | 'glass' | 'wood' | 'log';

/** A small house: log corners, wood walls with glass windows and a door, a wood roof; a path, and a little tree. */
function house(): [number, number, number, Block][] {
  const cells: [number, number, number, Block][] = [];
  const [x0, x1, z0, z1] = [28, 34, 22, 27];
  for (let y = 1; y <= 3; y++)
    for (let x = x0; x <= x1; x++)
      for (let z = z0; z <= z1; z++) {
        const edgeX = x === x0 || x === x1;
        const edgeZ = z === z0 || z === z1;
        if (!edgeX && !edgeZ) continue;
        const door = z === z1 && x === 31 && y <= 2;
        if (door) continue;
        const window = y === 2 && ((edgeZ && (x === 29 || x === 33)) || (edgeX && z === 24));
        cells.push([x, y, z, edgeX && edgeZ ? 'log' : window ? 'glass' : 'wood']);
      }
  for (let x = x0; x <= x1; x++) for (let z = z0; z <= z1; z++) cells.push([x, 4, z, 'wood']);
  for (let z = z1 + 1; z <= z1 + 6; z++) {
    cells.push([31, 0, z, 'dirt']);
  }
  for (let y = 1; y <= 3; y++) cells.push([24, y, 29, 'log']);
  for (const [dx, dz] of [
    [0, 0],
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ])
    cells.push([24 + dx, 4, 29 + dz, 'grass']);
  cells.push([24, 5, 29, 'grass']);
  return cells;
}

async function enter(page: Page, room: string, name: string) {
  await logIn(page, name, `/${room}/minecraft`);
  await page.waitForFunction(() => window.__minecraft !== undefined && window.__gameRoom?.connection);
}

await takeScreenshots(async (browser, baseUrl) => {
  const room = uniqueRoomId();
  const [ann, bob, cem] = await Promise.all([0, 1, 2].map(() => newPerson(browser, baseUrl)));
  await enter(ann.page, room, 'Ann');
  await enter(bob.page, room, 'Bob');
  await enter(cem.page, room, 'Cem');
  for (const name of ['Ann', 'Bob']) await cem.page.getByTestId('presence-list').getByText(name).waitFor();
  await ann.page.evaluate((cells) => {
    for (const [x, y, z, b] of cells) {
      // The path replaces the grass floor: dug out first, then filled with dirt.
      if (y === 0) window.__minecraft!.remove(x, y, z);
      window.__minecraft!.place(x, y, z, b);
    }
  }, house());
  await ann.page.evaluate(() => window.__minecraft!.teleport(27.5, 1, 31.2));
  await ann.page.evaluate(() => window.__minecraft!.look(-0.7, 0));
  await bob.page.evaluate(() => window.__minecraft!.teleport(35.2, 1, 30.4));
  await bob.page.evaluate(() => window.__minecraft!.look(0.9, 0.1));
  await cem.page.evaluate(() => {
    window.__minecraft!.fixResolution(1);
    window.__minecraft!.teleport(32.5, 1, 38.5);
    window.__minecraft!.look(0.08, -0.12);
    window.__minecraft!.select('glass');
  });
  const count = house().length;
  await cem.page.waitForFunction((n) => Object.keys(window.__minecraft!.blocks()).length >= n, count);
  await cem.page.waitForFunction(() => window.__minecraft!.avatars().length === 2);
  await cem.page.waitForTimeout(2500);
  await cem.page.screenshot({ path: `${OUT}/minecraft.png` });
}, SOFTWARE_WEBGL_ARGS);
