import { ERROR_CODES } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { translationDe as de, translationEn as en } from './resources';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

const deKeys = flatten(de);
const enKeys = flatten(en);

describe('translations', () => {
  it('has every German key in English', () => {
    expect([...deKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('has no English key without a German source', () => {
    expect([...enKeys.keys()].filter((k) => !deKeys.has(k))).toEqual([]);
  });

  it('translates every error code in both languages', () => {
    const languages = { de: deKeys, en: enKeys };
    const missing = ERROR_CODES.flatMap((code) =>
      Object.entries(languages)
        .filter(([, keys]) => !keys.get(`error.${code}`))
        .map(([lang]) => `${lang}:${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('uses the same interpolation placeholders in both languages', () => {
    const mismatched = [...deKeys].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(enKeys.get(key) ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('has no empty texts', () => {
    expect([...deKeys, ...enKeys].filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
