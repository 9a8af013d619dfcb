// The group every hidden tile lives in (docs/hidden-tiles.md): ristretto255, its points and scalars as plain text
// (base64url of their canonical bytes), and the hashes that turn bytes into scalars. Every decoder here is strict,
// as its input comes from other pages: wrong length, a non-canonical encoding or a point where none is allowed gives
// null, never a throw.
import { mulAddUnsafe } from '@noble/curves/abstract/curve.js';
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, concatBytes, numberToBytesLE } from '@noble/curves/utils.js';
import { fromBase64, toBase64 } from '../../../sync/mesh/roomCrypto';

/** A point of ristretto255 (a group of prime order: no cofactor to clear, no small subgroup to fall into). */
export type Point = InstanceType<typeof ristretto255.Point>;

/** A point with its canonical bytes, decoded once so hashing it costs no second encoding. */
export type Element = { point: Point; bytes: Uint8Array };

const P = ristretto255.Point;

/**
 * The group's generator G, with a table of its multiples (6-bit windows, about 8 ms to build once): a product with
 * it then costs a quarter of a millisecond instead of about a millisecond.
 */
export const BASE: Point = P.BASE.add(P.ZERO).precompute(6, false);

/** The identity element (the point at infinity's counterpart). */
export const IDENTITY: Point = P.ZERO;

/** The group's order L: scalars are whole numbers below it. */
export const ORDER: bigint = P.Fn.ORDER;

/** Bytes of one encoded point or scalar. */
export const ELEMENT_BYTES = 32;

/** The scalar a mod L. */
export const modL = (a: bigint): bigint => P.Fn.create(a);

/** Bytes as base64url text without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Base64url text of exactly `length` bytes as those bytes, or null: another alphabet, padding, another length, or
 * unused trailing bits set (two texts for the same bytes would let a page send a message nobody else wrote).
 */
export function fromBase64Url(text: unknown, length: number): Uint8Array | null {
  if (typeof text !== 'string' || text.length !== Math.ceil((length * 4) / 3)) return null;
  if (!BASE64URL.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const bytes = fromBase64(padded);
    return bytes.length === length && toBase64Url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

/** Canonical bytes of a point as one of its elements. */
export const elementOf = (point: Point): Element => ({ point, bytes: point.toBytes() });

/** Bytes as a point, or null for bytes that are no canonical ristretto255 encoding (or the identity, unless allowed). */
export function pointFromBytes(bytes: Uint8Array, allowIdentity = false): Element | null {
  if (bytes.length !== ELEMENT_BYTES) return null;
  try {
    const point = P.fromBytes(bytes);
    return !allowIdentity && point.is0() ? null : { point, bytes };
  } catch {
    return null;
  }
}

/**
 * Keys whose tables are kept: two rounds' (four seats' keys and their joint key each), the last used first. A table
 * holds some 1,400 points, about 0.35 MB: 64 of them kept a long evening's page 20 MB heavier than a fresh one.
 */
const KEY_CACHE_SIZE = 10;
const keyCache = new Map<string, Element>();

/**
 * A point used many times (a seat's key, the joint key) with a table of its multiples, or null (see decodePoint).
 * A round multiplies each key by hundreds of scalars; the table (about 8 ms) makes each product 4 times faster, and
 * the tables of the keys used last are kept.
 */
export function decodeKey(text: unknown): Element | null {
  if (typeof text !== 'string') return null;
  const known = keyCache.get(text);
  if (known !== undefined) {
    keyCache.delete(text);
    keyCache.set(text, known);
    return known;
  }
  const key = decodePoint(text);
  if (key === null) return null;
  if (keyCache.size >= KEY_CACHE_SIZE) keyCache.delete(keyCache.keys().next().value as string);
  const element = { point: key.point.precompute(6, false), bytes: key.bytes };
  keyCache.set(text, element);
  return element;
}

/** A point as text (base64url, 43 characters). */
export const encodePoint = (point: Point): string => toBase64Url(point.toBytes());

/** Text as a point, or null (see pointFromBytes). */
export function decodePoint(text: unknown, allowIdentity = false): Element | null {
  const bytes = fromBase64Url(text, ELEMENT_BYTES);
  return bytes === null ? null : pointFromBytes(bytes, allowIdentity);
}

/** Canonical 32 little-endian bytes of a scalar. */
export const scalarBytes = (scalar: bigint): Uint8Array => numberToBytesLE(scalar, ELEMENT_BYTES);

/** Bytes as a scalar, or null when they encode a number not below L (a second encoding of a smaller one). */
export function scalarFromBytes(bytes: Uint8Array): bigint | null {
  if (bytes.length !== ELEMENT_BYTES) return null;
  const scalar = bytesToNumberLE(bytes);
  return scalar < ORDER ? scalar : null;
}

/** A scalar as text (base64url, 43 characters). */
export const encodeScalar = (scalar: bigint): string => toBase64Url(scalarBytes(scalar));

/** Text as a scalar, or null (see scalarFromBytes). */
export function decodeScalar(text: unknown): bigint | null {
  const bytes = fromBase64Url(text, ELEMENT_BYTES);
  return bytes === null ? null : scalarFromBytes(bytes);
}

const textEncoder = new TextEncoder();

/** UTF-8 bytes of a text. */
export const utf8 = (text: string): Uint8Array => textEncoder.encode(text);

/** Parts joined so that no two lists of parts give the same bytes: each is preceded by its length. */
export function framed(parts: readonly Uint8Array[]): Uint8Array {
  const out: Uint8Array[] = [];
  for (const part of parts) {
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, part.length);
    out.push(length, part);
  }
  return concatBytes(...out);
}

/** A scalar drawn from parts by RFC 9380's hash to field (uniform mod L), separated from other uses by its tag. */
export const hashToScalar = (tag: string, parts: readonly Uint8Array[]): bigint =>
  ristretto255_hasher.hashToScalar(framed(parts), { DST: tag });

/** A point drawn from bytes by RFC 9380's hash to curve: nobody knows its discrete logarithm. */
export const hashToPoint = (tag: string, message: Uint8Array): Point =>
  ristretto255_hasher.hashToCurve(message, { DST: tag });

/** Scalar multiplication for public scalars (a proof's responses, a challenge): zero allowed, not constant time. */
export const times = (point: Point, scalar: bigint): Point => point.multiplyUnsafe(scalar);

/**
 * a·P - b·Q for public scalars (a proof's commitment from its response and challenge), in one pass: the two products
 * share one chain of doublings (Strauss-Shamir, noble's mulAddUnsafe), about a third faster than `times` twice for
 * points without a table of their own (a tile's ciphertext, a share). Zero scalars allowed, not constant time.
 */
export const timesMinusTimes = (p: Point, a: bigint, q: Point, b: bigint): Point =>
  mulAddUnsafe(P, [p, q], [a, modL(-b)]);

/**
 * Scalar multiplication for secret scalars, in constant time. A secret of zero never comes from a hash (probability
 * 2^-252), so meeting one means a caller passed no secret at all.
 */
export function timesSecret(point: Point, scalar: bigint): Point {
  if (scalar === 0n) throw new Error('A secret scalar of zero');
  return point.multiply(scalar);
}
