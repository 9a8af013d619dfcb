import * as A from '@automerge/automerge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../src/sync/jsonEqual';
import { patchInto, toPlain, type Json } from '../../src/sync/log/patchSnapshot';
import { fcSettings } from '../helpers/fcSettings';

// Small alphabets so random pairs share structure (the interesting case for a minimal diff).
const scalar = fc.oneof(fc.constantFrom(null, true, false, 0, 1, 2), fc.constantFrom('a', 'b', 'red5-0', ''));
const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z', 'tiles'), tie('value'), { maxKeys: 3 }),
  ),
})).value;
const state = fc.dictionary(fc.constantFrom('gameState', 'players', 'drawPile', 'message'), json, {
  maxKeys: 4,
});

function docHolding(a: Json): A.Doc<{ s: Record<string, unknown> }> {
  return A.change(A.init<{ s: Record<string, unknown> }>(), (d) => patchInto(d, 's', a, undefined));
}

describe('snapshot diff-patch', () => {
  it('turns a document holding a into exactly b', () => {
    fc.assert(
      fc.property(state, state, (a, b) => {
        const doc = docHolding(a);
        expect(toPlain(doc.s)).toEqual(a);
        const next = A.change(doc, (d) => patchInto(d, 's', b, toPlain(doc.s)));
        expect(toPlain(next.s)).toEqual(b);
      }),
      fcSettings(20240611, 200),
    );
  });

  it('touches no field whose value did not change, and writes nothing when nothing changed', () => {
    fc.assert(
      fc.property(state, state, (a, b) => {
        const doc = docHolding(a);
        let patches: A.Patch[] = [];
        const next = A.change(doc, { patchCallback: (p) => (patches = p) }, (d) =>
          patchInto(d, 's', b, toPlain(doc.s)),
        );
        if (jsonEqual(a, b)) expect(A.getHeads(next)).toEqual(A.getHeads(doc));
        for (const p of patches) {
          const key = p.path[1] as string | undefined;
          if (key !== undefined && key in a && key in b) expect(jsonEqual(a[key], b[key])).toBe(false);
        }
      }),
      fcSettings(20240612, 200),
    );
  });

  it('removes one element from a long list with one delete, not by rewriting the rest', () => {
    const pile = Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, hidden: true }));
    const doc = docHolding({ drawPile: pile });
    let patches: A.Patch[] = [];
    A.change(doc, { patchCallback: (p) => (patches = p) }, (d) =>
      patchInto(d, 's', { drawPile: pile.slice(1) }, toPlain(doc.s)),
    );
    expect(patches).toEqual([{ action: 'del', path: ['s', 'drawPile', 0] }]);
  });
});
