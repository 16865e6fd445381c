/**
 * The long per-load-point tables (summary, verification overview) with their body text drawn directly
 * with PDFKit (ADR 0199). pdfmake still lays out the table: the header row (repeated on every page), the
 * rules and the page breaks, but each body row is one empty line spanning all columns — the rows have the
 * height of one text line, as before — and each header cell carries an invisible line as wide as the widest
 * body text of its column, so that pdfmake's column widths stay what they were with the text in the body.
 * After the layout, `drawLongTables` writes every body cell at the place pdfmake gave its row and column.
 * A table whose cells are not plain text stays an ordinary pdfmake table.
 */
import type { Content, Table, TableCell } from 'pdfmake/interfaces';

/** A body cell the direct renderer can draw: one line of text, optionally bold, coloured, right-aligned. */
export type PlainCell = { text: string; alignment?: 'right'; bold?: boolean; color?: string };

/** Width [pt] of `text` in Roboto (regular or bold) at `fontSize`, as PDFKit measures it. */
export type TextMeasure = (text: string, bold: boolean, fontSize: number) => number;

type Position = {
  pageNumber: number;
  left: number;
  top: number;
  verticalRatio: number;
  pageInnerHeight: number;
  pageInnerWidth: number;
};
type Positioned = { positions?: Position[] };
type LaidOutTable = {
  table: { widths: { width?: unknown; _calcWidth?: number; _maxWidth?: number }[] };
  /** pdfmake's space before each column (padding right of the previous, rule, padding left) */
  _offsets?: { offsets: number[]; total: number };
  /** pdfmake's resolved table layout */
  _layout?: { paddingTop?: (row: number, node: unknown) => number };
};

/** A table whose body waits for `drawLongTables`. */
export type LongTableJob = {
  node: LaidOutTable;
  /** One placeholder line per body row (its position is the row's page and top). */
  rowLines: Positioned[];
  rows: PlainCell[][];
  fontSize: number;
  /** Per column: every body text is one word, so its width marker is exact as minimum and maximum. */
  singleWord: boolean[];
};

/** What the report needs to draw long tables directly; absent, every table is an ordinary pdfmake table. */
export type LongTables = { measure: TextMeasure; jobs: LongTableJob[] };

const PLAIN_KEYS = new Set(['text', 'alignment', 'bold', 'color']);

/** The cell as plain text, or null when it has anything else (runs, spans, styles, margins). */
export const plainCell = (cell: TableCell): PlainCell | null => {
  if (typeof cell === 'string') return { text: cell };
  if (cell === null || typeof cell !== 'object' || Array.isArray(cell)) return null;
  const record = cell as Record<string, unknown>;
  if (typeof record.text !== 'string' || record.text.includes('\n')) return null;
  if (Object.keys(record).some((key) => !PLAIN_KEYS.has(key))) return null;
  if (record.alignment !== undefined && record.alignment !== 'right') return null;
  return {
    // pdfmake does not count a line's trailing spaces in its width (nor do they show)
    text: record.text.trimEnd(),
    ...(record.alignment === 'right' ? { alignment: 'right' as const } : {}),
    ...(record.bold === true ? { bold: true } : {}),
    ...(typeof record.color === 'string' ? { color: record.color } : {}),
  };
};

/** Text pdfmake cannot break within a line (no space, dash or slash; a leading minus sign is no break). */
const isOneWord = (text: string): boolean =>
  text === '–' || /^-?[\p{L}\p{N}.,:;%=+×()²³]*$/u.test(text);

/**
 * True when pdfmake's column widths with the width markers are the widths it gives the table with its body
 * text. A marker is as wide as the widest body text of its column, as minimum and as maximum; pdfmake's
 * minimum of a column of several-word texts is its longest word. The maxima are therefore exact, and when
 * the table fits at its maxima (pdfmake's `buildColumnWidths`, case 2: auto columns get their maximum,
 * star columns share the rest) the minima do not matter; otherwise every column must be of single words.
 */
const widthsAsPdfmake = (job: LongTableJob): boolean => {
  const widths = job.node.table.widths;
  const auto = widths.filter((w) => w.width === 'auto');
  const star = widths.filter((w) => w.width === '*' || w.width === undefined || w.width === null);
  if (
    widths.every((w, column) => job.singleWord[column] || (!auto.includes(w) && !star.includes(w)))
  ) {
    return true;
  }
  const first = job.rowLines[0]?.positions?.[0];
  if (!first || !job.node._offsets) return false;
  const fixed = widths
    .filter((w) => !auto.includes(w) && !star.includes(w))
    .reduce((sum, w) => sum + (typeof w.width === 'number' ? w.width : Number.NaN), 0);
  const available = first.pageInnerWidth - job.node._offsets.total - fixed;
  const maxima =
    auto.reduce((sum, w) => sum + (w._maxWidth ?? Number.NaN), 0) +
    star.length * Math.max(0, ...star.map((w) => w._maxWidth ?? Number.NaN));
  return maxima < available;
};

/**
 * A table of one header row and single-line body rows: direct when `long` is given and every body cell
 * is plain text, otherwise the ordinary pdfmake table with the same properties.
 */
export function longTable(
  long: LongTables | undefined,
  spec: {
    header: TableCell[];
    body: TableCell[][];
    widths: Table['widths'];
    layout: string;
    fontSize: number;
  },
): Content {
  const { header, body, widths, layout, fontSize } = spec;
  const ordinary: Content = {
    table: { headerRows: 1, dontBreakRows: true, widths, body: [header, ...body] },
    layout,
    fontSize,
  };
  if (!long || body.length === 0) return ordinary;
  const rows: PlainCell[][] = [];
  for (const row of body) {
    const plain = row.map(plainCell);
    if (plain.some((cell) => cell === null)) return ordinary;
    rows.push(plain as PlainCell[]);
  }
  const singleWord = header.map((_, column) => rows.every((row) => isOneWord(row[column]!.text)));
  const widest = header.map((_, column) =>
    Math.max(
      0,
      ...rows.map((row) => long.measure(row[column]!.text, !!row[column]!.bold, fontSize)),
    ),
  );
  const headerRow = header.map((cell, column): TableCell => {
    const { style, alignment, fontSize: size, fillColor, ...text } = cell as Record<string, never>;
    // min and max width of the column's widest body text; a line of height 0, never visible
    const width: Content = {
      canvas: [
        {
          type: 'line',
          x1: 0,
          y1: 0,
          x2: widest[column]!,
          y2: 0,
          lineWidth: 0.1,
          strokeOpacity: 0,
        },
      ],
    };
    return {
      stack: [text as unknown as Content, width],
      ...(style ? { style } : {}),
      ...(alignment ? { alignment } : {}),
      ...(size ? { fontSize: size } : {}),
      ...(fillColor ? { fillColor } : {}),
    };
  });
  const rowLines: Positioned[] = [];
  const placeholders = rows.map((): TableCell[] => {
    const line: Positioned & { text: string; colSpan: number } = {
      text: ' ',
      colSpan: header.length,
    };
    rowLines.push(line);
    return [line, ...header.slice(1).map((): TableCell => ({}))];
  });
  const node = {
    table: { headerRows: 1, dontBreakRows: true, widths, body: [headerRow, ...placeholders] },
    layout,
    fontSize,
  };
  long.jobs.push({ node: node as unknown as LaidOutTable, rowLines, rows, fontSize, singleWord });
  return node;
}

/**
 * Characters that Roboto (regular and bold) sets without kerning or ligature between any two of them —
 * digits and the signs of numbers; checked against the font's own layout in test/pdf-long-table.test.ts.
 * A string of only these is as wide as the sum of its characters, so numbers need no text shaping.
 */
export const PLAIN_ADVANCE = /^[0-9.,\-–+%:;=× ]*$/;

/** `font.widthOfString`, with the widths of numbers added up from cached character widths. */
export const fastWidth = (font: MeasuredFont): ((text: string, size: number) => number) => {
  const advance = new Map<string, number>();
  return (text, size) => {
    if (!PLAIN_ADVANCE.test(text)) return font.widthOfString(text, size);
    let width = 0;
    for (const c of text) {
      let a = advance.get(c);
      if (a === undefined) {
        a = font.widthOfString(c, 1000);
        advance.set(c, a);
      }
      width += a;
    }
    return (width * size) / 1000;
  };
};

/**
 * The page and top edge of each row. pdfmake records a row's position when it first lays the row out; a
 * row that does not fit the page's rest is then moved whole to the next page (`dontBreakRows`), and its
 * recorded position stays the old one. That row is the one whose successor was laid out on a later page
 * (or, the last row, the one that reaches below the page's content area); it is the first row of the next
 * page, one row pitch above its successor. The pitch is the distance of two rows laid out on one page.
 * @returns null when the rows do not follow that pattern (the caller falls back to ordinary tables)
 */
export function rowPlaces(recorded: readonly Position[]): { page: number; top: number }[] | null {
  let pitch = Number.NaN;
  for (let r = 0; r + 1 < recorded.length; r += 1) {
    if (recorded[r]!.pageNumber !== recorded[r + 1]!.pageNumber) continue;
    const step = recorded[r + 1]!.top - recorded[r]!.top;
    if (Number.isNaN(pitch)) pitch = step;
    else if (Math.abs(step - pitch) > 1e-6) return null;
  }
  if (!(pitch > 0)) return null;
  const places = recorded.map((at) => ({ page: at.pageNumber, top: at.top }));
  let firstSlot = Number.NaN;
  const moved: number[] = [];
  for (let r = recorded.length - 1; r >= 0; r -= 1) {
    const at = recorded[r]!;
    const next = recorded[r + 1];
    if (next) {
      if (next.pageNumber <= at.pageNumber) continue;
      // laid out once more on the next page, right above its successor
      if (places[r + 1]!.page !== at.pageNumber + 1) return null;
      places[r] = { page: at.pageNumber + 1, top: places[r + 1]!.top - pitch };
      firstSlot = places[r]!.top;
    } else {
      const contentBottom = at.top + (1 - at.verticalRatio) * at.pageInnerHeight;
      if (at.top + pitch <= contentBottom + 1e-6) continue;
      moved.push(r);
    }
  }
  for (const r of moved) {
    if (Number.isNaN(firstSlot)) return null;
    places[r] = { page: recorded[r]!.pageNumber + 1, top: firstSlot };
  }
  return places;
}

/** A font of the document (PDFKit's embedded font). */
export type MeasuredFont = { widthOfString: (text: string, size: number) => number };

/** The part of pdfmake's PDFKit document the direct renderer uses. */
export type TableCanvas = {
  /** pdfmake's font of the document (the one its own text uses, so the subset is shared). */
  provideFont: (family: string, bold: boolean, italics: boolean) => MeasuredFont;
  switchToPage: (index: number) => unknown;
  _font: unknown;
  fontSize: (size: number) => unknown;
  fillColor: (color: string) => unknown;
  opacity: (opacity: number) => unknown;
  save: () => unknown;
  restore: () => unknown;
  text: (text: string, x: number, y: number, options: Record<string, unknown>) => unknown;
};

/**
 * Write the body text of every laid-out long table into the document (pages buffered).
 * @returns false when a text does not fit its column on one line (the caller lays the report out with
 *   ordinary tables instead); nothing is drawn then
 */
export function drawLongTables(doc: TableCanvas, long: LongTables): boolean {
  const regular = doc.provideFont('Roboto', false, false);
  const bold = doc.provideFont('Roboto', true, false);
  const widthRegular = fastWidth(regular);
  const widthBold = fastWidth(bold);
  const measure: TextMeasure = (text, isBold, size) =>
    isBold ? widthBold(text, size) : widthRegular(text, size);
  const layouts = long.jobs.map((job) => {
    const widths = job.node.table.widths.map((w) => w._calcWidth ?? Number.NaN);
    const gaps = job.node._offsets?.offsets ?? [];
    // the left edge of each column's text, from the table's left edge (pdfmake's DocumentContext.beginColumn)
    const lefts: number[] = [];
    let x = job.rowLines[0]?.positions?.[0]?.left ?? Number.NaN;
    widths.forEach((width, column) => {
      x += gaps[column] ?? Number.NaN;
      lefts.push(x);
      x += width;
    });
    const cells = job.rows.map((row) =>
      row.map((cell) => measure(cell.text, !!cell.bold, job.fontSize)),
    );
    // a row's position is its top edge; its text starts below the padding
    const paddings = job.rows.map(
      (_, r) => job.node._layout?.paddingTop?.(r + 1, job.node) ?? Number.NaN,
    );
    const recorded = job.rowLines.map((line) => line.positions?.[0]);
    const places = recorded.every((at) => at !== undefined) ? rowPlaces(recorded) : null;
    return { job, widths, lefts, cells, paddings, places };
  });
  for (const { job, widths, lefts, cells, paddings, places } of layouts) {
    if (!places || paddings.some((padding) => !Number.isFinite(padding))) return false;
    // every row starts at the table's left edge (a table on a page, not inside columns)
    if (
      job.rowLines.some(
        (line) => line.positions?.[0]?.left !== job.rowLines[0]!.positions?.[0]?.left,
      )
    ) {
      return false;
    }
    if (lefts.some((left) => !Number.isFinite(left)) || job.rowLines.length === 0) return false;
    // a text wider than its column would have wrapped to a second line in pdfmake
    if (!widthsAsPdfmake(job)) return false;
    if (cells.some((row) => row.some((width, column) => width > widths[column]! + 0.01))) {
      return false;
    }
  }
  for (const { job, widths, lefts, cells, paddings, places } of layouts) {
    let page = -1;
    let color = '';
    job.rows.forEach((row, r) => {
      const at = places![r]!;
      if (at.page - 1 !== page) {
        if (page >= 0) doc.restore();
        page = at.page - 1;
        doc.switchToPage(page);
        doc.save();
        doc.opacity(1);
        color = '';
      }
      row.forEach((cell, column) => {
        if (cell.text === '') return;
        const width = cells[r]![column]!;
        const x = lefts[column]! + (cell.alignment === 'right' ? widths[column]! - width : 0);
        const wanted = cell.color ?? '#000';
        if (wanted !== color) {
          doc.fillColor(wanted);
          color = wanted;
        }
        doc._font = cell.bold ? bold : regular;
        doc.fontSize(job.fontSize);
        doc.text(cell.text, x, at.top + paddings[r]!, {
          lineBreak: false,
          textWidth: width,
          wordCount: 1,
        });
      });
    });
    if (page >= 0) doc.restore();
  }
  return true;
}
