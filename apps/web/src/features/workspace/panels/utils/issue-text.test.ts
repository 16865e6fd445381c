import { describe, expect, it } from 'vitest';
import { translationDe, translationEn } from '../../../../i18n/resources';
import { issueText, sortIssues, type Translator } from './issue-text';

const i18n = (texts: Record<string, string>): Translator => ({
  exists: (key) => key in texts,
  t: (key, options) =>
    texts[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name])),
});

describe('issueText', () => {
  it('translates a known code with its params', () => {
    const tr = i18n({ 'workspace.issue.SSG_EXCEEDS_SG': 's_sg {{ssg}} > s_g' });
    expect(issueText(tr, { code: 'SSG_EXCEEDS_SG', severity: 'warning', params: { ssg: 3 } })).toBe(
      's_sg 3 > s_g',
    );
  });

  it('writes number params with the given number text (decimal comma) in sentences and fallbacks', () => {
    const tr = i18n({ 'workspace.issue.GROUP_RULE_PRODUCT': 'Faktor {{factor}}' });
    const comma = (n: number) => String(n).replace('.', ',');
    expect(
      issueText(
        tr,
        { code: 'GROUP_RULE_PRODUCT', severity: 'warning', params: { factor: 0.7952 } },
        comma,
      ),
    ).toBe('Faktor 0,7952');
    expect(
      issueText(
        i18n({}),
        { code: 'NEW_CODE', severity: 'info', params: { a: 1.5, b: 'x.y' } },
        comma,
      ),
    ).toBe('NEW_CODE (a = 1,5, b = x.y)');
  });

  it('names the column of a missing required value (the newcomer could not tell which cell)', () => {
    const tr = i18n({ 'workspace.issue.REQUIRED': 'Pflichtwert fehlt.' });
    expect(
      issueText(tr, { code: 'REQUIRED', severity: 'error', params: {}, field: 'BodenProfil' }),
    ).toBe('Pflichtwert fehlt: „Bodenprofil“.');
    expect(issueText(tr, { code: 'REQUIRED', severity: 'error', params: {} })).toBe(
      'Pflichtwert fehlt.',
    );
  });

  it('falls back to the code and its params for an unknown code', () => {
    expect(
      issueText(i18n({}), { code: 'NEW_CODE', severity: 'info', params: { a: 1, b: 'x' } }),
    ).toBe('NEW_CODE (a = 1, b = x)');
    expect(issueText(i18n({}), { code: 'BARE', severity: 'info', params: {} })).toBe('BARE');
  });
});

describe('sortIssues', () => {
  it('orders errors, warnings, infos and keeps the order within one severity', () => {
    const sorted = sortIssues([
      { code: 'a', severity: 'info', params: {} },
      { code: 'b', severity: 'error', params: {} },
      { code: 'c', severity: 'warning', params: {} },
      { code: 'd', severity: 'error', params: {} },
    ]);
    expect(sorted.map((x) => x.code)).toEqual(['b', 'd', 'c', 'a']);
  });
});

describe('a failed length search in words (ADR 0146)', () => {
  // the real texts of both languages (contracts ENGINE_ISSUE_TEXTS through the app's i18n resources)
  const real = (language: 'de' | 'en'): Translator => {
    const tree = (language === 'de' ? translationDe : translationEn) as unknown as {
      workspace: { issue: Record<string, string> };
    };
    return {
      language,
      exists: (key) => key.startsWith('workspace.issue.') && key.slice(16) in tree.workspace.issue,
      t: (key, options) =>
        tree.workspace.issue[key.slice(16)]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
          String(options?.[name]),
        ),
    };
  };
  const failed = {
    code: 'REQUIRED_LENGTH_NOT_FOUND',
    severity: 'error' as const,
    params: {
      limit: 'profileBottom',
      failedCheck: 'toe-layer',
      maxLength: 11.76,
      bestLength: 11.76,
    },
  };

  it('names the limit and the failed check in German words and says what to change', () => {
    const text = issueText(real('de'), failed);
    // before: "Keine Länge erfüllt die Nachweise (Grenze profileBottom, zuletzt verletzt: toe-layer)…"
    expect(text).not.toMatch(/profileBottom|toe-layer|embedment|[A-Z]{3,}_[A-Z]/);
    expect(text).toContain('Unterkante des Bodenprofils');
    expect(text).toContain('keine Schicht, in der der Fuß abgesetzt werden darf');
    expect(text).toContain('„Fußabsetzbarkeit“ ankreuzen');
  });

  it('does the same in English, for each check', () => {
    for (const check of [
      'toe-layer',
      'embedment',
      'uls-compression',
      'uls-tension',
      'sls-settlement',
    ]) {
      const text = issueText(real('en'), {
        ...failed,
        params: { ...failed.params, limit: 'MaxLaenge', failedCheck: check },
      });
      // ('embedment' is also an English word, the hyphenated identifiers are not)
      if (check.includes('-')) expect(text).not.toContain(check);
      expect(text).not.toContain('MaxLaenge');
      expect(text).toContain('maximum drilling depth of the settings');
      expect(text.split('. ').length).toBeGreaterThan(1); // sentence + advice
    }
  });
});
