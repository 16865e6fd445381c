/**
 * "Zusammenfassung": one line per load point (type, Ø or side length a, length, E_d, R_d, utilisation,
 * settlement, status), at the front of the document, with what the lengths mean (docs/calculation.md §6).
 */
import { FIELD_TEXTS } from '@pfahlplaner/contracts';
import type { AxialPileResult } from '@pfahlplaner/engine';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { head, heading, num, runs, type Ctx, type PileRow } from '../common';
import { longTable } from '../long-table';

export type PileStatus = 'ok' | 'failed' | 'notCalculated';

/**
 * Status of a load point: not calculated without R_d; not satisfied with an error issue or a utilisation
 * above the permissible one (settings `AuslastungProzent`, in the trace); satisfied otherwise.
 */
export const statusOf = (pile: AxialPileResult | undefined): PileStatus => {
  if (!pile || pile.R_d === null || pile.EzuR === null) return 'notCalculated';
  if (pile.issues.some((issue) => issue.severity === 'error')) return 'failed';
  const limit = pile.trace?.inputs.utilisationLimitPercent ?? 100;
  return pile.EzuR <= limit + 1e-9 ? 'ok' : 'failed';
};

/** Pile type in words (the catalogue's option label). */
export const pileTypeName = (ctx: Ctx, row: Partial<PileRow>): string => {
  const code = row.PfahlTyp ?? '';
  return FIELD_TEXTS[ctx.lang].PfahlTyp?.option?.[code] ?? (code || '–');
};

/** Ø [m], or "a = …" for square precast driven piles (`c`, D holds the side length a). */
export const sizeText = (ctx: Ctx, row: Partial<PileRow>): string => {
  const value = ctx.f(row.SollDurchmesser ?? null, 2);
  return row.PfahlTyp === 'c' ? `a = ${value}` : value;
};

export function summarySection(ctx: Ctx, no: number): Content[] {
  const { t, input } = ctx;
  const statusText = {
    ok: t.statusOk,
    failed: t.statusFailed,
    notCalculated: t.statusNotCalculated,
  };
  const header: TableCell[] = [
    head(t.loadPoint),
    head(t.pileType),
    head(t.diameterOrSide, 'm'),
    head('n', '–'),
    head(t.length, 'm'),
    head('E_d', 'kN'),
    head('R_d', 'kN'),
    head('E_d/R_d', '%'),
    head(t.settlement, 'cm'),
    head(t.status),
  ];
  const body: TableCell[][] = [];
  input.workbook.piles.forEach((row, index) => {
    const pile = ctx.resultByRow.get(index);
    const status = statusOf(pile);
    body.push([
      { text: row.Pname ?? '–', bold: true },
      pileTypeName(ctx, row),
      { text: sizeText(ctx, row), alignment: 'right' },
      num(ctx, row.PfahlAnzahl ?? null, 0),
      num(ctx, pile?.IstLaenge, 2),
      num(ctx, pile?.trace?.inputs.Ed ?? null, 0),
      num(ctx, pile?.R_d, 0),
      {
        text: ctx.f(pile?.EzuR, 1),
        alignment: 'right',
        bold: status === 'failed',
        color: status === 'failed' ? '#c53030' : '#000',
      },
      num(ctx, pile?.Setzung, 2),
      { text: statusText[status], color: status === 'ok' ? '#000' : '#c53030' },
    ]);
  });
  return [
    heading(`${no} ${t.summary}`, 1, { pageBreak: 'before' }),
    { text: runs(t.summaryIntro), fontSize: 7.5, margin: [0, 0, 0, 4] },
    longTable(ctx.long, {
      header,
      body,
      widths: ['auto', '*', 40, 18, 36, 40, 40, 40, 36, 52],
      layout: 'overview',
      fontSize: 7.5,
    }),
    {
      stack: [t.lengthMeaning, t.sideNote, t.statusMeaning].map((line) => ({
        text: runs(line),
        fontSize: 7,
        color: '#333',
      })),
      margin: [0, 4, 0, 0],
    },
    { text: detailLine(ctx), fontSize: 7.5, margin: [0, 6, 0, 0] },
  ];
}

/** Which load points this document verifies in full. */
const detailLine = (ctx: Ctx): string => {
  const { t, input } = ctx;
  const detail = input.detail ?? { mode: 'summary' };
  const label = `${t.detailPrinted}: `;
  switch (detail.mode) {
    case 'summary':
      return label + t.detailNone;
    case 'all':
      return label + t.detailAll;
    case 'piles':
      return `${label}${t.detailPiles} ${detail.piles.join(', ')}`;
    case 'groups':
      return `${label}${t.detailGroups} ${detail.groups.join(', ')}`;
  }
};
