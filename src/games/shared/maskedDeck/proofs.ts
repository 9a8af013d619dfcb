// Zero-knowledge proofs a seat publishes with its key and its shares (docs/hidden-tiles.md): sigma protocols made
// non-interactive by Fiat-Shamir. The challenge hashes the context (room, round, seat, ...) and every point of the
// statement, so a proof holds for its own statement in its own context and nowhere else. A proof is its challenge and
// responses (scalars), from which the verifier recomputes the commitments: 32 bytes per scalar, no point to decode.
import { concatBytes } from '@noble/curves/utils.js';
import {
  BASE,
  ELEMENT_BYTES,
  fromBase64Url,
  hashToScalar,
  modL,
  scalarBytes,
  scalarFromBytes,
  times,
  timesMinusTimes,
  timesSecret,
  toBase64Url,
  type Element,
  type Point,
} from './group';

const TAG = 'game-room/masked-deck/v1/';

/** A proof's scalars: the challenge first, then one response per secret. */
export type ProofScalars = readonly bigint[];

/** Scalars in a proof of knowledge of a key, of an equal logarithm, and of a sealed share. */
export const PROOF_SCALARS = { knowledge: 2, equality: 2, sealed: 3 } as const;

/** A proof as text: its scalars' canonical bytes, concatenated, in base64url. */
export const encodeProof = (proof: ProofScalars): string =>
  toBase64Url(concatBytes(...proof.map(scalarBytes)));

/** Text as a proof of `count` scalars, or null for a wrong length or a scalar not below the group's order. */
export function decodeProof(text: unknown, count: number): ProofScalars | null {
  const bytes = fromBase64Url(text, count * ELEMENT_BYTES);
  if (bytes === null) return null;
  const scalars: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const scalar = scalarFromBytes(bytes.subarray(i * ELEMENT_BYTES, (i + 1) * ELEMENT_BYTES));
    if (scalar === null) return null;
    scalars.push(scalar);
  }
  return scalars;
}

/**
 * A proof's nonce, derived from its secrets and its whole statement rather than drawn: the pages have no randomness
 * every test can replay, and a nonce that repeats across two statements would give the secret away, which a hash of
 * the statement rules out (as EdDSA derives its nonces).
 */
function nonce(kind: string, secrets: readonly bigint[], statement: readonly Uint8Array[]): bigint {
  const nonce = hashToScalar(`${TAG}nonce/${kind}`, [...secrets.map(scalarBytes), ...statement]);
  return nonce === 0n ? 1n : nonce;
}

const challenge = (kind: string, statement: readonly Uint8Array[], commitments: readonly Point[]) =>
  hashToScalar(`${TAG}challenge/${kind}`, [...statement, ...commitments.map((p) => p.toBytes())]);

/** Proof that the prover knows x with y = x·G (Schnorr), bound to context. */
export function proveKnowledge(x: bigint, y: Element, context: Uint8Array): ProofScalars {
  const statement = [context, y.bytes];
  const k = nonce('knowledge', [x], statement);
  const e = challenge('knowledge', statement, [timesSecret(BASE, k)]);
  return [e, modL(k + e * x)];
}

/** Whether proof shows knowledge of log_G(y) in context. */
export function verifyKnowledge(y: Element, proof: ProofScalars, context: Uint8Array): boolean {
  const [e, s] = proof;
  const r = times(BASE, s).subtract(times(y.point, e));
  return challenge('knowledge', [context, y.bytes], [r]) === e;
}

/** Proof that log_G(y) = log_h(d), that is d = x·h for the x of y = x·G (Chaum-Pedersen), bound to context. */
export function proveEquality(
  x: bigint,
  statement: { y: Element; h: Element; d: Element },
  context: Uint8Array,
): ProofScalars {
  const parts = [context, statement.y.bytes, statement.h.bytes, statement.d.bytes];
  const k = nonce('equality', [x], parts);
  const e = challenge('equality', parts, [timesSecret(BASE, k), timesSecret(statement.h.point, k)]);
  return [e, modL(k + e * x)];
}

/** Whether proof shows log_G(y) = log_h(d) in context. */
export function verifyEquality(
  statement: { y: Element; h: Element; d: Element },
  proof: ProofScalars,
  context: Uint8Array,
): boolean {
  const [e, s] = proof;
  const { y, h, d } = statement;
  const r1 = times(BASE, s).subtract(times(y.point, e));
  const r2 = timesMinusTimes(h.point, s, d.point, e);
  return challenge('equality', [context, y.bytes, h.bytes, d.bytes], [r1, r2]) === e;
}

/**
 * What a sealed share states: the sealer's key y = x·G, and (a, b) = (k·G, x·c1 + k·receiver), its decryption share
 * of the ciphertext whose first half is c1, encrypted to the receiver's key.
 */
export type SealedStatement = { y: Element; c1: Element; receiver: Element; a: Element; b: Element };

const sealedParts = (s: SealedStatement, context: Uint8Array) => [
  context,
  s.y.bytes,
  s.c1.bytes,
  s.receiver.bytes,
  s.a.bytes,
  s.b.bytes,
];

/** Proof of knowledge of (x, k) behind a sealed share (a sigma protocol for the three equations), bound to context. */
export function proveSealed(
  x: bigint,
  k: bigint,
  statement: SealedStatement,
  context: Uint8Array,
): ProofScalars {
  const parts = sealedParts(statement, context);
  const u = nonce('sealed/x', [x, k], parts);
  const v = nonce('sealed/k', [k, x], parts);
  const commitments = [
    timesSecret(BASE, u),
    timesSecret(BASE, v),
    timesSecret(statement.c1.point, u).add(timesSecret(statement.receiver.point, v)),
  ];
  const e = challenge('sealed', parts, commitments);
  return [e, modL(u + e * x), modL(v + e * k)];
}

/** Whether proof shows the sealer knows (x, k) with y = x·G, a = k·G and b = x·c1 + k·receiver, in context. */
export function verifySealed(statement: SealedStatement, proof: ProofScalars, context: Uint8Array): boolean {
  const [e, sx, sk] = proof;
  const { y, c1, receiver, a, b } = statement;
  const commitments = [
    times(BASE, sx).subtract(times(y.point, e)),
    times(BASE, sk).subtract(times(a.point, e)),
    timesMinusTimes(c1.point, sx, b.point, e).add(times(receiver.point, sk)),
  ];
  return challenge('sealed', sealedParts(statement, context), commitments) === e;
}
