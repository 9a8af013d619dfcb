/**
 * Automerge's sync messages made lighter on one link. Every message names the sender's heads, every change names the
 * changes it follows, and answers name the heads just received: 32 random bytes each that no deflate window has seen.
 * Here a hash that already travelled on the link, either way, goes as a small number; heads that the message's one
 * change or document gives go as nothing; and a chunk goes without its magic bytes, checksum and length, which its
 * contents give back. The receiver rebuilds the very bytes Automerge wrote: nothing Automerge reads is changed, and
 * Automerge still checks all of it.
 *
 * Both ends number the hashes the same way because the channel is ordered and reliable: after each message, sender
 * and receiver add the hashes it named that the link had not carried yet that way, in the same order.
 */
import {
  bloomOf,
  CHANGE,
  changeContents,
  changeDeps,
  chunkContents,
  chunkHash,
  documentHeads,
  DOCUMENT,
  HASH_BYTES,
  readSyncMessage,
  sameBytes,
  wholeChunk,
  writeSyncMessage,
  type SyncMessageParts,
} from './automergeBytes.ts';

/** How many hashes a link numbers each way before it starts again from none (both ends at the same message). */
export const MAX_LINK_HASHES = 4096;
/** The largest sync message made lighter, and the largest one rebuilt: one frame's worth, what an action sends. */
export const MAX_LIGHT_SYNC_BYTES = 16 * 1024;

/**
 * A hash in full (its first time on the link) or its number: 2d the hash d places before the last the sender sent
 * (counted back, as the receiver has read all of those: the numbers a page repeats stay small), 2i+1 the hash i it
 * received (counted from the first: the receiver may have sent more since).
 */
type HashRef = Uint8Array | number;
/** A chunk as it came; a chunk's type and contents; or a change's type, dependencies and the rest of its contents. */
type LightChunk = Uint8Array | [number, Uint8Array] | [number, HashRef[], Uint8Array];
/**
 * A sync message made lighter: [type, heads (null: those its one chunk gives), need, have, chunks, tail], each have
 * its last sync (null: the same as the heads, as in an answer that has nothing new) and its bloom filter (true: the
 * filter of the changes the message carries).
 */
export type LightSync = [
  number,
  HashRef[] | null,
  HashRef[],
  [HashRef[] | null, Uint8Array | true][],
  LightChunk[],
  Uint8Array,
];

/** What a chunk names: the hashes it depends on, and the heads it gives (a change's own hash, a document's heads). */
type Named = { deps: Uint8Array[]; gives: Uint8Array[]; change: boolean };

/** The hashes one direction of a link has carried, by number. */
class HashBook {
  readonly #numbers = new Map<string, number>();
  readonly #hashes: Uint8Array[] = [];

  constructor(readonly maxHashes: number) {}

  numberOf(hash: Uint8Array): number | undefined {
    return this.#numbers.get(keyOf(hash));
  }

  get size(): number {
    return this.#hashes.length;
  }

  at(n: number): Uint8Array | undefined {
    return n >= 0 ? this.#hashes[n] : undefined;
  }

  add(hashes: readonly Uint8Array[]): void {
    for (const hash of hashes) {
      const key = keyOf(hash);
      if (this.#numbers.has(key)) continue;
      if (this.#hashes.length >= this.maxHashes) {
        this.#numbers.clear();
        this.#hashes.length = 0;
      }
      this.#numbers.set(key, this.#hashes.length);
      this.#hashes.push(hash.slice());
    }
  }
}

const keyOf = (hash: Uint8Array) => String.fromCharCode(...hash);

const sameHashes = (a: readonly Uint8Array[], b: readonly Uint8Array[]) =>
  a.length === b.length && a.every((hash, i) => keyOf(hash) === keyOf(b[i]));

/** The heads a message's chunks give when it carries exactly one change or document; null otherwise. */
const impliedHeads = (named: readonly (Named | null)[]) =>
  named.length === 1 && named[0] && named[0].gives.length > 0 ? named[0].gives : null;

/** The hashes of the changes a message carries. */
const changeHashes = (named: readonly (Named | null)[]) => named.flatMap((n) => (n?.change ? n.gives : []));

/** Every hash a message names, in the order both ends add them. */
const namedHashes = (parts: SyncMessageParts, named: readonly (Named | null)[]) => [
  ...parts.heads,
  ...parts.need,
  ...parts.have.flatMap((h) => h.lastSync),
  ...named.flatMap((n) => (n ? [...n.deps, ...n.gives] : [])),
];

/**
 * Makes one link's sync messages lighter and rebuilds those it receives. Each link needs its own, used for every sync
 * message it writes and reads, in order.
 */
export class SyncWire {
  readonly #sent: HashBook;
  readonly #received: HashBook;

  constructor(maxHashes = MAX_LINK_HASHES) {
    this.#sent = new HashBook(maxHashes);
    this.#received = new HashBook(maxHashes);
  }

  /** The lighter form of a sync message this side sends, or null to send it as it is. */
  encode(message: Uint8Array): LightSync | null {
    if (message.length > MAX_LIGHT_SYNC_BYTES) return null;
    const parts = readSyncMessage(message);
    // Only what rebuilds byte for byte travels lighter: a later version's message may hold what this does not read.
    if (!parts || !sameBytes(writeSyncMessage(parts), message)) return null;
    const ref = (hash: Uint8Array): HashRef => {
      const sent = this.#sent.numberOf(hash);
      if (sent !== undefined) return 2 * (this.#sent.size - 1 - sent);
      const received = this.#received.numberOf(hash);
      return received !== undefined ? 2 * received + 1 : hash.slice();
    };
    const named: (Named | null)[] = [];
    const chunks = parts.chunks.map((chunk): LightChunk => {
      const c = chunkContents(chunk);
      const change = c?.type === CHANGE ? changeDeps(c.contents) : null;
      const heads = c?.type === DOCUMENT ? documentHeads(c.contents) : null;
      named.push(
        change && c
          ? { deps: change.deps, gives: [c.hash], change: true }
          : heads
            ? { deps: [], gives: heads, change: false }
            : null,
      );
      if (!c) return chunk.slice();
      return change ? [c.type, change.deps.map(ref), change.rest.slice()] : [c.type, c.contents.slice()];
    });
    const implied = impliedHeads(named);
    // A page that sends its new changes names them in its bloom filter too: the receiver can build that filter.
    const carriedBloom = bloomOf(changeHashes(named));
    const light: LightSync = [
      parts.type,
      implied && sameHashes(implied, parts.heads) ? null : parts.heads.map(ref),
      parts.need.map(ref),
      parts.have.map(({ lastSync, bloom }) => [
        sameHashes(lastSync, parts.heads) ? null : lastSync.map(ref),
        bloom.length > 0 && sameBytes(bloom, carriedBloom) ? true : bloom.slice(),
      ]),
      chunks,
      parts.tail.slice(),
    ];
    this.#sent.add(namedHashes(parts, named));
    return light;
  }

  /** The sync message a lighter form stands for; null when it is malformed or names a hash the link never carried. */
  decode(light: unknown): Uint8Array | null {
    if (!isLightSync(light)) return null;
    const [type, heads, need, have, lightChunks, tail] = light;
    const resolve = (ref: HashRef): Uint8Array | null => {
      if (typeof ref !== 'number') return ref;
      const at = ref % 2 === 0 ? this.#received.size - 1 - ref / 2 : (ref - 1) / 2;
      return (ref % 2 === 0 ? this.#received.at(at) : this.#sent.at(at)) ?? null;
    };
    const resolveAll = (refs: HashRef[]): Uint8Array[] | null => {
      const hashes = refs.map(resolve);
      return hashes.every((h) => h !== null) ? (hashes as Uint8Array[]) : null;
    };
    const named: (Named | null)[] = [];
    const chunks: Uint8Array[] = [];
    for (const c of lightChunks) {
      if (c instanceof Uint8Array) {
        named.push(null);
        chunks.push(c);
      } else if (c.length === 3) {
        const deps = resolveAll(c[1]);
        if (deps === null || c[0] !== CHANGE) return null;
        const contents = changeContents(deps, c[2]);
        const hash = chunkHash(CHANGE, contents);
        named.push({ deps, gives: [hash], change: true });
        chunks.push(wholeChunk(CHANGE, contents, hash));
      } else {
        const gives = c[0] === DOCUMENT ? documentHeads(c[1]) : null;
        named.push(gives ? { deps: [], gives, change: false } : null);
        chunks.push(wholeChunk(c[0], c[1]));
      }
    }
    const headsNamed = heads === null ? impliedHeads(named) : resolveAll(heads);
    const needNamed = resolveAll(need);
    const carriedBloom = bloomOf(changeHashes(named));
    const haveNamed = have.map(([lastSync, bloom]) => ({
      lastSync: lastSync === null ? headsNamed : resolveAll(lastSync),
      bloom: bloom === true ? carriedBloom : bloom,
    }));
    if (headsNamed === null || needNamed === null || haveNamed.some((h) => h.lastSync === null)) return null;
    const parts: SyncMessageParts = {
      type,
      heads: headsNamed,
      need: needNamed,
      have: haveNamed as SyncMessageParts['have'],
      chunks,
      tail,
    };
    const message = writeSyncMessage(parts);
    if (message.length > MAX_LIGHT_SYNC_BYTES) return null;
    this.#received.add(namedHashes(parts, named));
    return message;
  }
}

const isBytes = (b: unknown): b is Uint8Array => b instanceof Uint8Array;
const isRef = (r: unknown): r is HashRef =>
  (isBytes(r) && r.length === HASH_BYTES) || (Number.isSafeInteger(r) && (r as number) >= 0);
const MAX_REFS = MAX_LIGHT_SYNC_BYTES / HASH_BYTES;
const isRefs = (rs: unknown): rs is HashRef[] =>
  Array.isArray(rs) && rs.length <= MAX_REFS && rs.every(isRef);
const isByte = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0xff;
const isLightChunk = (c: unknown) =>
  isBytes(c) ||
  (Array.isArray(c) && c.length === 2 && isByte(c[0]) && isBytes(c[1])) ||
  (Array.isArray(c) && c.length === 3 && c[0] === CHANGE && isRefs(c[1]) && isBytes(c[2]));

// Shapes only, bounded so that rebuilding stays near a frame's worth; what the bytes say is Automerge's to check.
function isLightSync(value: unknown): value is LightSync {
  if (!Array.isArray(value) || value.length !== 6) return false;
  const [type, heads, need, have, chunks, tail] = value as unknown[];
  if (!Array.isArray(have) || !Array.isArray(chunks) || have.length + chunks.length > MAX_REFS) return false;
  const size = (b: unknown) => (isBytes(b) ? b.length : 0);
  const carried =
    size(tail) +
    have.reduce((sum: number, h) => sum + size(Array.isArray(h) ? h[1] : null), 0) +
    chunks.reduce((sum: number, c) => sum + size(c) + (Array.isArray(c) ? size(c[c.length - 1]) : 0), 0);
  return (
    carried <= MAX_LIGHT_SYNC_BYTES &&
    isByte(type) &&
    isBytes(tail) &&
    (heads === null || isRefs(heads)) &&
    isRefs(need) &&
    have.every(
      (h) =>
        Array.isArray(h) &&
        h.length === 2 &&
        (h[0] === null || isRefs(h[0])) &&
        (h[1] === true || isBytes(h[1])),
    ) &&
    chunks.every(isLightChunk)
  );
}
