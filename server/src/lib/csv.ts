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
/** A plain signed decimal (`-50.00`, a credit in a report): a number, not a formula. */
const NEGATIVE_AMOUNT = /^-\d+(\.\d+)?$/;

export type CsvCell = string | number | undefined | null;

export function csvCell(value: CsvCell): string {
  if (value === undefined || value === null) return '';
  // Numbers are written by us, never formulas; a negative one keeps its sign.
  if (typeof value === 'number') return String(value);
  const text =
    FORMULA_START.test(value) && !isPhone(value) && !NEGATIVE_AMOUNT.test(value)
      ? `'${value}`
      : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A cell longer than the reader was told to take; `row` counts from 1, `column` from 0. */
export class CsvCellTooLongError extends Error {
  constructor(
    readonly row: number,
    readonly column: number,
  ) {
    super(`CSV row ${row}, cell ${column + 1} is too long`);
    this.name = 'CsvCellTooLongError';
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Reads CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks; CRLF or LF
 * rows) a row at a time. A leading byte-order mark is skipped; blank lines are kept as rows of
 * one empty cell so that row numbers stay those a spreadsheet shows. Cells are slices of `text`
 * (never grown a character at a time, which costs a string per character), and one longer than
 * `maxCell` stops the reading with CsvCellTooLongError before it is copied anywhere.
 */
export function* csvRows(text: string, maxCell = Infinity): Generator<string[]> {
  const end = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let row: string[] = [];
  let rowNumber = 1;
  const tooLong = () => new CsvCellTooLongError(rowNumber, row.length);
  while (i < end) {
    let cell: string;
    if (text.charCodeAt(i) === QUOTE) {
      // A quoted cell: up to the quote that is not doubled; doubled ones become one.
      const parts: string[] = [];
      let from = i + 1;
      let length = 0;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) {
          length += end - from;
          if (length > maxCell) throw tooLong();
          parts.push(text.slice(from));
          i = end;
          break;
        }
        length += quote - from;
        if (length > maxCell) throw tooLong();
        parts.push(text.slice(from, quote));
        if (text.charCodeAt(quote + 1) === QUOTE) {
          parts.push('"');
          length += 1;
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      cell = parts.join('');
      // Text after the closing quote, up to the separator, is kept (as a lenient reader does).
      const stop = nextSeparator(text, i);
      cell += text.slice(i, stop);
      i = stop;
    } else {
      const stop = nextSeparator(text, i);
      cell = text.slice(i, stop);
      i = stop;
    }
    if (cell.length > maxCell) throw tooLong();
    row.push(cell);
    const c = text.charCodeAt(i);
    if (c === COMMA) {
      i++;
      if (i === end) row.push('');
      continue;
    }
    if (c === CR && text.charCodeAt(i + 1) === LF) i++;
    i++;
    yield row;
    row = [];
    rowNumber++;
  }
  if (row.length) yield row;
}

/** The index of the next comma or line break at or after `from` (the end when none). */
function nextSeparator(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === LF || c === CR) return i;
  }
  return text.length;
}

/** The whole of `text` read by `csvRows`, for callers that want every row at once. */
export function parseCsv(text: string): string[][] {
  return [...csvRows(text)];
}

/** Undoes `csvCell`'s guard: `'=A1` read back is the text `=A1` it was written from. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
