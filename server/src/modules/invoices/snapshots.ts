import { describeShipments } from '@toolworks/contract/availability';
import type { Config } from '../../config.js';
import type { MailOrder } from '../../domain/mail-order.js';
import type {
  CreditNoteSnapshot,
  InvoiceSnapshot,
  OrderRecord,
  ProfileRecord,
} from '../../store/store.js';

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
  const taxCents = Math.round((totalCents * ratePercent) / (100 + ratePercent));
  return {
    subtotalCents: totalCents - taxCents,
    taxCents,
    totalCents,
    taxRatePercent: ratePercent,
  };
}

/** The profile's own address (street, city, state, postal code, country); empty without a street. */
function profileAddress(profile: ProfileRecord | null): string[] {
  const street = profile?.street_address.trim();
  if (!profile || !street) return [];
  const region = [profile.state.trim(), profile.postal_code.trim()].filter(Boolean).join(' ');
  const place = [profile.city.trim(), region].filter(Boolean).join(', ');
  return [...splitLines(street), place, profile.country.trim()].filter(Boolean);
}

/**
 * Everything the invoice prints, taken once when its number is assigned: the seller from
 * config, the buyer's name and delivery address from the order, company, VAT id and billing
 * address from the profile as it is then (billing falls back to the order's delivery address).
 */
export function invoiceSnapshot(
  order: MailOrder,
  profile: ProfileRecord | null,
  config: Pick<Config, 'invoice' | 'payments'>,
  paidAt: string,
): InvoiceSnapshot {
  const deliveryAddress = splitLines(order.userAddress);
  const billingAddress = profileAddress(profile);
  const company = profile?.company_name.trim();
  const vatId = profile?.vat_id.trim();
  return {
    seller: {
      name: config.invoice.sellerName,
      address: splitLines(config.invoice.sellerAddress),
      ...(config.invoice.sellerTaxId && { taxId: config.invoice.sellerTaxId }),
    },
    buyer: {
      name: order.userName || profile?.name || order.userEmail,
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
    })),
    ...taxSplit(cents(order.price), config.invoice.taxRatePercent),
    currency: config.payments.currency.toUpperCase(),
    paidAt,
    ...(order.transactionId && { transactionId: order.transactionId }),
  };
}

/**
 * The credit note of a (full) refund: the invoice's parties, lines and amounts as issued, with
 * the refund's date, id and reason from the order.
 */
export function creditNoteSnapshot(
  invoiceNumber: string,
  invoice: InvoiceSnapshot,
  order: Pick<OrderRecord, 'refundedAt' | 'refundId' | 'refundReason'>,
): CreditNoteSnapshot {
  const { paidAt: _paidAt, transactionId: _transactionId, ...issued } = invoice;
  const reason = order.refundReason?.trim();
  return {
    ...issued,
    invoiceNumber,
    refundedAt: order.refundedAt ?? new Date().toISOString(),
    ...(order.refundId && { refundId: order.refundId }),
    ...(reason && { reason }),
  };
}
