import {
  isEntrySigner,
  roomOf,
  signedText,
  SIGNATURE_REASONS,
  userIdOfKey,
  verifySignature,
  type SeatKeys,
  type UserKeys,
} from '../../sync/signing/signatures';
import type { LoggedAction, Refusal, Result } from '../../sync/log/SyncedGame';
import { actorIdOf, isRecord, type Loose } from './actionTable';

/** The seat the payload's actor holds (as text: '1', 'white', 'X'), or null when they hold none. */
export type SeatOf<S> = (state: S, payload: Loose) => string | null;

/** A move that puts someone in a seat other than the actor's (a bot): the seat it binds, read after the move. */
export type BindsSeat<S> = (after: S, payload: Loose) => string | null;

/** What signing needs to know of a move: the seat it binds, if any, and whether anyone may make it (not signed). */
export type SigningOfMove<S> = { binds?: BindsSeat<S>; open?: boolean };

type Keyed = { seatKeys?: SeatKeys; userKeys?: UserKeys };

const keysOf = <S>(state: S): SeatKeys => (state as Keyed).seatKeys ?? {};

const usersOf = <S>(state: S): UserKeys => (state as Keyed).userKeys ?? {};

/**
 * A game's apply with seats that sign (docs/fair-play.md):
 * - an actor who holds a seat with a key must sign: their entry's `signer` names that seat, that key and a sequence
 *   number above the seat's last, and its `signature` verifies over the room, the game, the type and the payload;
 * - a move that seats its actor (or binds a seat, a bot's) records the key its signer names, signed with that key; a
 *   seat taken without a signer holds no key (its own player's choice) and its moves need none;
 * - the state keeps each seat's key and last sequence number under `seatKeys`, whatever the rules return;
 * - a move anyone may make (`open`) is no seat action: it needs no signature, and one it carries is not read.
 * Refusals name what is wrong (SIGNATURE_REASONS); the rules run only for an entry whose signing holds.
 */
export function withSeatSignatures<S>(
  game: string,
  applyRules: (state: S, action: LoggedAction) => Result<S>,
  seatOf: SeatOf<S>,
  moveOf: (type: string) => SigningOfMove<S> | undefined,
): {
  apply: (state: S, action: LoggedAction) => Result<S>;
  signerOf: (state: S, action: LoggedAction) => { seat: string; seq: number } | null;
} {
  const bindsOf = (type: string) => moveOf(type)?.binds;
  const boundSeat = (state: S, action: LoggedAction, payload: Loose, held: string | null): string | null => {
    const binds = bindsOf(action.type);
    if (!binds && held !== null) return null;
    const after = applyRules(state, action);
    if (!after.ok) return null;
    return binds ? binds(after.state, payload) : seatOf(after.state, payload);
  };

  const apply = (state: S, action: LoggedAction): Result<S> => {
    const payload = action.payload;
    if (!isRecord(payload)) return applyRules(state, action);
    const keys = keysOf(state);
    const open = moveOf(action.type)?.open === true;
    // Whoever makes an open move, it is the same move: it neither needs a seat's signature nor binds a seat.
    const seat = open ? null : seatOf(state, payload);
    const held = seat === null ? undefined : keys[seat];
    const signed = isEntrySigner(payload.signer) && typeof payload.signature === 'string';
    const text = () => signedText(roomOf(action), game, action.type, payload);
    if (seat !== null && held && held.key !== '') {
      const refusal = signingRefusal(payload, seat, held, text);
      if (refusal) return { ok: false, reason: refusal };
    }
    const result = applyRules(state, action);
    if (!result.ok) return result;
    const binds = bindsOf(action.type);
    const bound = open
      ? null
      : binds
        ? binds(result.state, payload)
        : seat === null
          ? seatOf(result.state, payload)
          : null;
    let next: SeatKeys = keys;
    let users: UserKeys | null = null;
    if (seat !== null && held && signed)
      next = { ...next, [seat]: { key: held.key, seq: signerOf(payload).seq } };
    if (bound !== null) {
      const before = next[bound];
      if (seat === null) {
        // The actor held no seat: the signer names the seat bound and proves its key by signing. A signer without a
        // signature is a signature taken away, not a seat taken without a key.
        if (!signed && payload.signer !== undefined) return { ok: false, reason: SIGNATURE_REASONS.unsigned };
        // A seat is taken only with a key (the test build alone takes unsigned seats, for its many rule tests), and
        // only with the key the actor's user id is made from: nobody sits in another user's name.
        if (!signed && !unsignedSeatsAllowed()) return { ok: false, reason: SIGNATURE_REASONS.unsigned };
        const userId = actorIdOf(payload);
        if (signed && userIdOfKey(signerOf(payload).key) !== userId)
          return { ok: false, reason: SIGNATURE_REASONS.notUsersKey };
        // Someone who once sat with a key sits again only with it: no other page sits down in their name.
        const known = userId === null ? undefined : usersOf(state)[userId];
        if (known !== undefined && (!signed || signerOf(payload).key !== known))
          return { ok: false, reason: signed ? SIGNATURE_REASONS.wrongKey : SIGNATURE_REASONS.unsigned };
        // A seat taken without a signer holds no key; one that never held any keeps no entry at all.
        if (!signed) next = before ? { ...next, [bound]: { key: '', seq: before.seq } } : next;
        else {
          const refusal = signingRefusal(
            payload,
            bound,
            { key: signerOf(payload).key, seq: before?.seq ?? 0 },
            text,
          );
          if (refusal) return { ok: false, reason: refusal };
          next = { ...next, [bound]: { key: signerOf(payload).key, seq: signerOf(payload).seq } };
          if (userId !== null && known === undefined)
            users = { ...usersOf(state), [userId]: signerOf(payload).key };
        }
      } else {
        // A seated actor binds another seat (adds a bot, takes over driving one) to the key they sign with.
        if (signed) next = { ...next, [bound]: { key: signerOf(payload).key, seq: before?.seq ?? 0 } };
        else if (before) next = { ...next, [bound]: { key: '', seq: before.seq } };
      }
    }
    // Rules that build a fresh table (Reset Game) return no keys: the seats' and users' keys carry on.
    const kept = result.state as Keyed;
    const seatsKept =
      kept.seatKeys === keys || (kept.seatKeys === undefined && Object.keys(keys).length === 0);
    const userKeys = users ?? (state as Keyed).userKeys;
    if (next === keys && seatsKept && kept.userKeys === userKeys) return result;
    return {
      ok: true,
      state: { ...result.state, seatKeys: next, ...(userKeys === undefined ? {} : { userKeys }) },
    };
  };

  const signerOfAction = (state: S, action: LoggedAction): { seat: string; seq: number } | null => {
    const payload = action.payload;
    if (!isRecord(payload) || moveOf(action.type)?.open) return null;
    const held = seatOf(state, payload);
    const seat = held ?? boundSeat(state, action, payload, held);
    return seat === null ? null : { seat, seq: (keysOf(state)[seat]?.seq ?? 0) + 1 };
  };

  return { apply, signerOf: signerOfAction };
}

// Only read once isEntrySigner has held.
const signerOf = (payload: Loose) => payload.signer as { seat: string; seq: number; key: string };

function signingRefusal(
  payload: Loose,
  seat: string,
  held: { key: string; seq: number },
  text: () => string,
): Refusal | null {
  if (!isEntrySigner(payload.signer) || typeof payload.signature !== 'string')
    return SIGNATURE_REASONS.unsigned;
  const signer = payload.signer;
  if (signer.seat !== seat) return SIGNATURE_REASONS.wrongSeat;
  if (signer.key !== held.key) return SIGNATURE_REASONS.wrongKey;
  if (signer.seq <= held.seq) return SIGNATURE_REASONS.replayed;
  if (!verifySignature(signer.key, text(), payload.signature)) return SIGNATURE_REASONS.badSignature;
  return null;
}

/**
 * Whether a seat may be taken without a signature: only in the test-hooks build and the unit tests, whose rule tests
 * seat players by plain ids. What `npm start` serves takes every seat with the key its user id is made from.
 */
export const unsignedSeatsAllowed = (): boolean => typeof __TEST_HOOKS__ !== 'undefined' && __TEST_HOOKS__;
