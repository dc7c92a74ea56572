/**
 * CSV as RFC 4180 describes it (CRLF rows; a cell holding a comma, quote or line break is quoted,
 * its quotes doubled), made safe to open in a spreadsheet: a cell that starts with = + - @ (or a
 * tab or carriage return, which some spreadsheets skip before reading a formula) is a formula
 * there, so it gets a leading apostrophe and stays text (OWASP's "CSV injection" advice), unless
 * it is a plain phone number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * An international phone number (`+1 555 0100`, `+44 (20) 7946-0958`): a plus, then only digits,
 * spaces, dots, hyphens and brackets, at least seven digits and ending in one. No function,
 * reference or text can hide in that, so it is written as it is (with an apostrophe it would
 * reach the customer's records as `'+1 …`).
 */
const PHONE = /^\+\d[\d ().-]*\d$/;
const isPhone = (text: string) => PHONE.test(text) && text.replace(/\D/g, '').length >= 7;

export type CsvCell = string | number | undefined | null;

export function csvCell(value: CsvCell): string {
  if (value === undefined || value === null) return '';
  // Numbers are written by us, never formulas; a negative one keeps its sign.
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) && !isPhone(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Reads CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks; CRLF or LF
 * rows) into rows of cells. A leading byte-order mark is skipped; blank lines are kept as rows of
 * one empty cell so that row numbers stay those a spreadsheet shows.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Undoes `csvCell`'s guard: `'=A1` read back is the text `=A1` it was written from. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
