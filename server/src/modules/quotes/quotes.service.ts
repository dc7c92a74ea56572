import type { z } from 'zod';
import { dollarsToCents } from '@toolworks/contract/fields';
import { formatCents } from '@toolworks/contract/format';
import { belowMinimumMessage } from '@toolworks/contract/order-messages';
import type {
  AcceptQuoteSchema,
  AnswerQuoteSchema,
  CreateQuoteSchema,
  Quote,
  QuoteStatus,
} from '@toolworks/contract/quotes';
import { AppError } from '../../lib/app-error.js';
import type { QuoteNotifier } from './quote-notify.js';
import type {
  Id,
  OrderRecord,
  QuoteChange,
  QuoteRecord,
  ToolRecord,
  Store,
  UserRecord,
} from '../../store/store.js';
import { idempotencyClaim, replayedOrder, toOrderWire } from '../orders/index.js';
import { placeQuoteOrder, type QuoteOrderLimits } from './place-quote-order.js';
import { priceFor, type Pricing } from '../pricing/index.js';
import { isExpired, quoteStatus, toQuoteWire } from './quote-wire.js';
import { taxSummary, type OrderTaxContexts, type ShipToRequest } from '../tax/index.js';
import { lineTotalCents } from '../../domain/pricing.js';
import { DEFAULT_TAX_CLASS } from '@toolworks/contract/tax';

type CreateQuote = z.output<typeof CreateQuoteSchema>;
type AnswerQuote = z.output<typeof AnswerQuoteSchema>;
type AcceptQuote = z.output<typeof AcceptQuoteSchema>;

const today = (now: Date) => now.toISOString().slice(0, 10);

// The message alone reaches the person: it names the field in words ("Valid until ..."), never
// by its wire name.
const dateError = (path: string, message: string) =>
  AppError.badRequest(message, [{ path, message }]);

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
  /** Emails the company's approvers about an order placed awaiting approval. */
  requestApproval?: (order: OrderRecord) => Promise<unknown>,
  /** Whose prices: a company member's request starts from their contract prices. */
  pricing?: Pricing,
  /** How an accepted offer's order is taxed (issue 51); absent: no tax recorded. */
  taxes?: OrderTaxContexts,
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
    /**
     * Lines priced at the buyer's price today for reference (a company member's contract price,
     * else the tool's tiered list price), so the shop's offer starts from it; stock is not checked.
     */
    async request(caller: UserRecord, input: CreateQuote, now = new Date()): Promise<Quote> {
      if (input.requestedDeliveryDate && input.requestedDeliveryDate < today(now)) {
        throw dateError('requestedDeliveryDate', 'Delivery date cannot be in the past');
      }
      const tools = [];
      for (const line of input.items) {
        const tool = await store.tools.get(line.toolId);
        if (!tool) throw AppError.notFound('Tool not found');
        tools.push(tool);
      }
      const linePricing = (await pricing?.pricingFor(
        caller,
        tools.map((tool) => tool.sku),
      )) ?? { currency: '' };
      const items = [];
      for (const [index, line] of input.items.entries()) {
        const tool = tools[index] as ToolRecord;
        const decision = priceFor(tool, line.quantity, linePricing, now);
        if (line.quantity < decision.minimumOrderQuantity) {
          const message = belowMinimumMessage(decision.minimumOrderQuantity);
          throw AppError.badRequest(`${tool.name}: ${message}`, [
            { path: `items.${index}.quantity`, message },
          ]);
        }
        items.push({
          toolId: tool._id,
          name: tool.name,
          quantity: line.quantity,
          listUnitPriceCents: decision.unitPriceCents,
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

    /**
     * `offered` and `expired` are both stored as offered: told apart by the date. Each line
     * carries its tool's stock now, so the admin sees before offering what can be accepted.
     */
    async list(status: QuoteStatus | undefined, now = new Date()): Promise<Quote[]> {
      const stored = status === 'expired' ? 'offered' : status;
      const quotes = (await store.quotes.list(stored)).filter(
        (quote) => !status || quoteStatus(quote, now) === status,
      );
      const toolIds = new Set(quotes.flatMap((quote) => quote.items.map((line) => line.toolId)));
      const stock = new Map<string, number>();
      for (const toolId of toolIds) {
        const tool = await store.tools.get(toolId);
        stock.set(toolId, tool?.availableQuantity ?? 0);
      }
      return quotes.map((quote) => {
        const wire = toQuoteWire(quote, now);
        return {
          ...wire,
          items: wire.items.map((line) => ({
            ...line,
            availableQuantity: stock.get(line.toolId) ?? 0,
          })),
        };
      });
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
      if (quote.status === 'requested' || quote.status === 'offered') await checkStock(quote);
      return afterChange(
        await store.quotes.offer(id, {
          unitPrices: prices,
          validUntil: input.validUntil,
          ...(input.note !== undefined && { note: input.note }),
        }),
        now,
      );
    },

    /**
     * The offer's tax if it ships there, and what its order would cost: shown to the buyer
     * before they accept. Only the buyer (or an admin), only an offer with its prices.
     */
    async tax(caller: UserRecord, id: Id, shipTo: ShipToRequest, now = new Date()) {
      const quote = await store.quotes.get(id);
      const own = quote?.userEmail === caller.email.toLowerCase();
      if (!quote || (!own && caller.role !== 'admin')) throw AppError.notFound('Quote not found');
      if (!taxes || quote.items.some((line) => line.unitPriceCents === undefined))
        throw AppError.conflict('This quote has no offer to tax yet');
      const buyer = { email: quote.userEmail };
      const [context, tools] = await Promise.all([
        taxes.contextFor(buyer, shipTo, now),
        Promise.all(quote.items.map((line) => store.tools.get(line.toolId))),
      ]);
      return taxSummary(
        quote.items.map((line, i) => ({
          toolId: line.toolId,
          taxClass: tools[i]?.taxClass ?? DEFAULT_TAX_CLASS,
          lineTotalCents: lineTotalCents(
            line.quantity,
            line.unitPriceCents ?? 0,
            tools[i]?.priceBasis ?? 1,
          ),
        })),
        context,
        now.toISOString().slice(0, 10),
      );
    },
    /**
     * The buyer takes the offer they were shown (its version or total): an unpaid order at the
     * offered prices (stock reserved) and the quote `accepted`, in one store transaction
     * conditional on that offer. Only the buyer, once, while offered and not expired; a losing
     * or late acceptance writes nothing at all.
     */
    /** With an `Idempotency-Key`, a retry answers the order its first attempt placed. */
    async accept(
      caller: UserRecord,
      id: Id,
      input: AcceptQuote,
      now = new Date(),
      idempotencyKey?: string,
    ) {
      let quote = await store.quotes.get(id);
      const own = quote?.userEmail === caller.email.toLowerCase();
      // Someone else's quote answers 404 like a missing one; an admin may know it exists.
      if (!quote || (!own && caller.role !== 'admin')) throw AppError.notFound('Quote not found');
      if (!own) throw AppError.forbidden('Only the buyer can accept this quote');
      const claim = idempotencyClaim(idempotencyKey, 'quote-accept', { id, input });
      const earlier = await replayedOrder(store, caller.email, claim, now);
      if (earlier)
        return { quote: toQuoteWire(quote, now), order: toOrderWire(earlier), replayed: true };
      // A re-read quote is judged again; a few rounds at most, however busy the admin is.
      const tax = await taxes?.contextFor(caller, input, now);
      for (let round = 0; round < 3; round++) {
        checkAcceptable(quote, input, now);
        const placed = await placeQuoteOrder(store, quote, {
          limits,
          now,
          ...(tax && { tax }),
          ...(claim && { idempotency: claim }),
          ...(input.poReference !== undefined && { poReference: input.poReference }),
        });
        if ('refused' in placed) {
          // The quote moved between our read and the transaction: judge it again as it is now.
          const current = await store.quotes.get(id);
          if (!current) throw AppError.notFound('Quote not found');
          if (current.version === quote.version && current.status === quote.status) {
            // Unchanged, so the offer ended while we looked (midnight UTC).
            throw AppError.conflict(STATUS_CONFLICT.expired);
          }
          quote = current;
          continue;
        }
        const accepted = (await store.quotes.get(id)) ?? quote;
        const wire = toQuoteWire(accepted, now);
        // An attempt racing the first with the same key: the store answered the first's order.
        if (placed.replayed)
          return { quote: wire, order: toOrderWire(placed.order), replayed: true };
        await notifier?.notifyQuote('accepted', wire);
        await requestApproval?.(placed.order);
        return { quote: wire, order: toOrderWire(placed.order), replayed: false };
      }
      throw AppError.conflict('This quote is changing right now: reload it and try again');
    },
  };

  /**
   * Point 9 of issue 23: an offer is made only for quantities the shelf holds now, so no offer
   * exists that could not be accepted (a shortfall later is a clear 409 at acceptance).
   */
  async function checkStock(quote: QuoteRecord): Promise<void> {
    const short = [];
    for (const line of quote.items) {
      const tool = await store.tools.get(line.toolId);
      if (!tool) throw AppError.conflict(`${line.name} is no longer sold: decline this quote`);
      if (line.quantity > tool.availableQuantity) {
        short.push({
          toolId: line.toolId,
          name: line.name,
          quantity: line.quantity,
          availableQuantity: tool.availableQuantity,
        });
      }
    }
    if (short.length === 0) return;
    const lines = short
      .map((line) => `${line.name}: ${line.quantity} asked, ${line.availableQuantity} in stock`)
      .join('; ');
    throw new AppError(
      'OUT_OF_STOCK',
      `This quote asks for more than the stock (${lines}). Restock before offering, or decline the quote.`,
      409,
      short,
    );
  }
}

const offerTotalCents = (quote: QuoteRecord) =>
  quote.items.reduce((sum, line) => sum + line.quantity * (line.unitPriceCents ?? 0), 0);

/** Refuses an acceptance of anything but the open offer the buyer was shown. */
function checkAcceptable(quote: QuoteRecord, shown: AcceptQuote, now: Date): void {
  if (isExpired(quote, now)) throw AppError.conflict(STATUS_CONFLICT.expired);
  if (quote.status !== 'offered') throw AppError.conflict(STATUS_CONFLICT[quote.status]);
  const total = offerTotalCents(quote);
  const moved =
    (shown.version !== undefined && shown.version !== quote.version) ||
    (shown.expectedTotal !== undefined && dollarsToCents(shown.expectedTotal) !== total);
  if (!moved) return;
  const wire = toQuoteWire(quote, now);
  const until = quote.validUntil ? `, valid until ${quote.validUntil}` : '';
  throw new AppError(
    'PRICE_CHANGED',
    `The offer changed since you saw it: it is now ${formatCents(total)}${until}. Review the new offer and accept it if it suits you.`,
    409,
    { quote: wire },
  );
}

export type QuotesService = ReturnType<typeof createQuotesService>;
