import { ENGINE_ISSUE_CODES } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { translationDe as de, translationEn as en } from './resources';

// Every issue code of a calculation result is shown as t('workspace.issue.<CODE>', params).
const issueTexts = (tree: unknown): Record<string, unknown> =>
  (tree as { workspace?: { issue?: Record<string, unknown> } }).workspace?.issue ?? {};

describe('engine issue texts', () => {
  it.each([
    ['de', de],
    ['en', en],
  ])('translates every engine issue code in %s', (_lang, tree) => {
    const texts = issueTexts(tree);
    const missing = ENGINE_ISSUE_CODES.filter(
      (code) => typeof texts[code] !== 'string' || texts[code].trim() === '',
    );
    expect(missing).toEqual([]);
  });

  it('has no issue text for a code the engine does not know', () => {
    const known = new Set<string>(ENGINE_ISSUE_CODES);
    expect(Object.keys(issueTexts(de)).filter((k) => !known.has(k))).toEqual([]);
    expect(Object.keys(issueTexts(en)).filter((k) => !known.has(k))).toEqual([]);
  });
});
