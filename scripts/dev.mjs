#!/usr/bin/env node
// `npm run dev`: the whole room for development in one command. It starts two processes:
// - the signalling server (signaling/main.ts) with STATIC_DIR=none, so it serves /signal and /config.json only,
//   on 127.0.0.1 at SIGNAL_PORT (default 8080);
// - Vite's dev server with hot reload, whose proxy (vite.config.ts) sends /signal and /config.json to that port.
// Both read SIGNAL_PORT, so they always agree. Arguments go to Vite: `npm run dev -- --port 3000`.
// Their output comes here (the server's lines marked [signal]). When one of them exits, or on Ctrl-C, both stop.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const signalPort = process.env.SIGNAL_PORT || '8080';
const env = { ...process.env, SIGNAL_PORT: signalPort };
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

/** Passes a child's output on line by line, each line marked with the child's name (and reworded by `say`). */
function forward(stream, out, mark, say = (line) => line) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${mark} ${say(line)}\n`);
  });
  stream.on('end', () => rest && out.write(`${mark} ${say(rest)}\n`));
}

const signal = spawn(process.execPath, ['--import', 'tsx', 'signaling/main.ts'], {
  env: { ...env, PORT: signalPort, HOST: '127.0.0.1', STATIC_DIR: 'none' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// The server says where it serves the app; here it serves none: the room is at Vite's address.
forward(signal.stdout, process.stdout, '[signal]', (line) =>
  line.startsWith('Game room running at ')
    ? `signalling at ws://127.0.0.1:${signalPort}/signal; open the room at Vite's address`
    : line,
);
forward(signal.stderr, process.stderr, '[signal]');

// Vite keeps the terminal (its colours and its keys: h + Enter for help); it does not clear the screen, which would
// wipe the server's first lines.
const vite = spawn(process.execPath, [viteBin, '--clearScreen', 'false', ...process.argv.slice(2)], {
  env,
  stdio: 'inherit',
});

const children = [
  { name: 'signalling server', child: signal },
  { name: 'Vite dev server', child: vite },
];
/** The children not yet gone. */
const running = new Set(children.map(({ child }) => child));
let exitCode = null;

/** Stops every child still running (by the pid spawned here); exits once none is. */
function stopAll(code) {
  if (exitCode !== null) return;
  exitCode = code;
  for (const child of running) child.kill('SIGTERM');
  // A child that does not stop within 5 s is killed.
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 5000).unref();
}

/** A child is gone: the first to go stops the other. */
function gone(child, code) {
  running.delete(child);
  stopAll(code);
  if (running.size === 0) process.exit(exitCode);
}

for (const { name, child } of children) {
  child.on('error', (error) => {
    console.error(`[dev] could not start the ${name}: ${error.message}`);
    gone(child, 1);
  });
  child.on('close', (code, signalName) => {
    if (exitCode === null) {
      console.error(`[dev] the ${name} stopped (${signalName ?? `exit code ${code}`}); stopping the other.`);
      if (child === signal)
        console.error(`[dev] if port ${signalPort} is taken, pick another: SIGNAL_PORT=8090 npm run dev`);
    }
    gone(child, code ?? 1);
  });
}

for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(name, () => stopAll(0));
