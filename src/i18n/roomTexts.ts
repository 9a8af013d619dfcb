/**
 * The games' texts in both languages (en/room.ts, tr/room.ts), added to the interface's i18next instance, and the
 * rules' reasons (reasons.ts) in the interface's language. Everything in the room that shows these texts takes its
 * hooks from here, so the login page, which needs only the common texts, never loads them.
 */
import { useMemo } from 'react';
import { i18n, useTranslation, type TFunction } from './i18n';
import { room as en } from './en/room';
import { room as tr } from './tr/room';
import { isRuleKey, reasonValues, type LooseReason, type RuleKey } from './reasons';

export { i18n, useTranslation };

for (const [language, texts] of [
  ['en', en],
  ['tr', tr],
] as const)
  for (const [namespace, resources] of Object.entries(texts))
    i18n.addResourceBundle(language, namespace, resources);

/**
 * A reason the rules gave, in the language `t` speaks (by default the interface's): its key's text with its values,
 * a nested reason (a side, a tile, an amount of points) translated in turn. A key no text has is shown as it is.
 */
export function reasonText(
  reason: LooseReason,
  t: TFunction<'rules'> = i18n.getFixedT(null, 'rules'),
): string {
  if (!isRuleKey(reason.key)) return reason.key;
  const values = reasonValues(reason, (nested) => reasonText(nested, t));
  // Each key has its own variables; the values are those the reason carries, checked where the rules made it.
  return (t as (key: RuleKey, values: Record<string, string | number>) => string)(reason.key, values);
}

/** reasonText in the interface's language, for a component: it renders again when the language changes. */
export function useReasonText(): (reason: LooseReason) => string {
  const { t } = useTranslation('rules');
  return useMemo(() => (reason: LooseReason) => reasonText(reason, t), [t]);
}
