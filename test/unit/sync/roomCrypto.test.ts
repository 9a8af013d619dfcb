import { describe, expect, it } from 'vitest';
import { decrypt, deriveRoomKey, encrypt } from '../../../src/sync/mesh/roomCrypto.ts';

describe('roomCrypto', async () => {
  const key = await deriveRoomKey('secret', 'room-1');

  it('round-trips JSON data through an opaque base64 string', async () => {
    const data = {
      type: 'signal',
      to: 'a',
      from: 'b',
      token: 3,
      signal: { sdp: 'x'.repeat(5000), type: 'offer' },
    };
    const sealed = await encrypt(key, data);
    expect(typeof sealed).toBe('string');
    expect(sealed).not.toContain('offer');
    expect(await decrypt(key, sealed)).toEqual(data);
  });

  it('uses a fresh IV for every message', async () => {
    expect(await encrypt(key, 1)).not.toBe(await encrypt(key, 1));
  });

  it('derives the same key from the same password and room on another peer', async () => {
    const other = await deriveRoomKey('secret', 'room-1');
    expect(await decrypt(other, await encrypt(key, 'hi'))).toBe('hi');
  });

  it.each([
    { name: 'a wrong password', password: 'guess', room: 'room-1' },
    { name: 'the same password in another room', password: 'secret', room: 'room-2' },
  ])('yields null with $name', async ({ password, room }) => {
    const wrong = await deriveRoomKey(password, room);
    expect(await decrypt(wrong, await encrypt(key, { a: 1 }))).toBeNull();
  });

  it('yields null for tampered ciphertext', async () => {
    const sealed = await encrypt(key, { a: 1 });
    const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] ^= 1;
    const tampered = btoa(String.fromCharCode(...bytes));
    expect(await decrypt(key, tampered)).toBeNull();
  });

  it.each([
    { name: 'not base64', value: '%%%' },
    { name: 'too short', value: btoa('abc') },
    { name: 'not a string', value: { type: 'announce', from: 'x' } },
    { name: 'empty', value: '' },
  ])('yields null for input that is $name', async ({ value }) => {
    expect(await decrypt(key, value)).toBeNull();
  });
});
