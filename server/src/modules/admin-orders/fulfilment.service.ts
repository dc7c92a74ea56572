import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { paysOnInvoice } from '@toolworks/contract/orders';
import { KEPT_STATUSES, SHIPPABLE_STATUSES } from '../../domain/order-status.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { ChargeRefund, PaymentGateway } from '../payments/gateways/index.js';
import { isId, type Id, type OrderRecord, type Shipment, type Store } from '../../store/store.js';
import type { OrderNotifier } from '../orders/index.js';
import { toAdminOrderWire } from './admin-orders.service.js';
import { createShipmentsService } from './shipments.service.js';
import { formatCount } from '@toolworks/contract/format';

export interface FulfilmentDeps {
  store: Pick<Store, 'orders'>;
  payments: Pick<PaymentGateway, 'refund' | 'retrieve'>;
  logger: Logger;
  now: () => Date;
  notifier?: OrderNotifier;
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

    async refund(id: Id, reason?: string): Promise<AdminOrder> {
      const order = await find(id);
      if (order.status === 'refunded') return toAdminOrderWire(order);
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
      // A partial refund (made in Stripe's dashboard) leaves the order as it is, for a person.
      if (!refund.full) {
        logger.warn({ paymentId: refund.paymentIntentId }, 'partial refund: order left as it is');
        return 'ignored';
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
