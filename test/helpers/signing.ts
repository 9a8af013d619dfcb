import { ed25519 } from '@noble/curves/ed25519.js';
import { commitmentTo } from '../../src/games/shared/sharedLuck';
import { toBase64 } from '../../src/sync/mesh/roomCrypto';
import { publicKeyText, signedText, userIdOfKey, type PageSigner } from '../../src/sync/signing/signatures';
import type { LoggedAction, SyncedGame } from '../../src/sync/log/SyncedGame';
import { englishText } from '../../src/i18n/reasons';

/** A player's signing key in tests: Ed25519 from a fixed seed, so fixtures and failures repeat. */
export type TestKey = { key: string; secret: Uint8Array };

/** The test key made from this seed. */
export function testKey(seed: number): TestKey {
  const secret = new Uint8Array(32).fill(seed & 0xff);
  secret[0] = (seed >> 8) & 0xff;
  return { key: publicKeyText('ed25519', ed25519.getPublicKey(secret)), secret };
}

/** A person acting from a tab, their user id made from this test key as the login page makes it from theirs. */
export const keyedActor = (key: TestKey, name: string, clientId: number) => ({
  by: { id: userIdOfKey(key.key), name },
  clientId,
});

/** A signature (base64) of text with this key, as a page's WebCrypto makes it. */
export const signText = (text: string, { secret }: TestKey): string =>
  toBase64(ed25519.sign(new TextEncoder().encode(text), secret));

/**
 * The action as the page of `who` writes it in state: signed for the seat the game says it acts for, with the next
 * sequence number (or `seq`), or unchanged when it needs no signature.
 */
export function signAction<S>(
  game: SyncedGame<S>,
  state: S,
  action: LoggedAction,
  who: TestKey,
  room = '',
  seq?: number,
): LoggedAction {
  const seat = game.signerOf?.(state, action);
  if (!seat) return action;
  const payload = {
    ...(action.payload as object),
    signer: { seat: seat.seat, seq: seq ?? seat.seq, key: who.key },
  };
  const signature = signText(signedText(room, game.name, action.type, payload), who);
  return { ...action, payload: { ...payload, signature } };
}

/** Folds actions, each signed by its player's key against the state before it: the signed log and the final state. */
export function signAndFold<S>(
  game: SyncedGame<S>,
  steps: readonly (readonly [LoggedAction, TestKey])[],
  room = '',
): { log: LoggedAction[]; state: S; refused: string[] } {
  let state = game.initialState;
  const log: LoggedAction[] = [];
  const refused: string[] = [];
  for (const [action, who] of steps) {
    const signed = signAction(game, state, action, who, room);
    const inRoom = { ...signed, meta: { ...signed.meta, room } };
    const result = game.apply(state, inRoom);
    if (result.ok) state = result.state;
    else refused.push(`${action.type}: ${englishText(result.reason)}`);
    log.push(signed);
  }
  return { log, state, refused };
}

/** A page's signer as the app makes it (WebCrypto Ed25519, the private key non-extractable), for Node peers. */
export async function webCryptoSigner(): Promise<PageSigner> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const key = publicKeyText('ed25519', new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  return {
    key,
    sign: async (text) =>
      toBase64(
        new Uint8Array(
          await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(text)),
        ),
      ),
  };
}

/** The n-th fixed secret of the tests (32 bytes of n, base64), as a page keeps one for shared luck. */
export const testSecret = (n: number): string => toBase64(new Uint8Array(32).fill(n));

/** The commitment to testSecret(n). */
export const testCommitment = (n: number): string => commitmentTo(testSecret(n)) as string;
