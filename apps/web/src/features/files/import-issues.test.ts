import type { ImportIssue } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { groupIssues, hasBlockingIssues, issueTextKeys } from './import-issues';
import { fileNameFromDisposition } from './transfer';

const issue = (
  sheet: string | null,
  row: number | null,
  column: string | null,
  severity: ImportIssue['severity'] = 'error',
): ImportIssue => ({
  sheet,
  row,
  column,
  code: 'INVALID_TYPE',
  params: {},
  severity,
});

describe('groupIssues', () => {
  it('keeps every issue, file-level first, sheets in order of appearance, sorted by row, column and severity', () => {
    const issues = [
      issue('BP 1', 4, 'B'),
      issue('Pfahltabelle', 12, 'AA'),
      issue('Pfahltabelle', 3, 'I', 'warning'),
      issue(null, null, null),
      issue('Pfahltabelle', 12, 'B'),
      issue('Pfahltabelle', 3, 'I', 'error'),
    ];
    const groups = groupIssues(issues);
    expect(groups.map((g) => g.sheet)).toEqual([null, 'BP 1', 'Pfahltabelle']);
    expect(groups.flatMap((g) => g.issues)).toHaveLength(issues.length);
    expect(groups[2]!.issues.map((i) => `${i.row}${i.column}:${i.severity}`)).toEqual([
      '3I:error',
      '3I:warning',
      '12B:error',
      '12AA:error',
    ]);
  });

  it('blocks only on errors', () => {
    expect(hasBlockingIssues([issue('a', 1, 'A', 'warning'), issue('a', 2, 'A', 'info')])).toBe(
      false,
    );
    expect(hasBlockingIssues([issue('a', 1, 'A', 'warning'), issue('a', 2, 'A')])).toBe(true);
  });

  it('looks up the file feature text before the shared error text', () => {
    expect(issueTextKeys('ZIP_TOO_LARGE')).toEqual([
      'files.issue.ZIP_TOO_LARGE',
      'error.ZIP_TOO_LARGE',
    ]);
  });

  it('looks up the text of a cross-row or plan rule first', () => {
    expect(issueTextKeys('TOO_BIG', { rule: 'PLAN_LAYER_LIMIT', max: 2 })).toEqual([
      'files.issue.rule.PLAN_LAYER_LIMIT',
      'files.issue.TOO_BIG',
      'error.TOO_BIG',
    ]);
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Bericht _lhafen.pdf"; filename*=UTF-8''Bericht%20%C3%96lhafen.pdf`,
        'x.pdf',
      ),
    ).toBe('Bericht Ölhafen.pdf');
    expect(fileNameFromDisposition('attachment; filename="plain.xlsx"', 'x')).toBe('plain.xlsx');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'fallback.xml')).toBe(
      'fallback.xml',
    );
    expect(fileNameFromDisposition(null, 'fallback.xml')).toBe('fallback.xml');
  });
});
