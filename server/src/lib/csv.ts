/**
 * CSV as RFC 4180 describes it (CRLF rows; a cell holding a comma, quote or line break is quoted,
 * its quotes doubled), made safe to open in a spreadsheet: a cell that starts with = + - @ (or a
 * tab or carriage return, which some spreadsheets skip before reading a formula) is a formula
 * there, so it gets a leading apostrophe and stays text (OWASP's "CSV injection" advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvCell = string | number | undefined | null;

export function csvCell(value: CsvCell): string {
  if (value === undefined || value === null) return '';
  // Numbers are written by us, never formulas; a negative one keeps its sign.
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
