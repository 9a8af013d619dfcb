import * as A from '@automerge/automerge';
import { joinBytes } from '../link/frames.ts';

// Automerge's binary format, read only as far as counting a chunk's operations. A chunk is 4 magic bytes, a 4-byte
// checksum, its type, its length (LEB128) and its contents; a change's or a document's operations are columns, and the
// action column (RLE of unsigned LEB128) holds one value per operation. package.json pins Automerge exactly, and
// test/unit/sync/chunkCounts.test.ts counts real changes of the installed version: a format this code does not know
// is refused, never counted as nothing.
const MAGIC = [0x85, 0x6f, 0x4a, 0x83];
/** Magic bytes, checksum and type: what comes before a chunk's length. */
const HEADER_BYTES = 9;
const DOCUMENT = 0;
const CHANGE = 1;
const COMPRESSED_CHANGE = 2;
const HASH_BYTES = 32;
const DEFLATED = 0b1000;
/** The action column's spec: column 4, unsigned LEB128. */
const ACTION_COLUMN = (4 << 4) | 2;
/** The action that makes a text object: this room stores every string whole (ImmutableString) and has no text. */
const MAKE_TEXT = 4;
/** How far a compressed chunk or column is inflated before it counts as too large to read. */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

const UNKNOWN_LAYOUT = 'sent a chunk in a layout this build does not know';

/** What one chunk of a sync message holds, counted before Automerge applies any of it. */
export type ChunkCount = { kind: 'change' | 'document'; operations: number };

/**
 * The operations of each change or document a sync message carries, or the reason it is not one this room accepts
 * (unreadable, or making a text object, which no honest page of this room does). Async: a compressed chunk or column
 * is inflated first, and never beyond MAX_INFLATED_BYTES.
 */
export async function countSyncMessage(message: Uint8Array): Promise<ChunkCount[] | string> {
  let chunks: Uint8Array[];
  try {
    chunks = A.decodeSyncMessage(message).changes;
  } catch {
    return 'sent a sync message Automerge cannot read';
  }
  const counts: ChunkCount[] = [];
  for (const chunk of chunks) {
    const count = await countChunk(chunk).catch(() => 'sent a chunk that cannot be read');
    if (typeof count === 'string') return count;
    counts.push(count);
  }
  return counts;
}

/** What one chunk holds (see countSyncMessage). */
export async function countChunk(chunk: Uint8Array): Promise<ChunkCount | string> {
  if (chunk.length < HEADER_BYTES + 1 || MAGIC.some((byte, i) => chunk[i] !== byte))
    return 'sent a change that is no Automerge chunk';
  const reader = new ByteReader(chunk, HEADER_BYTES);
  const length = reader.uleb();
  const contents = chunk.subarray(reader.at, reader.at + length);
  if (contents.length !== length) return 'sent a truncated chunk';
  switch (chunk[8]) {
    case CHANGE:
      return countColumns('change', changeOpColumns(new ByteReader(contents, 0)));
    case COMPRESSED_CHANGE:
      return countColumns('change', changeOpColumns(new ByteReader(await inflate(contents), 0)));
    case DOCUMENT:
      return countColumns('document', documentOpColumns(new ByteReader(contents, 0)));
    default:
      return `sent a chunk of unknown type ${chunk[8]}`;
  }
}

/** A change's operation columns: after its deps, actor, seq, start op, time, message and other actors. */
function changeOpColumns(r: ByteReader): Column[] {
  r.skip(r.uleb() * HASH_BYTES);
  r.skip(r.uleb());
  r.uleb();
  r.uleb();
  r.sleb();
  r.skip(r.uleb());
  for (let n = r.uleb(); n > 0; n--) r.skip(r.uleb());
  return r.columns(r.columnsMeta());
}

/** A document's operation columns: after its actors, heads, and its change columns. */
function documentOpColumns(r: ByteReader): Column[] {
  for (let n = r.uleb(); n > 0; n--) r.skip(r.uleb());
  r.skip(r.uleb() * HASH_BYTES);
  const changeMeta = r.columnsMeta();
  const opMeta = r.columnsMeta();
  r.columns(changeMeta);
  return r.columns(opMeta);
}

async function countColumns(kind: ChunkCount['kind'], columns: Column[]): Promise<ChunkCount | string> {
  const column = columns.find((c) => (c.spec & ~DEFLATED) === ACTION_COLUMN);
  // Automerge leaves out empty columns, so a chunk without operations has none; one with operations but no action
  // column is in a layout this code does not know, and counting it as 0 would switch the limits off.
  if (!column) return columns.every((c) => c.data.length === 0) ? { kind, operations: 0 } : UNKNOWN_LAYOUT;
  const data = column.spec & DEFLATED ? await inflate(column.data) : column.data;
  let operations = 0;
  let makesText = false;
  const r = new ByteReader(data, 0);
  while (r.at < data.length) {
    const run = r.sleb();
    if (run > 0) {
      makesText ||= r.uleb() === MAKE_TEXT;
      operations += run;
    } else if (run < 0) {
      for (let i = 0; i < -run; i++) makesText ||= r.uleb() === MAKE_TEXT;
      operations += -run;
    } else operations += r.uleb();
  }
  return makesText ? 'sent a change that makes a text object' : { kind, operations };
}

/** Raw DEFLATE data inflated, refused beyond MAX_INFLATED_BYTES (a deflate bomb stops early). */
async function inflate(deflated: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([deflated as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_INFLATED_BYTES) throw new RangeError('inflates too large');
      parts.push(value);
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  return joinBytes(parts, size);
}

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
