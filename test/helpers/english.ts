import { englishText, isRuleKey } from '../../src/i18n/reasons';
import type { Refusal } from '../../src/sync/log/SyncedGame';

/** A value with each reason in it read as its English text, the words a player of the English interface sees. */
export type InEnglish<T> = T extends Refusal
  ? string
  : T extends readonly unknown[]
    ? InEnglish<T[number]>[]
    : T extends object
      ? { [K in keyof T]: InEnglish<T[K]> }
      : T;

/** Whether a value is a reason the rules gave: a key of their texts, with values or none, and nothing else. */
const isReason = (value: object): value is Refusal =>
  typeof (value as { key?: unknown }).key === 'string' &&
  isRuleKey((value as { key: string }).key) &&
  Object.keys(value).every((name) => name === 'key' || name === 'values');

/**
 * The value with every reason in it (a refusal, a state's message, a move-list line) as its exact English text, so a
 * test asserts what the player reads: `expect(inEnglish(result)).toEqual({ ok: false, reason: 'Seat taken' })`.
 */
export function inEnglish<T>(value: T): InEnglish<T> {
  return convert(value) as InEnglish<T>;
}

function convert(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(convert);
  if (isReason(value)) return englishText(value);
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, convert(field)]));
}
