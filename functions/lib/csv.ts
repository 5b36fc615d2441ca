/**
 * CSV in and out: reading the files operators and customers give the portal (unit imports, IV curves),
 * and writing the admin lists' exports. Written here rather than taken from csv-parse / csv-stringify:
 * each is a few lines, and those libraries would take a twentieth of a Lambda bundle's size budget.
 */

/** A CSV file's records with the line each starts on: RFC 4180 quoting, CRLF or LF, a BOM ignored. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/**
 * Characters a spreadsheet reads as the start of a formula (and their full-width forms): such a cell gets
 * a leading quote, so an email or a product name a user chose is shown, never run. A negative number is
 * a number, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One cell as CSV text: empty for null/undefined, 1/empty for true/false, JSON for an object, RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined || value === false || value === '') return '';
  let text =
    value === true ? '1' : value instanceof Date ? String(value.getTime()) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value !== 'number' && typeof value !== 'bigint' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Quoted: what RFC 4180 quotes, and the separators a spreadsheet may split on instead of the comma (a
 * semicolon in locales with a decimal comma, a tab): unquoted, `Acme;=HYPERLINK(…)` would be split there
 * and its second part read as a formula.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A CSV file of a header and rows, one record per line (LF). */
export const toCsv = (columns: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [columns, ...rows].map((record) => `${record.map(csvCell).join(',')}\n`).join('');
