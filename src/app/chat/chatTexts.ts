/**
 * The chat's texts in both languages (src/i18n/en/chat.ts, src/i18n/tr/chat.ts), added to the interface's i18next
 * instance as the `chat` namespace when the room loads, and the hook that reads them in the interface's language.
 */
import { i18n, useTranslation } from '../../i18n/i18n';
import { chat as en } from '../../i18n/en/chat';
import { chat as tr } from '../../i18n/tr/chat';
import type { ReactionId } from './chatMessage';

i18n.addResourceBundle('en', 'chat', en);
i18n.addResourceBundle('tr', 'chat', tr);

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

// i18next's plural keys are written with their suffix; a text is asked for by its base name and a count.
type Plural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** A key of the chat's texts. */
export type ChatKey = Plural<Leaves<typeof en>>;

/** The chat's `t`: a text by its key, with its variables, in the interface's language. */
export type ChatT = (key: ChatKey, options?: Record<string, string | number>) => string;

/** The chat's texts in the interface's language; a new language gives a new `t`. */
export function useChatTexts(): ChatT {
  // The common namespace's hook follows the language; the chat's texts are read from the same instance.
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return chatT(language);
}

const byLanguage = new Map<string, ChatT>();

/** The chat's `t` for a language (the same function each time it is asked). */
export function chatT(language: string): ChatT {
  let t = byLanguage.get(language);
  if (!t) {
    // i18next types its namespaces by the common texts' registration; the chat's keys are typed by ChatKey instead.
    const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (
      language: string,
      namespace: string,
    ) => (key: string, options?: Record<string, string | number>) => string;
    const fixed = getFixedT(language, 'chat');
    t = (key, options) => fixed(key, options);
    byLanguage.set(language, t);
  }
  return t;
}

/** A quick reaction's text in a language's `t`. */
export const reactionText = (t: ChatT, reaction: ReactionId): string => t(`reactions.${reaction}`);
