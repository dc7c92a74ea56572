import type { z } from 'zod';
import { dollarsToCents } from '@toolworks/contract/fields';
import { belowMinimumMessage } from '@toolworks/contract/order-messages';
import { unitPriceCentsFor } from '@toolworks/contract/pricing';
import type {
  AnswerQuoteSchema,
  CreateQuoteSchema,
  Quote,
  QuoteStatus,
} from '@toolworks/contract/quotes';
import { AppError } from '../../lib/app-error.js';
import type { QuoteNotifier } from '../../mail/quote-notify.js';
import type { Id, QuoteChange, QuoteRecord, Store, UserRecord } from '../../store/store.js';
import { toOrderWire } from '../orders/order-wire.js';
import { placeQuoteOrder, type QuoteOrderLimits } from './place-quote-order.js';
import { isExpired, quoteStatus, toQuoteWire } from './quote-wire.js';

type CreateQuote = z.output<typeof CreateQuoteSchema>;
type AnswerQuote = z.output<typeof AnswerQuoteSchema>;

const today = (now: Date) => now.toISOString().slice(0, 10);

const dateError = (path: string, message: string) =>
  AppError.badRequest(`${path}: ${message}`, [{ path, message }]);

const STATUS_CONFLICT: Record<Exclude<QuoteStatus, 'offered'>, string> = {
  requested: 'This quote has no offer yet',
  declined: 'This quote was declined',
  accepted: 'This quote was accepted already',
  expired: 'This offer has expired: ask for a new quote',
};

export function createQuotesService(
  store: Pick<Store, 'quotes' | 'tools' | 'orders'>,
  limits: QuoteOrderLimits,
  notifier?: Pick<QuoteNotifier, 'notifyQuote'>,
) {
  const findQuote = async (id: Id) => {
    const quote = await store.quotes.get(id);
    if (!quote) throw AppError.notFound('Quote not found');
    return quote;
  };
  /** The answered quote, after its email to the buyer is queued (never failing the answer). */
  const afterChange = async (change: QuoteChange, now: Date): Promise<Quote> => {
    if (change === 'NOT_FOUND') throw AppError.notFound('Quote not found');
    if (change === 'WRONG_STATUS') {
      throw AppError.conflict('This quote was accepted or declined and can no longer be answered');
    }
    const quote = toQuoteWire(change, now);
    const step = change.status === 'declined' ? 'declined' : 'offered';
    await notifier?.notifyQuote(step, quote, change.updatedAt);
    return quote;
  };

  return {
    /** Lines priced at today's list (tiered) prices for reference; stock is not checked. */
    async request(caller: UserRecord, input: CreateQuote, now = new Date()): Promise<Quote> {
      if (input.requestedDeliveryDate && input.requestedDeliveryDate < today(now)) {
        throw dateError('requestedDeliveryDate', 'Delivery date cannot be in the past');
      }
      const items = [];
      for (const [index, line] of input.items.entries()) {
        const tool = await store.tools.get(line.toolId);
        if (!tool) throw AppError.notFound('Tool not found');
        if (line.quantity < tool.minimumOrderQuantity) {
          const message = belowMinimumMessage(tool.minimumOrderQuantity);
          throw AppError.badRequest(`${tool.name}: ${message}`, [
            { path: `items.${index}.quantity`, message },
          ]);
        }
        items.push({
          toolId: tool._id,
          name: tool.name,
          quantity: line.quantity,
          listUnitPriceCents: unitPriceCentsFor(tool.priceCents, tool.priceTiers, line.quantity),
        });
      }
      const quote = await store.quotes.create({
        items,
        userName: input.userName ?? caller.name ?? caller.email,
        userEmail: caller.email,
        userPhone: input.userPhone,
        userAddress: input.userAddress,
        message: input.message,
        ...(input.requestedDeliveryDate && { requestedDeliveryDate: input.requestedDeliveryDate }),
      });
      const wire = toQuoteWire(quote, now);
      await notifier?.notifyQuote('requested', wire);
      return wire;
    },

    async listMine(caller: UserRecord, now = new Date()): Promise<Quote[]> {
      const quotes = await store.quotes.listByEmail(caller.email.toLowerCase());
      return quotes.map((quote) => toQuoteWire(quote, now));
    },

    /** `offered` and `expired` are both stored as offered: told apart by the date. */
    async list(status: QuoteStatus | undefined, now = new Date()): Promise<Quote[]> {
      const stored = status === 'expired' ? 'offered' : status;
      const quotes = await store.quotes.list(stored);
      return quotes
        .filter((quote) => !status || quoteStatus(quote, now) === status)
        .map((quote) => toQuoteWire(quote, now));
    },

    /** An offer (a price for every line, valid from today) or a decline with a reason. */
    async answer(id: Id, input: AnswerQuote, now = new Date()): Promise<Quote> {
      if ('decline' in input) return afterChange(await store.quotes.decline(id, input.reason), now);
      const quote = await findQuote(id);
      if (input.validUntil < today(now)) {
        throw dateError('validUntil', 'Valid until cannot be in the past');
      }
      const prices = Object.fromEntries(
        input.items.map((line) => [line.toolId, dollarsToCents(line.unitPrice)]),
      );
      const missing = quote.items.filter((line) => prices[line.toolId] === undefined);
      const unknown = input.items.filter((p) => !quote.items.some((l) => l.toolId === p.toolId));
      if (missing.length || unknown.length) {
        const message = 'Give a unit price for every line of the quote, and only for those';
        throw AppError.badRequest(message, [{ path: 'items', message }]);
      }
      return afterChange(await store.quotes.offer(id, prices, input.validUntil), now);
    },

    /**
     * The buyer takes the offer: an unpaid order at the quoted prices (stock reserved), and the
     * quote becomes `accepted`. Only the buyer, once, while offered and not expired.
     */
    async accept(caller: UserRecord, id: Id, now = new Date()) {
      const quote = await store.quotes.get(id);
      const own = quote?.userEmail === caller.email.toLowerCase();
      // Someone else's quote answers 404 like a missing one; an admin may know it exists.
      if (!quote || (!own && caller.role !== 'admin')) throw AppError.notFound('Quote not found');
      if (!own) throw AppError.forbidden('Only the buyer can accept this quote');
      checkAcceptable(quote, now);
      const order = await placeQuoteOrder(store, quote, limits, now);
      const accepted = await store.quotes.accept(id, order._id);
      if (typeof accepted === 'string') {
        // Accepted by a simultaneous request: give this order's stock back.
        await store.orders.cancelUnpaid(order._id, now.toISOString());
        throw AppError.conflict(STATUS_CONFLICT.accepted);
      }
      const wire = toQuoteWire(accepted, now);
      await notifier?.notifyQuote('accepted', wire);
      return { quote: wire, order: toOrderWire(order) };
    },
  };
}

function checkAcceptable(quote: QuoteRecord, now: Date): void {
  if (isExpired(quote, now)) throw AppError.conflict(STATUS_CONFLICT.expired);
  if (quote.status !== 'offered') throw AppError.conflict(STATUS_CONFLICT[quote.status]);
}

export type QuotesService = ReturnType<typeof createQuotesService>;
