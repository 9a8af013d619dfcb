import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_PREFIX } from '../../../signaling/env.ts';
import type { ServerOptions } from '../../../signaling/server.ts';
import {
  connectClient,
  enteredClients,
  frame,
  framesOf,
  health,
  startTestServer,
  TEST_LONG_WINDOW_MS,
  type TestClient,
  type TestServer,
} from '../signaling/helpers.ts';
import { ensureEngines, startRedis, type Engine } from './engines.ts';
import { scrapeMetrics } from './instances.ts';

let redis: Engine & { url: string };
/** Set while a test has Redis stopped, so the next test finds it running even if this one failed. */
let redisStopped = false;
let probe: Redis;
const servers: TestServer[] = [];

beforeAll(async () => {
  ensureEngines();
  redis = await startRedis();
  probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
  probe.on('error', () => undefined);
  await probe.connect();
}, 180_000);
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  if (redisStopped) await restartRedis();
});
afterAll(async () => {
  probe?.disconnect();
  await redis?.stop();
});

/** Two instances on one Redis, each connected to it. */
async function twoInstances(options: ServerOptions = {}): Promise<[TestServer, TestServer]> {
  const redisOptions = { url: redis.url, retryMinMs: 50, retryMaxMs: 200 };
  const started = await Promise.all([0, 1].map(() => startTestServer({ ...options, redis: redisOptions })));
  servers.push(...started);
  await Promise.all(started.map((s) => s.waitForLog(/redis connected/)));
  return [started[0], started[1]];
}

/** Stops Redis and resolves once every instance given has noticed. */
async function stopRedis(instances: TestServer[]): Promise<void> {
  redisStopped = true;
  await redis.stop();
  await Promise.all(instances.map((s) => s.waitForLog(/redis unreachable/)));
}

/** Starts Redis again on its port. */
async function restartRedis(): Promise<void> {
  redis = await startRedis(redis.port);
  redisStopped = false;
}

/** Resolves once count instances listen to topic on Redis, so a publish from now on reaches them all. */
async function listening(topic: string, count: number): Promise<void> {
  const channel = DEFAULT_CHANNEL_PREFIX + topic;
  await expect
    .poll(async () => ((await probe.pubsub('NUMSUB', channel)) as [string, number])[1], { interval: 20 })
    .toBe(count);
}

/** A relay budget of one frame per connection, so a room may relay 8 (RELAY_ROOM_SHARE). */
const TINY_BUDGET: ServerOptions = {
  relayBudget: { maxMessagesPerWindow: 1, windowMs: TEST_LONG_WINDOW_MS },
};

/**
 * Resolves once Redis counts messages relayed in topic's current window (TINY_BUDGET's) across the instances, and the
 * instance whose share made that count has been sent its answer (Redis sent it before the probe's next reply).
 */
async function roomCount(topic: string, messages: number): Promise<void> {
  const key = `${DEFAULT_CHANNEL_PREFIX}budget:${topic}:${Math.floor(Date.now() / TEST_LONG_WINDOW_MS)}`;
  await expect.poll(async () => Number(await probe.hget(key, 'messages')), { interval: 20 }).toBe(messages);
  await probe.ping();
}

/** Resolves once Redis has, or no longer has, peer of topic claimed, and the instance that asked has its answer. */
async function claimed(topic: string, peer: string, held: boolean): Promise<void> {
  const key = `${DEFAULT_CHANNEL_PREFIX}peer:${JSON.stringify([topic, peer])}`;
  await expect.poll(async () => (await probe.exists(key)) === 1, { interval: 20 }).toBe(held);
  await probe.ping();
}

/** Sends one frame from each client to peer in topic. */
const frameEach = (clients: TestClient[], topic: string, peer: string) =>
  clients.forEach((c, i) => c.ws.send(frame(topic, peer, `frame ${i}`)));

/** Resolves once reader has received count relayed frames. */
async function receive(reader: ReturnType<typeof framesOf>, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await reader.next();
}

/** Subscribes each client to topic. */
const subscribeAll = (clients: TestClient[], topic: string) =>
  Promise.all(clients.map((c) => c.subscribe(topic)));
const publish = (client: TestClient, topic: string, data: unknown) =>
  client.send({ type: 'publish', topic, data });

describe('signalling instances relaying through Redis', () => {
  it('relays a link frame from a peer on instance A to its target on instance B, and tells B when A leaves', async () => {
    const [a, b] = await twoInstances();
    const [ann, bob] = await Promise.all([connectClient(a.wsUrl), connectClient(b.wsUrl)]);
    await subscribeAll([ann, bob], 'room-relay');
    ann.send({ type: 'enter', topic: 'room-relay', peer: 'ann' });
    bob.send({ type: 'enter', topic: 'room-relay', peer: 'bob' });
    await Promise.all([ann.roundTrip(), bob.roundTrip()]);
    await listening('room-relay', 2);
    const bobFrames = framesOf(bob);
    ann.ws.send(frame('room-relay', 'bob', 'across'));
    expect(await bobFrames.next()).toEqual({ peer: 'ann', payload: 'across' });
    ann.ws.close();
    expect(await bob.next()).toEqual({ type: 'left', topic: 'room-relay', peer: 'ann' });
  });

  it('lets a client on instance A and one on instance B exchange announce and signal', async () => {
    const [a, b] = await twoInstances();
    const [ann, bob] = await Promise.all([connectClient(a.wsUrl), connectClient(b.wsUrl)]);
    await subscribeAll([ann, bob], 'room-ab');
    await listening('room-ab', 2);

    const announce = { type: 'announce', from: 'ann' };
    publish(ann, 'room-ab', announce);
    expect(await bob.next()).toEqual({ type: 'publish', topic: 'room-ab', data: announce });
    const signal = {
      type: 'signal',
      to: 'ann',
      from: 'bob',
      token: 0.5,
      signal: { type: 'offer', sdp: 'v=0' },
    };
    publish(bob, 'room-ab', signal);
    expect(await ann.next()).toEqual({ type: 'publish', topic: 'room-ab', data: signal });
    expect(await health(a)).toMatchObject({ redis: 'up' });
  });

  it('delivers every publish exactly once to each subscriber on either instance, and never back to the sender', async () => {
    const [a, b] = await twoInstances();
    const [a1, a2, b1, b2, outsider] = await Promise.all([a, a, b, b, a].map((s) => connectClient(s.wsUrl)));
    await subscribeAll([a1, a2, b1, b2], 'room-x');
    await listening('room-x', 2);

    const sent = Array.from({ length: 20 }, (_, i) => i);
    for (const i of sent) publish(a1, 'room-x', i);
    publish(a1, 'room-x', 'end');
    for (const reader of [a2, b1, b2]) {
      const got: unknown[] = [];
      for (let m = await reader.next(); (m as { data: unknown }).data !== 'end'; m = await reader.next()) {
        got.push((m as { data: unknown }).data);
      }
      expect(got).toEqual(sent);
    }
    // Had any of a1's publishes come back to it, through A or through Redis, it would arrive before this.
    publish(b1, 'room-x', 'from b1');
    expect(await a1.next()).toEqual({ type: 'publish', topic: 'room-x', data: 'from b1' });
    for (const reader of [a2, b2]) expect(await reader.next()).toMatchObject({ data: 'from b1' });
    // A socket that subscribed to nothing may still publish, and B's subscribers hear it through Redis.
    publish(outsider, 'room-x', 'from outside');
    for (const reader of [a1, a2, b1, b2])
      expect(await reader.next()).toMatchObject({ data: 'from outside' });
    await Promise.all([a1, a2, b1, b2].map((c) => c.roundTrip()));
    expect([a1, a2, b1, b2].flatMap((c) => c.pending())).toEqual([]);
  });

  it('drops what is not a publish of the channel own room, and keeps relaying', async () => {
    const [a, b] = await twoInstances();
    const [ann, bob] = await Promise.all([connectClient(a.wsUrl), connectClient(b.wsUrl)]);
    await subscribeAll([ann, bob], 'room-j');
    await listening('room-j', 2);
    const channel = DEFAULT_CHANNEL_PREFIX + 'room-j';
    for (const junk of [
      'garbage',
      'abc not json',
      'abc {"type":"publish","topic":"other","data":1}',
      'abc {"type":"pong"}',
    ])
      await probe.publish(channel, junk);
    publish(ann, 'room-j', 'real');
    expect(await bob.next()).toEqual({ type: 'publish', topic: 'room-j', data: 'real' });
    expect(await (await fetch(`${b.url}/metrics`)).text()).toMatch(/^signaling_redis_dropped_total 4$/m);
  });

  it('keeps serving local rooms while Redis is down, logs the outage once, and resumes when it is back', async () => {
    const [a, b] = await twoInstances();
    const [a1, a2, b1, b2] = await Promise.all([a, a, b, b].map((s) => connectClient(s.wsUrl)));
    await subscribeAll([a1, a2, b1, b2], 'room-r');
    await listening('room-r', 2);

    await stopRedis([a, b]);
    expect(await health(a)).toMatchObject({ redis: 'down' });
    publish(a1, 'room-r', 'local on A');
    expect(await a2.next()).toEqual({ type: 'publish', topic: 'room-r', data: 'local on A' });
    publish(b1, 'room-r', 'local on B');
    expect(await b2.next()).toEqual({ type: 'publish', topic: 'room-r', data: 'local on B' });
    // Give the relays time to fail a few reconnect attempts, so "logged once" means something.
    await new Promise((resolve) => setTimeout(resolve, 400));

    await restartRedis();
    await Promise.all([a, b].map((s) => s.waitForLog(/redis reachable again/)));
    await listening('room-r', 2);
    publish(a1, 'room-r', 'across again');
    // What was published during the outage was dropped, not queued: the first message across is the new one.
    expect(await b1.next()).toEqual({ type: 'publish', topic: 'room-r', data: 'across again' });
    expect(await b2.next()).toEqual({ type: 'publish', topic: 'room-r', data: 'across again' });
    expect(await a2.next()).toEqual({ type: 'publish', topic: 'room-r', data: 'across again' });
    for (const s of [a, b]) expect(s.lines.filter((l) => /redis unreachable/.test(l))).toHaveLength(1);
  });

  it('counts a frame as relayed only once Redis took it: one for another instance while Redis is down is not', async () => {
    const [a, b] = await twoInstances();
    const [ann, amy] = await enteredClients(a.wsUrl, 'room-d', ['ann', 'amy']);
    await enteredClients(b.wsUrl, 'room-d', ['bob']);

    await stopRedis([a, b]);
    const amyFrames = framesOf(amy);
    ann.ws.send(frame('room-d', 'bob', 'lost'));
    ann.ws.send(frame('room-d', 'amy', 'local'));
    expect(await amyFrames.next()).toEqual({ peer: 'ann', payload: 'local' });
    const metrics = await scrapeMetrics(a.url);
    expect(metrics.get('signaling_relayed_frames_total')).toBe(1);
    expect(metrics.get('signaling_relayed_bytes_total')).toBe('local'.length);
    expect(metrics.get('signaling_redis_dropped_total')).toBe(1);
  });

  it('cuts the connection whose frame takes a room past its budget counted over both instances, though neither alone is past it', async () => {
    const [a, b] = await twoInstances(TINY_BUDGET);
    const onA = await enteredClients(a.wsUrl, 'room-b', ['p0', 'p1', 'p2', 'p3', 'p4']);
    const onB = await enteredClients(b.wsUrl, 'room-b', ['p5', 'p6', 'p7', 'p8', 'p9']);
    await listening('room-b', 2);
    const p0Frames = framesOf(onA[0]);

    frameEach(onA.slice(1), 'room-b', 'p0');
    await receive(p0Frames, 4);
    await roomCount('room-b', 4);
    frameEach(onB.slice(0, 4), 'room-b', 'p0');
    await receive(p0Frames, 4);
    await roomCount('room-b', 8);
    // B has relayed 4 of the room's 8, and its fifth is the room's ninth.
    onB[4].ws.send(frame('room-b', 'p0', 'one too many'));

    // Everyone in the room, p9 too and on either instance, hears that p9's relay is gone.
    for (const c of [...onA, ...onB])
      expect(await c.next()).toEqual({ type: 'left', topic: 'room-b', peer: 'p9' });
    await b.waitForLog(/relay cut: over room room-b's relay budget/);
    const [onAMetrics, onBMetrics] = await Promise.all([a, b].map((s) => scrapeMetrics(s.url)));
    expect(onAMetrics.get('signaling_relay_cuts_total')).toBe(0);
    expect(onAMetrics.get('signaling_relayed_frames_total')).toBe(4);
    expect(onBMetrics.get('signaling_relay_cuts_total')).toBe(1);
    expect(onBMetrics.get('signaling_relayed_frames_total')).toBe(4);
    expect(onBMetrics.get('signaling_messages_dropped_total{reason="relay_budget"}')).toBe(1);
  });

  it('counts a room on each instance alone while Redis is down, as a single instance does', async () => {
    const [a, b] = await twoInstances(TINY_BUDGET);
    const peersOnA = Array.from({ length: 10 }, (_, i) => `a${i}`);
    const onA = await enteredClients(a.wsUrl, 'room-f', peersOnA);
    const onB = await enteredClients(b.wsUrl, 'room-f', ['b0', 'b1', 'b2', 'b3', 'b4']);
    await listening('room-f', 2);
    await stopRedis([a, b]);

    const [a0Frames, b0Frames] = [framesOf(onA[0]), framesOf(onB[0])];
    frameEach(onB.slice(1), 'room-f', 'b0');
    await receive(b0Frames, 4);
    // The room relays 12 in all, but A counts only its own 8.
    frameEach(onA.slice(1, 9), 'room-f', 'a0');
    await receive(a0Frames, 8);
    onA[9].ws.send(frame('room-f', 'a0', 'A alone is past the budget'));

    for (const c of onA) expect(await c.next()).toEqual({ type: 'left', topic: 'room-f', peer: 'a9' });
    const [onAMetrics, onBMetrics] = await Promise.all([a, b].map((s) => scrapeMetrics(s.url)));
    expect(onAMetrics.get('signaling_relay_cuts_total')).toBe(1);
    expect(onAMetrics.get('signaling_relayed_frames_total')).toBe(8);
    expect(onBMetrics.get('signaling_relay_cuts_total')).toBe(0);
    expect(onBMetrics.get('signaling_relayed_frames_total')).toBe(4);
    expect(onB.flatMap((c) => c.pending())).toEqual([]);
  });

  it('refuses entering as a peer a connection on another instance entered as, until that one leaves', async () => {
    const [a, b] = await twoInstances();
    const [ann] = await enteredClients(a.wsUrl, 'room-c', ['ann']);
    const [bob] = await enteredClients(b.wsUrl, 'room-c', ['bob']);
    const impostor = await connectClient(b.wsUrl);
    await impostor.subscribe('room-c');
    await listening('room-c', 2);
    await claimed('room-c', 'ann', true);

    impostor.send({ type: 'enter', topic: 'room-c', peer: 'ann' });
    // Only the impostor hears that its frames will not pass: the room's ann is still there.
    expect(await impostor.next()).toEqual({ type: 'left', topic: 'room-c', peer: 'ann' });
    const annFrames = framesOf(ann);
    bob.ws.send(frame('room-c', 'ann', 'to the real ann'));
    expect(await annFrames.next()).toEqual({ peer: 'bob', payload: 'to the real ann' });
    const metrics = await scrapeMetrics(b.url);
    expect(metrics.get('signaling_messages_dropped_total{reason="relay_refused"}')).toBe(1);
    expect([bob, impostor].flatMap((c) => c.pending())).toEqual([]);

    ann.ws.close();
    for (const c of [bob, impostor])
      expect(await c.next()).toEqual({ type: 'left', topic: 'room-c', peer: 'ann' });
    await claimed('room-c', 'ann', false);
    impostor.send({ type: 'enter', topic: 'room-c', peer: 'ann' });
    await claimed('room-c', 'ann', true);
    await impostor.roundTrip();
    const impostorFrames = framesOf(impostor);
    bob.ws.send(frame('room-c', 'ann', 'to the new ann'));
    expect(await impostorFrames.next()).toEqual({ peer: 'bob', payload: 'to the new ann' });
    expect(impostor.pending()).toEqual([]);
  });

  it('lets connections on two instances enter as one peer while Redis is down, each instance deciding alone', async () => {
    const [a, b] = await twoInstances();
    await stopRedis([a, b]);
    const [cy, amy] = await enteredClients(a.wsUrl, 'room-o', ['cy', 'amy']);
    const [otherCy, bob] = await enteredClients(b.wsUrl, 'room-o', ['cy', 'bob']);
    const [cyFrames, otherCyFrames] = [framesOf(cy), framesOf(otherCy)];
    amy.ws.send(frame('room-o', 'cy', 'on A'));
    bob.ws.send(frame('room-o', 'cy', 'on B'));
    expect(await cyFrames.next()).toEqual({ peer: 'amy', payload: 'on A' });
    expect(await otherCyFrames.next()).toEqual({ peer: 'bob', payload: 'on B' });
    expect([cy, otherCy].flatMap((c) => c.pending())).toEqual([]);
  });

  it('stops listening to a room on Redis when its last local subscriber leaves', async () => {
    const [a] = await twoInstances();
    const ann = await connectClient(a.wsUrl);
    await ann.subscribe('room-l');
    await listening('room-l', 1);
    ann.ws.close();
    await listening('room-l', 0);
  });
});
