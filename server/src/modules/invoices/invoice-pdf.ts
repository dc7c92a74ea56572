import { formatCents, formatCount } from '@toolworks/contract/format';
import { formatDate, formatPaymentTerms as termsLabel, formatUtcDay } from '../../mail/html.js';
import type { CreditNoteRecord, InvoiceRecord, InvoiceSnapshot } from '../../store/store.js';
import { createPdfA, FONT, type PdfOptions } from './facturx-pdf.js';

const INK = '#0f1b2b';
const MUTED = '#4a5a6e';
const ORANGE = '#ff7a1a';
const LEFT = 50;
const RIGHT = 545;

/** Columns of the lines table: x and width in points (A4 is 595 wide). */
const COLS = {
  item: [LEFT, 245],
  qty: [300, 50],
  unit: [355, 90],
  amount: [450, 95],
  /** A totals row's label, across the item, quantity and unit columns. */
  label: [LEFT, 395],
} as const;

/** The law a 0% rests on, printed once under the totals (issue 51). */
const EXEMPTION_NOTES: Partial<Record<string, string>> = {
  K: 'Tax-exempt intra-Community supply of goods (Article 138 of Council Directive 2006/112/EC): the buyer accounts for the VAT.',
  G: 'Tax-exempt export of goods outside the EU (Article 146 of Council Directive 2006/112/EC).',
  E: 'Exempt from sales tax: the buyer’s resale exemption certificate is on file.',
};

type Snapshot = DocumentView['snapshot'];
type BreakdownRow = NonNullable<Snapshot['taxBreakdown']>[number];

/** "VAT 19% on $250.00", or a 0%'s reason: "Intra-Community supply, 0% on $250.00". */
const breakdownLabel = (row: BreakdownRow, s: Snapshot) => {
  if (row.ratePercent === 0 && row.reason)
    return `${row.reason}, 0% on ${formatCents(row.taxableCents)}`;
  // A shop with one rate, its prices holding it, prints its tax as it always has.
  if (oneRateIncluded(s)) return `Tax (${row.ratePercent}%)`;
  return `${s.taxName ?? 'Tax'} ${row.ratePercent}% on ${formatCents(row.taxableCents)}`;
};

const oneRateIncluded = (s: Snapshot) =>
  s.pricesIncludeTax === true && s.taxName === 'Tax' && s.taxBreakdown?.length === 1;

/** A line's tax, under its name: "VAT 19%", "0%: Intra-Community supply". */
const lineTaxText = (line: Snapshot['lines'][number], s: Snapshot) =>
  line.tax &&
  !oneRateIncluded(s) &&
  (line.tax.ratePercent === 0 && line.tax.reason
    ? `0%: ${line.tax.reason}`
    : `${s.taxName ?? 'Tax'} ${line.tax.ratePercent}%`);

/** The closing words about the tax: the notes of its exemptions, or the one rate of old. */
export function taxClosing(s: Snapshot): string[] {
  if (!s.taxBreakdown)
    return s.taxRatePercent > 0 ? [`Prices include ${s.taxRatePercent}% tax.`] : [];
  const notes = [...new Set(s.taxBreakdown.map((row) => row.category))].flatMap(
    (category) => EXEMPTION_NOTES[category] ?? [],
  );
  if (oneRateIncluded(s) && s.taxRatePercent > 0)
    return [`Prices include ${s.taxRatePercent}% tax.`, ...notes];
  const name = (s.taxName ?? 'Tax').toLowerCase();
  return s.pricesIncludeTax && s.taxCents > 0 ? [`Prices include ${name}.`, ...notes] : notes;
}

/** What the two kinds of document share; both are drawn from their stored snapshot only. */
interface DocumentView {
  title: string;
  number: string;
  issuedAt: string;
  meta: string[];
  snapshot: Omit<InvoiceSnapshot, 'paidAt' | 'transactionId'>;
  /** Shown with the total's label ("Total", "Total refunded"). */
  totalLabel: string;
  footer: string[];
  closing: string;
}

function row(
  doc: PDFKit.PDFDocument,
  y: number,
  cells: [keyof typeof COLS, string][],
  bold = false,
) {
  doc
    .font(bold ? FONT.bold : FONT.regular)
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
  doc.font(FONT.bold).fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y);
  doc.font(FONT.regular).fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, x, doc.y + 2, { width: 150 });
  return doc.y;
}

/** PDF/A-3b in the embedded Arimo; a Factur-X hybrid when given the XML (facturx-pdf.ts). */
function renderDocument(view: DocumentView, options: PdfOptions): Promise<Buffer> {
  const { snapshot } = view;
  const { seller, buyer } = snapshot;
  const doc = createPdfA(
    { title: `${view.title} ${view.number}`, author: seller.name, date: new Date(view.issuedAt) },
    options,
  );
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.rect(0, 0, 595, 8).fill(ORANGE);
  doc.font(FONT.bold).fontSize(20).fillColor(INK).text(seller.name, LEFT, 40, { width: 280 });
  doc
    .font(FONT.bold)
    .fontSize(20)
    .text(view.title.toUpperCase(), 350, 40, { width: 195, align: 'right' });
  doc.font(FONT.regular).fontSize(10).fillColor(MUTED);
  let y = 70;
  for (const line of view.meta) {
    doc.text(line, 300, y, { width: 245, align: 'right' });
    y = doc.y + 1;
  }

  const top = Math.max(y, 110) + 14;
  const sellerLines = [
    seller.name,
    ...seller.address,
    ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
    ...(seller.vatId ? [`VAT ID: ${seller.vatId}`] : []),
  ];
  const buyerLines = [
    ...(buyer.company ? [buyer.company] : []),
    buyer.name,
    buyer.email,
    ...buyer.billingAddress,
    ...(buyer.vatId ? [`VAT ID: ${buyer.vatId}`] : []),
  ];
  const ends = [
    block(doc, LEFT, top, 'From', sellerLines),
    block(doc, 215, top, 'Bill to', buyerLines),
    block(doc, 380, top, 'Deliver to', buyer.deliveryAddress),
  ];

  y = Math.max(...ends) + 24;
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
  for (const line of snapshot.lines) {
    if (y > 720) {
      doc.addPage();
      y = 50;
    }
    // The SKU goes under the name, in the item column's full width: a part number of 32
    // characters fits on one line there, and a document from before SKUs keeps its layout.
    y = row(doc, y + 2, [
      [
        'item',
        [line.name, line.sku && `SKU: ${line.sku}`, line.shipping, lineTaxText(line, snapshot)]
          .filter(Boolean)
          .join('\n'),
      ],
      ['qty', String(line.quantity)],
      [
        'unit',
        line.priceBasis
          ? `${formatCents(line.unitPriceCents)} per ${formatCount(line.priceBasis)}`
          : formatCents(line.unitPriceCents),
      ],
      ['amount', formatCents(line.lineTotalCents)],
    ]);
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor('#d5dbe3').lineWidth(1).stroke();
  y += 8;
  y = row(doc, y, [
    ['label', snapshot.taxBreakdown && !snapshot.pricesIncludeTax ? 'Net total' : 'Subtotal'],
    ['amount', formatCents(snapshot.subtotalCents)],
  ]);
  // Since issue 51 one row per category and rate, each 0% with its reason; before, one rate.
  const taxRows: [string, number][] = snapshot.taxBreakdown
    ? snapshot.taxBreakdown.map((r) => [breakdownLabel(r, snapshot), r.taxCents])
    : [[`Tax (${snapshot.taxRatePercent}%)`, snapshot.taxCents]];
  for (const [label, cents] of taxRows)
    y = row(doc, y, [
      ['label', label],
      ['amount', formatCents(cents)],
    ]);
  y = row(
    doc,
    y + 2,
    [
      ['unit', view.totalLabel],
      ['amount', `${formatCents(snapshot.totalCents)} ${snapshot.currency}`],
    ],
    true,
  );

  y += 18;
  doc.font(FONT.regular).fontSize(10).fillColor(INK);
  doc.text('', LEFT, y);
  for (const line of view.footer) doc.text(line, LEFT, doc.y + 2, { width: RIGHT - LEFT });
  doc.fillColor(MUTED).fontSize(9);
  doc.text(view.closing, LEFT, doc.y + 14, { width: RIGHT - LEFT });
  doc.end();
  return done;
}

export function renderInvoicePdf(
  invoice: InvoiceRecord & { snapshot: InvoiceSnapshot },
  options: PdfOptions = {},
): Promise<Buffer> {
  const s = invoice.snapshot;
  return renderDocument(
    {
      title: 'Invoice',
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      meta: [
        `Invoice number: ${invoice.number}`,
        `Issued: ${formatDate(invoice.issuedAt)}`,
        `Order: ${s.orderNumber}`,
        ...(s.poReference ? [`PO reference: ${s.poReference}`] : []),
        ...(s.terms
          ? [
              `Payment terms: ${termsLabel(s.terms.paymentTerms)}`,
              `Due date: ${formatUtcDay(s.terms.dueDate)}`,
            ]
          : []),
      ],
      snapshot: s,
      totalLabel: s.terms ? 'Total due' : 'Total',
      // On terms nothing is paid at issue: the footer says when and where to pay instead.
      footer: s.terms
        ? [
            `Payment terms: ${termsLabel(s.terms.paymentTerms)}; please pay by ${formatUtcDay(s.terms.dueDate)}.`,
            ...(s.terms.bankDetails ? [`Bank details: ${s.terms.bankDetails}`] : []),
            `Please quote ${invoice.number} as the transfer's reference.`,
          ]
        : [
            `Paid: ${formatDate(s.paidAt)}`,
            ...(s.transactionId ? [`Transaction ID: ${s.transactionId}`] : []),
          ],
      closing: [...taxClosing(s), 'Thank you for your business.'].join(' '),
    },
    options,
  );
}

export function renderCreditNotePdf(
  note: CreditNoteRecord,
  options: PdfOptions = {},
): Promise<Buffer> {
  const s = note.snapshot;
  return renderDocument(
    {
      title: 'Credit note',
      number: note.number,
      issuedAt: note.issuedAt,
      meta: [
        `Credit note number: ${note.number}`,
        `Issued: ${formatDate(note.issuedAt)}`,
        `Credits invoice: ${s.invoiceNumber}`,
        `Order: ${s.orderNumber}`,
        ...(s.poReference ? [`PO reference: ${s.poReference}`] : []),
      ],
      snapshot: s,
      totalLabel: 'Total refunded',
      footer: [
        `Refunded: ${formatDate(s.refundedAt)}`,
        ...(s.refundId ? [`Refund ID: ${s.refundId}`] : []),
        ...(s.reason ? [`Reason: ${s.reason}`] : []),
      ],
      closing: [
        `This credit note cancels invoice ${s.invoiceNumber} in full; the amount was refunded to the card that paid it.`,
        ...(s.taxBreakdown ? taxClosing(s) : []),
      ].join(' '),
    },
    options,
  );
}
