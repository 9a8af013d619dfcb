import { describe, expect, it, vi } from 'vitest';
import { BEACON_LIMITS, BEACON_PATH } from '../../../protocol/signaling.ts';
import { connectClient, serversClosedAfterEach } from './helpers.ts';

const start = serversClosedAfterEach();

const post = (url: string, body: string, method = 'POST') =>
  fetch(`${url}${BEACON_PATH}`, {
    method,
    body: method === 'GET' ? undefined : body,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  });

describe('beacons (a closing page’s last words)', () => {
  it('publishes a beacon’s data on its topic to every subscriber, and counts it', async () => {
    const server = await start();
    const [a, b, other] = await Promise.all([1, 2, 3].map(() => connectClient(server.wsUrl)));
    await Promise.all([a.subscribe('room-1'), b.subscribe('room-1'), other.subscribe('room-2')]);
    const data = {
      type: 'lastWords',
      from: 'peer-gone',
      notes: [{ topic: 'entry', body: { entry: '{}', after: null } }],
    };
    const response = await post(server.url, JSON.stringify({ topic: 'room-1', data }));
    expect(response.status).toBe(204);
    expect(await a.next()).toEqual({ type: 'publish', topic: 'room-1', data });
    expect(await b.next()).toEqual({ type: 'publish', topic: 'room-1', data });
    await other.roundTrip();
    expect(other.pending()).toEqual([]);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/^signaling_beacons_total 1$/m);
  });

  it('refuses, with a clear reason, a beacon that is not a POST, not JSON of a topic and data, or too large', async () => {
    const server = await start();
    const wrongMethod = await post(server.url, '', 'GET');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await wrongMethod.text()).toBe(`Only POST is taken at ${BEACON_PATH}.\n`);
    for (const body of ['{nope', '[]', JSON.stringify({ topic: '', data: 1 }), JSON.stringify({ data: 1 })]) {
      const response = await post(server.url, body);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(
        'A beacon must be JSON: {"topic": a room, "data": what to publish}.\n',
      );
    }
    const large = await post(
      server.url,
      JSON.stringify({ topic: 'r', data: 'x'.repeat(BEACON_LIMITS.maxBytes) }),
    );
    expect(large.status).toBe(413);
    expect(await large.text()).toBe(`A beacon may hold at most ${BEACON_LIMITS.maxBytes} bytes.\n`);
    // Other paths still take GET and HEAD only.
    const elsewhere = await fetch(`${server.url}/healthz`, { method: 'POST', body: '{}' });
    expect(elsewhere.status).toBe(405);
  });

  it('takes a burst of beacons from one address, then refuses the rest until its budget refills', async () => {
    const server = await start();
    // The server's clock stands still while the burst is posted, and moves a second when the test says.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const body = JSON.stringify({ topic: 'room', data: 1 });
      const statuses = async (count: number) => {
        const got: number[] = [];
        for (let i = 0; i < count; i++) got.push((await post(server.url, body)).status);
        return got;
      };
      const burst = await statuses(BEACON_LIMITS.burst + 3);
      expect(burst.slice(0, BEACON_LIMITS.burst).every((s) => s === 204)).toBe(true);
      expect(burst.slice(BEACON_LIMITS.burst)).toEqual([429, 429, 429]);
      const refused = await post(server.url, body);
      expect(await refused.text()).toBe('Too many beacons from this address; try again in a second.\n');
      vi.setSystemTime(Date.now() + 1000);
      const second = await statuses(BEACON_LIMITS.perSecond + 1);
      expect(second).toEqual([...Array<number>(BEACON_LIMITS.perSecond).fill(204), 429]);
    } finally {
      vi.useRealTimers();
    }
  });
});
