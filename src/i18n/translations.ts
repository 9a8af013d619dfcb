import type { common } from './en/common';
import type { room } from './en/room';

/** Every text of the interface in English, by namespace: the shape every language follows and i18next types keys by. */
export type EnglishTexts = { common: typeof common } & typeof room;

/** The shape of a language's texts: every key of the English ones, each a string. */
export type Translations = Texts<EnglishTexts>;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
