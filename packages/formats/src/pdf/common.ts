/**
 * What every report section shares: the input and options, the context built once per report, and the
 * small cell helpers (subscripts, numbers, key–value rows, numbered headings for the table of contents).
 */
import type { AxialPileResult, HorizontalLoadRowResult } from '@pfahlplaner/engine';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ReportResult } from '../result';
import type { ImportedWorkbook } from '../validate';
import type { LongTables } from './long-table';
import { TEXTS, formatNumber, type ReportLang, type Texts } from './texts';

/**
 * How much detail the report prints (ADR 0151): `summary` = one line per load point only (the default);
 * `piles` = full verification of the named load points; `groups` = of every load point of the named
 * verification groups (Nachweisgruppe); `all` = of every load point.
 */
export type ReportDetail =
  | { mode: 'summary' }
  | { mode: 'all' }
  | { mode: 'piles'; piles: readonly string[] }
  | { mode: 'groups'; groups: readonly number[] };

export type ReportInput = {
  workbook: ImportedWorkbook;
  result: ReportResult;
  calculation: { engine_version: string; calculated_at: string };
  /** The company of the project (header/footer), used unless the settings ask for the alternative data. */
  company: {
    name: string;
    addressLines: string[];
    logo?: Uint8Array;
    alternativeLogo?: Uint8Array;
  };
  project: { name: string; number?: string | null; address?: string | null };
  lang: ReportLang;
  /** Default: `{ mode: 'summary' }`. */
  detail?: ReportDetail;
};

export type Settings = ImportedWorkbook['settings'];
export type PileRow = ImportedWorkbook['piles'][number];
export type HorizontalEntry = { caseName: string; row: HorizontalLoadRowResult };

/** Everything a section needs, computed once. */
export type Ctx = {
  input: ReportInput;
  lang: ReportLang;
  t: Texts;
  settings: Settings;
  /** Result of each workbook row (by row index). */
  resultByRow: Map<number, AxialPileResult>;
  horizontalByPile: Map<string, HorizontalEntry[]>;
  /** Row indices of the load points printed with full detail. */
  detailRows: Set<number>;
  f: (value: number | null | undefined, decimals: number) => string;
  /** The merged issues of section 3, in their printed order (set by the report once). */
  assumptions: AssumptionEntry[];
  /** Long tables drawn directly after the layout (ADR 0199); absent: ordinary pdfmake tables. */
  long?: LongTables;
};

export type AssumptionEntry = {
  severity: 'error' | 'warning' | 'info';
  text: string;
  /** Load point names (or the project); `cases`: per load case, the load points of its rows. */
  where: string[];
  cases: Map<string, string[]>;
};

export const contextOf = (input: ReportInput): Ctx => {
  const lang = input.lang;
  const resultByRow = new Map(input.result.piles.map((pile) => [pile.rowIndex, pile]));
  const horizontalByPile = new Map<string, HorizontalEntry[]>();
  for (const loadCase of input.result.horizontal_loadcases ?? []) {
    for (const row of loadCase.horizontal_loads) {
      const list = horizontalByPile.get(row.Pname) ?? [];
      list.push({ caseName: loadCase.name, row });
      horizontalByPile.set(row.Pname, list);
    }
  }
  const detail = input.detail ?? { mode: 'summary' };
  const detailRows = new Set<number>();
  for (const pile of input.result.piles) {
    const selected =
      detail.mode === 'all' ||
      (detail.mode === 'piles' && detail.piles.includes(pile.Pname)) ||
      (detail.mode === 'groups' &&
        pile.Nachweisgruppe !== null &&
        detail.groups.includes(pile.Nachweisgruppe));
    if (selected) detailRows.add(pile.rowIndex);
  }
  return {
    input,
    lang,
    t: TEXTS[lang],
    settings: input.workbook.settings,
    resultByRow,
    horizontalByPile,
    detailRows,
    f: (value, decimals) => formatNumber(value, decimals, lang),
    assumptions: [],
  };
};

export const flag = (settings: Settings, key: keyof Settings): boolean =>
  Number(settings[key] ?? 0) === 1;

export const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '–';

type Run = { text: string; sub?: boolean };

/** Text runs with subscripts: `E_k` → E with subscript k, `R_{s,k}` → R with subscript s,k. */
export const runs = (text: string): Run[] =>
  text
    .split(/(_\{[^}]+\}|_[^\s[/)]+)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('_') ? { text: part.replace(/^_\{?|\}$/g, ''), sub: true } : { text: part },
    );

export const sym = (text: string): TableCell => ({ text: runs(text) });

/** A header cell: label with subscripts, unit below; `right` over right-aligned numbers in wide columns. */
export const head = (
  label: string,
  unit = '',
  options: { alignment?: 'right'; fontSize?: number } = {},
): TableCell => ({
  text: [...runs(label), ...(unit ? [{ text: `\n[${unit}]`, color: '#444' }] : [])],
  style: 'th',
  ...options,
});

export const num = (ctx: Ctx, value: number | null | undefined, decimals: number): TableCell => ({
  text: ctx.f(value, decimals),
  alignment: 'right',
});

export const kv = (label: TableCell, value: string, unit = ''): TableCell[] => [
  typeof label === 'string' ? sym(label) : label,
  { text: value, alignment: 'right' },
  { text: unit, color: '#444' },
];

/** A numbered heading that appears in the table of contents. */
export const heading = (
  text: string,
  level: 1 | 2,
  options: { pageBreak?: 'before'; pageOrientation?: 'portrait' | 'landscape' } = {},
): Content => ({
  text,
  style: level === 1 ? 'h1' : 'h2',
  tocItem: true,
  tocStyle: level === 1 ? { bold: true } : {},
  tocMargin: level === 1 ? [0, 3, 0, 0] : [12, 0, 0, 0],
  ...options,
});

/** A key–value table in three columns (label, value, unit). */
export const kvTable = (rows: TableCell[][], widths: (number | string)[] = [170, 90, 40]) => ({
  table: { widths, body: rows },
  layout: 'thin',
  fontSize: 7.5,
});
