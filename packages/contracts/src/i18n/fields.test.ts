import { describe, expect, it } from 'vitest';
import { ALL_FIELDS, UNIT_SYMBOLS } from '../fields';
import de from './fields.de.json';
import en from './fields.en.json';

type Texts = { label: string; unit: string; help: string; option?: Record<string, string> };
const LOCALES = { de: de.field as Record<string, Texts>, en: en.field as Record<string, Texts> };

describe('fields.<lang>.json', () => {
  it.each(Object.entries(LOCALES))(
    'has a label, unit and help text for every field in %s',
    (_lang, texts) => {
      for (const field of ALL_FIELDS) {
        const entry = texts[field.key];
        expect(entry, field.key).toBeDefined();
        expect(entry!.label.trim(), field.key).not.toBe('');
        expect(entry!.help.trim().length, field.key).toBeGreaterThan(5);
        expect(entry!.help.length, `${field.key}: help texts stay short`).toBeLessThanOrEqual(160);
        expect(entry!.unit, field.key).toBe(UNIT_SYMBOLS[field.unit]);
      }
    },
  );

  it('has no keys that are not wire fields, and the same keys in both languages', () => {
    const wireNames = new Set(ALL_FIELDS.map((field) => field.key));
    expect(Object.keys(LOCALES.de).filter((key) => !wireNames.has(key))).toEqual([]);
    expect(Object.keys(LOCALES.en).sort()).toEqual(Object.keys(LOCALES.de).sort());
  });

  it.each(Object.entries(LOCALES))('labels every enum option in %s', (_lang, texts) => {
    for (const field of ALL_FIELDS) {
      if (field.kind !== 'enum') continue;
      const options = texts[field.key]?.option ?? {};
      expect(Object.keys(options).sort(), field.key).toEqual(
        field.values.map((o) => String(o.value)).sort(),
      );
      for (const label of Object.values(options)) expect(label.trim()).not.toBe('');
    }
  });

  it('differs between German and English where the words differ', () => {
    expect(LOCALES.de.SollDurchmesser?.label).toBe('Pfahldurchmesser D / Kantenlänge a');
    expect(LOCALES.en.SollDurchmesser?.label).toBe('Pile diameter D / side a');
    expect(LOCALES.en.FuszBeeinfluszung?.option?.['0']).toBe('None');
  });
});
