import type { Config } from '../../../config.js';
import type { Logger } from '../../../lib/logger.js';
import type { Id, OutboxMessageInput, Store } from '../../../store/store.js';
import { createInvoiceService } from '../../invoices/index.js';
import { createApprovalMailer } from './approval-mail.js';
import { loadMailOrder, type MailOrder } from '../../../domain/mail-order.js';
import { paysOnInvoice } from '@toolworks/contract/orders';
import { invoiceDetails, type MailDetails, type MailEvent } from '../../../domain/order-mail.js';
import { renderBuyerMail, renderShopPaidMail } from './messages.js';

export interface NotifyDetails extends MailDetails {
  /** paid: when the payment succeeded (the invoice's date); now when absent. */
  paidAt?: string;
}

type NotifierStore = Pick<
  Store,
  | 'outbox'
  | 'invoices'
  | 'creditNotes'
  | 'orders'
  | 'profiles'
  | 'companies'
  | 'failedDocuments'
  | 'refunds'
>;

/**
 * Turns an order change into queued emails. A new order's email is queued by the store inside
 * the order's own transaction (`placedOrderMail`, domain/order-mail.ts). The later steps are told right after their
 * change has committed (`notify`, `notifyById`), their outbox row written in a transaction of its
 * own. The dedupe keys make a repeated call (the browser and Stripe's webhook both reporting one
 * payment, a retried request) queue each message once. Never throws: a mail problem must not
 * fail an order.
 */
export function createNotifier(deps: {
  store: NotifierStore;
  config: Pick<Config, 'mail' | 'invoice' | 'payments' | 'tax'>;
  logger: Logger;
  /** The shop's clock (a test clock in the browser journeys): dates the invoices it issues. */
  now?: () => Date;
}) {
  const { store, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const shopUrl = config.mail.shopUrl;
  const invoices = createInvoiceService({ store, config, now, logger });

  async function queue(input: OutboxMessageInput): Promise<boolean> {
    const { created } = await store.outbox.enqueue(input, now().toISOString());
    return created;
  }

  /** Who a buyer's email goes to, what it is about, and its dedupe key. */
  const buyerEnvelope = (
    event: Exclude<MailEvent, 'paid'>,
    order: MailOrder,
    details: MailDetails = {},
  ) => ({
    orderId: order._id,
    to: order.userEmail,
    kind: `order-${event}`,
    // One email per shipment, and per batch that moved a date (issue 53).
    dedupeKey: [event, order._id, details.shipmentId ?? details.receiptKey]
      .filter(Boolean)
      .join(':'),
  });
  /** The buyer's email about an order event other than `paid` (which also assigns an invoice). */
  const buyerMessage = (
    event: Exclude<MailEvent, 'paid'>,
    order: MailOrder,
    details: MailDetails = {},
  ): OutboxMessageInput => ({
    ...buyerEnvelope(event, order, details),
    ...renderBuyerMail(event, order, details, shopUrl),
  });

  async function notify(
    event: MailEvent,
    order: MailOrder,
    details: NotifyDetails = {},
  ): Promise<{ queued: number }> {
    try {
      let queued = 0;
      const base = { orderId: order._id, to: order.userEmail };
      if (event === 'paid') {
        const invoice = await invoices.issueInvoice(order, details.paidAt ?? now().toISOString());
        const mail = renderBuyerMail('paid', order, { invoiceNumber: invoice.number }, shopUrl);
        const attachments = [{ kind: 'invoice' as const, orderId: order._id }];
        if (
          await queue({
            ...base,
            ...mail,
            kind: 'payment-received',
            attachments,
            dedupeKey: `paid:${order._id}`,
          })
        )
          queued++;
        const shop = config.mail.notifyEmail;
        if (shop) {
          const note = renderShopPaidMail(order, shopUrl);
          if (
            await queue({
              ...base,
              to: shop,
              ...note,
              kind: 'shop-new-paid-order',
              dedupeKey: `paid-shop:${order._id}`,
            })
          )
            queued++;
        }
      } else if (event === 'approved' && paysOnInvoice(order) && order.status === 'confirmed') {
        // The approval issued its invoice: the email names it, says when it is due, attaches it.
        const invoice = await store.invoices.get(order._id);
        const message = buyerMessage(event, order, invoice ? invoiceDetails(invoice) : details);
        const attachments = invoice ? [{ kind: 'invoice' as const, orderId: order._id }] : [];
        if (await queue({ ...message, attachments })) queued++;
      } else if (event === 'refunded') {
        // The invoice stays as issued; the refund gets its own credit note, attached.
        const note = await invoices.creditNoteById(order._id);
        const message = buyerMessage(event, order, {
          ...details,
          ...(note && { creditNoteNumber: note.number }),
        });
        const attachments = note ? [{ kind: 'credit-note' as const, orderId: order._id }] : [];
        if (await queue({ ...message, attachments })) queued++;
      } else if (await queue(buyerMessage(event, order, details))) queued++;
      return { queued };
    } catch (err) {
      logger.error({ err, event, orderId: order._id }, 'could not queue the order email');
      return { queued: 0 };
    }
  }

  const underWay = new Set<Promise<unknown>>();

  return {
    notify,
    /** The approvers' emails about an order placed awaiting approval (after it committed). */
    requestApproval: createApprovalMailer({ store, config, logger, now }),
    /**
     * The same, for a caller holding only the id: reads the order as it is now. A caller may
     * leave it running after its answer (a card payment: the invoice's validation takes a
     * quarter of a second, issue 52); `settled` waits for those under way.
     */
    notifyById(event: MailEvent, orderId: Id, details: NotifyDetails = {}) {
      const running = (async () => {
        const order = await loadMailOrder(store, orderId).catch((err: unknown) => {
          logger.error({ err, event, orderId }, 'could not read the order to email about it');
          return null;
        });
        return order ? notify(event, order, details) : { queued: 0 };
      })();
      underWay.add(running);
      void running.finally(() => underWay.delete(running));
      return running;
    },
    /** Resolves once every notification under way is done (the shutdown waits, then closes). */
    async settled(): Promise<void> {
      while (underWay.size) await Promise.allSettled([...underWay]);
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
