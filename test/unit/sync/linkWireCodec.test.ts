import * as A from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import type { Message } from '@automerge/automerge-repo/slim';
import { MAX_WIRE_STRINGS, RepoWireCodec, WIRE_LIMITS } from '../../../src/sync/link/linkWire.ts';

const data = new Uint8Array([1, 2, 3]);
const A_ID = 'ann-1';
const B = 'bob-1';

/** A_ID sender's codec and a receiver's codec of one link from A_ID to B. */
function link() {
  const out = new RepoWireCodec();
  const into = new RepoWireCodec();
  return {
    travel: (m: Record<string, unknown>) => {
      const wire = out.encode(m as Message, A_ID);
      return { wire, received: into.decode(wire, A_ID, B) };
    },
  };
}

describe('repo wire codec', () => {
  it('carries sync, request, ephemeral and doc-unavailable compactly, naming each document in full once', () => {
    const { travel } = link();
    const sync = travel({ type: 'sync', senderId: A_ID, targetId: B, documentId: 'doc', data });
    expect(sync.wire).toEqual([0, 'doc', data]);
    expect(sync.received).toEqual({ type: 'sync', senderId: A_ID, targetId: B, documentId: 'doc', data });
    const request = travel({ type: 'request', senderId: A_ID, targetId: B, documentId: 'doc', data });
    expect(request.wire).toEqual([1, 0, data]);
    expect(request.received).toMatchObject({ type: 'request', documentId: 'doc' });
    const ephemeral = {
      type: 'ephemeral',
      senderId: A_ID,
      targetId: B,
      documentId: 'doc',
      data,
      count: 7,
      sessionId: 's1',
    };
    expect(travel(ephemeral).wire).toEqual([2, 0, data, 7, 's1']);
    const again = travel({ ...ephemeral, count: 8 });
    expect(again.wire).toEqual([2, 0, data, 8, 1]);
    expect(again.received).toEqual({ ...ephemeral, count: 8 });
    const unavailable = travel({ type: 'doc-unavailable', senderId: A_ID, targetId: B, documentId: 'other' });
    expect(unavailable.wire).toEqual([3, 'other']);
    expect(unavailable.received).toEqual({
      type: 'doc-unavailable',
      senderId: A_ID,
      targetId: B,
      documentId: 'other',
    });
  });

  it('keeps the original sender of a relayed ephemeral message', () => {
    const { travel } = link();
    const relayed = {
      type: 'ephemeral',
      senderId: 'cem-1',
      targetId: B,
      documentId: 'doc',
      data,
      count: 1,
      sessionId: 's',
    };
    const { wire, received } = travel(relayed);
    expect(wire).toEqual([2, 'doc', data, 1, 's', 'cem-1']);
    expect(received).toEqual(relayed);
  });

  it('sends other message types in the general form, without sender and target', () => {
    const { travel } = link();
    const m = { type: 'remote-heads-changed', senderId: A_ID, targetId: B, documentId: 'doc', newHeads: {} };
    const { wire, received } = travel(m);
    expect(wire).toEqual({
      kind: 'repo',
      message: { type: 'remote-heads-changed', documentId: 'doc', newHeads: {} },
    });
    expect(received).toEqual(m);
  });

  it('refuses malformed wire values', () => {
    for (const wire of [
      null,
      [],
      ['sync', 'doc', data],
      [9, 'doc', data],
      [0, 5, data],
      [0, 'doc', 'not bytes'],
      [2, 'doc', data, 'x', 's'],
      [2, 'doc', data, 1, 3],
      [2, 'doc', data, 1, 's', 42],
      { kind: 'repo', message: { data } },
    ])
      expect(new RepoWireCodec().decode(wire, A_ID, B)).toBeNull();
  });

  it('refuses compact values past their bounds or in the wrong nesting, and remembers none of their strings', () => {
    const long = 'x'.repeat(WIRE_LIMITS.maxStringLength + 1);
    const into = new RepoWireCodec();
    for (const wire of [
      [0, long, data],
      [3, long],
      [0, MAX_WIRE_STRINGS, data],
      [0, -1, data],
      [0, 0.5, data],
      [0, ['doc'], data],
      [0, 'doc', [data]],
      [[0], 'doc', data],
      [2, 'doc', data, -1, 's'],
      [2, 'doc', data, 1.5, 's'],
      [2, 'doc', data, 1, long],
      [2, 'doc', data, 1, 's', ''],
      [2, 'doc', data, 1, 's', 'x'.repeat(WIRE_LIMITS.maxPeerIdLength + 1)],
      [2, 'doc', data, 1, 's', 'cem-1', 'extra'],
      [2, 'doc', data, 1],
    ])
      expect(into.decode(wire, A_ID, B)).toBeNull();
    // 'doc' never travelled in a well-formed message, so index 0 names nothing yet.
    expect(into.decode([0, 0, data], A_ID, B)).toBeNull();
  });

  it('remembers at most MAX_WIRE_STRINGS strings per direction and sends the rest in full', () => {
    const { travel } = link();
    for (let i = 0; i < MAX_WIRE_STRINGS + 5; i++) travel({ type: 'sync', documentId: `d${i}`, data });
    expect(travel({ type: 'sync', documentId: 'd3', data }).wire).toEqual([0, 3, data]);
    const late = travel({ type: 'sync', documentId: `d${MAX_WIRE_STRINGS + 2}`, data });
    expect(late.wire).toEqual([0, `d${MAX_WIRE_STRINGS + 2}`, data]);
    expect(late.received).toMatchObject({ documentId: `d${MAX_WIRE_STRINGS + 2}` });
  });
});

describe('sync messages', () => {
  it('travel as the very bytes Automerge wrote', () => {
    const data = A.generateSyncMessage(A.from({ n: 1 }), A.initSyncState())[1]!;
    const sync = { type: 'sync', senderId: A_ID, targetId: B, documentId: 'doc', data } as Message;
    const wire = new RepoWireCodec().encode(sync, A_ID);
    expect(wire).toEqual([0, 'doc', data]);
    expect(new RepoWireCodec().decode(wire, A_ID, B)).toEqual(sync);
  });

  it('refuses a form this build does not speak (an earlier build sent re-encoded sync messages as code 4)', () => {
    expect(new RepoWireCodec().decode([4, 'doc', [0x43, [5], [], [], []]], A_ID, B)).toBeNull();
  });
});
