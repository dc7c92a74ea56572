import { AppError } from '../../lib/app-error.js';
import type { IdempotencyClaim } from '../../domain/repeat-requests.js';
import type { OrderTaxContext } from '../../domain/order-tax.js';
import { keyReused, removedBuyer } from '../orders/index.js';
import type { OrderRecord, PlaceOrderResult, QuoteRecord, Store } from '../../store/store.js';

/** How long an order's stock is held and how many unpaid orders a buyer may hold (config). */
export interface QuoteOrderLimits {
  reservationMinutes: number;
  maxUnpaid: number;
  approvalWindowDays?: number;
}

type Refused = Exclude<PlaceOrderResult, { ok: true }>;

/**
 * Accepts the offer as read (`quote`, at its version) in one store transaction: an unpaid order
 * of every line at its offered price, reserving the stock as any order does (all lines or none),
 * and the quote marked accepted with that order. If the quote moved meanwhile (re-offered,
 * accepted by another request, declined, expired) nothing is written and the answer is
 * QUOTE_CHANGED. The order counts toward the buyer's unpaid orders like a Buy Now or a checkout.
 */
export async function placeQuoteOrder(
  store: Pick<Store, 'orders'>,
  quote: QuoteRecord,
  input: {
    limits: QuoteOrderLimits;
    now: Date;
    poReference?: string;
    idempotency?: IdempotencyClaim;
    /** How its lines are taxed; the offer's prices are the lines' before tax (or with it). */
    tax?: OrderTaxContext;
  },
): Promise<{ order: OrderRecord; replayed?: true } | { refused: 'QUOTE_CHANGED' }> {
  const { limits, now } = input;
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
    ...(input.poReference !== undefined && { poReference: input.poReference }),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + limits.reservationMinutes * 60_000).toISOString(),
    maxUnpaid: limits.maxUnpaid,
    ...(limits.approvalWindowDays && {
      approvalExpiresAt: new Date(
        now.getTime() + limits.approvalWindowDays * 24 * 60 * 60_000,
      ).toISOString(),
    }),
    ...(input.idempotency && { idempotency: input.idempotency }),
    ...(input.tax && { tax: input.tax }),
    quote: {
      id: quote._id,
      number: quote.number,
      version: quote.version,
      today: now.toISOString().slice(0, 10),
    },
  });
  if (result.ok) return result;
  if (result.reason === 'QUOTE_CHANGED') return { refused: 'QUOTE_CHANGED' };
  throw refusal(quote, result);
}

function refusal(
  quote: QuoteRecord,
  result: Exclude<Refused, { reason: 'QUOTE_CHANGED' }>,
): AppError {
  const lineOf = (toolId: string) => quote.items.find((line) => line.toolId === toolId);
  const nameOf = (toolId: string) => lineOf(toolId)?.name ?? 'A tool';
  switch (result.reason) {
    case 'USER_REMOVED':
      return removedBuyer();
    case 'TOO_MANY_UNPAID':
      return AppError.conflict(
        `You have ${result.unpaid} unpaid orders: pay or cancel one before accepting this quote.`,
      );
    case 'TOOL_NOT_FOUND': {
      const names = result.lines.map((line) => nameOf(line.toolId)).join(', ');
      return AppError.conflict(
        `${names || 'A tool'} is no longer sold, so this quote cannot be ordered`,
      );
    }
    case 'BELOW_MINIMUM':
    case 'QUANTITY_NOT_MULTIPLE': {
      const names = result.lines.map((line) => nameOf(line.toolId)).join(', ');
      return AppError.conflict(
        `The order quantities of ${names} changed since this quote: please ask for a new quote`,
      );
    }
    case 'IDEMPOTENCY_KEY_REUSED':
      return keyReused();
    case 'CART_EMPTY':
    case 'CART_CHANGED':
      // A quote's order is placed from the quote, never from the cart: kept for the type's sake.
      return AppError.conflict('This quote cannot be ordered right now: please try again');
    case 'NOT_ON_TERMS':
    case 'CREDIT_LIMIT_EXCEEDED':
      // A quote's order is placed for card payment, never on terms: kept for the type's sake.
      return AppError.conflict('This quote cannot be ordered on invoice');
    case 'PRICE_CHANGED':
      // No expected total is sent to the store: the offered prices are the prices.
      return AppError.conflict('The prices changed while ordering: please try again');
    case 'OUT_OF_STOCK': {
      const lines = result.lines.map(({ toolId, availableQuantity }) => ({
        toolId,
        name: nameOf(toolId),
        quantity: lineOf(toolId)?.quantity ?? 0,
        availableQuantity,
      }));
      const short = lines
        .map((line) => `${line.name}: ${line.quantity} offered, ${line.availableQuantity} in stock`)
        .join('; ');
      return new AppError(
        'OUT_OF_STOCK',
        `Sorry, we cannot fill this offer right now (${short}). The offer stays open: try again later or contact us.`,
        409,
        lines,
      );
    }
  }
}
