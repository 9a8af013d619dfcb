/**
 * Automerge's binary formats, as far as this room reads them without Automerge: a chunk is 4 magic bytes, a 4-byte
 * checksum (the first bytes of the SHA-256 of its type, length and contents), its type, its length (LEB128) and its
 * contents. A sync message is a type byte, its heads, the hashes it needs, what it has (the last heads in sync and a
 * bloom filter of the changes since), the chunks it carries, and what later versions add after them.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export const CHUNK_MAGIC = [0x85, 0x6f, 0x4a, 0x83];
/** Magic bytes, checksum and type: what comes before a chunk's length. */
export const CHUNK_HEADER_BYTES = 9;
export const DOCUMENT = 0;
export const CHANGE = 1;
export const COMPRESSED_CHANGE = 2;
export const HASH_BYTES = 32;
const CHECKSUM_BYTES = 4;
/** The first byte of a sync message: version 1 and version 2 of Automerge's sync protocol. */
const SYNC_MESSAGE_TYPES = [0x42, 0x43];

/** One column of a change or a document: its spec and its bytes. */
export type Column = { spec: number; data: Uint8Array };

/** Reads LEB128 numbers and spans, throwing past the end (the chunk is then unreadable). */
export class ByteReader {
  constructor(
    readonly bytes: Uint8Array,
    public at: number,
  ) {}

  uleb(): number {
    let value = 0;
    for (let shift = 0; shift < 53; shift += 7) {
      const byte = this.#next();
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new RangeError('LEB128 too long');
  }

  sleb(): number {
    let value = 0;
    for (let shift = 0; shift < 53; shift += 7) {
      const byte = this.#next();
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return byte & 0x40 ? value - 2 ** (shift + 7) : value;
    }
    throw new RangeError('LEB128 too long');
  }

  /** The next count bytes, as a view. */
  span(count: number): Uint8Array {
    const start = this.at;
    this.skip(count);
    return this.bytes.subarray(start, this.at);
  }

  /** A LEB128 count of hashes, then the hashes. */
  hashes(): Uint8Array[] {
    const count = this.uleb();
    if (this.at + count * HASH_BYTES > this.bytes.length) throw new RangeError('past the end');
    return Array.from({ length: count }, () => this.span(HASH_BYTES));
  }

  skip(count: number): void {
    if (this.at + count > this.bytes.length) throw new RangeError('past the end');
    this.at += count;
  }

  columnsMeta(): { spec: number; length: number }[] {
    const meta: { spec: number; length: number }[] = [];
    for (let n = this.uleb(); n > 0; n--) meta.push({ spec: this.uleb(), length: this.uleb() });
    return meta;
  }

  columns(meta: { spec: number; length: number }[]): Column[] {
    return meta.map(({ spec, length }) => {
      const data = this.bytes.subarray(this.at, this.at + length);
      this.skip(length);
      return { spec, data };
    });
  }

  #next(): number {
    if (this.at >= this.bytes.length) throw new RangeError('past the end');
    return this.bytes[this.at++];
  }
}

/** True when a and b hold the same bytes. */
export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Appends value as unsigned LEB128. */
export function writeUleb(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** A sync message's parts, each hash and chunk a view of the message's bytes. */
export type SyncMessageParts = {
  type: number;
  heads: Uint8Array[];
  need: Uint8Array[];
  have: { lastSync: Uint8Array[]; bloom: Uint8Array }[];
  chunks: Uint8Array[];
  /** What a later version of the protocol adds after the chunks, kept as it came. */
  tail: Uint8Array;
};

/** A sync message's parts, or null when it is not one this reader knows. */
export function readSyncMessage(message: Uint8Array): SyncMessageParts | null {
  if (!SYNC_MESSAGE_TYPES.includes(message[0])) return null;
  try {
    const r = new ByteReader(message, 1);
    const heads = r.hashes();
    const need = r.hashes();
    const have: SyncMessageParts['have'] = [];
    for (let n = r.uleb(); n > 0; n--) have.push({ lastSync: r.hashes(), bloom: r.span(r.uleb()) });
    const chunks: Uint8Array[] = [];
    for (let n = r.uleb(); n > 0; n--) chunks.push(r.span(r.uleb()));
    return { type: message[0], heads, need, have, chunks, tail: message.subarray(r.at) };
  } catch {
    return null;
  }
}

/** The bytes of a sync message made of parts: readSyncMessage's inverse. */
export function writeSyncMessage(parts: SyncMessageParts): Uint8Array {
  const out: number[] = [parts.type];
  const bytes = (b: Uint8Array) => {
    for (const byte of b) out.push(byte);
  };
  const hashes = (list: Uint8Array[]) => {
    writeUleb(out, list.length);
    list.forEach(bytes);
  };
  hashes(parts.heads);
  hashes(parts.need);
  writeUleb(out, parts.have.length);
  for (const { lastSync, bloom } of parts.have) {
    hashes(lastSync);
    writeUleb(out, bloom.length);
    bytes(bloom);
  }
  writeUleb(out, parts.chunks.length);
  for (const chunk of parts.chunks) {
    writeUleb(out, chunk.length);
    bytes(chunk);
  }
  bytes(parts.tail);
  return Uint8Array.from(out);
}

/**
 * A chunk without what its contents determine: its type, contents and hash, or null when it is not a whole chunk
 * whose checksum and length are the ones its contents give.
 */
export function chunkContents(
  chunk: Uint8Array,
): { type: number; contents: Uint8Array; hash: Uint8Array } | null {
  if (chunk.length <= CHUNK_HEADER_BYTES || CHUNK_MAGIC.some((byte, i) => chunk[i] !== byte)) return null;
  try {
    const r = new ByteReader(chunk, CHUNK_HEADER_BYTES);
    const contents = r.span(r.uleb());
    if (r.at !== chunk.length) return null;
    const hash = chunkHash(chunk[8], contents);
    const whole = wholeChunk(chunk[8], contents, hash);
    return sameBytes(whole, chunk) ? { type: chunk[8], contents, hash } : null;
  } catch {
    return null;
  }
}

/** The SHA-256 of a chunk's type, length and contents: a change's hash, and the source of every chunk's checksum. */
export function chunkHash(type: number, contents: Uint8Array): Uint8Array {
  const head: number[] = [type];
  writeUleb(head, contents.length);
  return sha256.create().update(Uint8Array.from(head)).update(contents).digest();
}

/** The chunk of a type and contents: magic bytes, checksum, type, length and contents. */
export function wholeChunk(type: number, contents: Uint8Array, hash = chunkHash(type, contents)): Uint8Array {
  const head: number[] = [...CHUNK_MAGIC, ...hash.subarray(0, CHECKSUM_BYTES), type];
  writeUleb(head, contents.length);
  const chunk = new Uint8Array(head.length + contents.length);
  chunk.set(head, 0);
  chunk.set(contents, head.length);
  return chunk;
}

/** A change chunk's contents as its dependencies (hashes) and the rest, or null when they would not rebuild. */
export function changeDeps(contents: Uint8Array): { deps: Uint8Array[]; rest: Uint8Array } | null {
  try {
    const r = new ByteReader(contents, 0);
    const deps = r.hashes();
    const rest = contents.subarray(r.at);
    // Only contents that changeContents gives back as they were (their count written as Automerge writes it).
    return changeContents(deps, rest).length === contents.length ? { deps, rest } : null;
  } catch {
    return null;
  }
}

/** A change chunk's contents from its dependencies and the rest: changeDeps' inverse. */
export function changeContents(deps: readonly Uint8Array[], rest: Uint8Array): Uint8Array {
  const head: number[] = [];
  writeUleb(head, deps.length);
  const contents = new Uint8Array(head.length + deps.length * HASH_BYTES + rest.length);
  contents.set(head, 0);
  deps.forEach((hash, i) => contents.set(hash, head.length + i * HASH_BYTES));
  contents.set(rest, head.length + deps.length * HASH_BYTES);
  return contents;
}

/** The heads a document chunk's contents name (after its actors), or null when they cannot be read. */
export function documentHeads(contents: Uint8Array): Uint8Array[] | null {
  try {
    const r = new ByteReader(contents, 0);
    for (let n = r.uleb(); n > 0; n--) r.skip(r.uleb());
    return r.hashes();
  } catch {
    return null;
  }
}

/** Bits per entry and probes of the bloom filters Automerge's sync messages carry (a 1% false-positive rate). */
const BLOOM_BITS_PER_ENTRY = 10;
const BLOOM_PROBES = 7;

/** The bloom filter of a set of change hashes as Automerge's sync protocol writes it (empty for no hashes). */
export function bloomOf(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length === 0) return new Uint8Array(0);
  const bits = new Uint8Array(Math.ceil((hashes.length * BLOOM_BITS_PER_ENTRY) / 8));
  const modulo = 8 * bits.length;
  const word = (h: Uint8Array, at: number) =>
    ((h[at] | (h[at + 1] << 8) | (h[at + 2] << 16) | (h[at + 3] << 24)) >>> 0) % modulo;
  for (const hash of hashes) {
    let [x, y] = [word(hash, 0), word(hash, 4)];
    const z = word(hash, 8);
    for (let probe = 0; probe < BLOOM_PROBES; probe++) {
      bits[x >>> 3] |= 1 << (x & 7);
      [x, y] = [(x + y) % modulo, (y + z) % modulo];
    }
  }
  const head: number[] = [];
  writeUleb(head, hashes.length);
  writeUleb(head, BLOOM_BITS_PER_ENTRY);
  writeUleb(head, BLOOM_PROBES);
  return Uint8Array.from([...head, ...bits]);
}
