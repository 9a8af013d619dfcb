#!/usr/bin/env node
// `npm test`: every check and test, stopping at the first failure. The checks that read the sources (TypeScript,
// ESLint, Prettier) each keep one core busy; they run side by side with the build the browser tests serve, their
// outputs shown whole as each ends. Then the Node tests, then the browser tests on that build (docs/testing.md).
import { spawn } from 'node:child_process';

const outDir = process.env.E2E_DIST || 'dist';

/** Runs a command with its output kept; resolves with its exit code and output. */
function quietly(name, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });
}

/** Runs a command with its output shown as it comes; resolves with its exit code. */
function loudly(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const checks = [
  quietly('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  quietly('eslint', 'npx', ['eslint', '.']),
  quietly('prettier', 'npx', ['prettier', '--check', '.']),
  quietly('build for the browser tests', 'npx', [
    'vite',
    'build',
    '--mode',
    'test-hooks',
    '--logLevel',
    'warn',
    '--outDir',
    outDir,
    '--emptyOutDir',
  ]),
];
let failed = false;
for (const check of checks) {
  const { name, code, output } = await check;
  console.log(`\n> ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  if (output.trim()) console.log(output.trimEnd());
  failed ||= code !== 0;
}
if (failed) process.exit(1);

const unit = await loudly('npx', ['vitest', 'run']);
if (unit !== 0) process.exit(unit);
process.exit(await loudly('node', ['scripts/e2e.mjs'], { E2E_SKIP_BUILD: '1' }));
