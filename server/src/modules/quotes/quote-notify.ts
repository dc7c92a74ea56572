import type { Config } from '../../config.js';
import type { Quote } from '@toolworks/contract/quotes';
import type { Logger } from '../../lib/logger.js';
import type { OutboxMessageInput, Store } from '../../store/store.js';
import { loadMailOrder } from '../../domain/mail-order.js';
import { renderQuoteMail, type QuoteMailEvent } from './quote-messages.js';

/** What a quote's step tells: `accepted` also reads the order it became (number, expiry). */
export type QuoteStep = Exclude<QuoteMailEvent, 'requested-shop'>;

/**
 * Queues a quote's emails in the outbox after the quote's change has committed, like the order
 * notifier. The dedupe keys hold one message per step (an offer changed later is a new step:
 * its key carries the quote's `updatedAt`). Never throws: a mail problem must not fail a quote.
 */
export function createQuoteNotifier(deps: {
  store: Pick<Store, 'outbox' | 'orders'>;
  config: Pick<Config, 'mail'>;
  logger: Logger;
  /** The shop's clock (a test clock in the browser journeys): dates the queued emails. */
  now?: () => Date;
}) {
  const { store, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const shopUrl = config.mail.shopUrl;

  async function queue(input: OutboxMessageInput): Promise<number> {
    const { created } = await store.outbox.enqueue(input, now().toISOString());
    return created ? 1 : 0;
  }

  return {
    /** `version` tells one offer of a quote from a later one (the quote's `updatedAt`). */
    async notifyQuote(step: QuoteStep, quote: Quote, version = ''): Promise<{ queued: number }> {
      try {
        const order =
          step === 'accepted' && quote.orderId
            ? ((await loadMailOrder(store, quote.orderId)) ?? undefined)
            : undefined;
        const mail = renderQuoteMail(step, quote, shopUrl, order);
        const key = step === 'offered' ? `${quote._id}:${version}` : quote._id;
        let queued = await queue({
          kind: `quote-${step}`,
          to: quote.userEmail,
          ...mail,
          ...(order && { orderId: order._id }),
          dedupeKey: `quote-${step}:${key}`,
        });
        const shop = config.mail.notifyEmail;
        if (step === 'requested' && shop) {
          queued += await queue({
            kind: 'shop-quote-requested',
            to: shop,
            ...renderQuoteMail('requested-shop', quote, shopUrl),
            dedupeKey: `quote-requested-shop:${quote._id}`,
          });
        }
        return { queued };
      } catch (err) {
        logger.error({ err, step, quoteId: quote._id }, 'could not queue the quote email');
        return { queued: 0 };
      }
    },
  };
}

export type QuoteNotifier = ReturnType<typeof createQuoteNotifier>;
