import * as A from '@automerge/automerge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { countChunk, countSyncMessage } from '../../../src/sync/document/operationCounts';
import { fcSettings } from '../../helpers/fcSettings';

type Doc = { list: unknown[]; map: Record<string, unknown> };

/** Every sync message from one document to another until they agree, as the receiving Repo would get them. */
function syncMessages(from: A.Doc<Doc>, to: A.Doc<Doc>): Uint8Array[] {
  const messages: Uint8Array[] = [];
  let [ours, theirs] = [A.initSyncState(), A.initSyncState()];
  for (let round = 0; round < 6; round++) {
    let message: Uint8Array | null;
    [ours, message] = A.generateSyncMessage(from, ours);
    if (message) {
      messages.push(message);
      [to, theirs] = A.receiveSyncMessage(to, theirs, message);
    }
    [theirs, message] = A.generateSyncMessage(to, theirs);
    if (message) [from, ours] = A.receiveSyncMessage(from, ours, message);
  }
  return messages;
}

const genesis = A.save(A.from<Doc>({ list: [], map: {} }));
const operationsOf = (change: Uint8Array) => A.decodeChange(change).ops.length;

async function countAll(messages: Uint8Array[]) {
  const counts = [];
  for (const message of messages) {
    const result = await countSyncMessage(message);
    if (typeof result === 'string') return result;
    counts.push(...result);
  }
  return counts;
}

describe('countSyncMessage', () => {
  it('counts the operations of each change a peer sends as Automerge itself decodes them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ push: fc.integer({ min: 1, max: 300 }) }),
            fc.record({ set: fc.string({ maxLength: 6 }), text: fc.string({ maxLength: 200 }) }),
            fc.record({ drop: fc.integer({ min: 1, max: 50 }) }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (edits) => {
          // The receiver already has everything but the last change, so that one travels as a change (a receiver with
          // nothing beyond the genesis is sent the whole document instead).
          let doc = A.change(A.load<Doc>(genesis), (d) => {
            d.map.start = 1;
          });
          for (const edit of edits)
            doc = A.change(doc, (d) => {
              if ('push' in edit) for (let i = 0; i < edit.push; i++) d.list.push(i % 3 === 0 ? null : i);
              else if ('set' in edit) d.map[`k${edit.set}`] = new A.ImmutableString(edit.text);
              else d.list.splice(0, Math.min(edit.drop, d.list.length));
            });
          const before = A.load<Doc>(genesis);
          const all = A.getAllChanges(doc);
          // An edit with nothing to do makes no change.
          fc.pre(all.length > A.getAllChanges(before).length + 1);
          const [receiver] = A.applyChanges(before, all.slice(0, -1));
          const counts = await countAll(syncMessages(doc, receiver));
          const last = all[all.length - 1];
          expect(counts).toEqual([{ kind: 'change', operations: operationsOf(last) }]);
        },
      ),
      fcSettings(28, 40),
    );
  });

  it('counts a whole document sent to a page with nothing yet, its compressed columns inflated', async () => {
    let doc = A.load<Doc>(genesis);
    doc = A.change(doc, (d) => {
      for (let i = 0; i < 5000; i++) d.list.push(null);
      for (let i = 0; i < 2000; i++) d.map[`key${i}`] = i % 7 === 0 ? new A.ImmutableString(`v${i}`) : i * 31;
    });
    const counts = await countAll(syncMessages(doc, A.load<Doc>(genesis)));
    // The genesis's two objects, then every push and every key.
    expect(counts).toEqual([{ kind: 'document', operations: 2 + 5000 + 2000 }]);
  });

  it('refuses a change that makes a text object, which no page of this room writes', async () => {
    const receiver = A.load<Doc>(genesis);
    const doc = A.change(A.clone(receiver), (d) => {
      d.map.note = 'a plain string becomes a text';
    });
    expect(await countAll(syncMessages(doc, receiver))).toBe('sent a change that makes a text object');
  });

  it('says a message is unreadable instead of throwing', async () => {
    expect(await countSyncMessage(new Uint8Array([1, 2, 3]))).toBe(
      'sent a sync message Automerge cannot read',
    );
  });

  // A change chunk built by hand from Automerge's format: no deps, one actor byte, seq 1, start op 1, time 0, no
  // message, no other actors, then one column of the given spec holding one run of one action (a map's set).
  const handChange = (spec: number) => {
    const contents = [0, 1, 0xab, 1, 1, 0, 0, 0, 1, spec, 2, 1, 1];
    return new Uint8Array([0x85, 0x6f, 0x4a, 0x83, 0, 0, 0, 0, 1, contents.length, ...contents]);
  };

  it('counts a change written by hand from the format', async () => {
    expect(await countChunk(handChange(0x42))).toEqual({ kind: 'change', operations: 1 });
  });

  it('refuses a chunk whose operations are in a layout it does not know, rather than counting nothing', async () => {
    expect(await countChunk(handChange(0x43))).toBe('sent a chunk in a layout this build does not know');
  });

  it('counts an empty change as no operations', async () => {
    const doc = A.load<Doc>(genesis);
    const empty = A.getLastLocalChange(A.emptyChange(doc))!;
    expect(await countChunk(empty)).toEqual({ kind: 'change', operations: 0 });
  });

  it('runs against the Automerge version package.json pins exactly', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const installed = JSON.parse(readFileSync('node_modules/@automerge/automerge/package.json', 'utf8')) as {
      version: string;
    };
    expect(manifest.dependencies['@automerge/automerge']).toBe(installed.version);
    expect(manifest.dependencies['@automerge/automerge-repo']).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
