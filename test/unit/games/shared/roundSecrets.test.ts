import { describe, expect, it, vi } from 'vitest';
import {
  knownRoundSecret,
  roundSecret,
  roundSecretKey,
  roundSecretsVersion,
  subscribeRoundSecrets,
} from '../../../../src/games/shared/roundSecrets';

describe('round secrets', () => {
  it('makes one secret per room, round and seat, known at once after it loads, and tells who listens', async () => {
    // Node has no IndexedDB: the page keeps its secrets in memory, as a private window that refuses IndexedDB does.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const key = roundSecretKey('room-secrets', 3, '2');
    expect(key).toBe('room-secrets/3/2');
    expect(knownRoundSecret(key)).toBeNull();
    const told = vi.fn();
    const stop = subscribeRoundSecrets(told);
    const version = roundSecretsVersion();
    const [a, b] = await Promise.all([roundSecret(key, true), roundSecret(key, true)]);
    expect(a).toBe(b);
    expect(a).toHaveLength(32);
    expect(knownRoundSecret(key)).toBe(a);
    expect(await roundSecret(key, true)).toBe(a);
    expect(told).toHaveBeenCalledTimes(1);
    expect(roundSecretsVersion()).toBe(version + 1);
    // A page that may not make a secret (the deck is keyed already) reads none where none is kept.
    const late = roundSecretKey('room-secrets', 3, '3');
    expect(await roundSecret(late, false)).toBeNull();
    expect(knownRoundSecret(late)).toBeNull();
    const other = await roundSecret(late, true);
    expect(other).not.toEqual(a);
    expect(await roundSecret(late, false)).toBe(other);
    stop();
    vi.restoreAllMocks();
  });
});
