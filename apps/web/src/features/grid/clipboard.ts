/**
 * Tab-separated text as Excel puts it on the clipboard: rows end with CRLF or LF, cells are separated by
 * tabs, a cell with a tab, line break or quote is quoted ("a""b"). The trailing line break Excel adds
 * does not make an empty last row.
 */
export const parseTsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (ch === '\n' || ch === '\r') endRow();
    else cell += ch;
    i += 1;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
};

const quoteCell = (cell: string): string =>
  /[\t\r\n"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

/** A block of cells as tab-separated text (CRLF line ends, as Excel writes it). */
export const toTsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => row.map(quoteCell).join('\t')).join('\r\n');
