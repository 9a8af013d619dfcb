import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, SOFTWARE_WEBGL_ARGS } from '../../test/helpers/browser';
import { figure, samplesOf, type Figure } from '../figure';
import { BENCH_DIST, closeAll, freshRoom, newBenchPerson, type Harness } from './browser/harness';
import { filesOf, gzipBytes, readManifest } from './pageWeight';

const SECTION = 'minecraft';
const BLOCKS = 2000;
const KINDS = ['dirt', 'grass', 'glass', 'wood', 'log'] as const;
// Headless Chromium here has no GPU: SwiftShader fills every pixel on the CPU, so these are a floor for a laptop's GPU.
const GL = 'headless Chromium, software WebGL (SwiftShader)';
const COUNT = BLOCKS.toLocaleString('en-US');

/** The route's own code: the gzip bytes /:room/minecraft loads beyond the room page every game shares. */
function routeWeight(): Figure {
  const manifest = readManifest();
  const key = (suffix: string) => Object.keys(manifest).find((k) => k.endsWith(suffix))!;
  const room = filesOf(manifest, [
    'index.html',
    key('RoomLayout.tsx'),
    key('openRoomDocument.ts'),
    key('simplepeer.min.js'),
  ]);
  const own = [...filesOf(manifest, [key('games/minecraft/module.ts')])].filter((f) => !room.has(f));
  const files = own.map((f) => {
    const body = readFileSync(join(BENCH_DIST, f));
    return { file: f, raw: body.length, gzip: gzipBytes(body) };
  });
  const gzip = files.reduce((a, f) => a + f.gzip, 0);
  return figure(SECTION, '/:room/minecraft own code (beyond the room page), gzip bytes', 'B', [gzip], {
    detail: { raw: files.reduce((a, f) => a + f.raw, 0), files },
  });
}

/** A village of columns one to four blocks high in all five kinds, in front of the spawn point. */
function village(): [number, number, number, string][] {
  const cells: [number, number, number, string][] = [];
  for (let z = 10; cells.length < BLOCKS; z++)
    for (let x = 12; x < 52 && cells.length < BLOCKS; x++) {
      if (x % 5 === 0 || z % 5 === 0) continue;
      const height = 1 + ((x * 3 + z * 5) % 4);
      for (let y = 1; y <= height && cells.length < BLOCKS; y++)
        cells.push([x, y, z, KINDS[(x + z + y) % 5]]);
    }
  return cells;
}

/** Waits until the page's world holds n cells; answers the page's own clock (ms from navigation) when it did. */
async function worldHas(page: Page, n: number): Promise<number> {
  const at = await page.waitForFunction(
    (n) => Object.keys(window.__minecraft?.blocks() ?? {}).length >= n && performance.now(),
    n,
    { timeout: 120_000, polling: 20 },
  );
  return (await at.jsonValue()) as number;
}

/** Opens the world page and waits for the board and the room. */
async function enter(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => window.__minecraft && window.__gameRoom?.connection, null, {
    timeout: 60_000,
  });
}

/** Frame intervals while the view animates, and draw times to the last pixel, at one fixed pixel ratio. */
async function frameFigures(page: Page, dpr: number): Promise<Figure[]> {
  await page.waitForFunction((d) => window.__minecraft!.fixResolution(d) === d, dpr);
  const { width, height } = await page.evaluate(() => window.__minecraft!.sample());
  const raf = await page.evaluate((ms) => window.__minecraft!.frames(ms), samplesOf(8000, 1500));
  const draws = await page.evaluate((n) => window.__minecraft!.renderTimes(n), samplesOf(60, 10));
  const where = `${width}x${height} px (pixel ratio ${dpr})`;
  const detail = {
    canvas: `${width}x${height}`,
    pixelRatio: dpr,
    window: '1280x800',
    blocks: BLOCKS,
    renderer: GL,
  };
  return [
    figure(
      SECTION,
      `Minecraft, ${COUNT} blocks: frame interval at ${where}, software WebGL`,
      'ms',
      raf.times,
      {
        detail: { ...detail, what: 'time between animation frames while the view is redrawn every frame' },
      },
    ),
    figure(
      SECTION,
      `Minecraft, ${COUNT} blocks: frame drawn to the last pixel at ${where}, software WebGL`,
      'ms',
      draws.times,
      {
        detail: { ...detail, what: 'render() then readPixels of one pixel, frames back to back' },
      },
    ),
  ];
}

/**
 * Minecraft: the route's own gzip bytes; a 2,000-block world built through the room log, the time a late joiner takes
 * to hold all of it, and frame times with the world in view at full and half resolution, in a Chromium with software
 * WebGL (the harness's Chromium has no WebGL flags, so this section launches its own on the same server).
 */
export async function runMinecraft(h: Harness): Promise<Figure[]> {
  const figures = [routeWeight()];
  const browser = await launchBrowser(SOFTWARE_WEBGL_ARGS);
  const gl = { ...h, browser };
  try {
    const builder = await newBenchPerson(gl, 'Builder');
    const path = `/${freshRoom()}/minecraft`;
    await enter(builder.page, path);
    const building = Date.now();
    await builder.page.evaluate((cells) => {
      for (const [x, y, z, block] of cells) window.__minecraft!.place(x, y, z, block as 'dirt');
    }, village());
    await worldHas(builder.page, BLOCKS);
    const buildMs = Date.now() - building;

    const joins: number[] = [];
    for (let i = 0; i < samplesOf(5, 1); i++) {
      const late = await newBenchPerson(gl, `Late${i}`);
      try {
        await late.page.goto(path);
        joins.push(await worldHas(late.page, BLOCKS));
      } finally {
        await closeAll([late]);
      }
    }
    figures.push(
      figure(SECTION, `Minecraft late join: whole ${COUNT}-block world, from navigation`, 'ms', joins, {
        detail: { builtThroughTheLogMs: buildMs },
      }),
    );

    await builder.page.evaluate(() => {
      window.__minecraft!.teleport(32.5, 1, 50.5);
      window.__minecraft!.look(0, -0.35);
    });
    for (const dpr of [1, 0.5]) figures.push(...(await frameFigures(builder.page, dpr)));
    await closeAll([builder]);
  } finally {
    await browser.close().catch(() => {});
  }
  return figures;
}
