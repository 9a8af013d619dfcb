#!/usr/bin/env node
// Runs the browser tests: makes sure Debian's Chromium is there, builds the app, and (as root) runs
// vitest inside a loopback-only network namespace so real WebRTC never leaves the machine (docs/testing.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = process.getuid?.() === 0;
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

// Most tests drive Debian's old headless shell: the same Chromium without a browser window's own pages (the full
// browser opens its omnibox's web UI in every new context), so a test's person costs about half the CPU. Pages that
// lock the pointer (Minecraft) need the full browser: the shell never delivers a click to a locked pointer.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

function ensureDebianPackage(path, pkg) {
  if (existsSync(path)) return true;
  if (!isRoot || !has('apt-get')) return false;
  console.log(`${path} is missing: installing Debian's ${pkg} package...`);
  try {
    execFileSync(
      'sh',
      ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`],
      { stdio: 'inherit' },
    );
  } catch {
    console.error(`apt-get could not install ${pkg}.`);
  }
  return existsSync(path);
}

/** The browsers to drive: CHROMIUM_PATH for every test when set, else the headless shell and the full browser. */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return { CHROMIUM_PATH: process.env.CHROMIUM_PATH };
  const full = ensureDebianPackage(FULL_CHROMIUM, 'chromium');
  const shell = ensureDebianPackage(HEADLESS_SHELL, 'chromium-headless-shell');
  if (full || shell)
    return {
      CHROMIUM_PATH: shell ? HEADLESS_SHELL : FULL_CHROMIUM,
      ...(full ? { CHROMIUM_FULL_PATH: FULL_CHROMIUM } : {}),
    };
  console.error(
    "No Chromium found. Install Debian's packages (sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary.",
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
const env = { ...process.env, ...chromium };
// As root this runs inside a loopback-only network namespace (scripts/netns.mjs).
const result = spawnSync('node', ['scripts/netns.mjs', ...vitest], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
