import PDFDocument from 'pdfkit';
import { formatUtcDay } from '../../mail/html.js';

/** A statement of account as its CSV has it: a header row, one row per entry, a balance row. */
export interface StatementLines {
  name: string;
  /** `YYYY-MM-DD`: the day it was drawn up. */
  day: string;
  rows: (string | number)[][];
  balanceCents: number;
}

const INK = '#0f1b2b';
const MUTED = '#4a5a6e';
/** Landscape A4 is 842 points wide: x and width of each of the CSV's nine columns. */
const COLS: [number, number][] = [
  [40, 62],
  [104, 72],
  [178, 102],
  [282, 66],
  [350, 62],
  [414, 150],
  [566, 72],
  [640, 72],
  [714, 88],
];
const NUMERIC = new Set([6, 7]);
/** The date and due-date columns: ISO days in the CSV (a spreadsheet reads them), words here. */
const DAYS = new Set([0, 4]);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const shown = (cell: string | number, col: number) =>
  DAYS.has(col) && typeof cell === 'string' && ISO_DAY.test(cell)
    ? formatUtcDay(cell)
    : String(cell);

/**
 * The statement of account as a PDF: the same rows as the CSV (invoices, payments, balance), in
 * pdfkit's built-in Helvetica like the invoices, so nothing is downloaded or embedded.
 */
export function renderStatementPdf(lines: StatementLines): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 40,
    info: { Title: `Statement of account: ${lines.name}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text('Statement of account', 40, 40);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${lines.name} · drawn up ${formatUtcDay(lines.day)}`, 40, doc.y + 4);
  let y = doc.y + 16;
  lines.rows.forEach((cells, index) => {
    const bold = index === 0 || index === lines.rows.length - 1;
    if (y > 540) {
      doc.addPage();
      y = 40;
    }
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(INK);
    let bottom = y;
    cells.forEach((cell, col) => {
      const [x, width] = COLS[col] ?? [0, 0];
      if (!width) return;
      doc.text(shown(cell, col), x, y, { width, align: NUMERIC.has(col) ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
    });
    y = bottom + 5;
  });
  doc.end();
  return done;
}
