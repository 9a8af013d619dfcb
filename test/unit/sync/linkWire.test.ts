import { describe, expect, it } from 'vitest';
import {
  isGreetingWire,
  isHelloWire,
  isNoteWire,
  isRepoWire,
  WIRE_LIMITS,
} from '../../../src/sync/link/linkWire.ts';
import { browserIdOf, isSameBrowser, makePeerId } from '../../../src/sync/mesh/peerIds.ts';

describe('peer wire guards', () => {
  it.each([
    {
      name: 'a hello',
      value: { kind: 'hello', peerId: 'a', peerMetadata: { storageId: 's' } },
      hello: true,
      repo: false,
    },
    { name: 'a hello without metadata', value: { kind: 'hello', peerId: 'a' }, hello: true, repo: false },
    { name: 'a hello with an empty id', value: { kind: 'hello', peerId: '' }, hello: false, repo: false },
    {
      name: 'a hello with bad metadata',
      value: { kind: 'hello', peerId: 'a', peerMetadata: 3 },
      hello: false,
      repo: false,
    },
    {
      name: 'a repo message',
      value: {
        kind: 'repo',
        message: { type: 'sync', senderId: 'a', targetId: 'b', data: new Uint8Array(1) },
      },
      hello: false,
      repo: true,
    },
    {
      name: 'a repo message without sender and target',
      value: { kind: 'repo', message: { type: 'sync', data: new Uint8Array(1) } },
      hello: false,
      repo: true,
    },
    {
      name: 'a repo message without a type',
      value: { kind: 'repo', message: { data: new Uint8Array(1) } },
      hello: false,
      repo: false,
    },
    {
      name: 'a repo message with string data',
      value: { kind: 'repo', message: { type: 'sync', senderId: 'a', targetId: 'b', data: 'x' } },
      hello: false,
      repo: false,
    },
    { name: 'null', value: null, hello: false, repo: false },
    { name: 'an array', value: ['hello'], hello: false, repo: false },
  ])('classifies $name', ({ value, hello, repo }) => {
    expect(isHelloWire(value)).toBe(hello);
    expect(isRepoWire(value)).toBe(repo);
  });
});

describe('peer wire bounds', () => {
  const long = (n: number) => 'x'.repeat(n + 1);
  it.each([
    {
      name: 'a hello with null metadata',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: 'a', peerMetadata: null },
      ok: true,
    },
    {
      name: 'a hello with an ephemeral flag and other keys',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: 'a', peerMetadata: { isEphemeral: true, future: 1 } },
      ok: true,
    },
    {
      name: 'a hello with array metadata',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: 'a', peerMetadata: [] },
      ok: false,
    },
    {
      name: 'a hello with a numeric storage id',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: 'a', peerMetadata: { storageId: 7 } },
      ok: false,
    },
    {
      name: 'a hello with an over-long storage id',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: 'a', peerMetadata: { storageId: long(WIRE_LIMITS.maxStringLength) } },
      ok: false,
    },
    {
      name: 'a hello with a non-boolean ephemeral flag',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: 'a', peerMetadata: { isEphemeral: 'yes' } },
      ok: false,
    },
    {
      name: 'a hello with an over-long peer id',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: long(WIRE_LIMITS.maxPeerIdLength) },
      ok: false,
    },
    {
      name: 'a hello with a nested peer id',
      guard: isHelloWire,
      value: { kind: 'hello', peerId: ['a'] },
      ok: false,
    },
    {
      name: 'a greeting',
      guard: isGreetingWire,
      value: { kind: 'greeting', topic: 'presence', greeting: { v: 1 } },
      ok: true,
    },
    {
      name: 'a greeting of null',
      guard: isGreetingWire,
      value: { kind: 'greeting', topic: 'logs?', greeting: null },
      ok: true,
    },
    {
      name: 'a greeting without content',
      guard: isGreetingWire,
      value: { kind: 'greeting', topic: 'presence' },
      ok: false,
    },
    {
      name: 'a greeting with an over-long topic',
      guard: isGreetingWire,
      value: { kind: 'greeting', topic: long(WIRE_LIMITS.maxTopicLength), greeting: 1 },
      ok: false,
    },
    {
      name: 'a greeting with a nested topic',
      guard: isGreetingWire,
      value: { kind: 'greeting', topic: { t: 'x' }, greeting: 1 },
      ok: false,
    },
    {
      name: 'a note',
      guard: isNoteWire,
      value: { kind: 'note', topic: 'entry', body: { entry: 'e', after: null } },
      ok: true,
    },
    { name: 'a note without a body', guard: isNoteWire, value: { kind: 'note', topic: 'entry' }, ok: false },
    {
      name: 'a greeting taken for a note',
      guard: isNoteWire,
      value: { kind: 'greeting', topic: 'entry', body: 1 },
      ok: false,
    },
    {
      name: 'a note with an over-long topic',
      guard: isNoteWire,
      value: { kind: 'note', topic: long(WIRE_LIMITS.maxTopicLength), body: 1 },
      ok: false,
    },
    {
      name: 'a repo message with an over-long type',
      guard: isRepoWire,
      value: { kind: 'repo', message: { type: long(WIRE_LIMITS.maxStringLength) } },
      ok: false,
    },
    {
      name: 'a repo message with an over-long document id',
      guard: isRepoWire,
      value: {
        kind: 'repo',
        message: { type: 'remote-heads-changed', documentId: long(WIRE_LIMITS.maxStringLength) },
      },
      ok: false,
    },
    {
      name: 'a repo message with a nested document id',
      guard: isRepoWire,
      value: { kind: 'repo', message: { type: 'remote-heads-changed', documentId: ['d'] } },
      ok: false,
    },
    {
      name: 'a repo message of a string',
      guard: isRepoWire,
      value: { kind: 'repo', message: 'sync' },
      ok: false,
    },
  ])('classifies $name', ({ guard, value, ok }) => {
    expect(guard(value)).toBe(ok);
  });
});

describe('peer ids', () => {
  it('joins a browser id and a tab id and recovers the browser', () => {
    const id = makePeerId('b1x', 'tab-7');
    expect(id).toBe('b1x-tab-7');
    expect(browserIdOf(id)).toBe('b1x');
    expect(isSameBrowser(id, makePeerId('b1x', 'other'))).toBe(true);
    expect(isSameBrowser(id, makePeerId('b2y', 'tab-7'))).toBe(false);
  });

  it('treats an id without a dash as its own browser', () => {
    expect(browserIdOf('alice')).toBe('alice');
    expect(isSameBrowser('alice', 'bob')).toBe(false);
  });

  it('refuses a browser id that would be ambiguous', () => {
    expect(() => makePeerId('a-b', 't')).toThrow();
    expect(() => makePeerId('', 't')).toThrow();
  });
});
