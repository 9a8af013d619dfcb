import * as A from '@automerge/automerge';
import { EventEmitter } from 'eventemitter3';
import { describe, expect, it } from 'vitest';
import type {
  Message,
  NetworkAdapterEvents,
  NetworkAdapterInterface,
  PeerId,
} from '@automerge/automerge-repo/slim';
import { GuardedNetworkAdapter } from '../../../src/sync/document/GuardedNetworkAdapter';
import { PEER_LIMITS } from '../../../src/sync/link/peerLimits';

/** A transport whose received messages the test injects. */
class FakeTransport extends EventEmitter<NetworkAdapterEvents> implements NetworkAdapterInterface {
  readonly sent: Message[] = [];
  isReady = () => true;
  whenReady = () => Promise.resolve();
  connect(): void {}
  send(message: Message): void {
    this.sent.push(message);
  }
  disconnect(): void {}
}

type Doc = { list: unknown[] };
const genesis = A.save(A.from<Doc>({ list: [] }));

/** A sync message carrying one change of n operations (pushes into a list the receiver knows). */
function syncWithOperations(n: number, text = false): Uint8Array {
  const base = A.change(A.load<Doc>(genesis), (d) => d.list.push(0));
  const next = A.change(A.clone(base), (d) => {
    if (text) d.list.push('a text');
    for (let i = 0; i < n; i++) d.list.push(i);
  });
  // What base's holder would be sent: the last change only.
  const receiver = A.clone(base);
  let state = A.initSyncState();
  const [, ask] = A.generateSyncMessage(receiver, A.initSyncState());
  [, state] = A.receiveSyncMessage(next, state, ask!);
  const [, message] = A.generateSyncMessage(next, state);
  // The receiver's Bloom filter can claim the new change by chance (about 1 in 100): the message then carries none,
  // and the test would measure nothing. Make another change (new random hashes) until the message carries it.
  if (A.decodeSyncMessage(message!).changes.length === 0) return syncWithOperations(n, text);
  return message!;
}

const sync = (from: string, data: Uint8Array): Message =>
  ({ type: 'sync', senderId: from as PeerId, targetId: 'me' as PeerId, documentId: 'doc', data }) as Message;

function setup(limits = PEER_LIMITS) {
  const transport = new FakeTransport();
  const breaches: [string, string][] = [];
  const warnings: string[] = [];
  let now = 0;
  const guard = new GuardedNetworkAdapter(transport, {
    limits,
    onBreach: (peerId, reason) => breaches.push([peerId, reason]),
    log: (message) => warnings.push(message),
    now: () => now,
  });
  const received: Message[] = [];
  const gone: string[] = [];
  guard.on('message', (m) => received.push(m));
  guard.on('peer-disconnected', ({ peerId }) => gone.push(peerId));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { transport, guard, breaches, warnings, received, gone, settle, tick: (ms: number) => (now += ms) };
}

describe('GuardedNetworkAdapter', () => {
  it('passes honest messages on in their order, and what the Repo sends goes out', async () => {
    const { transport, guard, received, gone } = setup();
    const messages = [sync('ann', syncWithOperations(3)), sync('ann', syncWithOperations(400))];
    const ephemeral = { type: 'ephemeral', senderId: 'ann', targetId: 'me', data: new Uint8Array(4) };
    for (const m of [...messages, ephemeral]) transport.emit('message', m as Message);
    await expect.poll(() => received.length).toBe(3);
    expect(received).toEqual([...messages, ephemeral]);
    expect(gone).toEqual([]);
    guard.send(sync('me', new Uint8Array(1)));
    expect(transport.sent).toHaveLength(1);
  });

  it('drops a peer whose change holds more operations than the limit, and ignores it for the ban', async () => {
    const limits = { ...PEER_LIMITS, maxChangeOperations: 100, banMs: 1000 };
    const { transport, breaches, warnings, received, gone, settle, tick } = setup(limits);
    transport.emit('message', sync('eve', syncWithOperations(101)));
    transport.emit('message', sync('eve', syncWithOperations(1)));
    transport.emit('message', sync('ann', syncWithOperations(1)));
    await expect.poll(() => received.length).toBe(1);
    await settle();
    expect(received.map((m) => m.senderId)).toEqual(['ann']);
    expect(gone).toEqual(['eve']);
    expect(breaches).toEqual([['eve', 'sent a change of more than 100 operations (101)']]);
    expect(warnings).toEqual(['guard: dropped peer eve: it sent a change of more than 100 operations (101)']);
    transport.emit('peer-candidate', { peerId: 'eve' as PeerId, peerMetadata: {} });
    tick(1000);
    transport.emit('message', sync('eve', syncWithOperations(1)));
    await expect.poll(() => received.map((m) => m.senderId)).toEqual(['ann', 'eve']);
  });

  it('drops a peer that makes a text object, sends a message over the size limit or too many', async () => {
    const limits = { ...PEER_LIMITS, maxMessageBytes: 10_000, maxMessagesPerWindow: 3 };
    const { transport, breaches, received, settle } = setup(limits);
    transport.emit('message', sync('tex', syncWithOperations(1, true)));
    transport.emit('message', sync('big', new Uint8Array(10_001)));
    for (let i = 0; i < 4; i++) transport.emit('message', sync('many', syncWithOperations(1)));
    await expect.poll(() => breaches.length).toBe(3);
    await settle();
    expect(breaches).toEqual([
      ['big', 'sent a message of more than 10000 bytes (10001)'],
      ['many', 'sent more than 3 messages in 10000 ms'],
      ['tex', 'sent a change that makes a text object'],
    ]);
    // Nothing of theirs reaches the Repo: the messages within the rate were still being checked when the fourth broke it.
    expect(received.map((m) => m.senderId)).toEqual([]);
  });
});
