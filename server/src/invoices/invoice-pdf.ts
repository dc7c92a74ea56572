import PDFDocument from 'pdfkit';
import { formatDate, money } from '../mail/html.js';
import type { InvoiceView } from './invoice-view.js';

const INK = '#0f1b2b';
const MUTED = '#4a5a6e';
const ORANGE = '#ff7a1a';
const LEFT = 50;
const RIGHT = 545;

/** Columns of the lines table: x and width in points (A4 is 595 wide). */
const COLS = { item: [LEFT, 245], qty: [300, 50], unit: [355, 90], amount: [450, 95] } as const;

function row(
  doc: PDFKit.PDFDocument,
  y: number,
  cells: [keyof typeof COLS, string][],
  bold = false,
) {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10)
    .fillColor(INK);
  let bottom = y;
  for (const [col, text] of cells) {
    const [x, width] = COLS[col];
    doc.text(text, x, y, { width, align: col === 'item' ? 'left' : 'right' });
    bottom = Math.max(bottom, doc.y);
  }
  return bottom + 6;
}

function block(doc: PDFKit.PDFDocument, x: number, y: number, title: string, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, x, doc.y + 2, { width: 230 });
  return doc.y;
}

/** The invoice as a PDF (pdfkit's built-in Helvetica: nothing to download or embed). */
export function renderInvoicePdf(view: InvoiceView): Promise<Buffer> {
  const { invoice, order, seller, buyer, totals } = view;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.rect(0, 0, 595, 8).fill(ORANGE);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(seller.name, LEFT, 40);
  doc.font('Helvetica-Bold').fontSize(20).text('INVOICE', 350, 40, { width: 195, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  const meta = [
    `Invoice number: ${invoice.number}`,
    `Issued: ${formatDate(invoice.issuedAt)}`,
    `Order: ${order.number}`,
    ...(order.poReference ? [`PO reference: ${order.poReference}`] : []),
  ];
  let y = 70;
  for (const line of meta) {
    doc.text(line, 300, y, { width: 245, align: 'right' });
    y = doc.y + 1;
  }

  const top = Math.max(y, 110) + 14;
  const sellerLines = [...seller.address, ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : [])];
  const buyerLines = [
    ...(buyer.company ? [buyer.company] : []),
    buyer.name,
    buyer.email,
    ...buyer.address,
    ...(buyer.vatId ? [`VAT ID: ${buyer.vatId}`] : []),
  ];
  const sellerEnd = block(doc, LEFT, top, 'From', [seller.name, ...sellerLines]);
  const buyerEnd = block(doc, 315, top, 'Bill to', buyerLines);

  y = Math.max(sellerEnd, buyerEnd) + 24;
  y = row(
    doc,
    y,
    [
      ['item', 'ITEM'],
      ['qty', 'QTY'],
      ['unit', 'UNIT PRICE'],
      ['amount', 'AMOUNT'],
    ],
    true,
  );
  doc
    .moveTo(LEFT, y - 3)
    .lineTo(RIGHT, y - 3)
    .strokeColor(INK)
    .lineWidth(1)
    .stroke();
  for (const line of order.items) {
    if (y > 720) {
      doc.addPage();
      y = 50;
    }
    y = row(doc, y + 2, [
      ['item', line.name],
      ['qty', String(line.quantity)],
      ['unit', money(line.unitPrice)],
      ['amount', money(line.lineTotal)],
    ]);
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor('#d5dbe3').lineWidth(1).stroke();
  y += 8;
  y = row(doc, y, [
    ['unit', 'Subtotal'],
    ['amount', money(totals.subtotal)],
  ]);
  y = row(doc, y, [
    ['unit', `Tax (${totals.taxRatePercent}%)`],
    ['amount', money(totals.tax)],
  ]);
  y = row(
    doc,
    y + 2,
    [
      ['unit', 'Total'],
      ['amount', money(totals.total)],
    ],
    true,
  );

  y += 18;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Paid: ${formatDate(invoice.paidAt)}`, LEFT, y);
  if (order.transactionId) doc.text(`Transaction ID: ${order.transactionId}`, LEFT, doc.y + 2);
  doc.fillColor(MUTED).fontSize(9);
  doc.text(
    totals.taxRatePercent > 0
      ? `Prices include ${totals.taxRatePercent}% tax. Thank you for your business.`
      : 'Thank you for your business.',
    LEFT,
    doc.y + 14,
  );
  doc.end();
  return done;
}
