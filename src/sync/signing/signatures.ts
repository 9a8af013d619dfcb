// Signed seat actions (docs/fair-play.md): a seated player's entry carries who signs it and a signature over the room,
// the game, the action's type and its payload, so no other page can write in that seat's name. Verification is
// synchronous (pure JS curves) because every fold, the store's reducers and a DevTools replay judge entries in step.
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64, toBase64 } from '../mesh/roomCrypto';
import { gameOfAction, type LoggedAction, type Refusal, type SyncedGame } from '../log/SyncedGame';
import { decodeEntry } from '../log/logEntry';
import { KEY_BYTES } from './keyIdentity';

export { publicKeyText, userIdOfKey } from './keyIdentity';

/** Who signs an entry: the seat it acts for, its place in that seat's own sequence, and the signing public key. */
export type EntrySigner = { seat: string; seq: number; key: string };

/** Each seat's public key and the last sequence number signed for it; a game keeps it in its state. */
export type SeatKeys = Readonly<Record<string, { key: string; seq: number }>>;

/** The key each user first sat down with in a game: they sit again only with it. */
export type UserKeys = Readonly<Record<string, string>>;

/** What a page signs with: its public key as an entry names it, and a signature (base64) of a text. */
export type PageSigner = { key: string; sign(text: string): Promise<string> };

/** Refusals of entries whose signing is wrong; quiet, as a peer running other code wrote them (no toast for others). */
export const SIGNATURE_REASONS = {
  unsigned: { key: 'unsigned' },
  wrongSeat: { key: 'wrongSeat' },
  wrongKey: { key: 'wrongKey' },
  replayed: { key: 'replayed' },
  badSignature: { key: 'badSignature' },
  notUsersKey: { key: 'notUsersKey' },
} as const satisfies Record<string, Refusal>;

/** The keys of the refusals above, for a game's quiet reasons. */
export const SIGNATURE_REFUSALS: readonly string[] = Object.values(SIGNATURE_REASONS).map(
  (reason) => reason.key,
);

const SIGNATURE_BYTES = 64;

function keyBytes(key: string): { algorithm: keyof typeof KEY_BYTES; raw: Uint8Array } | null {
  const colon = key.indexOf(':');
  const algorithm = key.slice(0, colon);
  if (algorithm !== 'ed25519' && algorithm !== 'p256') return null;
  try {
    const raw = fromBase64(key.slice(colon + 1));
    return raw.length === KEY_BYTES[algorithm] ? { algorithm, raw } : null;
  } catch {
    return null;
  }
}

/** Whether a value is a well-formed public key as entries and presence name it (`ed25519:` or `p256:`, base64). */
export const isPublicKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 128 && keyBytes(value) !== null;

/** Whether a value is an entry's signer: a seat, a positive whole sequence number and a well-formed key. */
export function isEntrySigner(value: unknown): value is EntrySigner {
  if (typeof value !== 'object' || value === null) return false;
  const { seat, seq, key } = value as Record<string, unknown>;
  return (
    typeof seat === 'string' &&
    seat.length <= 32 &&
    Number.isSafeInteger(seq) &&
    (seq as number) > 0 &&
    isPublicKey(key)
  );
}

/** JSON with every object's keys sorted, so the signed text does not depend on the order fields were written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The text a seat signs for an action: the room, the game, the action's type and its payload without the signature. */
export function signedText(room: string, game: string, type: string, payload: object): string {
  const { signature: _signature, ...signed } = payload as Record<string, unknown>;
  return canonicalJson([room, game, type, signed]);
}

// Verified signatures, each with what it verifies for: a page judges one entry several times (ahead, in the log, in
// the store), and its own signatures need no check. Bounded: a flood of entries cannot grow it forever.
const verified = new Map<string, string>();
const MAX_REMEMBERED = 20_000;

const encoder = new TextEncoder();

/**
 * What a remembered signature verifies for: SHA-256 of the key and the signed text. Not the text itself: a masked
 * deck's entries carry kilobytes of proofs, and the memory held a second copy of an evening's whole log.
 */
const checkedFor = (key: string, text: string): string => toBase64(sha256(encoder.encode(`${key}\n${text}`)));

/** Remembers a signature this page made (or checked), so judging its entry costs no verification. */
export function rememberSignature(key: string, text: string, signature: string): void {
  if (verified.size >= MAX_REMEMBERED) verified.clear();
  verified.set(signature, checkedFor(key, text));
}

/** Whether signature (base64) is key's signature of text. Never throws. */
export function verifySignature(key: string, text: string, signature: string): boolean {
  if (verified.get(signature) === checkedFor(key, text)) return true;
  const parsed = keyBytes(key);
  if (!parsed || typeof signature !== 'string' || signature.length > 100) return false;
  let ok: boolean;
  try {
    const sig = fromBase64(signature);
    if (sig.length !== SIGNATURE_BYTES) return false;
    const message = new TextEncoder().encode(text);
    ok =
      parsed.algorithm === 'ed25519'
        ? ed25519.verify(sig, message, parsed.raw)
        : // WebCrypto's ECDSA signs SHA-256 of the message, r||s, and may give a high s.
          p256.verify(sig, message, parsed.raw, { lowS: false });
  } catch {
    ok = false;
  }
  if (ok) rememberSignature(key, text, signature);
  return ok;
}

/** The room an action is judged in: what the fold that reads it says (actions carry it in meta.room). */
export const roomOf = (action: LoggedAction): string =>
  typeof action.meta?.room === 'string' ? action.meta.room : '';

/** The action as judged in room: whatever room a peer wrote into its meta, this page's room is what counts. */
export const inRoomAction = (action: LoggedAction, room: string): LoggedAction =>
  action.meta?.room === room ? action : { ...action, meta: { ...action.meta, room } };

/** A game as this room folds it: every action judged with this room's name, which its signatures must cover. */
export function inRoom<S>(game: SyncedGame<S>, room: string): SyncedGame<S> {
  return { ...game, apply: (state, action) => game.apply(state, inRoomAction(action, room)) };
}

// WebCrypto's public keys, imported once each; null where the browser cannot import that kind of key.
const imported = new Map<string, Promise<CryptoKey | null>>();

function importedKey(key: string): Promise<CryptoKey | null> {
  let found = imported.get(key);
  if (!found) {
    const parsed = keyBytes(key);
    const algorithm =
      parsed?.algorithm === 'ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' };
    found = parsed
      ? crypto.subtle
          .importKey('raw', parsed.raw as Uint8Array<ArrayBuffer>, algorithm, false, ['verify'])
          .catch(() => null)
      : Promise.resolve(null);
    if (imported.size >= 1000) imported.clear();
    imported.set(key, found);
  }
  return found;
}

/**
 * Checks an action's signature ahead of the fold with the browser's own WebCrypto (native, off the main thread:
 * about a tenth of the pure-JS check), so that the fold's synchronous check finds it remembered. Never throws and
 * decides nothing: a signature it cannot check, or finds wrong, is left to the fold, which refuses it.
 */
export async function verifyAhead(room: string, action: LoggedAction): Promise<void> {
  return verifyParts(signedPartsOf(room, action));
}

// Checks under way, by signature: a late joiner may be handed the same entries by several peers' answers and by the
// document's sync at once, and checks each signature once.
const checking = new Map<string, { checked: string; done: Promise<void> }>();

async function verifyParts(signed: ReturnType<typeof signedPartsOf>): Promise<void> {
  if (!signed || signed.verified) return;
  const { checked } = signed;
  const under = checking.get(signed.signature);
  if (under?.checked === checked) return under.done;
  // A signature WebCrypto cannot check is left to the fold's own check.
  const done = verifyWithWebCrypto(signed.key, signed.text, signed.signature).then(() => {
    if (checking.get(signed.signature)?.done === done) checking.delete(signed.signature);
  });
  checking.set(signed.signature, { checked, done });
  return done;
}

/**
 * Whether signature (base64) is key's signature of text, checked by the browser's WebCrypto off the main thread, and
 * by the pure-JS check where WebCrypto cannot import the key. Never throws; a verified signature is remembered.
 */
export async function verifySignatureAsync(key: string, text: string, signature: string): Promise<boolean> {
  return (await verifyWithWebCrypto(key, text, signature)) ?? verifySignature(key, text, signature);
}

// True or false as WebCrypto found; null where it could not check (no such key kind in this browser).
async function verifyWithWebCrypto(
  publicKey: string,
  text: string,
  signature: string,
): Promise<boolean | null> {
  if (verified.get(signature) === checkedFor(publicKey, text)) return true;
  if (typeof signature !== 'string' || signature.length > 100) return false;
  try {
    const key = await importedKey(publicKey);
    if (!key) return keyBytes(publicKey) ? null : false;
    const sig = fromBase64(signature);
    if (sig.length !== SIGNATURE_BYTES) return false;
    const params =
      key.algorithm.name === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
    const ok = await crypto.subtle.verify(params, key, sig, new TextEncoder().encode(text));
    if (ok) rememberSignature(publicKey, text, signature);
    return ok;
  } catch {
    return null;
  }
}

/**
 * Runs `judge` as if the action's signature were checked already: a page computes the state after a peer's entry while
 * WebCrypto checks its signature (verifyAhead), and uses that state only once the check has passed. The trust lasts
 * for the synchronous call alone, so nothing else can see it.
 */
export function trustingSignature<T>(room: string, action: LoggedAction, judge: () => T): T {
  const signed = signedPartsOf(room, action);
  if (!signed || signed.verified) return judge();
  const { checked } = signed;
  verified.set(signed.signature, checked);
  try {
    return judge();
  } finally {
    if (verified.get(signed.signature) === checked) verified.delete(signed.signature);
  }
}

// A signed action's key, signed text and signature in this room, what a check of them is remembered by (`checked`),
// and whether this page has checked them; null when the action carries no well-formed signer and signature.
function signedPartsOf(room: string, action: LoggedAction) {
  const payload = action.payload;
  if (typeof payload !== 'object' || payload === null) return null;
  const { signer, signature } = payload as Record<string, unknown>;
  if (!isEntrySigner(signer) || typeof signature !== 'string' || signature.length > 100) return null;
  const game = gameOfAction(action.type) ?? '';
  const text = signedText(room, game, action.type, payload);
  const checked = checkedFor(signer.key, text);
  return { key: signer.key, text, signature, checked, verified: verified.get(signature) === checked };
}

/** Whether an action carries a signature this page has not checked yet (verifyAhead has work to do). */
export function needsVerifying(room: string, action: LoggedAction): boolean {
  const signed = signedPartsOf(room, action);
  return signed !== null && !signed.verified;
}

/**
 * Checks ahead, all at once with WebCrypto, the signatures of a whole log (stored entries or their texts) before a
 * page folds it (a late joiner's catch-up, a reload from storage): the fold then finds them remembered instead of
 * checking each one in pure JS, about 1 ms apiece.
 */
export async function verifyLogAhead(room: string, log: readonly unknown[]): Promise<void> {
  const checks: Promise<void>[] = [];
  for (const raw of log) {
    const entry = decodeEntry(raw);
    const signed = entry && signedPartsOf(room, entry.action);
    if (signed && !signed.verified) checks.push(verifyParts(signed));
  }
  await Promise.all(checks);
}
