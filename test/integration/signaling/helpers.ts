import { WebSocket } from 'ws';
import { afterEach } from 'vitest';
import { decodeRelayFrame, encodeRelayFrame } from '../../../protocol/signaling.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../../signaling/server.ts';

/** A server on 127.0.0.1 at a free port whose log lines a test can await. */
export type TestServer = RunningServer & {
  wsUrl: string;
  lines: string[];
  /** Resolves with the first log line (past or future) that matches. */
  waitForLog(pattern: RegExp): Promise<string>;
};

/** Starts a quiet server with no STUN servers and no static files unless options say otherwise. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const log = (line: string) => {
    lines.push(line);
    for (const w of waiters.filter((w) => w.pattern.test(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  };
  const server = await startServer({ staticDir: null, config: { iceServers: [] }, log, ...options });
  const waitForLog = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) resolve(seen);
      else waiters.push({ pattern, resolve });
    });
  return { ...server, wsUrl: `${server.url.replace('http', 'ws')}/signal`, lines, waitForLog };
}

/** Call once at a file's top: gives a startTestServer whose servers are closed after the test that started them. */
export function serversClosedAfterEach(): (options?: ServerOptions) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (options = {}) => {
    const server = await startTestServer(options);
    servers.push(server);
    return server;
  };
}

/** A relay budget window far longer than any test: a room's windows follow the clock, and none may end mid-test. */
export const TEST_LONG_WINDOW_MS = 1e12;

/** A real ws client whose incoming messages can be awaited one at a time. */
export type TestClient = {
  ws: WebSocket;
  /** The next JSON message not yet taken (relayed frames, binary, are not among them). */
  next(): Promise<unknown>;
  /** Messages received and not yet taken. */
  pending(): unknown[];
  send(message: unknown): void;
  /** Sends ping and waits for its pong (kept out of next()): the server has handled all sent before. */
  roundTrip(): Promise<void>;
  /** Subscribes and waits until the server has handled it. */
  subscribe(...topics: string[]): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
};

/** Opens a client and resolves once it is open. */
export async function connectClient(url: string): Promise<TestClient> {
  const ws = new WebSocket(url);
  const queue: unknown[] = [];
  const takers: ((m: unknown) => void)[] = [];
  const pongWaiters: (() => void)[] = [];
  ws.on('message', (data, isBinary) => {
    // Binary messages are relayed link frames: a test reads them on its own.
    if (isBinary) return;
    const message: unknown = JSON.parse(String(data));
    if (isPong(message) && pongWaiters.length > 0) return pongWaiters.shift()?.();
    const taker = takers.shift();
    if (taker) taker(message);
    else queue.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => undefined);
  const next = () =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : new Promise<unknown>((resolve) => takers.push(resolve));
  const send = (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      pongWaiters.push(resolve);
      send({ type: 'ping' });
    });
  const subscribe = async (...topics: string[]) => {
    send({ type: 'subscribe', topics });
    await roundTrip();
  };
  return { ws, next, pending: () => [...queue], send, roundTrip, subscribe, closed };
}

/** Connects one client per peer, each subscribed to topic and entered there as its peer, in the order given. */
export async function enteredClients(wsUrl: string, topic: string, peers: string[]): Promise<TestClient[]> {
  const clients = await Promise.all(peers.map(() => connectClient(wsUrl)));
  await Promise.all(clients.map((c) => c.subscribe(topic)));
  clients.forEach((c, i) => c.send({ type: 'enter', topic, peer: peers[i] }));
  await Promise.all(clients.map((c) => c.roundTrip()));
  return clients;
}

function isPong(m: unknown): boolean {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'pong';
}

/** GETs /healthz. */
export async function health(server: RunningServer): Promise<{ connections: number; topics: number }> {
  const res = await fetch(`${server.url}/healthz`);
  return (await res.json()) as { connections: number; topics: number };
}

/** Binary messages a client receives (relayed frames), read as relay frames. */
export function framesOf(client: TestClient): { next(): Promise<{ peer: string; payload: string }> } {
  const queue: { peer: string; payload: string }[] = [];
  const takers: ((f: { peer: string; payload: string }) => void)[] = [];
  client.ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) return;
    const frame = decodeRelayFrame(new Uint8Array(data));
    if (!frame) throw new Error('the server sent a malformed frame');
    const read = { peer: frame.peer, payload: Buffer.from(frame.payload).toString() };
    const taker = takers.shift();
    if (taker) taker(read);
    else queue.push(read);
  });
  return {
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift() as { peer: string; payload: string })
        : new Promise((resolve) => takers.push(resolve)),
  };
}

/** A relayed frame to peer in topic carrying text. */
export const frame = (topic: string, peer: string, text: string) =>
  encodeRelayFrame({ topic, peer, payload: new TextEncoder().encode(text) });
