/**
 * Lines of a Quick order paste or CSV file: `SKU, quantity`, `SKU quantity`, `SKU;quantity` or
 * a spreadsheet's tab-separated cells. Blank lines are skipped, and a first row naming its
 * columns (`SKU,Quantity`) is a header. Quotes around a CSV cell are dropped.
 */
export interface ParsedLine {
  /** The line's text as typed, kept so a refused line stays in the box as it was. */
  text: string;
  sku: string;
  /** NaN when the line has no readable quantity: the page says so without asking the server. */
  quantity: number;
}

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replaceAll('""', '"')
    .trim();

/** CSV cells: a quoted cell may hold the separator ("1,200"). */
function splitQuoted(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += char;
  }
  out.push(cell);
  return out;
}

function cells(line: string): string[] {
  if (line.includes('\t')) return line.split('\t');
  if (line.includes(',')) return splitQuoted(line, ',');
  if (line.includes(';')) return splitQuoted(line, ';');
  return line.trim().split(/\s+/);
}

const HEADER = /^(sku|part|part ?n(o|umber)|item|code)\b/i;

export function parseLines(text: string): ParsedLine[] {
  const rows = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  const parsed = rows.map((line) => {
    const [first = '', second = ''] = cells(line).map(unquote);
    // Thousands separators as a spreadsheet writes them ("1,200").
    const quantityText = second.replace(/[\s,]/g, '');
    const quantity = /^\d+(\.\d+)?$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    return { text: line, sku: first, quantity };
  });
  const head = parsed[0];
  if (head && Number.isNaN(head.quantity) && HEADER.test(head.sku)) parsed.shift();
  return parsed;
}
