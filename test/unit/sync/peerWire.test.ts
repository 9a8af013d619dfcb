import { describe, expect, it } from 'vitest';
import { isHelloWire, isRepoWire } from '../../../src/sync/peerWire.ts';
import { browserIdOf, isSameBrowser, makePeerId } from '../../../src/sync/peerIds.ts';

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
