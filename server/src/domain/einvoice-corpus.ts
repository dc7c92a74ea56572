import type { EInvoiceContext, IssuedDocument } from './einvoice.js';
import { creditForLines, creditForSum } from './refunds.js';
import type { CreditNoteSnapshot, InvoiceSnapshot } from '../store/store.js';

/**
 * Documents as the shop issues them, for the validation tests and the bench: each a snapshot as
 * stored, the number and date it was issued under, and what the shop knew beside it.
 */
export interface CorpusDocument {
  name: string;
  issued: IssuedDocument;
  snapshot: InvoiceSnapshot | CreditNoteSnapshot;
  context: EInvoiceContext;
}

const seller = {
  name: 'Toolworks GmbH',
  address: ['Werkstraße 1', '10115 Berlin', 'Germany'],
  vatId: 'DE136695976',
};
const context: EInvoiceContext = {
  sellerCountry: 'DE',
  sellerEmail: 'billing@toolworks.test',
  sellerPhone: '+49 30 1234567',
};
const terms = {
  paymentTerms: 'net-30' as const,
  dueDate: '2027-02-14',
  bankDetails: 'Foundry Bank, IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
};

const base = {
  seller,
  orderNumber: 'TW-2027-000042',
  currency: 'EUR',
  paidAt: '2027-01-15T10:00:00.000Z',
  taxName: 'VAT' as const,
  pricesIncludeTax: false,
};

/** A German company buying at home: 19% on two lines, one of them a pack of 100 screws. */
const domestic: InvoiceSnapshot = {
  ...base,
  buyer: {
    name: 'Jürgen Groß',
    email: 'einkauf@schrauben-gross.test',
    company: 'Schrauben Groß & Söhne KG',
    vatId: 'DE811191002',
    billingAddress: ['Hauptstraße 5', '80331 München', 'Germany'],
    deliveryAddress: ['Lager 3, Industriestraße 9', '85748 Garching', 'Germany'],
  },
  poReference: 'PO-4711',
  lines: [
    {
      name: 'Cordless drill 18 V',
      sku: 'DRL-18V',
      quantity: 3,
      unitPriceCents: 12_999,
      lineTotalCents: 38_997,
      tax: { ratePercent: 19, category: 'S', taxCents: 7_409 },
    },
    {
      name: 'Wood screws 4×40, pack of 100',
      sku: 'SCR-440',
      quantity: 500,
      unitPriceCents: 1_890,
      priceBasis: 100,
      lineTotalCents: 9_450,
      tax: { ratePercent: 19, category: 'S', taxCents: 1_796 },
    },
  ],
  subtotalCents: 48_447,
  taxRatePercent: 19,
  taxCents: 9_205,
  totalCents: 57_652,
  taxBreakdown: [{ category: 'S', ratePercent: 19, taxableCents: 48_447, taxCents: 9_205 }],
  shipToCountry: 'DE',
  transactionId: 'pi_3Q0demo',
};

/** A French company with a verified VAT ID: 0%, K, both VAT IDs, on terms. */
const intraEu: InvoiceSnapshot = {
  ...base,
  buyer: {
    name: 'Amélie Lefèvre',
    email: 'achats@outils-lefevre.test',
    company: 'Outils Lefèvre SARL',
    vatId: 'FR40303265045',
    billingAddress: ['12 rue de la Forge', '69002 Lyon', 'France'],
    deliveryAddress: ['12 rue de la Forge', '69002 Lyon', 'France'],
  },
  lines: [
    {
      name: 'Bench vise 150 mm',
      sku: 'VSE-150',
      quantity: 2,
      unitPriceCents: 12_500,
      lineTotalCents: 25_000,
      tax: {
        ratePercent: 0,
        category: 'K',
        reason: 'Intra-Community supply',
        vatex: 'VATEX-EU-IC',
        taxCents: 0,
      },
    },
  ],
  subtotalCents: 25_000,
  taxRatePercent: 0,
  taxCents: 0,
  totalCents: 25_000,
  taxBreakdown: [
    {
      category: 'K',
      ratePercent: 0,
      reason: 'Intra-Community supply',
      vatex: 'VATEX-EU-IC',
      taxableCents: 25_000,
      taxCents: 0,
    },
  ],
  shipToCountry: 'FR',
  terms,
};

/** Shipped to Switzerland: an export, 0%, G. */
const exportSale: InvoiceSnapshot = {
  ...base,
  buyer: {
    name: 'Reto Müller',
    email: 'reto@mueller-werkzeuge.test',
    company: 'Müller Werkzeuge AG',
    billingAddress: ['Bahnhofstrasse 10', '8001 Zürich', 'Switzerland'],
    deliveryAddress: ['Bahnhofstrasse 10', '8001 Zürich', 'Switzerland'],
  },
  lines: [
    {
      name: 'Angle grinder 125 mm',
      sku: 'GRN-125',
      quantity: 4,
      unitPriceCents: 8_900,
      lineTotalCents: 35_600,
      tax: { ratePercent: 0, category: 'G', reason: 'Export', vatex: 'VATEX-EU-G', taxCents: 0 },
    },
  ],
  subtotalCents: 35_600,
  taxRatePercent: 0,
  taxCents: 0,
  totalCents: 35_600,
  taxBreakdown: [
    {
      category: 'G',
      ratePercent: 0,
      reason: 'Export',
      vatex: 'VATEX-EU-G',
      taxableCents: 35_600,
      taxCents: 0,
    },
  ],
  shipToCountry: 'CH',
};

/** Two rates on one invoice (a tool at 19%, a manual at the reduced 7%), on terms. */
const severalRates: InvoiceSnapshot = {
  ...domestic,
  poReference: 'PO-4712',
  lines: [
    {
      name: 'Torque wrench 1/2"',
      sku: 'TRQ-12',
      quantity: 1,
      unitPriceCents: 15_999,
      lineTotalCents: 15_999,
      tax: { ratePercent: 19, category: 'S', taxCents: 3_040 },
    },
    {
      name: 'Workshop manual (book)',
      sku: 'BK-WS',
      quantity: 3,
      unitPriceCents: 2_499,
      lineTotalCents: 7_497,
      tax: { ratePercent: 7, category: 'S', taxCents: 525 },
    },
  ],
  subtotalCents: 23_496,
  taxRatePercent: 19,
  taxCents: 3_565,
  totalCents: 27_061,
  taxBreakdown: [
    { category: 'S', ratePercent: 7, taxableCents: 7_497, taxCents: 525 },
    { category: 'S', ratePercent: 19, taxableCents: 15_999, taxCents: 3_040 },
  ],
  transactionId: undefined,
  terms,
};
delete severalRates.transactionId;

/** The domestic invoice's full refund. */
const creditNote: CreditNoteSnapshot = (() => {
  const { paidAt: _paidAt, transactionId: _transactionId, ...issued } = domestic;
  return {
    ...issued,
    invoiceNumber: 'INV-2027-000007',
    refundedAt: '2027-01-20T09:00:00.000Z',
    refundId: 're_demo',
    reason: 'Damaged in transit',
  };
})();

/** Issue 53: one of the three drills and 100 of the screws given back, each line's tax again. */
const partialCreditNote: CreditNoteSnapshot = (() => {
  const { taxBreakdown: _b, ...whole } = creditNote;
  return {
    ...whole,
    ...creditForLines(domestic, [
      { index: 0, quantity: 1 },
      { index: 1, quantity: 100 },
    ]),
    refundId: 're_partial_demo',
    reason: 'Returned: one drill and a pack of screws',
  };
})();

/** Issue 53: a sum credited on an invoice of two rates, split as the invoice charged them. */
const sumCreditNote: CreditNoteSnapshot = (() => {
  const { paidAt: _paidAt, transactionId: _t, taxBreakdown: _b, ...issued } = severalRates;
  return {
    ...issued,
    ...creditForSum(severalRates, 5_000, 'Refund: Late delivery'),
    invoiceNumber: 'INV-2027-000010',
    refundedAt: '2027-01-25T09:00:00.000Z',
    reason: 'Late delivery',
  };
})();

/** A shop of before issue 51 (one rate, prices including it), as an old snapshot holds it. */
const beforeTax: InvoiceSnapshot = {
  seller: {
    name: 'Toolworks Inc.',
    address: ['1 Foundry Lane', 'Springfield, IL 62701', 'USA'],
    taxId: '12-3456789',
  },
  buyer: {
    name: 'Pat Smith',
    email: 'pat@example.test',
    billingAddress: ['5 Elm Street', 'Springfield, IL 62704', 'USA'],
    deliveryAddress: ['5 Elm Street', 'Springfield, IL 62704', 'USA'],
  },
  orderNumber: 'TW-2026-000123',
  lines: [
    { name: 'Hammer', quantity: 3, unitPriceCents: 1_999, lineTotalCents: 5_997 },
    { name: 'Chisel set', quantity: 1, unitPriceCents: 3_333, lineTotalCents: 3_333 },
  ],
  subtotalCents: 8_482,
  taxRatePercent: 10,
  taxCents: 848,
  totalCents: 9_330,
  currency: 'USD',
  paidAt: '2026-06-01T12:00:00.000Z',
};

export const CORPUS: CorpusDocument[] = [
  {
    name: 'domestic, paid by card',
    issued: { number: 'INV-2027-000007', issuedAt: '2027-01-15T10:00:01.000Z' },
    snapshot: domestic,
    context,
  },
  {
    name: 'intra-EU 0% K, on terms',
    issued: { number: 'INV-2027-000008', issuedAt: '2027-01-15T11:00:00.000Z' },
    snapshot: intraEu,
    context: { ...context, buyerReference: 'LEFEVRE-ACHATS' },
  },
  {
    name: 'export 0% G',
    issued: { number: 'INV-2027-000009', issuedAt: '2027-01-16T08:30:00.000Z' },
    snapshot: exportSale,
    context,
  },
  {
    name: 'several rates, partly paid on terms',
    issued: { number: 'INV-2027-000010', issuedAt: '2027-01-16T09:00:00.000Z' },
    snapshot: severalRates,
    context: { ...context, buyerReference: '991-01234-56', paidCents: 10_000 },
  },
  {
    name: 'credit note',
    issued: { number: 'CN-2027-000001', issuedAt: '2027-01-20T09:00:01.000Z' },
    snapshot: creditNote,
    context,
  },
  {
    name: 'partial credit note (by line)',
    issued: { number: 'CN-2027-000002', issuedAt: '2027-01-22T09:00:01.000Z' },
    snapshot: partialCreditNote,
    context,
  },
  {
    name: 'partial credit note (a sum over two rates)',
    issued: { number: 'CN-2027-000003', issuedAt: '2027-01-25T09:00:01.000Z' },
    snapshot: sumCreditNote,
    context: { ...context, buyerReference: '991-01234-56' },
  },
  {
    name: 'issued before issue 51 (one rate, prices including it)',
    issued: { number: 'INV-2026-000099', issuedAt: '2026-06-01T12:00:01.000Z' },
    snapshot: beforeTax,
    context: { sellerEmail: 'billing@toolworks.test', sellerPhone: '+1 217 555 0100' },
  },
];
