// Minecraft figures: the gzip weight of the route's code, and frame times with a 2,000-block world in headless
// Chromium, which draws with software WebGL (SwiftShader) here: the figures are a floor for what a laptop's GPU does.
// After `npx vite build`: node scripts/netns.mjs npx tsx bench/minecraft.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { startServer } from '../signaling/server';
import { launchBrowser, logIn, newPerson, SOFTWARE_WEBGL_ARGS, uniqueRoomId } from '../test/helpers/browser';

const DIST = join(import.meta.dirname, '../dist');
const BLOCKS = 2000;
const FRAME_RUN_MS = Number(process.env.MC_FRAME_MS ?? 4000);

type Chunk = { file: string; imports?: string[]; css?: string[]; assets?: string[] };
type Manifest = Record<string, Chunk>;

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const k of chunk.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return files;
}

/** The route's own code: what /:room/minecraft loads beyond the room page every game shares. */
function routeWeight() {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const key = (suffix: string) => Object.keys(manifest).find((k) => k.endsWith(suffix))!;
  const room = closure(manifest, ['index.html', key('RoomLayout.tsx'), key('connectRoom.ts')]);
  const own = [...closure(manifest, [key('games/minecraft/module.ts')])].filter((f) => !room.has(f));
  const sizes = own.map((f) => {
    const body = readFileSync(join(DIST, f));
    return { file: f, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  return {
    files: sizes,
    raw: sizes.reduce((a, s) => a + s.raw, 0),
    gzip: sizes.reduce((a, s) => a + s.gzip, 0),
  };
}

/** A village of columns one to four blocks high in all five kinds, in front of the spawn point. */
function village(): [number, number, number, string][] {
  const kinds = ['dirt', 'grass', 'glass', 'wood', 'log'];
  const cells: [number, number, number, string][] = [];
  for (let z = 10; cells.length < BLOCKS; z++)
    for (let x = 12; x < 52 && cells.length < BLOCKS; x++) {
      if (x % 5 === 0 || z % 5 === 0) continue;
      const height = 1 + ((x * 3 + z * 5) % 4);
      for (let y = 1; y <= height && cells.length < BLOCKS; y++)
        cells.push([x, y, z, kinds[(x + z + y) % 5]]);
    }
  return cells;
}

async function frames(page: Page, dpr: number | null) {
  await page.evaluate((d) => window.__minecraft!.fixResolution(d), dpr);
  await page.waitForTimeout(300);
  const raf = await page.evaluate((ms) => window.__minecraft!.frames(ms), FRAME_RUN_MS);
  const render = await page.evaluate(() => window.__minecraft!.renderTimes(15));
  const size = await page.evaluate(() => window.__minecraft!.sample());
  const ratio = await page.evaluate(() => window.__minecraft!.fixResolution(null));
  return {
    dpr: dpr ?? `adaptive (ended at ${ratio.toFixed(2)})`,
    size: `${size.width}x${size.height}`,
    raf,
    render,
  };
}

async function main() {
  const weight = routeWeight();
  console.log('minecraft route, own code (beyond the room page):');
  for (const f of weight.files) console.log(`  ${f.file}: ${f.raw} B raw, ${f.gzip} B gzip`);
  console.log(`  total: ${weight.raw} B raw, ${weight.gzip} B gzip (level 9)`);

  const server = await startServer({ port: 0, host: '127.0.0.1', config: { iceServers: [] }, log: () => {} });
  const browser = await launchBrowser(SOFTWARE_WEBGL_ARGS);
  try {
    const { page } = await newPerson(browser, server.url);
    await logIn(page, 'Bench', `/${uniqueRoomId()}/minecraft`);
    await page.waitForFunction(() => window.__minecraft && window.__gameRoom?.connection);
    const renderer = await page.evaluate(() => {
      const gl = document.querySelector('canvas')?.getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info && gl ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'unknown';
    });
    const started = Date.now();
    await page.evaluate((cells) => {
      for (const [x, y, z, block] of cells) window.__minecraft!.place(x, y, z, block as 'dirt');
    }, village());
    await page.waitForFunction((n) => Object.keys(window.__minecraft!.blocks()).length >= n, BLOCKS, {
      timeout: 120_000,
    });
    console.log(`\n${BLOCKS} blocks placed through the room log in ${Date.now() - started} ms`);
    const late = await newPerson(browser, server.url);
    const joinStarted = Date.now();
    await logIn(late.page, 'Late', page.url().replace(server.url, ''));
    await late.page.waitForFunction(
      (n) => window.__minecraft && Object.keys(window.__minecraft.blocks()).length >= n,
      BLOCKS,
      {
        timeout: 120_000,
      },
    );
    console.log(
      `a late joiner had the whole world ${Date.now() - joinStarted} ms after opening /login (log in, load, sync, fold)`,
    );
    await late.context.close();
    await page.evaluate(() => {
      window.__minecraft!.teleport(32.5, 1, 50.5);
      window.__minecraft!.look(0, -0.35);
    });
    console.log(`renderer: ${renderer}`);
    console.log(
      'frame time with the 2,000-block world in view (ms; raf = interval between animation frames):',
    );
    for (const dpr of [1, 0.5, null]) {
      const r = await frames(page, dpr);
      const fmt = (s: { frames: number; medianMs: number; p95Ms: number }) =>
        `median ${s.medianMs.toFixed(1)}, p95 ${s.p95Ms.toFixed(1)} (n=${s.frames})`;
      console.log(`  pixel ratio ${r.dpr}, ${r.size}: raf ${fmt(r.raf)}; render+finish ${fmt(r.render)}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
