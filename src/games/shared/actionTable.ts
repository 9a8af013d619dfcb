import type { Result } from './kinds';

export type { Result } from './kinds';

/** A plain action as it sits in the log: a type and an untyped payload. */
export type ActionEntry = { type: string; payload?: unknown };

/** Reason given for an action a game does not know or whose payload is not the expected shape. */
export const UNKNOWN_ACTION = 'Unknown action';

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

/** A shape check: an actor's payload whose `field` is a number. */
export const withNumber =
  (field: string) =>
  (p: unknown): boolean =>
    isActor(p) && typeof p[field] === 'number';

/** One rule per event name, each taking that event's payload. */
export type RuleTable<S, P> = { [K in keyof P]: (state: S, payload: P[K]) => Result<S> };

/** One payload shape check per event name. */
export type ShapeTable<P> = { [K in keyof P]: (p: unknown) => boolean };

/**
 * The one dispatch of a game: strips the `${name}/` prefix, refuses an unknown event or a payload of the wrong
 * shape with `unknownReason`, and otherwise answers the event's rule. Never throws on a peer's malformed entry.
 */
export function createActionTable<S, P extends Record<string, unknown>>(
  name: string,
  rules: RuleTable<S, P>,
  shapes: ShapeTable<P>,
  unknownReason: string = UNKNOWN_ACTION,
): (state: S, action: ActionEntry) => Result<S> {
  const prefix = `${name}/`;
  return (state, action) => {
    const kind = action.type.startsWith(prefix) ? action.type.slice(prefix.length) : '';
    if (!Object.hasOwn(rules, kind)) return { ok: false, reason: unknownReason };
    const event = kind as keyof P;
    if (!shapes[event](action.payload)) return { ok: false, reason: unknownReason };
    const rule = rules[event] as (state: S, payload: unknown) => Result<S>;
    return rule(state, action.payload);
  };
}
