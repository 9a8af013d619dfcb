import * as A from '@automerge/automerge';
import { cbor } from '@automerge/automerge-repo';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANGE,
  chunkContents,
  readSyncMessage,
  wholeChunk,
  writeSyncMessage,
} from '../../../src/sync/automergeBytes.ts';
import { SyncWire, type LightSync } from '../../../src/sync/syncWire.ts';
import { fcSettings } from '../../helpers/fcSettings.ts';

type Doc = { log: string[]; n: number };

/** Two pages of one document and the two ends of their link, every sync message going through the link's wire. */
function pair(maxHashes?: number) {
  const pages = [
    { doc: A.from<Doc>({ log: [], n: 0 }), state: A.initSyncState(), wire: new SyncWire(maxHashes) },
    { doc: A.init<Doc>(), state: A.initSyncState(), wire: new SyncWire(maxHashes) },
  ];
  const carried: { light: LightSync | null; sent: Uint8Array; wireBytes: number }[] = [];
  /** Sync messages back and forth until neither page has one; each arrives as its sender wrote it. */
  const sync = () => {
    for (let round = 0; round < 20; round++) {
      let quiet = true;
      for (const [from, to] of [
        [0, 1],
        [1, 0],
      ]) {
        const [state, message] = A.generateSyncMessage(pages[from].doc, pages[from].state);
        pages[from].state = state;
        if (!message) continue;
        quiet = false;
        const light = pages[from].wire.encode(message);
        const travelled = cbor.encode(light ?? message);
        carried.push({ light, sent: message, wireBytes: travelled.byteLength });
        const arrived = light ? pages[to].wire.decode(cbor.decode(travelled)) : message;
        expect(arrived).toEqual(message);
        [pages[to].doc, pages[to].state] = A.receiveSyncMessage(pages[to].doc, pages[to].state, arrived!);
      }
      if (quiet) return;
    }
    throw new Error('the pages never stopped syncing');
  };
  const change = (page: number, entry: string) => {
    pages[page].doc = A.change(pages[page].doc, { message: entry, time: 1 }, (d) => {
      d.log.push(entry);
      d.n += 1;
    });
  };
  return { pages, carried, sync, change };
}

describe('sync messages made lighter on a link', () => {
  it('arrive as the very bytes Automerge wrote, from the first sync to concurrent changes, and the pages agree', () => {
    const { pages, carried, sync, change } = pair();
    sync();
    change(0, 'a1');
    sync();
    change(1, 'b1');
    change(0, 'a2');
    change(0, 'a3');
    sync();
    expect(carried.every((c) => c.light !== null)).toBe(true);
    expect(A.getHeads(pages[0].doc)).toEqual(A.getHeads(pages[1].doc));
    expect(pages[1].doc.log.toSorted()).toEqual(['a1', 'a2', 'a3', 'b1']);
  });

  it('send no hash the link already carried: a change and its answer name their heads in a few bytes', () => {
    const { carried, sync, change } = pair();
    sync();
    change(0, 'a1');
    sync();
    carried.length = 0;
    change(0, 'a2');
    sync();
    const [withChange, answer] = carried;
    // The change's heads are its own hash and go as nothing, and so does its bloom filter, which names only that
    // change; it follows a1, which the link carried.
    expect(withChange.light?.[1]).toBeNull();
    expect(withChange.light?.[3].map(([, bloom]) => bloom)).toEqual([true]);
    const chunk = withChange.light?.[4][0];
    expect(Array.isArray(chunk) && chunk.length === 3 && chunk[1].every((r) => typeof r === 'number')).toBe(
      true,
    );
    // The answer names the heads it just received by number, and its last sync, the same heads, as nothing: no 32-byte
    // hash at all.
    expect(answer.light?.[3].map(([lastSync]) => lastSync)).toEqual([null]);
    expect(answer.sent.byteLength).toBeGreaterThan(64);
    expect(answer.wireBytes).toBeLessThan(32);
  });

  it('keep every message exact under random changes and syncs on both pages, numbering afresh when a book fills', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant('sync' as const), fc.integer({ min: 0, max: 1 })), { maxLength: 30 }),
        fc.integer({ min: 2, max: 12 }),
        (steps, maxHashes) => {
          const { pages, sync, change } = pair(maxHashes);
          sync();
          steps.forEach((step, i) => (step === 'sync' ? sync() : change(step, `e${i}`)));
          sync();
          expect(A.getHeads(pages[0].doc)).toEqual(A.getHeads(pages[1].doc));
          expect(pages[0].doc.log).toHaveLength(steps.filter((s) => s !== 'sync').length);
        },
      ),
      fcSettings(20261127, 60),
    );
  });

  it('leave alone a message they cannot read or rebuild byte for byte: it travels as it is', () => {
    const wire = new SyncWire();
    expect(wire.encode(Uint8Array.of(0x99, 1, 2))).toBeNull();
    const { pages } = pair();
    const [, message] = A.generateSyncMessage(pages[0].doc, pages[0].state);
    // A longer LEB128 count than Automerge writes reads the same but would not come back as it came.
    const parts = readSyncMessage(message!)!;
    const padded = Uint8Array.from([parts.type, 0x81, 0x00, ...message!.subarray(2)]);
    expect(parts.heads).toHaveLength(1);
    expect(writeSyncMessage(readSyncMessage(padded)!)).not.toEqual(padded);
    expect(wire.encode(padded)).toBeNull();
  });

  it('send a change whose dependency count is written longer than Automerge writes it whole, as it came', () => {
    let doc = A.from<Doc>({ log: [], n: 0 });
    doc = A.change(doc, (d) => d.log.push('x'));
    const { contents } = chunkContents(A.getLastLocalChange(doc)!)!;
    expect(contents[0]).toBe(1);
    const padded = Uint8Array.from([0x81, 0x00, ...contents.subarray(1)]);
    const chunk = wholeChunk(CHANGE, padded);
    const message = writeSyncMessage({
      type: 0x43,
      heads: [],
      need: [],
      have: [],
      chunks: [chunk],
      tail: new Uint8Array(0),
    });
    const light = new SyncWire().encode(message)!;
    expect(light[4]).toEqual([[CHANGE, padded]]);
    expect(new SyncWire().decode(light)).toEqual(message);
  });

  it('refuse a light form that is malformed or names a hash the link never carried', () => {
    const wire = new SyncWire();
    const empty = new Uint8Array(0);
    const hash = new Uint8Array(32);
    const good: LightSync = [0x43, [hash], [], [[[], empty]], [], empty];
    expect(wire.decode(good)).not.toBeNull();
    for (const bad of [
      null,
      'sync',
      [0x43, [hash], [], [], []],
      [0x43, [7], [], [], [], empty],
      [0x43, null, [], [], [], empty],
      [0x43, [new Uint8Array(31)], [], [], [], empty],
      [0x43, [-2], [], [], [], empty],
      [0x43, [hash], [], [[[1.5], empty]], [], empty],
      [0x43, [hash], [], [], [[1, [9], empty]], empty],
      [0x43, [hash], [], [], [[7, [], empty]], empty],
      [0x43, [hash], [], [], [new Uint8Array(20 * 1024)], empty],
      [0x43, [hash], [], [], [], 'tail'],
      [300, [hash], [], [], [], empty],
    ])
      expect(wire.decode(bad)).toBeNull();
  });
});
