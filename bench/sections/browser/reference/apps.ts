import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** Which app a page runs: this project, or the earlier product (github:Manivela/p2pgames, React + Yjs + y-webrtc). */
export type AppKind = 'this' | 'earlier';

/** One app under measurement: where it is served, and how its DOM shows what the scenarios wait for. */
export type App = {
  kind: AppKind;
  baseUrl: string;
  /** The "Connected:" list: its text includes every name listed. */
  presence: string;
  /** TicTacToe's nine squares, in order. */
  squares: string;
  /** The Okey board a page shows on the room's Okey address: an element matching the selector whose text includes the text. */
  okeyBoard: [selector: string, text: string];
  /** The Okey seat with this id: its text includes the name of who sits there (the earlier product: any seat). */
  seatName: (seat: number) => string;
};

/** This project's DOM (src/app/layout/PresencePanel.tsx, src/games/tictactoe/components/Grid.tsx, okey SeatLabel). */
export const thisApp = (baseUrl: string): App => ({
  kind: 'this',
  baseUrl,
  presence: '[data-testid="presence-list"]',
  squares: '.ttt-grid [data-mark]',
  okeyBoard: ['[data-seat-id] button', 'Sit'],
  seatName: (seat) => `[data-testid="seat-${seat}-name"]`,
});

/**
 * The earlier product's DOM, read from its source: Awareness.jsx lists names as `#sidebar main li`, TicTacToe's squares
 * are `.square` buttons, an Okey rack names its seat in `h1.playerName` ("Player 3 Sit", or the sitter's name). Its
 * racks carry no seat id and rotate around the viewer's seat, so a seat is found by its "Player n" label.
 */
export const earlierApp = (baseUrl: string): App => ({
  kind: 'earlier',
  baseUrl,
  presence: '#sidebar main ul',
  squares: '.square',
  okeyBoard: ['h1.playerName button', 'Sit'],
  seatName: () => 'h1.playerName',
});

/** The earlier product's signalling port: its src/constants.js names ws://127.0.0.1:4444. */
const SIGNALLING_PORT = 4444;

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => res(port));
    });
  });
}

/** Fails with a clear message when something already listens on the port (e.g. a run outside its own namespace). */
function ensureFree(port: number): Promise<void> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', () =>
      rej(
        new Error(
          `reference: port ${port} is taken; the earlier product's signalling must run there. Run the bench as root ` +
            `(npm run bench gives it a loopback of its own) or free the port.`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => res()));
  });
}

/** Starts a Node script of the earlier product's checkout; its stderr is kept for the error of a failed start. */
function startProcess(cwd: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  return { child, stderr: () => stderr };
}

/** Resolves once url answers 200, or fails when the process ended or 30 s passed. */
async function waitUp(url: string, p: ReturnType<typeof startProcess>, what: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (p.child.exitCode !== null) break;
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`reference: ${what} did not start at ${url}: ${p.stderr()}`);
}

const stop = (child: ChildProcess): Promise<void> =>
  new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });

/** The earlier product served: its built dist/ by `vite preview` (gzip, SPA fallback) and its y-webrtc signalling. */
export type RunningReference = { baseUrl: string; close: () => Promise<void> };

/**
 * Serves the earlier product built at dir (src/constants.js pointed at ws://127.0.0.1:4444 with iceServers [], then
 * `npx vite build`): `vite preview` on a free loopback port, and y-webrtc's bin/server.js on port 4444.
 */
export async function startReference(dir: string): Promise<RunningReference> {
  const root = resolve(dir);
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const signalling = join(root, 'node_modules/y-webrtc/bin/server.js');
  for (const f of [join(root, 'dist/index.html'), vite, signalling])
    if (!existsSync(f))
      throw new Error(`reference: ${f} is missing: build the earlier product at ${root} first`);
  await ensureFree(SIGNALLING_PORT);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const processes = [
    startProcess(root, [signalling], { PORT: String(SIGNALLING_PORT) }),
    startProcess(root, [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort']),
  ];
  const close = async () => {
    await Promise.all(processes.map((p) => stop(p.child)));
  };
  try {
    await waitUp(`http://127.0.0.1:${SIGNALLING_PORT}`, processes[0], "y-webrtc's signalling server");
    await waitUp(`${baseUrl}/login`, processes[1], 'vite preview');
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, close };
}

/**
 * This project served as `npm start` serves it (signaling/main.ts: the built app and signalling on one port), in a
 * process of its own as the earlier product's servers are: a server inside the bench's own Node process, which also
 * drives Chromium, answers later whenever the bench is busy, and only this project's figures would pay for it.
 * Resolves once the server has read and compressed every file, as the bench's own harness waits.
 */
export async function startThis(dist: string): Promise<RunningReference> {
  const port = await freePort();
  const root = resolve(import.meta.dirname, '../../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'signaling/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: dist, ICE_SERVERS: '[]' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  try {
    await new Promise<void>((res, rej) => {
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('static files ready')) res();
      });
      child.once('exit', () => rej(new Error(`reference: this project's server ended: ${stderr}`)));
      setTimeout(() => rej(new Error(`reference: this project's server did not start: ${stderr}`)), 60_000);
    });
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => stop(child) };
}
