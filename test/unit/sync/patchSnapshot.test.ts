import { describe, expect, it } from 'vitest';
import * as A from '@automerge/automerge';
import { toPlain } from '../../../src/sync/log/patchSnapshot';

describe('toPlain', () => {
  it('reflects every change and shares the parts a change did not touch', () => {
    let doc = A.from<{ a: { x: number[] }; b: { q: number } }>({ a: { x: [1, 2] }, b: { q: 1 } });
    const first = toPlain(doc) as { a: { x: number[] }; b: { q: number } };
    doc = A.change(doc, (d) => void d.a.x.push(3));
    const second = toPlain(doc) as typeof first;
    expect(second).toEqual({ a: { x: [1, 2, 3] }, b: { q: 1 } });
    expect(first).toEqual({ a: { x: [1, 2] }, b: { q: 1 } });
    expect(second.b).toBe(first.b);
    expect(second.a).not.toBe(first.a);
  });

  it('reads immutable strings and counters as plain values', () => {
    const doc = A.from({ s: new A.ImmutableString('tile'), n: new A.Counter(4) });
    expect(toPlain(doc)).toEqual({ s: 'tile', n: 4 });
  });
});
