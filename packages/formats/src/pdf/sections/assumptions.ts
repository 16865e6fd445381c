/**
 * "Annahmen und Hinweise": every issue the engine flags, in words, once, with the load points it affects
 * (issue sentences from contracts ENGINE_ISSUE_TEXTS; never the code). Errors first, then assumptions,
 * then notes.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { head, heading, runs, type AssumptionEntry, type Ctx } from '../common';
import { issueText } from '../texts';

type Severity = 'error' | 'warning' | 'info';
type Entry = AssumptionEntry;

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * The issues of the result, merged by sentence, each with its load points. A sentence the engine gives
 * as an assumption for some load points and as a note for others is printed once, with the graver kind.
 */
export const collectAssumptions = (ctx: Ctx): Entry[] => {
  const { input, lang, t } = ctx;
  const entries = new Map<string, Entry>();
  const add = (severity: Severity, text: string, where: string, loadCase?: string) => {
    const entry: Entry = entries.get(text) ?? {
      severity,
      text,
      where: [],
      cases: new Map<string, string[]>(),
    };
    if (ORDER[severity] < ORDER[entry.severity]) entry.severity = severity;
    const list: string[] = loadCase === undefined ? entry.where : (entry.cases.get(loadCase) ?? []);
    if (!list.includes(where)) list.push(where);
    if (loadCase !== undefined) entry.cases.set(loadCase, list);
    entries.set(text, entry);
  };
  for (const entry of input.result.issues) {
    add(entry.severity, issueText(entry, lang), t.wholeProject);
  }
  for (const pile of input.result.piles) {
    for (const entry of pile.issues) add(entry.severity, issueText(entry, lang), pile.Pname);
  }
  for (const loadCase of input.result.horizontal_loadcases ?? []) {
    for (const row of loadCase.horizontal_loads) {
      for (const entry of row.issues) {
        add(entry.severity, issueText(entry, lang), row.Pname, loadCase.name);
      }
    }
  }
  return [...entries.values()].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
};

/** Numbers (1-based, as printed in section 3) of the assumptions and notes that concern a load point. */
export const assumptionNumbersOf = (entries: readonly Entry[], pname: string): number[] =>
  entries.flatMap((entry, index) =>
    entry.where.includes(pname) || [...entry.cases.values()].some((piles) => piles.includes(pname))
      ? [index + 1]
      : [],
  );

export function assumptionsSection(ctx: Ctx, no: number): Content[] {
  const { t, input } = ctx;
  const entries = ctx.assumptions;
  const all = input.result.piles.map((p) => p.Pname);
  const names = (where: string[]) =>
    all.length > 1 && all.every((name) => where.includes(name)) && where.length === all.length
      ? t.allLoadPoints
      : where.join(', ');
  const affected = (entry: Entry) =>
    [
      ...(entry.where.length > 0 ? [names(entry.where)] : []),
      ...[...entry.cases].map(([name, piles]) => `${t.loadCase} ${name}: ${piles.join(', ')}`),
    ].join('; ');
  const body: TableCell[][] = [
    [head(''), head(t.assumptions), head(t.affected)],
    ...entries.map((entry, index): TableCell[] => [
      { text: `${index + 1}`, alignment: 'right' },
      {
        stack: [
          {
            text: t.severity[entry.severity],
            bold: true,
            color: entry.severity === 'error' ? '#c53030' : '#000',
          },
          { text: runs(entry.text) },
        ],
      },
      affected(entry),
    ]),
  ];
  return [
    heading(`${no} ${t.assumptions}`, 1, { pageBreak: 'before' }),
    { text: t.assumptionsIntro, fontSize: 7.5, margin: [0, 0, 0, 4] },
    entries.length === 0
      ? { text: t.noAssumptions }
      : {
          table: { headerRows: 1, dontBreakRows: true, widths: [14, '*', 120], body },
          layout: 'thin',
          fontSize: 7.5,
        },
  ];
}
