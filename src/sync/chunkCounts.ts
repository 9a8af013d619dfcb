import * as A from '@automerge/automerge';
import {
  ByteReader,
  CHANGE,
  CHUNK_HEADER_BYTES as HEADER_BYTES,
  CHUNK_MAGIC as MAGIC,
  COMPRESSED_CHANGE,
  DOCUMENT,
  HASH_BYTES,
  type Column,
} from './automergeBytes.ts';
import { joinBytes } from './chunking.ts';

// Automerge's binary format (automergeBytes), read only as far as counting a chunk's operations: a change's or a
// document's operations are columns, and the action column (RLE of unsigned LEB128) holds one value per operation.
const DEFLATED = 0b1000;
/** The action column's spec: column 4, unsigned LEB128. */
const ACTION_COLUMN = (4 << 4) | 2;
/** The action that makes a text object: this room stores every string whole (ImmutableString) and has no text. */
const MAKE_TEXT = 4;
/** How far a compressed chunk or column is inflated before it counts as too large to read. */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

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

async function countChunk(chunk: Uint8Array): Promise<ChunkCount | string> {
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
  if (!column) return { kind, operations: 0 };
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
