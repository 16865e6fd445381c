/**
 * "Nachweise": the external capacity of every load point in one table (values per single pile), then the
 * full verification of the load points the reader selected (sections/pile-detail.ts).
 */
import type { AxialPileResult } from '@pfahlplaner/engine';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { flag, head as headCell, heading, num, runs, type Ctx, type PileRow } from '../common';
import { longTable } from '../long-table';
import { pileDetail } from './pile-detail';

type Column = {
  head: TableCell;
  cell: (pile: AxialPileResult | undefined, row: PileRow) => TableCell;
};

const columnsOf = (ctx: Ctx): Column[] => {
  const { t } = ctx;
  // 13 equal star columns get the width of the widest header word: headers at 6.5 pt keep the table
  // within the margins in both languages ("Embedment", "Einbindung")
  const head = (label: string, unit = '') => headCell(label, unit, { fontSize: 6.5 });
  const showToe = flag(ctx.settings, 'UKKotenInTabelle');
  return [
    { head: head(t.loadPoint), cell: (_p, row) => ({ text: row.Pname ?? '–', bold: true }) },
    {
      head: head(t.drillingLevel, 'm NHN'),
      cell: (p, row) => num(ctx, p?.trace?.inputs.drillLevel ?? row.AEHoehe ?? null, 2),
    },
    {
      head: head(t.pileTop, 'm NHN'),
      cell: (_p, row) => num(ctx, row.SollPfahlOberKante ?? null, 2),
    },
    {
      head: head('E_k', 'kN'),
      cell: (p, row) =>
        num(ctx, p?.trace?.inputs.Ek ?? row.AlternativeCharakteristischeLastZ ?? null, 0),
    },
    {
      head: head('E_d', 'kN'),
      cell: (p, row) => num(ctx, p?.trace?.inputs.Ed ?? row.AlternativeDesignLastZ ?? null, 0),
    },
    { head: head(t.soilProfileShort), cell: (_p, row) => row.BodenProfil ?? '–' },
    { head: head('R_{s,k}', 'kN'), cell: (p) => num(ctx, p?.Rs_k, 0) },
    { head: head('R_{b,k}', 'kN'), cell: (p) => num(ctx, p?.Rb_k, 0) },
    { head: head('R_d', 'kN'), cell: (p) => num(ctx, p?.R_d, 0) },
    { head: head('E_d/R_d', '%'), cell: (p) => num(ctx, p?.EzuR, 1) },
    { head: head(t.length, 'm'), cell: (p) => num(ctx, p?.IstLaenge, 2) },
    ...(showToe
      ? [
          {
            head: head(t.pileToe, 'm NHN'),
            cell: (p: AxialPileResult | undefined) => num(ctx, p?.Soll_UK_Pfahl, 2),
          },
        ]
      : []),
    { head: head(t.drillingLength, 'm'), cell: (p) => num(ctx, p?.BohrLaenge, 2) },
    { head: head(t.penetration, 'm'), cell: (p) => num(ctx, p?.EindringTiefe, 2) },
  ];
};

export function verificationSection(ctx: Ctx, no: number): Content[] {
  const { t, input } = ctx;
  const columns = columnsOf(ctx);
  const body = input.workbook.piles.map((row, index) => {
    const pile = ctx.resultByRow.get(index);
    return columns.map((column) => column.cell(pile, row));
  });
  const out: Content[] = [
    heading(`${no} ${t.verifications}`, 1, { pageBreak: 'before' }),
    { text: runs(t.verificationsIntro), fontSize: 7.5, margin: [0, 0, 0, 4] },
    longTable(ctx.long, {
      header: columns.map((column) => column.head),
      body,
      widths: columns.map(() => 'auto'),
      layout: 'overview',
      fontSize: 7,
    }),
  ];
  let k = 0;
  for (const pile of input.result.piles) {
    if (!ctx.detailRows.has(pile.rowIndex)) continue;
    k += 1;
    out.push(...pileDetail(ctx, pile, `${no}.${k}`));
  }
  return out;
}
