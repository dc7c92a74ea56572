import { describeShipments } from '@toolworks/contract/availability';
import type {
  InvoiceParties,
  InvoiceSnapshot,
  InvoiceTerms,
  OrderRecord,
  TermsInvoiceParties,
} from '../store/store.js';

export type { InvoiceParties };
import { mailOrderFromRecord, type MailOrder } from './mail-order.js';
import { includedTaxCents, taxBreakdown } from './tax-amounts.js';
import type { TaxCategory } from './tax.js';

/**
 * What an invoice prints, taken once when its number is assigned. The parts beside the order
 * (the seller, the buyer's company and addresses, the tax rate, the currency) are read before
 * the invoice's write and handed in as a plain value; the order's number, lines and total are
 * the order's as written. Both adapters issue an invoice on terms inside the order's own
 * transaction with `termsInvoiceSnapshot`; a card payment's invoice is issued after it.
 */

/** Lines as written; a one-line address (a form field) breaks at its commas instead. */
export const splitLines = (text: string) =>
  text
    .replace(/\\n/g, '\n')
    .split(text.includes('\n') || text.includes('\\n') ? /\n/ : /,\s*/)
    .map((part) => part.trim())
    .filter(Boolean);

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * Prices in the shop are what the buyer pays, so the tax is the part of the total that the
 * rate accounts for (total = subtotal + tax): the invoice total always equals the amount charged.
 */
function taxSplit(totalCents: number, ratePercent: number) {
  const taxCents = includedTaxCents(totalCents, ratePercent);
  return {
    subtotalCents: totalCents - taxCents,
    taxCents,
    totalCents,
    taxRatePercent: ratePercent,
  };
}

type TaxedMailOrder = MailOrder & { tax: NonNullable<MailOrder['tax']> };

/**
 * An order placed since issue 51 kept each line's tax: the document prints those, summed per
 * category and rate, and the total charged. Nothing is taxed again here.
 */
function keptTax(order: TaxedMailOrder, lines: InvoiceSnapshot['lines']) {
  const breakdown = taxBreakdown(
    lines.flatMap((line) => (line.tax ? [{ ...line.tax, amountCents: line.lineTotalCents }] : [])),
    { pricesIncludeTax: order.tax.pricesIncludeTax },
  );
  const totalCents = cents(order.price);
  const taxCents = cents(order.tax.tax);
  return {
    subtotalCents: totalCents - taxCents,
    taxCents,
    totalCents,
    taxRatePercent: Math.max(0, ...breakdown.map((row) => row.ratePercent)),
    taxBreakdown: breakdown,
    shipToCountry: order.tax.shipToCountry,
    pricesIncludeTax: order.tax.pricesIncludeTax,
  };
}

const lineTax = (tax: NonNullable<MailOrder['items'][number]['tax']>) => ({
  ratePercent: tax.ratePercent,
  category: tax.category as TaxCategory,
  ...(tax.reason !== undefined && { reason: tax.reason }),
  ...(tax.vatex !== undefined && { vatex: tax.vatex }),
  taxCents: cents(tax.tax),
});

export function invoiceSnapshot(
  order: MailOrder,
  parties: InvoiceParties,
  paidAt: string,
): InvoiceSnapshot {
  const deliveryAddress = splitLines(order.userAddress);
  const { name, company, billingAddress } = parties.buyer;
  // The VAT ID the order was placed under (a company's) is the one its tax was decided on.
  const vatId = order.tax?.buyerVatId ?? parties.buyer.vatId;
  const lines: InvoiceSnapshot['lines'] = order.items.map((line) => ({
    name: line.name,
    ...(line.sku !== undefined && { sku: line.sku }),
    quantity: line.quantity,
    unitPriceCents: cents(line.unitPrice),
    lineTotalCents: cents(line.lineTotal),
    ...(line.shipments && {
      shipping: describeShipments(line.shipments, order.createdAt.slice(0, 10)),
    }),
    ...(line.priceBasis !== undefined && line.priceBasis > 1 && { priceBasis: line.priceBasis }),
    ...(line.tax && { tax: lineTax(line.tax) }),
  }));
  return {
    seller: parties.seller,
    buyer: {
      name: order.userName || name || order.userEmail,
      email: order.userEmail,
      ...(company && { company }),
      ...(vatId && { vatId }),
      billingAddress: billingAddress.length ? billingAddress : deliveryAddress,
      deliveryAddress,
    },
    orderNumber: order.number,
    ...(order.poReference && { poReference: order.poReference }),
    lines,
    ...(order.tax
      ? keptTax(order as TaxedMailOrder, lines)
      : taxSplit(cents(order.price), parties.taxRatePercent)),
    taxName: parties.taxName,
    currency: parties.currency,
    paidAt,
    ...(order.transactionId && { transactionId: order.transactionId }),
  };
}

/** The invoice of an order confirmed on terms, issued at `issuedAt`: with its terms and due date. */
export function termsInvoiceSnapshot(
  order: OrderRecord,
  terms: InvoiceTerms,
  parties: TermsInvoiceParties,
  issuedAt: string,
): InvoiceSnapshot {
  const { bankDetails } = parties;
  return {
    ...invoiceSnapshot(mailOrderFromRecord(order), parties, issuedAt),
    terms: { ...terms, ...(bankDetails !== undefined && { bankDetails }) },
  };
}
