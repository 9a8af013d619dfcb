/**
 * The interface's language: one i18next instance, chosen from the language the person picked in the sidebar
 * (remembered in localStorage), else from the browser's languages (Turkish 'tr*' gives Turkish, anything else
 * English). `<html lang>` and the page's title follow every change. The texts are loaded statically, both languages
 * at once: the common ones here, with the first page; the games' with the room (roomTexts.ts). The app and the games
 * both read it from src/i18n (games never import the app); the games' pure rules never do: they give reasons (a key
 * and its values, reasons.ts), translated where they are shown (roomTexts.ts).
 */
import i18next, { type ParseKeys, type TFunction } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { useSyncExternalStore } from 'react';
// Only the hook's type: its typed keys per namespace. The hook itself is useTranslation below.
import type { useTranslation as useI18nextTranslation } from 'react-i18next';
import { common as en } from './en/common';
import { common as tr } from './tr/common';
import type { EnglishTexts } from './translations';

export type { TFunction };

// Texts a `t` already gave, by key and variables: a few hundred per language at most (names, counts).
const MAX_REMEMBERED = 2000;

/** `t` that gives a text it gave before without asking i18next again (about 15 µs a text, on every move's render). */
function remembering<T extends (...args: never[]) => unknown>(t: T): T {
  const texts = new Map<string, string>();
  const remembered = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    const call = () => (t as unknown as (...args: unknown[]) => unknown)(key, options, ...rest);
    if (typeof key !== 'string' || rest.length > 0 || (options !== undefined && typeof options !== 'object'))
      return call();
    const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = call();
    if (typeof text !== 'string') return text;
    if (texts.size >= MAX_REMEMBERED) texts.clear();
    texts.set(id, text);
    return text;
  }) as unknown as T;
  return remembered;
}

type Translation = ReturnType<typeof useI18nextTranslation>;

/** One answer per language, namespaces and key prefix, shared by every component that asks the same. */
const translations = new Map<string, Translation>();

const onLanguageChange = (listener: () => void) => {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
};
const languageNow = () => i18n.language;

/**
 * The texts of a namespace (or several) in the interface's language, as react-i18next's useTranslation gives them;
 * typed as that hook, for its typed keys per namespace. Lighter on every render, which a move's render does many
 * times over: the texts are loaded statically (nothing to wait for), the language is one subscription, and `t` is
 * shared and remembers the texts it gave. A new language gives a new `t`, so memos that depend on it follow.
 */
export const useTranslation = ((
  namespaces?: string | readonly string[],
  options?: { keyPrefix?: string },
) => {
  const language = useSyncExternalStore(onLanguageChange, languageNow, languageNow);
  const ns =
    namespaces === undefined ? 'common' : typeof namespaces === 'string' ? namespaces : [...namespaces];
  const id = `${language}|${String(ns)}|${options?.keyPrefix ?? ''}`;
  let translation = translations.get(id);
  if (!translation) {
    // getFixedT types its namespace by the resources; the hook's callers are typed by react-i18next's signature above.
    const fixedT = i18n.getFixedT.bind(i18n) as (
      lng: string,
      ns: string | string[],
      prefix?: string,
    ) => TFunction;
    const t = remembering(fixedT(language, ns, options?.keyPrefix));
    translation = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation;
    translations.set(id, translation);
  }
  return translation;
}) as typeof useI18nextTranslation;

/** The languages of the interface; English, the spec's, comes first and is the fallback. */
export const LANGUAGES = ['en', 'tr'] as const;
/** A language of the interface. */
export type Language = (typeof LANGUAGES)[number];
/** The namespaces of the texts: one per area of the interface (en.ts). */
export type Namespace = keyof EnglishTexts;
/** The key of any text, 'namespace:key', for a text named where it is not shown (a game's credits). */
export type TextKey = Extract<ParseKeys<readonly Namespace[]>, `${Namespace}:${string}`>;

// Only a choice made in the sidebar is stored: a detected language is asked again on every visit.
const STORAGE_KEY = 'game-room-language';

const isLanguage = (value: string | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** The app's i18next instance; useTranslation reads it. */
export const i18n = i18next.createInstance();

const inBrowser = typeof document !== 'undefined';
i18n.on('languageChanged', (language) => {
  if (!inBrowser) return;
  document.documentElement.lang = isLanguage(language) ? language : 'en';
  document.title = i18n.t('common:appName');
});
if (inBrowser) i18n.use(LanguageDetector);
void i18n.init({
  resources: { en: { common: en }, tr: { common: tr } },
  ns: ['common'],
  defaultNS: 'common',
  supportedLngs: LANGUAGES,
  fallbackLng: 'en',
  // Outside a browser (unit tests, Node scripts) nobody has a language to ask: English, the spec's.
  lng: inBrowser ? undefined : 'en',
  // The resources are here already: the first render has its texts, with no Suspense.
  initAsync: false,
  // React escapes what it renders; escaping here would show a name like "Ann & Bob" as "Ann &amp; Bob".
  interpolation: { escapeValue: false },
  detection: {
    order: ['localStorage', 'navigator'],
    lookupLocalStorage: STORAGE_KEY,
    caches: [],
    // 'tr-TR' and 'TR' are Turkish: the language part decides.
    convertDetectedLanguage: (language: string) => language.split('-')[0].toLowerCase(),
  },
});

/** The language the interface shows now. */
export const currentLanguage = (): Language =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

/** Shows the interface in a language and remembers the choice for this browser's next visits. */
export function setLanguage(language: Language): void {
  void i18n.changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be refused (private mode): the choice then lasts for this page.
  }
}
