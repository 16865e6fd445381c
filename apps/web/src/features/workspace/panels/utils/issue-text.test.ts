import { describe, expect, it } from 'vitest';
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
