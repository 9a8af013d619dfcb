import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { figure, type Figure } from '../figure';
import { BENCH_DIST, closeAll, freshRoom, newBenchPerson, type Harness } from './browser/harness';

const DIST = BENCH_DIST;
const GAMES = ['tictactoe', 'backgammon', 'minecraft', 'okey', 'go'];
const TARGET = [{ stat: 'median' as const, max: 100_000 }];

type Chunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};
/** Vite's build manifest: each entry's file, static imports, CSS and assets. */
export type Manifest = Record<string, Chunk>;

/** The gzip size of a file body at the best level, as a static server would send it. */
export const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** The benchmark build's manifest. */
export const readManifest = (): Manifest =>
  JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;

/** Every file a set of manifest entries needs: their static imports, CSS and assets, transitively. */
export function filesOf(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`pageWeight: ${key} is not in the Vite manifest`);
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const k of chunk.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return files;
}

/**
 * Route weights from dist/ and Vite's manifest: /login is index.html and the entry's static graph (the entry shows
 * the login page alone and imports the rest of the app dynamically); a game route adds the app (startApp), the room
 * layout, openRoomDocument (with Automerge's wasm), simple-peer (imported on connect) and the game's module.
 */
function fromManifest(): Figure[] {
  const manifest = readManifest();
  const key = (suffix: string) => Object.keys(manifest).find((k) => k.endsWith(suffix))!;
  const weigh = (keys: string[]) => {
    const files = [...filesOf(manifest, keys)];
    const sizes = Object.fromEntries(files.map((f) => [f, gzipBytes(readFileSync(join(DIST, f)))]));
    const html = gzipBytes(readFileSync(join(DIST, 'index.html')));
    const total = html + Object.values(sizes).reduce((a, b) => a + b, 0);
    return {
      total,
      largest: Object.entries(sizes)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6),
    };
  };
  const login = weigh(['index.html']);
  const room = [
    'index.html',
    key('app/startApp.tsx'),
    key('RoomLayout.tsx'),
    key('openRoomDocument.ts'),
    key('simplepeer.min.js'),
  ];
  return [
    figure('pageWeight', '/login, gzip bytes (dist + manifest)', 'B', [login.total], {
      targets: TARGET,
      detail: { largestGzip: login.largest },
    }),
    ...GAMES.map((g) => {
      const w = weigh([...room, key(`games/${g}/module.ts`)]);
      return figure('pageWeight', `/:room/${g}, gzip bytes (dist + manifest)`, 'B', [w.total], {
        detail: { largestGzip: w.largest },
      });
    }),
  ];
}

/** What Chromium fetches for one address until the page settles: each response body gzipped at level 9. */
async function fetched(h: Harness, path: string, ready: string): Promise<{ total: number; files: number }> {
  const person = await newBenchPerson(h, 'Weigher', path !== '/login');
  const bodies: Promise<number>[] = [];
  person.page.on('response', (r: Response) => {
    if (r.status() === 200) bodies.push(r.body().then(gzipBytes, () => 0));
  });
  try {
    await person.page.goto(path);
    await person.page.locator(ready).first().waitFor({ timeout: 60_000 });
    await person.page.waitForLoadState('networkidle');
    const sizes = await Promise.all(bodies);
    return { total: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
  } finally {
    await closeAll([person]);
  }
}

/** Page weights two ways: from the build's manifest, and from what Chromium actually fetched. */
export async function runPageWeight(h: Harness | null): Promise<Figure[]> {
  const figures = fromManifest();
  if (!h) return figures;
  const login = await fetched(h, '/login', 'input[name="username"]');
  figures.push(
    figure('pageWeight', '/login, gzip bytes (fetched by Chromium)', 'B', [login.total], {
      targets: TARGET,
      detail: { responses: login.files },
    }),
  );
  for (const g of GAMES) {
    const w = await fetched(h, `/${freshRoom()}/${g}`, '[data-testid="presence-list"]');
    figures.push(
      figure('pageWeight', `/:room/${g}, gzip bytes (fetched by Chromium)`, 'B', [w.total], {
        detail: { responses: w.files },
      }),
    );
  }
  return figures;
}
