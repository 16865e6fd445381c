import type { ImportIssue } from '@pfahlplaner/contracts';

/** The problems of one sheet (Excel) or element path (XML); `null` = the file as a whole. */
export type IssueGroup = { sheet: string | null; issues: ImportIssue[] };

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

/** Excel column letters compare by length first (`B` < `AA`). */
const compareColumns = (a: string | null, b: string | null): number =>
  (a ?? '').length - (b ?? '').length || (a ?? '').localeCompare(b ?? '');

/**
 * Groups the issues per sheet in the order the sheets first appear (file-level problems first), each
 * group sorted by row, column and severity — every issue is kept.
 */
export const groupIssues = (issues: readonly ImportIssue[]): IssueGroup[] => {
  const groups = new Map<string | null, ImportIssue[]>();
  if (issues.some((i) => i.sheet === null)) groups.set(null, []);
  for (const entry of issues) {
    const list = groups.get(entry.sheet) ?? [];
    list.push(entry);
    groups.set(entry.sheet, list);
  }
  return [...groups].map(([sheet, list]) => ({
    sheet,
    issues: [...list].sort(
      (a, b) =>
        (a.row ?? 0) - (b.row ?? 0) ||
        compareColumns(a.column, b.column) ||
        SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
    ),
  }));
};

/**
 * Translation key candidates of an issue: the text of its cross-row or plan rule (`params.rule`, e.g.
 * PLAN_LAYER_LIMIT), then the file feature's own text of the code, then the shared error text.
 */
export const issueTextKeys = (code: string, params: ImportIssue['params'] = {}): string[] => [
  ...(typeof params.rule === 'string' ? [`files.issue.rule.${params.rule}`] : []),
  `files.issue.${code}`,
  `error.${code}`,
];

/** True when at least one issue blocks applying the import. */
export const hasBlockingIssues = (issues: readonly ImportIssue[]): boolean =>
  issues.some((i) => i.severity === 'error');
