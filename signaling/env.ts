import {
  DEFAULT_ICE_SERVERS,
  isIceServer,
  isIceTransportPolicy,
  type RuntimeConfig,
} from '../protocol/signaling.ts';
import { DEFAULT_TURN_TTL_SECONDS, type TurnSettings } from './turnCredentials.ts';

/** What the deployment decides through the environment; redis and turn are absent when not configured. */
export type ServerEnv = {
  port: number;
  host: string;
  config: RuntimeConfig;
  /** The built app's folder; null serves no files; absent means dist/ at the repository root. */
  staticDir?: string | null;
  redis?: RedisSettings;
  turn?: TurnSettings;
  /** False when RELAY=off: links that cannot open directly are not relayed. */
  relayFrames: boolean;
};

/** Where the instances of one deployment meet, and the channel prefix that keeps deployments sharing a Redis apart. */
export type RedisSettings = { url: string; channelPrefix: string };

type Env = Record<string, string | undefined>;

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '0.0.0.0';
/** Default Redis channel prefix; a topic's channel is the prefix followed by the room name. */
export const DEFAULT_CHANNEL_PREFIX = 'gameroom:signal:';
const ICE_EXAMPLE =
  '[{"urls":"stun:stun.example.org:3478"},{"urls":"turn:turn.example.org","username":"u","credential":"p"}]';

/**
 * Reads PORT (default 8080), HOST (default 0.0.0.0), STATIC_DIR (the built app, default dist/; "none" serves
 * signalling alone, for a deployment whose app comes from elsewhere), ICE_SERVERS (a JSON array of RTCIceServer, default
 * the five public STUN servers), ICE_TRANSPORT_POLICY (all | relay), REDIS_URL and REDIS_CHANNEL_PREFIX
 * (scale-out), TURN_URLS, TURN_SECRET and TURN_TTL_SECONDS (time-limited TURN credentials), RELAY (on | off,
 * default on: relay the frames of links that cannot open directly).
 * Throws an Error whose message says how to fix a bad value.
 */
export function readServerEnv(env: Env): ServerEnv {
  const config: RuntimeConfig = { iceServers: parseIceServers(env.ICE_SERVERS) };
  const turn = parseTurn(env);
  const policy = blank(env.ICE_TRANSPORT_POLICY) ? undefined : env.ICE_TRANSPORT_POLICY?.trim();
  if (policy !== undefined) {
    if (!isIceTransportPolicy(policy)) {
      throw new Error(`ICE_TRANSPORT_POLICY must be "all" or "relay", got ${JSON.stringify(policy)}.`);
    }
    if (policy === 'relay' && !turn && !config.iceServers.some(isTurnServer)) {
      throw new Error('ICE_TRANSPORT_POLICY=relay needs a TURN server: set TURN_URLS and TURN_SECRET.');
    }
    config.iceTransportPolicy = policy;
  }
  const redis = parseRedis(env);
  const staticDir = env.STATIC_DIR?.trim();
  const relay = blank(env.RELAY) ? 'on' : env.RELAY?.trim();
  if (relay !== 'on' && relay !== 'off')
    throw new Error(`RELAY must be "on" or "off", got ${JSON.stringify(relay)}.`);
  return {
    relayFrames: relay === 'on',
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || DEFAULT_HOST,
    config,
    ...(staticDir ? { staticDir: staticDir === 'none' ? null : staticDir } : {}),
    ...(redis ? { redis } : {}),
    ...(turn ? { turn } : {}),
  };
}

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

function parsePort(value: string | undefined): number {
  if (value === undefined || blank(value)) return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(value)}.`);
  }
  return port;
}

function parseIceServers(value: string | undefined): RuntimeConfig['iceServers'] {
  if (value === undefined || blank(value)) return DEFAULT_ICE_SERVERS.map((s) => ({ ...s }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every(isIceServer)) {
    throw new Error(`ICE_SERVERS must be a JSON array of RTCIceServer objects, e.g. ${ICE_EXAMPLE}`);
  }
  return parsed;
}

function parseRedis(env: Env): RedisSettings | undefined {
  if (blank(env.REDIS_URL)) return undefined;
  const url = (env.REDIS_URL ?? '').trim();
  const protocol = urlProtocol(url);
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new Error(
      `REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379, got ${JSON.stringify(url)}.`,
    );
  }
  const channelPrefix = blank(env.REDIS_CHANNEL_PREFIX)
    ? DEFAULT_CHANNEL_PREFIX
    : (env.REDIS_CHANNEL_PREFIX ?? '');
  return { url, channelPrefix };
}

function parseTurn(env: Env): TurnSettings | undefined {
  const urlsSet = !blank(env.TURN_URLS);
  if (!urlsSet && blank(env.TURN_SECRET)) return undefined;
  if (!urlsSet || blank(env.TURN_SECRET)) {
    throw new Error('TURN_URLS and TURN_SECRET go together: set both (or neither).');
  }
  const urls = (env.TURN_URLS ?? '').split(/[\s,]+/).filter((u) => u !== '');
  const bad = urls.find((u) => !/^turns?:[^\s]+$/.test(u));
  if (bad !== undefined) {
    throw new Error(
      `TURN_URLS must be turn: or turns: URLs separated by commas, e.g. turn:turn.example.org:3478?transport=udp, got ${JSON.stringify(bad)}.`,
    );
  }
  return { urls, secret: env.TURN_SECRET ?? '', ttlSeconds: parseTtl(env.TURN_TTL_SECONDS) };
}

function parseTtl(value: string | undefined): number {
  if (value === undefined || blank(value)) return DEFAULT_TURN_TTL_SECONDS;
  const ttl = Number(value);
  if (!Number.isInteger(ttl) || ttl < 60) {
    throw new Error(
      `TURN_TTL_SECONDS must be a whole number of seconds, at least 60, got ${JSON.stringify(value)}.`,
    );
  }
  return ttl;
}

function isTurnServer(server: RuntimeConfig['iceServers'][number]): boolean {
  const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
  return urls.some((u) => /^turns?:/.test(u));
}

function urlProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}
