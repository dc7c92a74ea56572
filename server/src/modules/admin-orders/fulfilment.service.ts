import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { paysOnInvoice } from '@toolworks/contract/orders';
import { KEPT_STATUSES, SHIPPABLE_STATUSES } from '../../domain/order-status.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { ChargeRefund, PaymentGateway } from '../payments/gateways/index.js';
import { isId, type Id, type OrderRecord, type Shipment, type Store } from '../../store/store.js';
import type { OrderNotifier } from '../orders/index.js';
import type { RefundsService } from '../returns/index.js';
import { toAdminOrderWire } from './admin-orders.service.js';
import { createShipmentsService } from './shipments.service.js';
import { formatCount } from '@toolworks/contract/format';

export interface FulfilmentDeps {
  store: Pick<Store, 'orders' | 'refunds'>;
  payments: Pick<PaymentGateway, 'refund' | 'retrieve'>;
  logger: Logger;
  now: () => Date;
  notifier?: OrderNotifier;
  /**
   * Partial refunds (issue 53): what the whole-order refund gives back after some, and the
   * Dashboard's partial refunds that Stripe's webhook reports. Absent: whole refunds only.
   */
  refunds?: Pick<RefundsService, 'refund' | 'recordGatewayPartial'>;
}

/**
 * After payment: ship (with carrier and tracking), deliver, refund. Every step is one
 * conditional update in the store, so a repeated or concurrent request changes an order once
 * and each email is queued once. A refund is asked of the gateway first (Stripe's idempotency
 * key makes a repeated ask the same refund) and recorded after; Stripe's `charge.refunded`
 * webhook records the same refund through `recordGatewayRefund`, whichever comes first.
 */
export function createFulfilmentService(deps: FulfilmentDeps) {
  const { store, payments, logger, notifier } = deps;
  const shipments = createShipmentsService(deps);
  const find = async (id: Id) => {
    const order = await store.orders.get(id);
    if (!order) throw AppError.notFound('Order not found');
    return order;
  };

  /** Records the refund; the buyer's email and the restock happen only on the first record. */
  const record = async (order: OrderRecord, refundId: string, reason?: string) => {
    const now = deps.now().toISOString();
    const result = await store.orders.markRefunded(order._id, { refundId, reason, now });
    if (!result) throw AppError.notFound('Order not found');
    if (result.outcome === 'REFUSED')
      throw AppError.conflict(`This order is ${result.order.status}: it can no longer be refunded`);
    if (result.outcome === 'REFUNDED')
      await notifier?.notifyById('refunded', order._id, reason ? { reason } : {});
    return result;
  };

  /** Whether the charge's payment was refunded in part before (so the rest is a partial too). */
  const partlyRefunded = async (refund: ChargeRefund) => {
    const payment = await payments.retrieve(refund.paymentIntentId);
    const orderId = payment?.orderId && isId(payment.orderId) ? payment.orderId : null;
    return orderId ? (await store.refunds.listByOrder(orderId)).length > 0 : false;
  };

  return {
    /**
     * The whole order as one shipment (the original Mark shipped). While units wait for a batch
     * or the lead time it is refused, saying how many can go now (issue 53: ship those with
     * POST /order/{id}/shipments).
     */
    async ship(id: Id, shipment: Shipment): Promise<AdminOrder> {
      const order = await find(id);
      // Shipping twice (a double click, a retry) answers the order as it was shipped.
      if (order.shippedAt) return toAdminOrderWire(order);
      // On terms (confirmed) the goods go before the money: the invoice is due later.
      if (!SHIPPABLE_STATUSES.includes(order.status))
        throw AppError.conflict('Only a paid order can be shipped');
      const result = await store.orders.recordShipment(id, {
        ...(shipment.carrier && { carrier: shipment.carrier }),
        ...(shipment.trackingNumber && { trackingNumber: shipment.trackingNumber }),
        now: deps.now().toISOString(),
        whole: true,
      });
      if (!result) throw AppError.notFound('Order not found');
      if (result.outcome === 'WAITING')
        throw new AppError(
          'OUT_OF_STOCK',
          `Only ${formatCount(result.readyNow)} of this order's units can ship now; ${formatCount(result.waiting)} wait for an incoming batch or the lead time. Ship the ${formatCount(result.readyNow)} in stock as a partial shipment.`,
          409,
          { readyNow: result.readyNow, waiting: result.waiting },
        );
      if (result.outcome !== 'SHIPPED') {
        // Another admin shipped it meanwhile: answered as shipped.
        if (result.order.shippedAt) return toAdminOrderWire(result.order);
        throw AppError.conflict('Only a paid order can be shipped');
      }
      await shipments.emailShipment(result.order, result.shipment);
      return toAdminOrderWire(result.order);
    },

    /** Every shipment delivered; the order too once it has wholly shipped. */
    async deliver(id: Id): Promise<AdminOrder> {
      return shipments.deliver(id, null);
    },

    async refund(id: Id, reason?: string, by = 'admin'): Promise<AdminOrder> {
      const order = await find(id);
      if (order.status === 'refunded') return toAdminOrderWire(order);
      // Refunded in part before: what is left goes back the same way, with its own credit note.
      if (deps.refunds && (await store.refunds.listByOrder(id)).length > 0) {
        const made = await deps.refunds.refund(
          id,
          { reason: reason ?? 'Refund of the rest of the order' },
          { by, rest: true },
        );
        return toAdminOrderWire(made.order);
      }
      // Paid by bank transfer, if at all: no card payment to give back through the gateway.
      if (paysOnInvoice(order))
        throw AppError.conflict(
          'Orders on invoice are credited with a credit note, not refunded to a card',
        );
      if (!KEPT_STATUSES.includes(order.status) || !order.transactionId)
        throw AppError.conflict(
          `Only a paid, shipped or delivered order can be refunded; this one is ${order.status}`,
        );
      const refund = await payments.refund(order.transactionId).catch((err: unknown) => {
        logger.error({ err, orderId: id }, 'the gateway could not refund the order');
        throw Object.assign(
          new AppError(
            'PAYMENT_FAILED',
            'The payment provider could not refund this order. Nothing was changed; try again in a moment.',
            502,
          ),
          { cause: err },
        );
      });
      return toAdminOrderWire((await record(order, refund.id, reason)).order);
    },

    /** Stripe's `charge.refunded`: the refund made here or in Stripe's dashboard, recorded once. */
    async recordGatewayRefund(refund: ChargeRefund): Promise<'applied' | 'ignored' | 'rejected'> {
      // Made here first (partial or whole): recorded already, matched on the refund's id.
      if (refund.refundId && (await store.refunds.byGatewayId(refund.refundId))) return 'ignored';
      if (!refund.full || (await partlyRefunded(refund))) {
        const payment = await payments.retrieve(refund.paymentIntentId);
        const orderId = payment?.orderId && isId(payment.orderId) ? payment.orderId : null;
        const order = orderId ? await store.orders.get(orderId) : null;
        if (!order || order.transactionId !== refund.paymentIntentId) return 'rejected';
        if (!deps.refunds || !refund.refundId || refund.refundCents === undefined) {
          logger.warn({ paymentId: refund.paymentIntentId }, 'partial refund: order left as it is');
          return 'ignored';
        }
        return deps.refunds.recordGatewayPartial(order, refund.refundId, refund.refundCents);
      }
      const payment = await payments.retrieve(refund.paymentIntentId);
      const orderId = payment?.orderId && isId(payment.orderId) ? payment.orderId : null;
      const order = orderId ? await store.orders.get(orderId) : null;
      if (!order || order.transactionId !== refund.paymentIntentId) {
        logger.warn({ paymentId: refund.paymentIntentId, orderId }, 'refund of no paid order');
        return 'rejected';
      }
      // Refunded already (by the admin), or a late payment the shop gave back itself.
      if (!KEPT_STATUSES.includes(order.status)) return 'ignored';
      const result = await record(order, refund.refundId ?? `refund-${refund.paymentIntentId}`);
      return result.outcome === 'REFUNDED' ? 'applied' : 'ignored';
    },
  };
}
