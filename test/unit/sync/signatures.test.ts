import { describe, expect, it, vi } from 'vitest';
import type { LoggedAction } from '../../../src/sync/log/SyncedGame';
import { toBase64 } from '../../../src/sync/mesh/roomCrypto';
import {
  canonicalJson,
  isEntrySigner,
  needsVerifying,
  publicKeyText,
  signedText,
  verifyAhead,
  verifyLogAhead,
  verifySignature,
} from '../../../src/sync/signing/signatures';

/** A key pair as a browser makes it, and a signer of texts with it. */
async function browserKey(kind: 'ed25519' | 'p256') {
  const algorithm = kind === 'ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' };
  const pair = (await crypto.subtle.generateKey(algorithm, false, ['sign', 'verify'])) as CryptoKeyPair;
  const key = publicKeyText(kind, new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const params = kind === 'ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
  const sign = async (text: string) =>
    toBase64(
      new Uint8Array(await crypto.subtle.sign(params, pair.privateKey, new TextEncoder().encode(text))),
    );
  return { key, sign };
}

describe('signatures', () => {
  it('sign the same text whatever order the payload was written in', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
    expect(signedText('r', 'okey', 'okey/x', { b: 1, a: 2, signature: 'gone' })).toBe(
      signedText('r', 'okey', 'okey/x', { a: 2, b: 1 }),
    );
  });

  it.each(['ed25519', 'p256'] as const)(
    'verify a %s signature WebCrypto made, and nothing else, synchronously',
    async (kind) => {
      const { key, sign } = await browserKey(kind);
      const text = signedText('room1', 'okey', 'okey/tileDiscarded', { tileId: 'red1-0', n: Math.random() });
      const signature = await sign(text);
      expect(verifySignature(key, text, signature)).toBe(true);
      expect(verifySignature(key, `${text} `, signature)).toBe(false);
      const other = await browserKey(kind);
      expect(verifySignature(other.key, text, signature)).toBe(false);
      expect(verifySignature(key, text, 'not base64!')).toBe(false);
      expect(verifySignature('rsa:abc', text, signature)).toBe(false);
    },
  );

  it.each(['ed25519', 'p256'] as const)(
    'check a %s signature ahead with WebCrypto, so the fold finds it checked',
    async (kind) => {
      const { key, sign } = await browserKey(kind);
      const payload = { by: { id: 'u', name: 'U' }, signer: { seat: '1', seq: 3, key }, n: Math.random() };
      const action = { type: 'okey/tileFlipped', payload: { ...payload, signature: '' } };
      action.payload.signature = await sign(signedText('room1', 'okey', action.type, payload));
      expect(needsVerifying('room1', action)).toBe(true);
      await verifyAhead('room1', action);
      expect(needsVerifying('room1', action)).toBe(false);
      // Checked for its room only.
      expect(needsVerifying('room2', action)).toBe(true);
      await verifyAhead('room2', action);
      expect(needsVerifying('room2', action)).toBe(true);
    },
  );

  it('check each signature of a log once, however many checks of it are under way at once', async () => {
    const { key, sign } = await browserKey('ed25519');
    const log = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const payload = { n: i, signer: { seat: '1', seq: i + 1, key } };
        const signature = await sign(signedText('room3', 'okey', 'okey/x', payload));
        return JSON.stringify({
          id: `a1a1a1a1a1a1:${i}`,
          action: { type: 'okey/x', payload: { ...payload, signature } },
        });
      }),
    );
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      await Promise.all([verifyLogAhead('room3', log), verifyLogAhead('room3', log.slice(2))]);
      expect(verify).toHaveBeenCalledTimes(5);
      const actions = log.map((text) => (JSON.parse(text) as { action: LoggedAction }).action);
      expect(actions.some((action) => needsVerifying('room3', action))).toBe(false);
    } finally {
      verify.mockRestore();
    }
  });

  it('take a signer only with a seat, a positive sequence number and a well-formed key', async () => {
    const { key } = await browserKey('ed25519');
    expect(isEntrySigner({ seat: '1', seq: 1, key })).toBe(true);
    for (const bad of [
      { seat: 1, seq: 1, key },
      { seat: '1', seq: 0, key },
      { seat: '1', seq: 1.5, key },
      { seat: '1', seq: 1, key: 'ed25519:AAAA' },
      { seat: 'x'.repeat(33), seq: 1, key },
      null,
    ])
      expect(isEntrySigner(bad)).toBe(false);
  });
});
