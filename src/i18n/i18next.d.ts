import type { EnglishTexts } from './translations';

// i18next's typed keys: every t() call names a text of en.ts, and a missing one is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishTexts;
  }
}
