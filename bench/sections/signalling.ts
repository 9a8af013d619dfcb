import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { figure, samplesOf, type Figure } from '../figure';

const SUBSCRIBERS = 100;
const IDLE_CONNECTIONS = 2000;
const TOPIC = 'bench-room';
/** A publish the size of a real WebRTC signal (an SDP candidate line and addressing). */
const PAYLOAD = {
  type: 'signal',
  to: 'p'.repeat(20),
  from: 'q'.repeat(20),
  token: 123456789,
  signal: {
    candidate: { candidate: `candidate:1 1 udp 2122260223 127.0.0.1 ${'5'.repeat(5)} typ host`, sdpMid: '0' },
  },
};

type Server = { child: ChildProcess; url: string; ask<T>(message: string): Promise<T> };

async function startChild(): Promise<Server> {
  const child = fork(join(import.meta.dirname, 'signalServer.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [hello] = (await once(child, 'message')) as [{ port: number }];
  const ask = async <T>(message: string) => {
    child.send(message);
    return ((await once(child, 'message')) as [T])[0];
  };
  return { child, url: `ws://127.0.0.1:${hello.port}/signal`, ask };
}

async function connect(url: string, count: number, subscribe: boolean): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  // In batches, so the accept backlog never overflows.
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () => new WebSocket(url));
    await Promise.all(batch.map((ws) => once(ws, 'open')));
    if (subscribe) for (const ws of batch) ws.send(JSON.stringify({ type: 'subscribe', topics: [TOPIC] }));
    sockets.push(...batch);
  }
  return sockets;
}

/** Publishes rounds of `batch` messages; each sample is deliveries per second until every subscriber had the round. */
async function fanOut(url: string, rounds: number, batch: number): Promise<number[]> {
  const subscribers = await connect(url, SUBSCRIBERS, true);
  const [publisher] = await connect(url, 1, false);
  let received = 0;
  let wake = () => {};
  for (const ws of subscribers)
    ws.on('message', () => {
      if (++received % (batch * SUBSCRIBERS) === 0) wake();
    });
  await new Promise((r) => setTimeout(r, 200));
  const text = JSON.stringify({ type: 'publish', topic: TOPIC, data: PAYLOAD });
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const done = new Promise<void>((r) => (wake = r));
    const start = performance.now();
    for (let i = 0; i < batch; i++) publisher.send(text);
    await done;
    rates.push((batch * SUBSCRIBERS) / ((performance.now() - start) / 1000));
  }
  for (const ws of [...subscribers, publisher]) ws.terminate();
  return rates;
}

/** Server heap and RSS per idle connection (each subscribed to its own room, as a browser is), in bytes. */
async function idleMemory(server: Server, count: number): Promise<{ heap: number; rss: number }> {
  type Memory = { heapUsed: number; rss: number };
  const before = await server.ask<Memory>('memory');
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await connect(server.url, Math.min(100, count - i), false);
    batch.forEach((ws, k) => ws.send(JSON.stringify({ type: 'subscribe', topics: [`room-${i + k}`] })));
    sockets.push(...batch);
  }
  await new Promise((r) => setTimeout(r, 300));
  const after = await server.ask<Memory>('memory');
  for (const ws of sockets) ws.terminate();
  await new Promise((r) => setTimeout(r, 300));
  return { heap: (after.heapUsed - before.heapUsed) / count, rss: (after.rss - before.rss) / count };
}

/** Fan-out to 100 subscribers of one topic, and memory per idle connection at 2,000 connections. */
export async function runSignalling(): Promise<Figure[]> {
  const server = await startChild();
  try {
    const rounds = samplesOf(40, 8);
    const batch = 50;
    const rates = await fanOut(server.url, rounds, batch);
    const repeats = samplesOf(3, 1);
    const heap: number[] = [];
    const rss: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const m = await idleMemory(server, IDLE_CONNECTIONS);
      heap.push(m.heap);
      rss.push(m.rss);
    }
    const memDetail = { connections: IDLE_CONNECTIONS, repeats, subscribedTopicsEach: 1 };
    return [
      figure('signalling', `Fan-out to ${SUBSCRIBERS} subscribers of one topic`, 'msg/s', rates, {
        detail: {
          rounds,
          publishesPerRound: batch,
          payloadBytes: JSON.stringify(PAYLOAD).length,
          rateLimit: 'lifted',
        },
      }),
      figure('signalling', `Server heap per idle connection at ${IDLE_CONNECTIONS}`, 'B', heap, {
        detail: memDetail,
      }),
      figure('signalling', `Server RSS per idle connection at ${IDLE_CONNECTIONS}`, 'B', rss, {
        detail: memDetail,
      }),
    ];
  } finally {
    server.child.disconnect();
    await once(server.child, 'exit');
  }
}
