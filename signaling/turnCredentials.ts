import { createHmac, randomBytes } from 'node:crypto';
import type { IceServer, RuntimeConfig } from '../protocol/signaling.ts';

/** A TURN relay that checks time-limited credentials against a secret it shares with us (coturn's use-auth-secret). */
export type TurnSettings = {
  /** turn: / turns: URLs of the relay, handed to browsers as one ICE server entry. */
  urls: string[];
  /** The relay's static-auth-secret. */
  secret: string;
  /** How long a credential stays valid; it must outlast a game, as the relay checks it on every refresh. */
  ttlSeconds: number;
};

/** Default credential lifetime: a day, so a page left open through an evening keeps its relay. */
export const DEFAULT_TURN_TTL_SECONDS = 24 * 60 * 60;

/**
 * Credentials in the TURN REST scheme: username = "<expiry unix seconds>:<id>", credential = base64 of
 * HMAC-SHA1(secret, username). The relay recomputes the HMAC and refuses a username whose expiry has passed.
 */
export function turnCredentials(
  secret: string,
  expiresAtSeconds: number,
  id: string,
): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${id}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The runtime config one client receives: the base config plus, with TURN settings, fresh credentials of its own. */
export function runtimeConfigFor(
  base: RuntimeConfig,
  turn: TurnSettings | undefined,
  nowMs = Date.now(),
): RuntimeConfig {
  if (!turn) return base;
  // A random id per request: the relay's logs and quotas then tell clients apart, yet name nobody.
  const id = randomBytes(6).toString('hex');
  const expiresAt = Math.floor(nowMs / 1000) + turn.ttlSeconds;
  const relay: IceServer = { urls: [...turn.urls], ...turnCredentials(turn.secret, expiresAt, id) };
  return { ...base, iceServers: [...base.iceServers, relay] };
}
