import { AppError } from '../../lib/app-error.js';
import type { OrderRecord, QuoteRecord, Store } from '../../store/store.js';

/**
 * Turns an accepted quote into an unpaid order at the quoted prices, reserving the stock as any
 * order does. The one place that knows how orders are placed: today `orders.place` takes one
 * tool, so a quote of several tools cannot be accepted yet (409, nothing reserved). When the
 * cart's many-line `place({ lines, ... })` lands, this becomes one call with every line and its
 * `unitPriceCents` (see the README's quotes section).
 */
export async function placeQuoteOrder(
  store: Pick<Store, 'orders' | 'tools'>,
  quote: QuoteRecord,
): Promise<OrderRecord> {
  const [line, ...more] = quote.items;
  if (!line || more.length > 0 || line.unitPriceCents === undefined) {
    throw AppError.conflict(
      'Quotes of several tools cannot be accepted online yet: please contact us to order it',
    );
  }
  const result = await store.orders.place({
    toolId: line.toolId,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    userName: quote.userName,
    userEmail: quote.userEmail,
    userPhone: quote.userPhone,
    userAddress: quote.userAddress,
  });
  if (result.ok) return result.order;
  if (result.reason === 'TOOL_NOT_FOUND') {
    throw AppError.conflict(`${line.name} is no longer sold, so this quote cannot be ordered`);
  }
  if (result.reason === 'BELOW_MINIMUM') {
    throw AppError.conflict(
      `The minimum order of ${line.name} changed since this quote: please ask for a new quote`,
    );
  }
  const availableQuantity = (await store.tools.get(line.toolId))?.availableQuantity ?? 0;
  throw new AppError(
    'OUT_OF_STOCK',
    `Sorry, ${line.quantity} of ${line.name} are not in stock right now. The offer stays open: try again later or contact us.`,
    409,
    [{ toolId: line.toolId, name: line.name, availableQuantity }],
  );
}
