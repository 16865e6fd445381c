/**
 * Title page of the Statische Berechnung (project, client, item, preparer with date and signature field,
 * revision, what the document covers) and the table of contents with page numbers (pdfmake resolves the
 * page of every numbered heading after layout).
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { type Ctx } from '../common';
import { fill, formatDateTime } from '../texts';

/** Title of the document: the user's (settings `nameAnlageAuszen`) or what the calculation covers. */
export const documentTitle = (ctx: Ctx): string => {
  const typed = ctx.settings.nameAnlageAuszen?.trim() ?? '';
  if (typed !== '') return typed;
  const hasInternal = (ctx.input.result.horizontal_loadcases ?? []).some(
    (c) => c.horizontal_loads.length > 0,
  );
  return hasInternal ? ctx.t.defaultTitle : ctx.t.titleAxialOnly;
};

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

export function titlePage(ctx: Ctx): Content[] {
  const { t, settings, input } = ctx;
  const s = settings as Record<string, unknown>;
  const row = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, style: 'label' },
    { text: value, bold },
  ];
  const rows: TableCell[][] = [
    row(t.project, input.project.name, true),
    row(t.projectNumber, text(input.project.number, '–')),
    row(t.address, text(input.project.address, '–')),
    row(t.client, text(s.berichtAuftraggeber, t.notGiven)),
    row(t.position, text(s.berichtPosition, t.notGiven)),
    row(t.revision, text(s.berichtRevision, '0')),
    row(t.soilReport, text(s.berichtBaugrundgutachten, t.notGiven)),
    row(t.loadPointCount, String(input.workbook.piles.length)),
    row(t.calculatedAt, formatDateTime(input.calculation.calculated_at, ctx.lang)),
    row(t.engineVersion, fill(t.softwareName, { version: input.calculation.engine_version })),
  ];
  const preparer = text(s.berichtAufsteller, '');
  return [
    { text: t.documentKind, fontSize: 11, color: '#444', margin: [0, 60, 0, 4] },
    { text: documentTitle(ctx), style: 'title' },
    { text: input.project.name, fontSize: 13, margin: [0, 0, 0, 24] },
    { table: { widths: [120, '*'], body: rows }, layout: 'noBorders', margin: [0, 0, 0, 40] },
    { text: t.preparedBy, style: 'h3' },
    {
      table: {
        widths: [120, '*'],
        body: [
          [{ text: t.preparer, style: 'label' }, preparer || ' '],
          [
            { text: t.dateSignature, style: 'label' },
            { text: ' \n\n\n', border: [false, false, false, true] },
          ],
        ],
      },
      layout: {
        hLineWidth: (i: number) => (i === 2 ? 0.6 : 0),
        vLineWidth: () => 0,
        paddingTop: () => 4,
        paddingBottom: () => 4,
      },
    },
  ];
}

/** A heading of the contents with the page it starts on (physical page, 1 = title page). */
export type ContentsEntry = {
  text: string;
  page: number;
  style: Record<string, unknown>;
  margin: [number, number, number, number];
};

/**
 * The contents as a plain table with the page labels of the footer (`seitenStartNummer` + page − 1): used
 * when the numbering does not start at 1, from the pages a first layout found (pdfmake's own contents
 * print physical page numbers). Same rows and styles as pdfmake's contents, so the pages do not move.
 */
export function contentsWithPages(ctx: Ctx, entries: readonly ContentsEntry[]): Content[] {
  const start = ctx.settings.seitenStartNummer ?? 1;
  return [
    {
      stack: [
        { text: ctx.t.contents, style: 'h1' },
        {
          table: {
            dontBreakRows: true,
            widths: ['*', 'auto'],
            body: entries.map((entry) => [
              { text: entry.text, style: entry.style, margin: entry.margin, alignment: 'left' },
              {
                text: String(start + entry.page - 1),
                style: entry.style,
                alignment: 'right',
                margin: [0, entry.margin[1], 0, entry.margin[3]],
              },
            ]),
          },
          layout: 'noBorders',
        },
      ],
      pageBreak: 'before',
    },
  ];
}

export function contents(ctx: Ctx): Content[] {
  return [
    {
      toc: {
        title: { text: ctx.t.contents, style: 'h1' },
        textMargin: [0, 1, 0, 1],
      },
      pageBreak: 'before',
    },
  ];
}
