import { DEFAULT_ICE_SERVERS, isIceServer, type RuntimeConfig } from './protocol.ts';

/** What the deployment decides through the environment. */
export type ServerEnv = { port: number; host: string; config: RuntimeConfig };

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '0.0.0.0';
const ICE_EXAMPLE =
  '[{"urls":"stun:stun.example.org:3478"},{"urls":"turn:turn.example.org","username":"u","credential":"p"}]';

/**
 * Reads PORT (default 8080), HOST (default 0.0.0.0) and ICE_SERVERS (a JSON array of RTCIceServer,
 * default the five public STUN servers). Throws an Error whose message says how to fix a bad value.
 */
export function readServerEnv(env: Record<string, string | undefined>): ServerEnv {
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || DEFAULT_HOST,
    config: { iceServers: parseIceServers(env.ICE_SERVERS) },
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(value)}.`);
  }
  return port;
}

function parseIceServers(value: string | undefined): RuntimeConfig['iceServers'] {
  if (value === undefined || value.trim() === '') return DEFAULT_ICE_SERVERS.map((s) => ({ ...s }));
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
