import { describe, expect, it } from 'vitest';
import {
  defaultDecimalSeparator,
  readDecimalSeparator,
  readLanguage,
  STORAGE_KEYS,
  writePreference,
} from './preferences-storage';

const memory = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe('readDecimalSeparator', () => {
  it('is unset until chosen; then the language decides: German the comma, English the point', () => {
    expect(readDecimalSeparator(memory())).toBeNull();
    expect(readDecimalSeparator(null)).toBeNull();
    expect(
      readDecimalSeparator(memory({ [STORAGE_KEYS.decimalSeparator]: 'semicolon' })),
    ).toBeNull();
    expect(defaultDecimalSeparator('de')).toBe('comma');
    expect(defaultDecimalSeparator('en')).toBe('point');
  });

  it('keeps a stored comma', () => {
    const storage = memory();
    writePreference('decimalSeparator', 'comma', storage);
    expect(readDecimalSeparator(storage)).toBe('comma');
  });
});

describe('readLanguage', () => {
  it('defaults to German and keeps a stored English', () => {
    expect(readLanguage(memory())).toBe('de');
    expect(readLanguage(memory({ [STORAGE_KEYS.language]: 'fr' }))).toBe('de');
    expect(readLanguage(memory({ [STORAGE_KEYS.language]: 'en' }))).toBe('en');
  });
});
