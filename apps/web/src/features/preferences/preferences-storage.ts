import { type DecimalSeparator, isDecimalSeparator } from '../../lib/format/number-format';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n';

/** localStorage keys of the user's display preferences (per browser, not per account). */
export const STORAGE_KEYS = {
  language: 'pp.language',
  decimalSeparator: 'pp.decimalSeparator',
} as const;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const safeStorage = (): StorageLike | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
};

export const readLanguage = (storage: StorageLike | null = safeStorage()): Language => {
  const value = storage?.getItem(STORAGE_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
};

/** The decimal mark a language writes: German the comma (1.200,5), English the point (1,200.5). */
export const defaultDecimalSeparator = (language: Language): DecimalSeparator =>
  language === 'de' ? 'comma' : 'point';

/**
 * The decimal mark the user chose in this browser, or null when none was chosen: then the language's
 * mark applies (`defaultDecimalSeparator`; German defaults to the decimal comma, ADR 0140).
 */
export const readDecimalSeparator = (
  storage: StorageLike | null = safeStorage(),
): DecimalSeparator | null => {
  const value = storage?.getItem(STORAGE_KEYS.decimalSeparator);
  return isDecimalSeparator(value) ? value : null;
};

export const writePreference = (
  key: keyof typeof STORAGE_KEYS,
  value: string,
  storage: StorageLike | null = safeStorage(),
): void => {
  try {
    storage?.setItem(STORAGE_KEYS[key], value);
  } catch {
    // quota or privacy mode: the preference then lasts for this page only
  }
};
