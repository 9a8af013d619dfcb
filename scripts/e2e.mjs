#!/usr/bin/env node
// Runs the browser tests: makes sure Debian's Chromium is there, builds the app, and (as root) runs
// vitest inside a loopback-only network namespace so real WebRTC never leaves the machine (docs/testing.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = process.getuid?.() === 0;
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (isRoot && has('apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execFileSync(
      'sh',
      [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
      ],
      { stdio: 'inherit' },
    );
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    `No Chromium at ${path}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

const chromium = ensureChromium();
// E2E_DIST: build into (and serve) another folder, so two runs in one checkout do not swap each other's files.
const outDir = process.env.E2E_DIST || 'dist';
if (!process.env.E2E_SKIP_BUILD)
  execFileSync(
    'npx',
    ['vite', 'build', '--mode', 'test-hooks', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    {
      stdio: 'inherit',
    },
  );

const vitest = ['npx', 'vitest', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)];
const env = { ...process.env, CHROMIUM_PATH: chromium };
// As root this runs inside a loopback-only network namespace (scripts/netns.mjs).
const result = spawnSync('node', ['scripts/netns.mjs', ...vitest], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
