import { describe, expect, it } from 'vitest';
import { ENGINE_ISSUE_CODES } from './engine-issue-codes';
import {
  ENGINE_ISSUE_TEXTS,
  engineIssueText,
  fillIssueText,
  issueTextPlaceholders,
} from './engine-issue-texts';

describe('ENGINE_ISSUE_TEXTS', () => {
  it('has a German and an English sentence for every engine issue code, and no other codes', () => {
    for (const code of ENGINE_ISSUE_CODES) {
      const entry = ENGINE_ISSUE_TEXTS[code];
      expect(entry, code).toBeDefined();
      expect(entry.de.trim().length, `${code} de`).toBeGreaterThan(5);
      expect(entry.en.trim().length, `${code} en`).toBeGreaterThan(5);
    }
    expect(Object.keys(ENGINE_ISSUE_TEXTS).sort()).toEqual([...ENGINE_ISSUE_CODES].sort());
  });

  it('uses the same placeholders in German and English', () => {
    const mismatched = ENGINE_ISSUE_CODES.filter((code) => {
      const { de, en } = ENGINE_ISSUE_TEXTS[code];
      return (
        issueTextPlaceholders(de).sort().join(',') !== issueTextPlaceholders(en).sort().join(',')
      );
    });
    expect(mismatched).toEqual([]);
  });

  it('has well-formed placeholders only (no single braces, no stray {{ or }})', () => {
    for (const code of ENGINE_ISSUE_CODES) {
      for (const text of Object.values(ENGINE_ISSUE_TEXTS[code])) {
        const rest = text.replace(/\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g, '');
        expect(rest, `${code}: ${text}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('differs between the languages where the words differ', () => {
    expect(ENGINE_ISSUE_TEXTS.LOAD_MISSING).toEqual({
      de: 'Die Last fehlt.',
      en: 'The load is missing.',
    });
  });
});

describe('fillIssueText', () => {
  it('replaces placeholders with formatted values and reports which params it used', () => {
    const template = ENGINE_ISSUE_TEXTS.BEARING_LAYER_THIN_BELOW_TOE.de;
    expect(issueTextPlaceholders(template)).toEqual(['thickness', 'required']);
    const filled = fillIssueText(
      template,
      { thickness: 1.25, required: 3.6, depth: 12 },
      (value) => (typeof value === 'number' ? value.toFixed(2).replace('.', ',') : String(value)),
    );
    expect(filled.text).toBe(
      'Tragfähige Schicht unter dem Fuß nur 1,25 m dick (Regel 3·D = 3,60 m, nicht verifiziert).',
    );
    expect(filled.used).toEqual(['thickness', 'required']);
  });

  it('keeps a placeholder without a value visible', () => {
    expect(fillIssueText('Pfahl „{{Pname}}“', {}).text).toBe('Pfahl „{{Pname}}“');
    expect(fillIssueText('Pfahl „{{Pname}}“', { Pname: null }).used).toEqual([]);
  });

  it('answers null for codes that are not engine codes', () => {
    expect(engineIssueText('ZIP_TOO_LARGE', 'de')).toBeNull();
    expect(engineIssueText('toString', 'en')).toBeNull();
    expect(engineIssueText('LOAD_MISSING', 'en')).toBe('The load is missing.');
  });
});
