/**
 * The reasons the pure rules give (a refusal, a board message, a status line): a key of the English texts
 * (en/room.ts `rules`) with the values of its variables, plain JSON so it can sit in a game's state and in the room
 * document. The interface translates it (roomTexts.ts reasonText); logs, the replay CLI and tests read it in English
 * (englishText). No i18next here: the rules and the command line import this file.
 */
import { room } from './en/room';

type RuleTexts = typeof room.rules;

/** A key of the rules' texts. */
export type RuleKey = keyof RuleTexts;

/** The names of the {{variables}} in a text. */
type Variables<T> = T extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Variables<Rest> : never;

/** What a variable holds: a number, a text shown as it is (a name, a mark), or a reason translated in turn (a side). */
export type ReasonValue = string | number | Reason;

/** A reason of one key: its values named as its text's variables, and none for a text without variables. */
type ReasonOf<K extends RuleKey> = [Variables<RuleTexts[K]>] extends [never]
  ? { readonly key: K }
  : { readonly key: K; readonly values: { readonly [Name in Variables<RuleTexts[K]>]: ReasonValue } };

/** A reason the rules give, e.g. `{ key: 'notYourTurn' }` or `{ key: 'wins', values: { name: 'Ann' } }`. */
export type Reason = { [K in RuleKey]: ReasonOf<K> }[RuleKey];

/** A key whose text has no variables, so its reason is the key alone. */
type PlainRuleKey = { [K in RuleKey]: [Variables<RuleTexts[K]>] extends [never] ? K : never }[RuleKey];

/** A table of reasons each named after its key. */
type ReasonsNamedAfterKeys<K extends PlainRuleKey> = { readonly [Name in K]: { readonly key: Name } };

/**
 * A game's table of refusals whose names are their keys: `reasonsOf('notYourTurn', 'gameOver')` is
 * `{ notYourTurn: { key: 'notYourTurn' }, gameOver: { key: 'gameOver' } }`, typed per key, so a misspelled key does
 * not compile. A refusal named otherwise is written out next to it.
 */
export function reasonsOf<const K extends PlainRuleKey>(...keys: readonly K[]): ReasonsNamedAfterKeys<K> {
  // Object.fromEntries types its result as a string record; the entries are exactly one per key, so the cast holds.
  return Object.fromEntries(keys.map((key) => [key, { key }])) as ReasonsNamedAfterKeys<K>;
}

/**
 * A reason as the room passes it on without knowing the game (src/sync's Refusal): a key and values, which may
 * themselves be reasons.
 */
export type LooseReason = { readonly key: string; readonly values?: Readonly<Record<string, unknown>> };

const isReason = (value: unknown): value is LooseReason =>
  typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';

/**
 * The values of a reason ready for a text: a nested reason through `text` (so in the same language), numbers and
 * strings as they are.
 */
export function reasonValues(
  reason: LooseReason,
  text: (reason: LooseReason) => string,
): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(reason.values ?? {}))
    values[name] = isReason(value) ? text(value) : typeof value === 'number' ? value : String(value);
  return values;
}

const ENGLISH: Readonly<Record<string, string>> = room.rules;

/** Whether a key is one of the rules' texts (a key from a peer may be anything). */
export const isRuleKey = (key: string): key is RuleKey => Object.hasOwn(ENGLISH, key);

/**
 * A reason in English, exactly as en/room.ts writes it, with its variables filled in (nested reasons in English too).
 * A key the table lacks (a peer running other code) is shown as it is.
 */
export function englishText(reason: LooseReason): string {
  const template = isRuleKey(reason.key) ? ENGLISH[reason.key] : reason.key;
  const values = reasonValues(reason, englishText);
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
