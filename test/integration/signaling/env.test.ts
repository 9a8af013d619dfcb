import { describe, expect, it } from 'vitest';
import { readServerEnv } from '../../../signaling/env.ts';

describe('readServerEnv', () => {
  it('defaults to port 8080 on every interface with the five public STUN servers', () => {
    const env = readServerEnv({});
    expect(env.port).toBe(8080);
    expect(env.host).toBe('0.0.0.0');
    expect(env.config.iceServers.map((s) => s.urls)).toEqual([
      'stun:stun.l.google.com:19302',
      'stun:stun1.l.google.com:19302',
      'stun:stun2.l.google.com:19302',
      'stun:stun3.l.google.com:19302',
      'stun:stun4.l.google.com:19302',
    ]);
  });

  it('takes PORT, HOST and ICE_SERVERS from the environment', () => {
    const iceServers = [{ urls: ['turn:turn.example.org'], username: 'u', credential: 'p' }];
    const env = readServerEnv({ PORT: '3000', HOST: '127.0.0.1', ICE_SERVERS: JSON.stringify(iceServers) });
    expect(env).toEqual({ port: 3000, host: '127.0.0.1', config: { iceServers }, relayFrames: true });
  });

  it('relays links that cannot open directly unless RELAY=off', () => {
    expect(readServerEnv({ RELAY: 'off' }).relayFrames).toBe(false);
    expect(readServerEnv({ RELAY: ' on ' }).relayFrames).toBe(true);
    expect(readServerEnv({}).relayFrames).toBe(true);
  });

  it('accepts an empty ICE_SERVERS array (no STUN at all)', () => {
    expect(readServerEnv({ ICE_SERVERS: '[]' }).config).toEqual({ iceServers: [] });
  });

  it('reads REDIS_URL, TURN_URLS, TURN_SECRET, TURN_TTL_SECONDS and ICE_TRANSPORT_POLICY', () => {
    const env = readServerEnv({
      REDIS_URL: 'redis://10.0.0.5:6379/0',
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
      TURN_SECRET: 's3cret',
      TURN_TTL_SECONDS: '600',
      ICE_TRANSPORT_POLICY: 'relay',
    });
    expect(env.redis).toEqual({ url: 'redis://10.0.0.5:6379/0', channelPrefix: 'gameroom:signal:' });
    expect(env.turn).toEqual({
      urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
      secret: 's3cret',
      ttlSeconds: 600,
    });
    expect(env.config.iceTransportPolicy).toBe('relay');
  });

  it('reads STATIC_DIR, where "none" serves no files', () => {
    expect(readServerEnv({ STATIC_DIR: '/srv/app' }).staticDir).toBe('/srv/app');
    expect(readServerEnv({ STATIC_DIR: 'none' }).staticDir).toBeNull();
    expect(readServerEnv({})).not.toHaveProperty('staticDir');
  });

  it('leaves Redis, TURN and the transport policy out when they are not set', () => {
    const env = readServerEnv({ REDIS_URL: ' ', TURN_URLS: '', TURN_SECRET: '' });
    expect(env).not.toHaveProperty('redis');
    expect(env).not.toHaveProperty('turn');
    expect(env.config).not.toHaveProperty('iceTransportPolicy');
    expect(readServerEnv({ TURN_URLS: 'turn:t', TURN_SECRET: 'x' }).turn?.ttlSeconds).toBe(86_400);
  });

  it.each([
    { name: 'non-numeric port', env: { PORT: 'http' }, message: /PORT must be an integer/ },
    { name: 'port out of range', env: { PORT: '70000' }, message: /PORT must be an integer/ },
    {
      name: 'ICE_SERVERS not JSON',
      env: { ICE_SERVERS: 'stun:x' },
      message: /ICE_SERVERS must be a JSON array/,
    },
    { name: 'ICE_SERVERS an object', env: { ICE_SERVERS: '{"urls":"stun:x"}' }, message: /ICE_SERVERS/ },
    {
      name: 'ICE_SERVERS entry without urls',
      env: { ICE_SERVERS: '[{"url":"stun:x"}]' },
      message: /ICE_SERVERS/,
    },
    { name: 'REDIS_URL not redis', env: { REDIS_URL: 'http://x:6379' }, message: /REDIS_URL must be/ },
    { name: 'TURN_URLS without secret', env: { TURN_URLS: 'turn:t' }, message: /TURN_URLS and TURN_SECRET/ },
    { name: 'TURN_SECRET without urls', env: { TURN_SECRET: 'x' }, message: /TURN_URLS and TURN_SECRET/ },
    {
      name: 'TURN_URLS not turn:',
      env: { TURN_URLS: 'stun:s', TURN_SECRET: 'x' },
      message: /TURN_URLS must be turn:/,
    },
    {
      name: 'TURN_TTL_SECONDS too short',
      env: { TURN_URLS: 'turn:t', TURN_SECRET: 'x', TURN_TTL_SECONDS: '5' },
      message: /TURN_TTL_SECONDS/,
    },
    {
      name: 'unknown policy',
      env: { ICE_TRANSPORT_POLICY: 'none' },
      message: /ICE_TRANSPORT_POLICY must be/,
    },
    { name: 'relay without TURN', env: { ICE_TRANSPORT_POLICY: 'relay' }, message: /needs a TURN server/ },
    {
      name: 'RELAY neither on nor off',
      env: { RELAY: 'no' },
      message: /RELAY must be "on" or "off", got "no"/,
    },
  ])('explains a bad value: $name', ({ env, message }) => {
    expect(() => readServerEnv(env)).toThrow(message);
  });
});
