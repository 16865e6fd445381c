import { FIELD_TEXTS, issueAdvice, issueParamWord } from '@pfahlplaner/contracts';

/** The part of an engine issue the UI shows (EngineIssue and StructuralIssue both fit). */
export type DisplayIssue = {
  code: string;
  severity: 'error' | 'warning' | 'info';
  params: Readonly<Record<string, string | number | boolean | null>>;
  /** wire name of the field concerned (input issues) */
  field?: string;
};

/** The subset of i18next this helper needs (keeps it testable without React). */
export type Translator = {
  /** UI language ('de' | 'en'); German words for identifier params when missing. */
  language?: string;
  exists: (key: string) => boolean;
  t: (key: string, options?: Record<string, unknown>) => string;
};

/** Turns a number parameter into text (the user's decimal mark); default `String`. */
export type NumberText = (value: number) => string;

/**
 * Text of an issue: `workspace.issue.<code>` with the params interpolated (texts come from the contracts'
 * ENGINE_ISSUE_TEXTS), else the code itself followed by the params, so nothing is ever silently blank.
 * Number params are written with `numberText`, so a German user with the decimal comma reads "0,7952".
 */
export const issueText = (
  i18n: Translator,
  issue: DisplayIssue,
  numberText: NumberText = String,
): string => {
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const params = Object.fromEntries(
    Object.entries(issue.params).map(([k, v]) => [
      k,
      typeof v === 'number' ? numberText(v) : (issueParamWord(k, v, lang) ?? v),
    ]),
  );
  const key = `workspace.issue.${issue.code}`;
  if (i18n.exists(key)) {
    // a failed length search also says what to change (ISSUE_ADVICE by the check that failed last)
    const advice = issue.severity === 'error' ? issueAdvice(issue.params, lang) : null;
    let text = i18n.t(key, params);
    // a missing required value names its column: "Pflichtwert fehlt: „Bodenprofil“." (a walk-through as a newcomer showed it:
    // the bare sentence left a newcomer guessing which cell)
    const label = issue.field === undefined ? undefined : FIELD_TEXTS[lang][issue.field]?.label;
    if (issue.code === 'REQUIRED' && label) text = `${text.replace(/\.$/, '')}: „${label}“.`;
    return advice ? `${text} ${advice}` : text;
  }
  const list = Object.entries(params)
    .map(([k, v]) => `${k} = ${String(v)}`)
    .join(', ');
  return list === '' ? issue.code : `${issue.code} (${list})`;
};

const RANK = { error: 0, warning: 1, info: 2 } as const;

/** Errors first, then warnings, then infos; stable within a severity. */
export const sortIssues = <T extends DisplayIssue>(issues: readonly T[]): T[] =>
  issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => RANK[a.issue.severity] - RANK[b.issue.severity] || a.i - b.i)
    .map((x) => x.issue);
