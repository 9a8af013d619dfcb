import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_PREFIX } from '../../../signaling/env.ts';
import { ensureEngines, startRedis, type Engine } from './engines.ts';
import { scrapeMetrics, spawnInstance, type Instance } from './instances.ts';

const ROOMS = 200;
const PER_ROOM = 10;
const PUBLISHES_EACH = 5;
const CONNECT_BATCH = 200;

/** A bare ws client that tallies every publish it receives by sender and sequence number. */
type LoadClient = {
  ws: WebSocket;
  index: number;
  room: string;
  tally: Map<string, number>;
  closed: Promise<number>;
  roundTrip(): Promise<void>;
};

let redis: Engine & { url: string };
let instances: Instance[] = [];
const clients: LoadClient[] = [];
let received = 0;
let onReceived = () => undefined as void;

beforeAll(async () => {
  ensureEngines();
  redis = await startRedis();
  instances = await Promise.all([0, 1].map(() => spawnInstance({ REDIS_URL: redis.url })));
}, 180_000);
afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  for (const i of instances) i.signal('SIGKILL');
  await Promise.all(instances.map((i) => i.exited));
  await redis?.stop();
});

function connect(url: string, index: number, room: string): Promise<LoadClient> {
  const ws = new WebSocket(url);
  const tally = new Map<string, number>();
  const pongs: (() => void)[] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string; data?: { from: number; seq: number } };
    if (message.type === 'pong') return pongs.shift()?.();
    const key = `${message.data?.from}:${message.data?.seq}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    received += 1;
    onReceived();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      pongs.push(resolve);
      ws.send('{"type":"ping"}');
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, index, room, tally, closed, roundTrip }));
    ws.once('error', reject);
  });
}

/** Resolves once both instances listen to every room's channel on Redis. */
async function allRoomsRelayed(): Promise<void> {
  const probe = new Redis(redis.url, { maxRetriesPerRequest: 0 });
  const channels = Array.from({ length: ROOMS }, (_, r) => `${DEFAULT_CHANNEL_PREFIX}load-${r}`);
  const listeners = async () => {
    const reply = (await probe.pubsub('NUMSUB', ...channels)) as (string | number)[];
    return reply.filter((_, i) => i % 2 === 1).every((n) => n === instances.length);
  };
  await expect.poll(listeners, { interval: 50, timeout: 10_000 }).toBe(true);
  probe.disconnect();
}

const rss = async (instance: Instance) =>
  (await scrapeMetrics(instance.url)).get('process_resident_memory_bytes') ?? 0;

describe('signalling under load across two instances', () => {
  it('delivers every publish exactly once to every other subscriber of its room: 2,000 clients, 200 rooms', async () => {
    const rssBefore = await Promise.all(instances.map(rss));
    for (let start = 0; start < ROOMS * PER_ROOM; start += CONNECT_BATCH) {
      const batch = Array.from({ length: CONNECT_BATCH }, (_, k) => start + k).map((index) =>
        connect(instances[index % 2].wsUrl, index, `load-${Math.floor(index / PER_ROOM)}`),
      );
      clients.push(...(await Promise.all(batch)));
    }
    for (const c of clients) c.ws.send(JSON.stringify({ type: 'subscribe', topics: [c.room] }));
    await Promise.all(clients.map((c) => c.roundTrip()));
    await allRoomsRelayed();
    const rssAfter = await Promise.all(instances.map(rss));

    const expected = clients.length * PUBLISHES_EACH * (PER_ROOM - 1);
    const allReceived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${received} of ${expected} delivered`)), 20_000);
      onReceived = () => {
        if (received < expected) return;
        clearTimeout(timer);
        resolve();
      };
    });
    const started = performance.now();
    for (let seq = 0; seq < PUBLISHES_EACH; seq++) {
      for (const c of clients) {
        c.ws.send(JSON.stringify({ type: 'publish', topic: c.room, data: { from: c.index, seq } }));
      }
    }
    await allReceived;
    const seconds = (performance.now() - started) / 1000;
    // Anything delivered twice, or echoed, would have been sent before each instance answers these pings.
    await Promise.all(clients.map((c) => c.roundTrip()));

    expect(received).toBe(expected);
    for (const c of clients) {
      const firstInRoom = c.index - (c.index % PER_ROOM);
      const others = Array.from({ length: PER_ROOM }, (_, k) => firstInRoom + k).filter((i) => i !== c.index);
      const want = others.flatMap((from) =>
        Array.from({ length: PUBLISHES_EACH }, (_, seq) => `${from}:${seq}`),
      );
      expect([...c.tally.keys()].sort()).toEqual(want.sort());
      expect([...c.tally.values()].every((n) => n === 1)).toBe(true);
    }
    const metrics = await Promise.all(instances.map((i) => scrapeMetrics(i.url)));
    for (const m of metrics) {
      expect(m.get('signaling_connections')).toBe(clients.length / 2);
      expect(m.get('signaling_redis_received_total')).toBe((clients.length / 2) * PUBLISHES_EACH);
      expect(m.get('signaling_redis_dropped_total')).toBe(0);
    }

    const perConnection = rssAfter.map(
      (after, i) => Math.round((after - rssBefore[i]) / (clients.length / 2) / 102.4) / 10,
    );
    console.log(
      `load: ${clients.length} clients on 2 instances, ${ROOMS} rooms, ${clients.length * PUBLISHES_EACH} publishes -> ` +
        `${expected} deliveries in ${seconds.toFixed(2)} s = ${Math.round(expected / seconds)} deliveries/s ` +
        `(${Math.round((clients.length * PUBLISHES_EACH) / seconds)} publishes/s); ` +
        `resident memory per connection: ${perConnection.join(' KB, ')} KB`,
    );
  }, 60_000);

  it('on SIGTERM stops accepting, closes every socket with 1001 and exits 0, while the other instance serves on', async () => {
    const [a, b] = instances;
    const onA = clients.filter((c) => c.index % 2 === 0);
    a.signal('SIGTERM');
    expect(new Set(await Promise.all(onA.map((c) => c.closed)))).toEqual(new Set([1001]));
    expect(await a.exited).toBe(0);
    await expect(connect(a.wsUrl, -1, 'late')).rejects.toThrow(/ECONNREFUSED/);
    expect(a.lines.some((l) => /SIGTERM received, shutting down/.test(l))).toBe(true);

    const [first, second] = clients.filter((c) => c.index % 2 === 1 && c.room === 'load-0');
    const before = received;
    const arrived = new Promise<void>((resolve) => (onReceived = () => received > before && resolve()));
    first.ws.send(JSON.stringify({ type: 'publish', topic: 'load-0', data: { from: first.index, seq: 99 } }));
    await arrived;
    expect(second.tally.get(`${first.index}:99`)).toBe(1);
    expect(b.lines.some((l) => /redis unreachable/.test(l))).toBe(false);
  }, 30_000);
});
