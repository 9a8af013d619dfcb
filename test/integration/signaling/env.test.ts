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
    expect(env).toEqual({ port: 3000, host: '127.0.0.1', config: { iceServers } });
  });

  it('accepts an empty ICE_SERVERS array (no STUN at all)', () => {
    expect(readServerEnv({ ICE_SERVERS: '[]' }).config).toEqual({ iceServers: [] });
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
  ])('explains a bad value: $name', ({ env, message }) => {
    expect(() => readServerEnv(env)).toThrow(message);
  });
});
