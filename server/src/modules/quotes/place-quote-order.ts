import { AppError } from '../../lib/app-error.js';
import { removedBuyer } from '../orders/place-order.js';
import type { OrderRecord, QuoteRecord, Store } from '../../store/store.js';

/** How long an order's stock is held and how many unpaid orders a buyer may hold (config). */
export interface QuoteOrderLimits {
  reservationMinutes: number;
  maxUnpaid: number;
}

/**
 * Turns an accepted quote into one unpaid order of every line at its quoted price, reserving the
 * stock as any order does (all lines or none). It counts toward the buyer's unpaid orders like a
 * Buy Now or a checkout, so a buyer at the limit pays or cancels one first.
 */
export async function placeQuoteOrder(
  store: Pick<Store, 'orders'>,
  quote: QuoteRecord,
  limits: QuoteOrderLimits,
  now: Date,
): Promise<OrderRecord> {
  const result = await store.orders.place({
    lines: quote.items.map((line) => ({
      toolId: line.toolId,
      quantity: line.quantity,
      ...(line.unitPriceCents !== undefined && { unitPriceCents: line.unitPriceCents }),
    })),
    userName: quote.userName,
    userEmail: quote.userEmail,
    userPhone: quote.userPhone,
    userAddress: quote.userAddress,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + limits.reservationMinutes * 60_000).toISOString(),
    maxUnpaid: limits.maxUnpaid,
  });
  if (result.ok) return result.order;
  const nameOf = (toolId: string) =>
    quote.items.find((line) => line.toolId === toolId)?.name ?? toolId;
  switch (result.reason) {
    case 'USER_REMOVED':
      throw removedBuyer();
    case 'TOO_MANY_UNPAID':
      throw AppError.conflict(
        `You have ${result.unpaid} unpaid orders: pay or cancel one before accepting this quote.`,
      );
    case 'TOOL_NOT_FOUND': {
      const names = result.lines.map((line) => nameOf(line.toolId)).join(', ');
      throw AppError.conflict(
        `${names || 'A tool'} is no longer sold, so this quote cannot be ordered`,
      );
    }
    case 'BELOW_MINIMUM': {
      const names = result.lines.map((line) => nameOf(line.toolId)).join(', ');
      throw AppError.conflict(
        `The minimum order of ${names} changed since this quote: please ask for a new quote`,
      );
    }
    case 'PRICE_CHANGED':
      // No expected total is sent: the quoted prices are the prices.
      throw AppError.conflict('The prices changed while ordering: please try again');
    default: {
      const lines = result.lines.map(({ toolId, availableQuantity }) => ({
        toolId,
        name: nameOf(toolId),
        availableQuantity,
      }));
      const names = lines.map((line) => line.name).join(', ');
      throw new AppError(
        'OUT_OF_STOCK',
        `Sorry, not enough of ${names} is in stock right now. The offer stays open: try again later or contact us.`,
        409,
        lines,
      );
    }
  }
}
