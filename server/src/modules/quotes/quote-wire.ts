import { centsToDollars } from '@toolworks/contract/fields';
import { quoteNumber, type Quote, type QuoteStatus } from '@toolworks/contract/quotes';
import type { QuoteRecord } from '../../store/store.js';

/** An offer holds through the end of its `validUntil` day, UTC. */
export function isExpired(quote: QuoteRecord, now: Date): boolean {
  if (quote.status !== 'offered' || !quote.validUntil) return false;
  return now.getTime() > Date.parse(`${quote.validUntil}T23:59:59.999Z`);
}

/** `expired` is not stored: an offer past its date reads as expired, whoever looks. */
export function quoteStatus(quote: QuoteRecord, now: Date): QuoteStatus {
  return isExpired(quote, now) ? 'expired' : quote.status;
}

export function toQuoteWire(quote: QuoteRecord, now: Date): Quote {
  const offered = quote.items.every((line) => line.unitPriceCents !== undefined);
  const totalCents = quote.items.reduce(
    (sum, line) => sum + line.quantity * (line.unitPriceCents ?? 0),
    0,
  );
  return {
    _id: quote._id,
    number: quoteNumber(quote.number),
    status: quoteStatus(quote, now),
    items: quote.items.map((line) => ({
      toolId: line.toolId,
      name: line.name,
      quantity: line.quantity,
      listUnitPrice: centsToDollars(line.listUnitPriceCents),
      ...(line.unitPriceCents !== undefined && { unitPrice: centsToDollars(line.unitPriceCents) }),
    })),
    ...(quote.requestedDeliveryDate && { requestedDeliveryDate: quote.requestedDeliveryDate }),
    message: quote.message,
    userName: quote.userName,
    userEmail: quote.userEmail,
    userPhone: quote.userPhone,
    userAddress: quote.userAddress,
    ...(quote.validUntil && { validUntil: quote.validUntil }),
    ...(offered && quote.status !== 'requested' && { total: centsToDollars(totalCents) }),
    version: quote.version,
    ...(quote.offerNote && { offerNote: quote.offerNote }),
    ...(quote.declineReason && { declineReason: quote.declineReason }),
    ...(quote.orderId && { orderId: quote.orderId }),
    createdAt: quote.createdAt,
  };
}
