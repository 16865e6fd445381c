import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translationDe, translationEn } from './resources';

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export const isLanguage = (value: unknown): value is Language => value === 'de' || value === 'en';

export const resources = {
  de: { translation: translationDe },
  en: { translation: translationEn },
} as const;

/** Initialises the shared i18next instance (German is the source and fallback language). */
export const initI18n = (language: Language) => {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
};

/** Text for an error code from the API or a zod schema; unknown codes read as 'invalid value'. */
export const errorText = (code: string): string =>
  i18n.exists(`error.${code}`)
    ? i18n.t(`error.${code}` as 'error.INVALID_VALUE')
    : i18n.t('error.INVALID_VALUE');

export { i18n };
