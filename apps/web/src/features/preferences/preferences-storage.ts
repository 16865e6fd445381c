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

/** Default 'point': the predecessor and most engineering tools exchange values with a decimal point. */
export const readDecimalSeparator = (
  storage: StorageLike | null = safeStorage(),
): DecimalSeparator => {
  const value = storage?.getItem(STORAGE_KEYS.decimalSeparator);
  return isDecimalSeparator(value) ? value : 'point';
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
