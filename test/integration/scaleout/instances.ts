import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../../signaling/main.ts', import.meta.url));

/** A signalling instance run as `npm start` runs it (signaling/main.ts), in its own process. */
export type Instance = {
  port: number;
  url: string;
  wsUrl: string;
  lines: string[];
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/** Spawns signaling/main.ts on a free loopback port with env added to this process's environment. */
export function spawnInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ICE_SERVERS: '[]', STATIC_DIR: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`signaling/main.ts did not start in 20 s:\n${lines.join('\n')}`));
    }, 20_000);
    const onLine = (line: string) => {
      // Keep the start and the shutdown; per-socket lines would only fill memory under load.
      if (!/ ws \w+ (connected|disconnected)/.test(line)) lines.push(line);
      const port = /running at http:\/\/localhost:(\d+)/.exec(line)?.[1];
      if (!port) return;
      clearTimeout(timer);
      const url = `http://127.0.0.1:${port}`;
      const signal = (name: NodeJS.Signals) => child.kill(name);
      resolve({ port: Number(port), url, wsUrl: `ws://127.0.0.1:${port}/signal`, lines, signal, exited });
    };
    if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`signaling/main.ts exited (${code}):\n${lines.join('\n')}`));
    });
  });
}

/** GETs /metrics and reads each sample, labels included in the name. */
export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}
