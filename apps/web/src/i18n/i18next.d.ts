import 'i18next';
import type { translationDe } from './resources';

// Keys are typed from the German source files; en.json is checked against it by i18n.test.ts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof translationDe };
  }
}
