import 'i18next';
import type de from './de.json';

// Keys are typed from the German source file; en.json is checked against it by i18n.test.ts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
  }
}
