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
import { includedTaxCents } from './tax-amounts.js';

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

export function invoiceSnapshot(
  order: MailOrder,
  parties: InvoiceParties,
  paidAt: string,
): InvoiceSnapshot {
  const deliveryAddress = splitLines(order.userAddress);
  const { name, company, vatId, billingAddress } = parties.buyer;
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
    lines: order.items.map((line) => ({
      name: line.name,
      ...(line.sku !== undefined && { sku: line.sku }),
      quantity: line.quantity,
      unitPriceCents: cents(line.unitPrice),
      lineTotalCents: cents(line.lineTotal),
      ...(line.shipments && {
        shipping: describeShipments(line.shipments, order.createdAt.slice(0, 10)),
      }),
      ...(line.priceBasis !== undefined && line.priceBasis > 1 && { priceBasis: line.priceBasis }),
    })),
    ...taxSplit(cents(order.price), parties.taxRatePercent),
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
