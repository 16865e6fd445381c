import { createContext, type ReactNode, useCallback, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import { initI18n, type Language } from '../../i18n';
import type { DecimalSeparator } from '../../lib/format/number-format';
import {
  defaultDecimalSeparator,
  readDecimalSeparator,
  readLanguage,
  writePreference,
} from './preferences-storage';

export type Preferences = {
  language: Language;
  setLanguage: (language: Language) => void;
  decimalSeparator: DecimalSeparator;
  setDecimalSeparator: (separator: DecimalSeparator) => void;
};

export const PreferencesContext = createContext<Preferences | null>(null);

const applyLanguage = (language: Language) => {
  initI18n(language);
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

/** Language (i18next, dayjs, antd via ThemeProvider) and decimal separator, kept in localStorage. */
export const PreferencesProvider = ({ children }: { children: ReactNode }) => {
  const [language, setLanguageState] = useState<Language>(() => {
    const initial = readLanguage();
    applyLanguage(initial);
    return initial;
  });
  // the chosen mark, or null: then the language's own (German: comma)
  const [chosenSeparator, setDecimalState] = useState<DecimalSeparator | null>(() =>
    readDecimalSeparator(),
  );
  const decimalSeparator = chosenSeparator ?? defaultDecimalSeparator(language);

  const setLanguage = useCallback((next: Language) => {
    applyLanguage(next);
    writePreference('language', next);
    setLanguageState(next);
  }, []);

  const setDecimalSeparator = useCallback((next: DecimalSeparator) => {
    writePreference('decimalSeparator', next);
    setDecimalState(next);
  }, []);

  const value = useMemo(
    () => ({ language, setLanguage, decimalSeparator, setDecimalSeparator }),
    [language, setLanguage, decimalSeparator, setDecimalSeparator],
  );
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
};
