import type { Reason } from '../../i18n/reasons';
import type { Result } from './kinds';
import type { LoggedAction } from '../../sync/log/SyncedGame';
import { roomOf } from '../../sync/signing/signatures';

export type { Result } from './kinds';

/** A plain action as it sits in the log: a type and an untyped payload. */
export type ActionEntry = { type: string; payload?: unknown };

/** Reason given for an action a game does not know or whose payload is not the expected shape. */
export const UNKNOWN_ACTION: Reason = { key: 'unknownAction' };

/** A JSON object whose fields are still unchecked. */
export type Loose = Record<string, unknown>;

/** Whether a value is a non-null object, so its fields can be read. */
export const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** Whether a payload names the person acting (`by.id`, `by.name`) and their tab (`clientId`). */
export const isActor = (p: unknown): p is Loose =>
  isRecord(p) &&
  isRecord(p.by) &&
  typeof p.by.id === 'string' &&
  typeof p.by.name === 'string' &&
  typeof p.clientId === 'number';

/** The user id of the payload's actor (`by.id`), or null when it names none. */
export const actorIdOf = (p: Loose): string | null =>
  isRecord(p.by) && typeof p.by.id === 'string' ? p.by.id : null;

/** The seat (as text) the payload's actor holds, found by their user id with seatOfUser; null when they name none. */
export const seatOfActor =
  <S>(seatOfUser: (state: S, userId: string) => string | null) =>
  (state: S, p: Loose): string | null => {
    const id = actorIdOf(p);
    return id === null ? null : seatOfUser(state, id);
  };

/** A shape check: an actor's payload whose `field` is a number. */
export const withNumber =
  (field: string) =>
  (p: unknown): boolean =>
    isActor(p) && typeof p[field] === 'number';

/** The payload of a move, read from its rule. */
export type PayloadOf<M> = M extends { rule: (state: never, payload: infer P, room: never) => unknown }
  ? P
  : never;

/** The payload of every move of a table, by move name. */
export type PayloadsOf<Moves> = { [K in keyof Moves]: PayloadOf<Moves[K]> };

// `never` parameters accept every rule: each move is typed through PayloadOf.
// A rule may read the room the entry is judged in (a departure checks a goodbye signed for it).
type AnyMoveRule<S> = {
  shape: (payload: unknown) => boolean;
  rule: (state: S, payload: never, room: string) => Result<S>;
  check?: (state: S, payload: never) => Result<S> | null;
};

/**
 * The one apply of a game from its table of moves: strips the `${name}/` prefix, refuses an unknown move or a payload
 * of the wrong shape with `unknownReason`, and otherwise answers the move's check (when it refuses) or its rule. Never
 * throws on a peer's entry. `trusting`: without the moves' checks (SyncedGame.applyTrusting).
 */
export function applyOf<S>(
  name: string,
  moves: Record<string, AnyMoveRule<S>>,
  unknownReason: Reason = UNKNOWN_ACTION,
  trusting = false,
): (state: S, action: LoggedAction) => Result<S> {
  const prefix = `${name}/`;
  const refused: Result<S> = { ok: false, reason: unknownReason };
  return (state, action) => {
    const kind = action.type.startsWith(prefix) ? action.type.slice(prefix.length) : '';
    if (!Object.hasOwn(moves, kind)) return refused;
    const move = moves[kind];
    if (!move.shape(action.payload)) return refused;
    // The shape check above is what makes the payload this move's.
    const refusal = trusting
      ? null
      : (move.check as ((state: S, payload: unknown) => Result<S> | null) | undefined)?.(
          state,
          action.payload,
        );
    if (refusal) return refusal;
    return (move.rule as (state: S, payload: unknown, room: string) => Result<S>)(
      state,
      action.payload,
      roomOf(action),
    );
  };
}
