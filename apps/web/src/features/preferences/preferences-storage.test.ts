import { describe, expect, it } from 'vitest';
import {
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
  it('defaults to the decimal point', () => {
    expect(readDecimalSeparator(memory())).toBe('point');
    expect(readDecimalSeparator(null)).toBe('point');
    expect(readDecimalSeparator(memory({ [STORAGE_KEYS.decimalSeparator]: 'semicolon' }))).toBe(
      'point',
    );
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
