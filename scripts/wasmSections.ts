/**
 * Custom sections of a WebAssembly module (section id 0) that nothing reads at run time. Automerge's wasm ships with
 * its functions' names (the `name` section, 687 KB of its 3.6 MB in 3.x), which only debuggers and stack traces of
 * the wasm itself use, and the tools that built it (`producers`).
 */
export const UNUSED_WASM_SECTIONS: ReadonlySet<string> = new Set(['name', 'producers']);

const MAGIC = [0x00, 0x61, 0x73, 0x6d];

/** The module without the custom sections named in `drop`; the same bytes when it has none of them. */
export function withoutCustomSections(
  wasm: Uint8Array<ArrayBuffer>,
  drop: ReadonlySet<string>,
): Uint8Array<ArrayBuffer> {
  if (wasm.length < 8 || MAGIC.some((byte, i) => wasm[i] !== byte))
    throw new Error('not a WebAssembly module');
  let at = 8;
  // An unsigned LEB128 number (sizes and name lengths), read from `at`.
  const number = (): number => {
    let value = 0;
    for (let shift = 1; ; shift *= 128) {
      if (at >= wasm.length) throw new Error('WebAssembly module ends inside a section header');
      const byte = wasm[at++];
      value += (byte & 0x7f) * shift;
      if ((byte & 0x80) === 0) return value;
    }
  };
  const kept: Uint8Array<ArrayBuffer>[] = [wasm.subarray(0, 8)];
  let dropped = false;
  while (at < wasm.length) {
    const start = at;
    const id = wasm[at++];
    const size = number();
    const end = at + size;
    if (end > wasm.length) throw new Error('WebAssembly section runs past the module');
    let keep = true;
    if (id === 0) {
      const length = number();
      keep = !drop.has(new TextDecoder().decode(wasm.subarray(at, at + length)));
    }
    if (keep) kept.push(wasm.subarray(start, end));
    else dropped = true;
    at = end;
  }
  if (!dropped) return wasm;
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
