/**
 * The PDF report (ADR 0072, 0150–0154): a Statische Berechnung with pdfmake 0.3, server-side, Roboto embedded.
 * Order: title page, contents, 1 Zusammenfassung (one line per load point), 2 Grundlagen, 3 Annahmen,
 * 4 Baugrund, 5 Einwirkungen, 6 Nachweise (table of all load points, then the full verification of the
 * load points the reader selected: `ReportInput.detail`), appendix A parameters, B references.
 * Each section is one file in `sections/`; every word comes from the texts table (texts-de.ts,
 * texts-en.ts). Choices: ADR 0150 (engine and speed), 0151 (structure, detail, sources).
 */
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { contextOf, flag, type Ctx, type ReportInput } from './common';
import { imageDataUrl, setupFonts, textMeasure } from './fonts';
import { drawLongTables, type LongTables, type TableCanvas, type TextMeasure } from './long-table';
import { formatDateTime } from './texts';
import { actionsSection } from './sections/actions';
import { appendixSection } from './sections/appendix';
import { assumptionsSection, collectAssumptions } from './sections/assumptions';
import { basisSection } from './sections/basis';
import { soilSection } from './sections/soil';
import { summarySection } from './sections/summary';
import {
  contents,
  contentsWithPages,
  documentTitle,
  titlePage,
  type ContentsEntry,
} from './sections/title';
import { verificationSection } from './sections/verification';

export type { ReportDetail, ReportInput } from './common';

/** The company block of header and footer: the company, or the alternative data of the settings. */
const companyOf = (input: ReportInput) => {
  const s = input.workbook.settings;
  const useAlternative = s.default_company_info === false && (s.companyAltName ?? '').trim() !== '';
  if (!useAlternative) {
    return {
      name: input.company.name,
      lines: input.company.addressLines,
      logo: imageDataUrl(input.company.logo),
    };
  }
  return {
    name: s.companyAltName,
    lines: [
      s.companyAltStreet,
      [s.companyAltPostalCode, s.companyAltLocation].filter(Boolean).join(' '),
      s.companyAltPhone,
      s.companyAltEmail,
    ].filter((line): line is string => typeof line === 'string' && line.trim() !== ''),
    logo: imageDataUrl(input.company.alternativeLogo),
  };
};

const rule = (width: number, y: number): Content => ({
  canvas: [
    { type: 'line', x1: 0, y1: y, x2: width - 80, y2: y, lineWidth: 0.5, lineColor: '#888' },
  ],
});

function pageFrame(ctx: Ctx, title: string) {
  const { input, t, settings } = ctx;
  const company = companyOf(input);
  // The catalogue default 'Seite' is the German word: an English report says 'Page' unless the user typed a label.
  const typed = settings.seitenBezeichnung?.trim() ?? '';
  const label = typed === '' || typed === 'Seite' ? t.page : typed;
  const start = settings.seitenStartNummer ?? 1;
  const ofPages = flag(settings, 'SeiteVonSeiten');
  const projectLine = [
    input.project.name,
    input.project.number ? `${t.projectNumber} ${input.project.number}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const header = (_page: number, _count: number, pageSize: { width: number }): Content => ({
    margin: [40, 18, 40, 0],
    stack: [
      {
        columns: [
          ...(company.logo
            ? [{ image: company.logo, fit: [70, 40] as [number, number], width: 76 }]
            : []),
          {
            stack: [
              { text: company.name, bold: true, fontSize: 9 },
              ...company.lines.map((line) => ({ text: line, fontSize: 7 })),
            ],
            width: 170,
          },
          {
            stack: [
              { text: title, bold: true, fontSize: 9, alignment: 'right' },
              { text: projectLine, fontSize: 7, alignment: 'right' },
            ],
            width: '*',
          },
        ],
      },
      rule(pageSize.width, 4),
    ],
  });
  const footer = (page: number, count: number, pageSize: { width: number }): Content => ({
    margin: [40, 8, 40, 0],
    stack: [
      rule(pageSize.width, 0),
      {
        columns: [
          { text: company.name, fontSize: 7, color: '#444' },
          {
            text: `Pfahlplaner ${input.calculation.engine_version} · ${formatDateTime(input.calculation.calculated_at, input.lang)}`,
            fontSize: 7,
            color: '#444',
            alignment: 'center',
          },
          {
            text: `${label} ${start + page - 1}${ofPages ? ` ${t.of} ${start + count - 1}` : ''}`,
            fontSize: 8,
            alignment: 'right',
          },
        ],
        margin: [0, 4, 0, 0],
      },
    ],
  });
  return { header, footer };
}

/**
 * The pdfmake document definition (exported for tests and for callers that want to add pages).
 * @param pages the contents as found by a first layout (only when the page numbering does not start at 1)
 * @param long collects the long tables whose body `drawLongTables` writes after the layout (ADR 0199);
 *   without it they are ordinary pdfmake tables
 */
export function reportDefinition(
  input: ReportInput,
  pages?: readonly ContentsEntry[],
  long?: LongTables,
): TDocumentDefinitions {
  const ctx = contextOf(input);
  if (long) ctx.long = long;
  ctx.assumptions = collectAssumptions(ctx);
  const title = documentTitle(ctx);
  const content: Content[] = [
    ...titlePage(ctx),
    ...(pages ? contentsWithPages(ctx, pages) : contents(ctx)),
    ...summarySection(ctx, 1),
    ...basisSection(ctx, 2),
    ...assumptionsSection(ctx, 3),
    ...soilSection(ctx, 4),
    ...actionsSection(ctx, 5),
    ...verificationSection(ctx, 6),
    ...appendixSection(ctx, 'A'),
  ];
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [40, 78, 40, 46],
    info: {
      title: `${title} — ${input.project.name}`,
      creator: 'Pfahlplaner',
      producer: `Pfahlplaner ${input.calculation.engine_version}`,
    },
    defaultStyle: { font: 'Roboto', fontSize: 8.5, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 17, bold: true, margin: [0, 0, 0, 8] },
      h1: { fontSize: 12, bold: true, margin: [0, 10, 0, 5] },
      h2: { fontSize: 10, bold: true, margin: [0, 8, 0, 4] },
      h3: { fontSize: 9, bold: true, margin: [0, 6, 0, 3] },
      th: { bold: true, fontSize: 7, fillColor: '#edf2f7' },
      label: { color: '#444' },
    },
    ...pageFrame(ctx, title),
    content,
  };
}

const LAYOUTS = {
  thin: {
    hLineWidth: (i: number, node: { table: { headerRows?: number } }) =>
      i === (node.table.headerRows ?? -1) ? 0.8 : 0.3,
    vLineWidth: () => 0,
    hLineColor: () => '#bbb',
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: () => 1.5,
    paddingBottom: () => 1.5,
  },
  overview: {
    hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
    vLineWidth: () => 0,
    hLineColor: (i: number) => (i <= 1 ? '#333' : '#bbb'),
    paddingLeft: () => 2,
    paddingRight: () => 2,
    paddingTop: () => 1.5,
    paddingBottom: () => 1.5,
  },
};

type LaidOutHeading = {
  tocItem?: unknown;
  text?: unknown;
  tocStyle?: Record<string, unknown>;
  tocMargin?: [number, number, number, number];
  positions?: { pageNumber: number }[];
  stack?: unknown[];
  columns?: unknown[];
};

/** The numbered headings of a laid-out definition with their pages (pdfmake writes `positions` into them). */
const headingsOf = (content: readonly unknown[]): ContentsEntry[] => {
  const found: ContentsEntry[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const heading = node as LaidOutHeading;
    if (heading.tocItem && typeof heading.text === 'string' && heading.positions?.[0]) {
      found.push({
        text: heading.text,
        page: heading.positions[0].pageNumber,
        style: heading.tocStyle ?? {},
        margin: heading.tocMargin ?? [0, 1, 0, 1],
      });
    }
    if (heading.stack) visit(heading.stack);
    if (heading.columns) visit(heading.columns);
  };
  visit(content);
  return found;
};

/** Text widths memoised for one report (numbers and words repeat across rows). */
const memoised = (measure: TextMeasure): TextMeasure => {
  const known = new Map<string, number>();
  return (text, bold, size) => {
    const key = `${bold ? 'b' : 'r'}${size} ${text}`;
    let width = known.get(key);
    if (width === undefined) {
      width = measure(text, bold, size);
      known.set(key, width);
    }
    return width;
  };
};

/**
 * Lay out and render one definition: pdfmake draws the document, then the body of the long tables is
 * written onto its buffered pages (ADR 0199). If a text would not fit its column, the definition is built
 * again with ordinary tables.
 */
async function renderDefinition(
  build: (long?: LongTables) => TDocumentDefinitions,
  measure: TextMeasure,
): Promise<{ buffer: Buffer; definition: TDocumentDefinitions }> {
  const long: LongTables = { measure, jobs: [] };
  const definition = build(long);
  if (long.jobs.length > 0) {
    const created = pdfmake.createPdf(definition, { bufferPages: true });
    const doc = (await created.getStream()) as unknown as TableCanvas;
    if (drawLongTables(doc, long)) return { buffer: await created.getBuffer(), definition };
  }
  const ordinary = long.jobs.length > 0 ? build() : definition;
  return { buffer: await pdfmake.createPdf(ordinary).getBuffer(), definition: ordinary };
}

/**
 * Render the report.
 * @returns PDF bytes
 */
export async function renderReportPdf(input: ReportInput): Promise<Uint8Array> {
  setupFonts();
  pdfmake.addTableLayouts(LAYOUTS);
  const measure = memoised(await textMeasure());
  const first = await renderDefinition((long) => reportDefinition(input, undefined, long), measure);
  let buffer = first.buffer;
  // pdfmake's contents print physical page numbers; when the footer's numbering starts elsewhere
  // ("Anlage 3, Blatt 7"), lay out once more with the contents as a table of the footer's numbers.
  if ((input.workbook.settings.seitenStartNummer ?? 1) !== 1) {
    const entries = headingsOf(first.definition.content as Content[]);
    if (entries.length > 0) {
      buffer = (await renderDefinition((long) => reportDefinition(input, entries, long), measure))
        .buffer;
    }
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
