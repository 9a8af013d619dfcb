import { describe, expect, it } from 'vitest';
import { isRuntimeConfig } from '../../../protocol/signaling.ts';
import { runtimeConfigFor, turnCredentials } from '../../../signaling/turnCredentials.ts';
import { serversClosedAfterEach } from './helpers.ts';

const start = serversClosedAfterEach();

const turn = { urls: ['turn:turn.example.org:3478?transport=udp'], secret: 'north', ttlSeconds: 3600 };

describe('TURN credentials', () => {
  it('follow the TURN REST scheme: expiry:id, base64 HMAC-SHA1 under the shared secret', () => {
    // The expected credential is openssl's: printf '1700000000:abc' | openssl dgst -sha1 -hmac north -binary | base64
    expect(turnCredentials('north', 1_700_000_000, 'abc')).toEqual({
      username: '1700000000:abc',
      credential: 'g5HTmCBrPDhYXFpM/1dHUtfE+c4=',
    });
  });

  it('are added after the configured ICE servers, expiring ttl seconds from now', () => {
    const base = { iceServers: [{ urls: 'stun:stun.example.org' }] };
    const config = runtimeConfigFor(base, turn, 1_700_000_000_500);
    expect(config.iceServers[0]).toEqual({ urls: 'stun:stun.example.org' });
    const relay = config.iceServers[1];
    expect(relay.urls).toEqual(turn.urls);
    expect(relay.username).toMatch(/^1700003600:[0-9a-f]{12}$/);
    const id = relay.username?.split(':')[1] ?? '';
    expect(relay.credential).toBe(turnCredentials('north', 1_700_003_600, id).credential);
    expect(base.iceServers).toHaveLength(1);
  });

  it('leave the config untouched without TURN settings', () => {
    const base = { iceServers: [] };
    expect(runtimeConfigFor(base, undefined)).toBe(base);
  });

  it('are fresh for each GET /config.json, which no cache may keep', async () => {
    const server = await start({ turn, config: { iceServers: [], iceTransportPolicy: 'relay' } });
    const [first, second] = await Promise.all([0, 1].map(() => fetch(`${server.url}/config.json`)));
    expect(first.headers.get('cache-control')).toBe('no-store, private');
    const [a, b] = (await Promise.all([first.json(), second.json()])) as unknown[];
    expect(isRuntimeConfig(a) && isRuntimeConfig(b)).toBe(true);
    expect(a).toMatchObject({ iceTransportPolicy: 'relay', iceServers: [{ urls: turn.urls }] });
    expect((a as { iceServers: { username: string }[] }).iceServers[0].username).not.toBe(
      (b as { iceServers: { username: string }[] }).iceServers[0].username,
    );
  });
});

describe('isRuntimeConfig', () => {
  it.each([
    { name: 'no policy', config: { iceServers: [] }, ok: true },
    { name: 'relay', config: { iceServers: [], iceTransportPolicy: 'relay' }, ok: true },
    { name: 'all', config: { iceServers: [], iceTransportPolicy: 'all' }, ok: true },
    { name: 'an unknown policy', config: { iceServers: [], iceTransportPolicy: 'none' }, ok: false },
  ])('accepts a well-formed policy only: $name', ({ config, ok }) => {
    expect(isRuntimeConfig(config)).toBe(ok);
  });
});
