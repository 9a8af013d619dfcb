import { describe, expect, it } from 'vitest';
import { connectClient, serversClosedAfterEach, type TestServer } from './helpers.ts';

const start = serversClosedAfterEach();

/** GETs /metrics and reads each unlabelled or labelled sample into a map. */
async function scrape(server: TestServer): Promise<{ type: string | null; samples: Map<string, number> }> {
  const res = await fetch(`${server.url}/metrics`);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [name, value] = line.split(' ');
    samples.set(name, Number(value));
  }
  return { type: res.headers.get('content-type'), samples };
}

describe('GET /metrics', () => {
  it('counts connections, topics, messages in and out, and drops, in the Prometheus text format', async () => {
    const server = await start();
    const [a, b] = await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
    await Promise.all([a.subscribe('one', 'two'), b.subscribe('one')]);
    a.send({ type: 'publish', topic: 'one', data: 1 });
    await b.next();
    a.send('not json');
    await a.roundTrip();

    const { type, samples } = await scrape(server);
    expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(samples.get('signaling_connections')).toBe(2);
    expect(samples.get('signaling_topics')).toBe(2);
    // In: two subscribes, three pings, one publish, one bad message. Out: three pongs, one publish.
    expect(samples.get('signaling_messages_received_total')).toBe(7);
    expect(samples.get('signaling_messages_sent_total')).toBe(4);
    expect(samples.get('signaling_messages_dropped_total{reason="malformed"}')).toBe(1);
    expect(samples.get('signaling_messages_dropped_total{reason="rate_limit"}')).toBe(0);
    expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.has('signaling_redis_up')).toBe(false);
  });

  it('declares a HELP and TYPE line for every metric', async () => {
    const server = await start();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const names = new Set(text.match(/^[a-z_]+(?=[ {])/gm));
    for (const name of names) {
      expect(text).toContain(`# HELP ${name} `);
      expect(text).toMatch(new RegExp(`^# TYPE ${name} (gauge|counter)$`, 'm'));
    }
    expect(names.size).toBeGreaterThanOrEqual(7);
  });
});
