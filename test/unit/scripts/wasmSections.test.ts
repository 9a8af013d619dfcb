import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as Automerge from '@automerge/automerge/slim';
import { describe, expect, it } from 'vitest';
import { UNUSED_WASM_SECTIONS, withoutCustomSections } from '../../../scripts/wasmSections';

const automergeWasm = new Uint8Array(
  readFileSync(createRequire(import.meta.url).resolve('@automerge/automerge/automerge.wasm')),
);

/** Which of the custom sections this test knows of the module has. */
function sections(wasm: Uint8Array<ArrayBuffer>): string[] {
  const module = new WebAssembly.Module(wasm);
  const custom = (name: string) => WebAssembly.Module.customSections(module, name).length;
  return [...UNUSED_WASM_SECTIONS, 'target_features'].filter((name) => custom(name) > 0);
}

// The smallest module there is (the header), and one with a custom section "name" holding "x".
const EMPTY = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const NAMED = new Uint8Array([...EMPTY, 0x00, 0x06, 0x04, ...new TextEncoder().encode('name'), 0x78]);

describe('withoutCustomSections', () => {
  it("drops the names and producers of Automerge's wasm and keeps the rest as it was", () => {
    expect(sections(automergeWasm)).toEqual(['name', 'producers', 'target_features']);
    const lean = withoutCustomSections(automergeWasm, UNUSED_WASM_SECTIONS);
    expect(WebAssembly.validate(lean)).toBe(true);
    expect(sections(lean)).toEqual(['target_features']);
    expect(automergeWasm.length - lean.length).toBeGreaterThan(600_000);
    // Everything before the names is the original's, byte for byte: only target_features (168 bytes) follows them.
    expect(
      Buffer.from(automergeWasm.subarray(0, lean.length - 200)).equals(Buffer.from(lean.subarray(0, -200))),
    ).toBe(true);
  });

  it('runs Automerge as well as the wasm it ships', async () => {
    await Automerge.initializeWasm(withoutCustomSections(automergeWasm, UNUSED_WASM_SECTIONS));
    let doc = Automerge.from<{ log: string[] }>({ log: [] });
    doc = Automerge.change(doc, (d) => d.log.push('okey/tileDiscarded'));
    expect(Automerge.load<{ log: string[] }>(Automerge.save(doc)).log).toEqual(['okey/tileDiscarded']);
  });

  it('gives back the same bytes when there is nothing to drop', () => {
    expect(withoutCustomSections(EMPTY, UNUSED_WASM_SECTIONS)).toBe(EMPTY);
    expect(withoutCustomSections(NAMED, new Set(['producers']))).toBe(NAMED);
    expect(withoutCustomSections(NAMED, UNUSED_WASM_SECTIONS)).toEqual(EMPTY);
  });

  it('refuses what is not a whole WebAssembly module', () => {
    expect(() =>
      withoutCustomSections(new TextEncoder().encode('<html>...</html>'), UNUSED_WASM_SECTIONS),
    ).toThrow('not a WebAssembly module');
    expect(() => withoutCustomSections(NAMED.subarray(0, 12), UNUSED_WASM_SECTIONS)).toThrow(
      'WebAssembly section runs past the module',
    );
    expect(() => withoutCustomSections(new Uint8Array([...EMPTY, 0x00, 0x80]), UNUSED_WASM_SECTIONS)).toThrow(
      'WebAssembly module ends inside a section header',
    );
  });
});
