import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Debian packages behind the engines the scale-out tests start, by the command each provides. */
const PACKAGES = [
  { command: 'redis-server', pkg: 'redis-server' },
  { command: 'turnserver', pkg: 'coturn' },
];

const has = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Makes sure redis-server and turnserver are installed. Both come in one apt-get run (one `apt-get update`)
 * because the Node tests run first, outside the browser tests' network namespace, where apt cannot reach
 * anything. As root it installs what is missing, quietly; otherwise it throws naming the packages.
 */
export function ensureEngines(): void {
  const missing = PACKAGES.filter((p) => !has(p.command)).map((p) => p.pkg);
  if (missing.length === 0) return;
  const hint = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !has('apt-get')) {
    throw new Error(`Missing ${missing.join(' and ')}: install Debian's package(s) first (sudo ${hint}).`);
  }
  // flock: test files run in parallel and dpkg takes one installer at a time; the check inside skips a second install.
  const script =
    `${PACKAGES.map((p) => `command -v ${p.command} >/dev/null`).join(' && ')} || ` +
    `{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} >/dev/null; }`;
  try {
    execFileSync('flock', ['/tmp/gameroom-apt.lock', 'sh', '-c', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (err) {
    throw new Error(`Could not install ${missing.join(' and ')} (${hint}): ${String(err)}`, { cause: err });
  }
}

/** A free TCP port on 127.0.0.1 (free a moment ago; nothing else here races for it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A child process started by a test; stop() ends it and resolves once it has exited. */
export type Engine = { port: number; output: string[]; stop(): Promise<void> };

/** Spawns command and resolves once a line of its output matches ready; rejects if it exits first. */
export function startEngine(command: string, args: string[], port: number, ready: RegExp): Promise<Engine> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`${command} not ready in 15 s:\n${output.join('\n')}`)),
      15_000,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const onLine = (line: string) => {
      output.push(line);
      if (!ready.test(line)) return;
      clearTimeout(timer);
      resolve({ port, output, stop: () => stopChild(child, exited) });
    };
    if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${command} exited (${code}):\n${output.join('\n')}`)));
  });
}

function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
  return exited.then(() => clearTimeout(kill));
}

/** A real redis-server on 127.0.0.1 that keeps nothing on disk; port defaults to a free one. */
export async function startRedis(port?: number): Promise<Engine & { url: string }> {
  const p = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  const args = ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const engine = await startEngine('redis-server', args, p, /Ready to accept connections/);
  const stop = async () => {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { ...engine, stop, url: `redis://127.0.0.1:${p}` };
}

/** A real coturn on 127.0.0.1 checking TURN REST credentials against secret (use-auth-secret). */
export async function startCoturn(secret: string): Promise<Engine & { url: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'coturn-'));
  const args = [
    '-n', // no config file: everything is on this command line
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--min-port=49200',
    '--max-port=49400',
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=gameroom.test',
    // Both browsers relay to each other's relay address, which is on loopback here.
    '--allow-loopback-peers',
    '--fingerprint',
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--log-file=stdout',
    '--simple-log',
    '--verbose',
    `--pidfile=${join(dir, 'turnserver.pid')}`,
    `--userdb=${join(dir, 'turndb')}`,
  ];
  const engine = await startEngine('turnserver', args, port, /Total General servers/);
  const stop = async () => {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { ...engine, stop, url: `turn:127.0.0.1:${port}?transport=udp` };
}
