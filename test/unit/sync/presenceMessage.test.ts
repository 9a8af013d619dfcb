import { describe, expect, it } from 'vitest';
import {
  isPresenceMessage,
  isPresenceState,
  PRESENCE_LIMITS,
} from '../../../src/sync/presence/presenceMessage';

const ann = { id: 'u-ann', name: 'Ann', color: 'red' };
const state = (over: Record<string, unknown> = {}) => ({ x: 1, y: 2, user: ann, color: 'blue', ...over });
const long = (n: number) => 'x'.repeat(n + 1);
// The shape of a signed message; whether it is signed by its page is isSignedByItsPage's question (RoomPresence.test).
const signed = { key: `ed25519:${btoa('k'.repeat(32))}`, signature: 's'.repeat(88) };
const peer = { peerId: 'peer-ann' };

describe('presence message schemas', () => {
  it.each([
    { name: 'a state with a pointer', value: state(), ok: true },
    { name: 'a state without a pointer', value: state({ x: null, y: null }), ok: true },
    { name: 'a state with an unknown extra key', value: state({ extra: 1 }), ok: true },
    { name: 'an infinite x', value: state({ x: Infinity }), ok: false },
    { name: 'a NaN y', value: state({ y: Number.NaN }), ok: false },
    { name: 'a missing y', value: { x: 1, user: ann, color: 'blue' }, ok: false },
    { name: 'a string x', value: state({ x: '1' }), ok: false },
    {
      name: 'an over-long name',
      value: state({ user: { ...ann, name: long(PRESENCE_LIMITS.maxNameLength) } }),
      ok: false,
    },
    {
      name: 'an over-long user id',
      value: state({ user: { ...ann, id: long(PRESENCE_LIMITS.maxUserIdLength) } }),
      ok: false,
    },
    {
      name: 'an over-long user colour',
      value: state({ user: { ...ann, color: long(PRESENCE_LIMITS.maxColorLength) } }),
      ok: false,
    },
    { name: 'a nested name', value: state({ user: { ...ann, name: { first: 'Ann' } } }), ok: false },
    { name: 'a user as a list', value: state({ user: [ann] }), ok: false },
    { name: 'a colour outside the four', value: state({ color: 'red' }), ok: false },
    { name: 'null', value: null, ok: false },
  ])('a presence state: $name', ({ value, ok }) => {
    expect(isPresenceState(value)).toBe(ok);
  });

  it.each([
    {
      name: 'a state message',
      value: { roomPresence: { type: 'state', clientId: 5, seq: 0, ...peer, state: state(), ...signed } },
      ok: true,
    },
    {
      name: 'a state message numbered as high as a number stays exact',
      value: {
        roomPresence: {
          type: 'state',
          clientId: 5,
          seq: PRESENCE_LIMITS.maxSeq,
          ...peer,
          state: state(),
          ...signed,
        },
      },
      ok: true,
    },
    {
      name: 'a state message without its number',
      value: { roomPresence: { type: 'state', clientId: 5, state: state() } },
      ok: false,
    },
    {
      name: 'a state message with a negative number',
      value: { roomPresence: { type: 'state', clientId: 5, seq: -1, ...peer, state: state(), ...signed } },
      ok: false,
    },
    {
      name: 'a state message with a fractional number',
      value: { roomPresence: { type: 'state', clientId: 5, seq: 0.5, ...peer, state: state(), ...signed } },
      ok: false,
    },
    { name: 'a goodbye', value: { roomPresence: { type: 'bye', clientId: 0, ...signed } }, ok: true },
    {
      name: 'the largest 32-bit client id',
      value: { roomPresence: { type: 'bye', clientId: PRESENCE_LIMITS.maxClientId, ...signed } },
      ok: true,
    },
    {
      name: 'a client id past 32 bits',
      value: { roomPresence: { type: 'bye', clientId: PRESENCE_LIMITS.maxClientId + 1, ...signed } },
      ok: false,
    },
    {
      name: 'a fractional client id',
      value: { roomPresence: { type: 'bye', clientId: 1.5, ...signed } },
      ok: false,
    },
    {
      name: 'a string client id',
      value: { roomPresence: { type: 'bye', clientId: '5', ...signed } },
      ok: false,
    },
    {
      name: 'a state message without its state',
      value: { roomPresence: { type: 'state', clientId: 5 } },
      ok: false,
    },
    {
      name: 'a state message with a bad state',
      value: {
        roomPresence: {
          type: 'state',
          clientId: 5,
          seq: 0,
          ...peer,
          state: state({ color: 'red' }),
          ...signed,
        },
      },
      ok: false,
    },
    {
      name: 'a state message without its key and signature',
      value: { roomPresence: { type: 'state', clientId: 5, seq: 0, ...peer, state: state() } },
      ok: false,
    },
    {
      name: 'a state message without the peer it speaks through',
      value: { roomPresence: { type: 'state', clientId: 5, seq: 0, state: state(), ...signed } },
      ok: false,
    },
    { name: 'an unsigned goodbye', value: { roomPresence: { type: 'bye', clientId: 5 } }, ok: false },
    {
      name: 'a goodbye with a key of an unknown kind',
      value: { roomPresence: { type: 'bye', clientId: 5, ...signed, key: `rsa:${btoa('k'.repeat(32))}` } },
      ok: false,
    },
    {
      name: 'a goodbye with an over-long signature',
      value: {
        roomPresence: {
          type: 'bye',
          clientId: 5,
          ...signed,
          signature: long(PRESENCE_LIMITS.maxSignatureLength),
        },
      },
      ok: false,
    },
    { name: 'an unknown type', value: { roomPresence: { type: 'hello', clientId: 5 } }, ok: false },
    {
      name: 'a message nested once more',
      value: { roomPresence: { roomPresence: { type: 'bye', clientId: 5, ...signed } } },
      ok: false,
    },
    {
      name: 'a list of messages',
      value: [{ roomPresence: { type: 'bye', clientId: 5, ...signed } }],
      ok: false,
    },
  ])('a presence message: $name', ({ value, ok }) => {
    expect(isPresenceMessage(value)).toBe(ok);
  });
});
