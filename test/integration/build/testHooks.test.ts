import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_HOOKS_MODE } from '../../../vite.config';

/** Every window hook that lets a test choose luck or reach the room; none may reach players. */
const HOOKS = [
  '__okeyTestOrder',
  '__backgammonTestDice',
  '__backgammonTestOpeningDie',
  '__backgammonAutoplay',
  '__minecraft',
  '__gameRoom',
  '__okeyOwnMove',
  '__withholdDeck',
  '__tamperOpening',
  '__tamperShuffle',
];

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Builds the app as `npx vite build` does (or in another mode) and returns every emitted script's text. */
async function builtScripts(mode?: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'hooks-build-'));
  made.push(outDir);
  await build({ mode, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

describe('test hooks', () => {
  it('are absent from the production build that npm start and npm run build serve', async () => {
    const scripts = await builtScripts();
    for (const hook of HOOKS) expect(scripts, hook).not.toContain(hook);
  });

  it('are present in the build the browser tests use', async () => {
    const scripts = await builtScripts(TEST_HOOKS_MODE);
    for (const hook of HOOKS) expect(scripts, hook).toContain(hook);
  });
});
