/**
 * The games' texts in both languages (en/room.ts, tr/room.ts), added to the interface's i18next instance, and the way
 * from a text the pure rules gave in English back to its key. Everything in the room that shows these texts takes its
 * hooks from here, so the login page, which needs only the common texts, never loads them.
 */
import { useMemo } from 'react';
import { i18n, useTranslation, type TFunction } from './i18n';
import { room as en } from './en/room';
import { room as tr } from './tr/room';

export { i18n, useTranslation };

for (const [language, texts] of [
  ['en', en],
  ['tr', tr],
] as const)
  for (const [namespace, resources] of Object.entries(texts))
    i18n.addResourceBundle(language, namespace, resources);

/** A key of the rules' texts (en/room.ts `rules`). */
export type RuleKey = keyof typeof en.rules;

/**
 * What each kind of variable in a rules text may be, so a pattern matches only its own texts ("White 6-4: 24/18"
 * is a turn, "White wins: 1 point" is not). Any other variable (a player's name, a mark, a detail) takes any text.
 */
const CAPTURES: Readonly<Record<string, string>> = {
  n: '\\d+',
  value: '\\d+',
  die: '\\d',
  white: '\\d',
  black: '\\d',
  dice: '\\d-\\d',
  rank: '\\d+|👌',
};

/** Variables whose values are rules texts themselves (a side, a tile, an amount of points): translated in turn. */
const TEXT_VARIABLES: ReadonlySet<string> = new Set([
  'side',
  'winner',
  'loser',
  'first',
  'points',
  'prev',
  'next',
]);

const VARIABLE = /\{\{(\w+)\}\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Pattern = { key: RuleKey; names: string[]; regex: RegExp; literal: number };

/** The English texts without variables, to their keys. */
const EXACT = new Map<string, RuleKey>();
/** The English texts with variables, as patterns: the one with the most fixed text first, as the most specific. */
const PATTERNS: Pattern[] = [];

for (const [key, text] of Object.entries(en.rules) as [RuleKey, string][]) {
  const names = [...text.matchAll(VARIABLE)].map((match) => match[1]);
  if (names.length === 0) {
    EXACT.set(text, key);
    continue;
  }
  const parts = text.split(VARIABLE).filter((_, i) => i % 2 === 0);
  const source = parts
    .map(escape)
    .reduce((regex, part, i) => `${regex}(${CAPTURES[names[i - 1]] ?? '.+?'})${part}`);
  PATTERNS.push({ key, names, regex: new RegExp(`^${source}$`, 's'), literal: parts.join('').length });
}
PATTERNS.sort((a, b) => b.literal - a.literal);

/** The key of a rules text and the values of its variables, or null for a text the rules never give. */
export function ruleKeyOf(text: string): { key: RuleKey; values: Record<string, string> } | null {
  const exact = EXACT.get(text);
  if (exact) return { key: exact, values: {} };
  for (const { key, names, regex } of PATTERNS) {
    const match = regex.exec(text);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
  }
  return null;
}

/**
 * A text the rules gave (in English, as every peer computes it) in the language `t` speaks, by default the
 * interface's: its key found from the English text, its variables carried over. A text the rules never give is
 * shown as it is.
 */
export function ruleText(text: string, t: TFunction<'rules'> = i18n.getFixedT(null, 'rules')): string {
  const found = ruleKeyOf(text);
  if (!found) return text;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [
      name,
      TEXT_VARIABLES.has(name) ? ruleText(value, t) : value,
    ]),
  );
  // The key comes from the English texts themselves, so each has the variables found for it.
  return (t as (key: string, values: Record<string, string>) => string)(found.key, values);
}

/** ruleText in the interface's language, for a component: it renders again when the language changes. */
export function useRuleText(): (text: string) => string {
  const { t } = useTranslation('rules');
  return useMemo(() => rememberingRuleText(t), [t]);
}

/** ruleText in `t`'s language that gives a text it gave before at once: finding a text's key tries every pattern. */
function rememberingRuleText(t: TFunction<'rules'>): (text: string) => string {
  const shown = new Map<string, string>();
  return (text) => {
    let translated = shown.get(text);
    if (translated === undefined) {
      if (shown.size >= 500) shown.clear();
      translated = ruleText(text, t);
      shown.set(text, translated);
    }
    return translated;
  };
}
