import type { Redis } from 'ioredis';
import type { RelaySpend } from './relay.ts';

/** Adds to a room's count for one window (KEYS[1]) and answers the count. */
const SPEND_ROOM = `
local messages = redis.call('HINCRBY', KEYS[1], 'messages', ARGV[1])
local bytes = redis.call('HINCRBY', KEYS[1], 'bytes', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return { messages, bytes }`;

/** Sets or renews each key free or held by its holder (ARGV[i + 1]) for ARGV[1] ms; 1 for each so held, else 0. */
const CLAIM = `
local held = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == false or holder == ARGV[i + 1] then
    redis.call('SET', key, ARGV[i + 1], 'PX', ARGV[1])
    held[i] = 1
  else
    held[i] = 0
  end
end
return held`;

/** Keys one claim script touches at most. */
const CLAIM_BATCH = 500;

/** A key to hold, and who holds it (unique in the deployment). */
export type KeyClaim = { key: string; holder: string };

/** Deletes KEYS[1] if ARGV[1] holds it. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Adds spend to the count at key, which lasts ttlMs from now: the count, or null when Redis did not answer one. */
export function spendCount(
  redis: Redis,
  key: string,
  spend: RelaySpend,
  ttlMs: number,
): Promise<RelaySpend | null> {
  return redis.eval(SPEND_ROOM, 1, key, spend.messages, spend.bytes, ttlMs).then(
    (reply) => (isIntegers(reply, 2) ? { messages: reply[0], bytes: reply[1] } : null),
    () => null,
  );
}

/**
 * Claims each key for its holder for ttlMs, or renews the holder's claim, in one round trip per CLAIM_BATCH: whether
 * each holder now holds its key (false: another does), or null when Redis did not answer.
 */
export async function claimKeys(redis: Redis, claims: KeyClaim[], ttlMs: number): Promise<boolean[] | null> {
  const held: boolean[] = [];
  for (let i = 0; i < claims.length; i += CLAIM_BATCH) {
    const batch = claims.slice(i, i + CLAIM_BATCH);
    const keys = batch.map((c) => c.key);
    const holders = batch.map((c) => c.holder);
    const reply: unknown = await redis.eval(CLAIM, keys.length, ...keys, ttlMs, ...holders).catch(() => null);
    if (!isIntegers(reply, batch.length)) return null;
    held.push(...reply.map((n) => n === 1));
  }
  return held;
}

/** Gives up a claim, if its holder still holds the key. */
export function releaseKey(redis: Redis, { key, holder }: KeyClaim): void {
  // Unreleased, the claim lapses by itself.
  redis.eval(RELEASE, 1, key, holder).catch(() => undefined);
}

function isIntegers(reply: unknown, length: number): reply is number[] {
  return Array.isArray(reply) && reply.length === length && reply.every((n) => Number.isSafeInteger(n));
}
