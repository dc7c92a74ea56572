import type { Config } from '../config.js';
import { centsToDollars } from '@toolworks/contract/fields';
import type { MailOrder } from '../mail/mail-order.js';
import type { InvoiceRecord, ProfileRecord } from '../store/store.js';

export interface InvoiceView {
  invoice: InvoiceRecord;
  order: MailOrder;
  seller: { name: string; address: string[]; taxId?: string };
  buyer: { name: string; email: string; company?: string; vatId?: string; address: string[] };
  /** Dollars. */
  totals: { subtotal: number; tax: number; total: number; taxRatePercent: number };
}

/** The profile fields the trade-account work adds; read when present. */
type TradeProfile = ProfileRecord &
  Partial<Record<'company_name' | 'vat_id' | 'delivery_address', string>>;

/** Lines as written; a one-line address (a form field) breaks at its commas instead. */
const splitLines = (text: string) =>
  text
    .replace(/\\n/g, '\n')
    .split(text.includes('\n') || text.includes('\\n') ? /\n/ : /,\s*/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Prices in the shop are what the buyer pays, so the tax is the part of the total that the
 * rate accounts for (total = subtotal + tax): the invoice total always equals the amount charged.
 */
export function taxSplit(totalDollars: number, ratePercent: number) {
  const totalCents = Math.round(totalDollars * 100);
  const taxCents = Math.round((totalCents * ratePercent) / (100 + ratePercent));
  return {
    subtotal: centsToDollars(totalCents - taxCents),
    tax: centsToDollars(taxCents),
    total: centsToDollars(totalCents),
    taxRatePercent: ratePercent,
  };
}

export function buildInvoiceView(
  invoice: InvoiceRecord,
  order: MailOrder,
  profile: ProfileRecord | null,
  config: Pick<Config, 'invoice'>,
): InvoiceView {
  const trade = profile as TradeProfile | null;
  const address = trade?.delivery_address?.trim() || order.userAddress;
  return {
    invoice,
    order,
    seller: {
      name: config.invoice.sellerName,
      address: splitLines(config.invoice.sellerAddress),
      ...(config.invoice.sellerTaxId && { taxId: config.invoice.sellerTaxId }),
    },
    buyer: {
      name: order.userName || trade?.name || order.userEmail,
      email: order.userEmail,
      ...(trade?.company_name?.trim() && { company: trade.company_name.trim() }),
      ...(trade?.vat_id?.trim() && { vatId: trade.vat_id.trim() }),
      address: splitLines(address),
    },
    totals: taxSplit(order.price, config.invoice.taxRatePercent),
  };
}
