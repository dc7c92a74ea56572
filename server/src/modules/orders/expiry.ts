import type { Logger } from '../../lib/logger.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import type { OrderRecord, Store } from '../../store/store.js';
import type { Notifier } from './mail/notify.js';

/**
 * The part of the mailer the order services use: emails queued in the store for an order known
 * by id (`notifyById`, which reads it first), and the approvers' emails about a new order. A new
 * order's own email the store queues in the order's transaction (domain/order-mail.ts).
 */
export type OrderNotifier = Pick<Notifier, 'notifyById' | 'requestApproval'>;

export interface ExpiryDeps {
  store: Pick<Store, 'orders'>;
  /** APPROVAL_WINDOW_DAYS, named in the email of an order no approver decided on. */
  approvalWindowDays?: number;
  payments: Pick<PaymentGateway, 'cancel'>;
  logger: Logger;
  now: () => Date;
  /** Queues the order's emails after a change (server/src/mail); absent, nothing is sent. */
  notifier?: OrderNotifier;
}

/**
 * Ends the reservations that ran out: the store expires the orders and returns their stock in
 * one step, then their open payments are cancelled at the gateway so they can no longer charge.
 * Everything lives in the store, so it works after a restart and with several instances; it is
 * run lazily by every order request and by the periodic sweep in start.ts.
 */
export function createExpiry(deps: ExpiryDeps) {
  const { store, payments, logger, now, notifier } = deps;
  const days = deps.approvalWindowDays;
  const unapprovedReason = `No approver at your company decided on it within ${days} ${days === 1 ? 'day' : 'days'}, so it has expired.`;
  return async function expireDueOrders(): Promise<OrderRecord[]> {
    // Awaiting approval past the window: no payment is open on them, only stock and the email.
    const unapproved = await store.orders.expireUnapproved(now().toISOString());
    if (unapproved.length)
      logger.info({ orders: unapproved.map((o) => o._id) }, 'unapproved orders expired');
    for (const order of unapproved)
      await notifier?.notifyById('expired', order._id, { reason: unapprovedReason });
    const expired = await store.orders.expireDue(now().toISOString());
    if (expired.length === 0) return expired;
    logger.info({ orders: expired.map((o) => o._id) }, 'unpaid orders expired; stock returned');
    for (const order of expired) {
      if (!order.paymentIntentId) continue;
      const payment = await payments.cancel(order.paymentIntentId).catch((err: unknown) => {
        // The intent stays open at worst: a late payment for it is re-reserved or refunded.
        logger.warn({ err, orderId: order._id }, 'could not cancel an expired order’s payment');
        return null;
      });
      if (payment?.status === 'succeeded' || payment?.status === 'processing')
        logger.warn(
          { orderId: order._id, paymentId: payment.id },
          'an expired order’s payment went through: it is re-reserved or refunded when applied',
        );
    }
    for (const order of expired) await notifier?.notifyById('expired', order._id);
    return expired;
  };
}

export type ExpireDueOrders = ReturnType<typeof createExpiry>;
