import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer, type ServerOptions } from '../../signaling/server';
import { ensureEngines, startCoturn, startRedis, type Engine } from '../integration/scaleout/engines';
import { scrapeMetrics } from '../integration/scaleout/instances';
import { builtApp, launchBrowser, logIn, newPerson, uniqueRoomId, type Person } from '../helpers/browser';

/** Polls until a page shows what the other page did; WebRTC on a busy machine can take a few seconds. */
const eventually = <T>(read: () => Promise<T> | T, timeout = 20_000) => expect.poll(read, { timeout });
let browser: Browser;
const people: Person[] = [];
const servers: RunningServer[] = [];
const engines: Engine[] = [];

beforeAll(async () => {
  ensureEngines();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await Promise.all(people.map((p) => p.context.close()));
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(engines.map((e) => e.stop()));
});

/** A signalling instance serving the built app, with no STUN servers unless options say otherwise. */
async function instance(options: ServerOptions): Promise<RunningServer> {
  const server = await startServer({
    config: { iceServers: [] },
    log: () => undefined,
    ...builtApp(),
    ...options,
  });
  servers.push(server);
  return server;
}

/** Records every RTCPeerConnection the app makes and the configuration it was given. */
function recordPeerConnections(): void {
  const Native = window.RTCPeerConnection;
  const made: { pc: RTCPeerConnection; config?: RTCConfiguration }[] = [];
  (window as unknown as { __peerConnections: typeof made }).__peerConnections = made;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push({ pc: this, config });
    }
  };
}

/** For each connected peer connection: the policy it was made with and the candidate types of its selected pair. */
function selectedPairs(page: Page) {
  return page.evaluate(async () => {
    const made = (
      window as unknown as { __peerConnections: { pc: RTCPeerConnection; config?: RTCConfiguration }[] }
    ).__peerConnections;
    const pairs: { policy?: string; local?: string; remote?: string }[] = [];
    for (const { pc, config } of made) {
      if (pc.connectionState !== 'connected') continue;
      const stats = await pc.getStats();
      let pairId: string | undefined;
      stats.forEach((s: { type: string; selectedCandidatePairId?: string }) => {
        if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
      });
      const pair = pairId ? stats.get(pairId) : undefined;
      pairs.push({
        policy: config?.iceTransportPolicy,
        local: pair && stats.get(pair.localCandidateId)?.candidateType,
        remote: pair && stats.get(pair.remoteCandidateId)?.candidateType,
      });
    }
    return pairs;
  });
}

/** A person who loaded the app from baseUrl, logged in and is on the room's TicTacToe page. */
async function join(baseUrl: string, name: string, room: string): Promise<Page> {
  const person = await newPerson(browser, baseUrl);
  people.push(person);
  await person.page.addInitScript(recordPeerConnections);
  await logIn(person.page, name, `/${room}/tictactoe`);
  await person.page.getByRole('button', { name: 'Square 1', exact: true }).waitFor();
  return person.page;
}

/** Both pages list both names under Connected:, and a square clicked on one shows on the other. */
async function connectedAndSynced(ann: Page, bob: Page): Promise<void> {
  for (const page of [ann, bob]) {
    for (const name of ['Ann', 'Bob']) {
      await page.getByTestId('presence-list').getByText(name, { exact: true }).waitFor({ timeout: 30_000 });
    }
  }
  await ann.getByRole('button', { name: 'Square 5', exact: true }).click();
  const square = bob.getByRole('button', { name: 'Square 5', exact: true });
  await eventually(() => square.getAttribute('data-mark')).toBe('X');
}

describe('signalling scale-out and TURN with real browsers', () => {
  it('makes peers of two pages attached to different instances that relay through Redis', async () => {
    const redis = await startRedis();
    engines.push(redis);
    const [a, b] = await Promise.all([0, 1].map(() => instance({ redis: { url: redis.url } })));
    const room = uniqueRoomId();
    const ann = await join(a.url, 'Ann', room);
    const bob = await join(b.url, 'Bob', room);
    await connectedAndSynced(ann, bob);

    // Each page's signalling went to its own instance, and each instance heard the other through Redis.
    for (const server of [a, b]) {
      const metrics = await scrapeMetrics(server.url);
      expect(metrics.get('signaling_connections')).toBe(1);
      expect(metrics.get('signaling_redis_received_total')).toBeGreaterThan(0);
    }
  });

  it('connects two pages through a real coturn when the config allows relayed candidates only', async () => {
    const secret = `secret-${uniqueRoomId()}`;
    const coturn = await startCoturn(secret);
    engines.push(coturn);
    const server = await instance({
      config: { iceServers: [], iceTransportPolicy: 'relay' },
      turn: { urls: [coturn.url], secret, ttlSeconds: 600 },
    });
    const room = uniqueRoomId();
    const ann = await join(server.url, 'Ann', room);
    const bob = await join(server.url, 'Bob', room);
    await connectedAndSynced(ann, bob);

    for (const page of [ann, bob]) {
      const pairs = await selectedPairs(page);
      expect(pairs.length).toBeGreaterThan(0);
      for (const pair of pairs) expect(pair).toEqual({ policy: 'relay', local: 'relay', remote: 'relay' });
    }
    // TURN was tried before the server's relay, and carried the link: the relay passed not one frame.
    for (const page of [ann, bob])
      expect(await page.evaluate(() => window.__gameRoom?.connection?.mesh.relayedPeers)).toEqual([]);
    expect((await scrapeMetrics(server.url)).get('signaling_relayed_frames_total')).toBe(0);
    // coturn accepted the credentials /config.json minted (expiry:id, HMAC-SHA1 under the shared secret).
    expect(coturn.output.some((l) => /user <\d+:[0-9a-f]+>.*ALLOCATE processed, success/.test(l))).toBe(true);
  });
});
