import type { Config } from '../../config.js';
import type { Order } from '@toolworks/contract/orders';
import type {
  PaymentIntentResponse,
  TestConfirmPaymentInput,
  TestConfirmResponse,
} from '@toolworks/contract/payments';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import {
  isTestGateway,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentInfo,
} from './gateways/index.js';
import { isId, type Id, type OrderRecord, type Store, type UserRecord } from '../../store/store.js';
import { toOrderWire } from '../orders/index.js';
import { createFulfilmentService, type FulfilmentDeps } from '../admin-orders/index.js';
import { createInvoiceCardPayments } from './invoice-card.service.js';
import type { ExpireDueOrders, OrderNotifier } from '../orders/index.js';

export interface PaymentsServiceDeps {
  config: Pick<Config, 'payments'>;
  store: Pick<Store, 'orders' | 'paymentEvents' | 'invoices' | 'companies' | 'refunds'>;
  payments: PaymentGateway;
  logger: Logger;
  now: () => Date;
  /** Queues the order's emails after a change (server/src/mail); absent, nothing is sent. */
  notifier?: OrderNotifier;
  /** Ends the reservations that ran out; built once where the app is assembled (app.ts). */
  expire: ExpireDueOrders;
  /** Partial refunds made in Stripe's Dashboard, recorded from its webhook (issue 53). */
  refunds?: FulfilmentDeps['refunds'];
}

/** What the webhook did with an event; answered to Stripe and logged. */
export type EventOutcome = 'applied' | 'ignored' | 'rejected' | 'duplicate';

const OPEN = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
const paymentFailed = (message: string) => new AppError('PAYMENT_FAILED', message, 402);
const notPayable = (order: OrderRecord) =>
  AppError.conflict(
    order.status === 'awaiting_approval'
      ? 'This order is waiting for your company’s approval: it can be paid once it is approved'
      : `This order is ${order.status}: it can no longer be paid`,
  );
const alreadyPaid = () => AppError.conflict('This order is already paid');

const REFUNDED_BECAUSE: Partial<Record<OrderRecord['status'], string>> = {
  cancelled: 'This order was cancelled, so your payment was refunded.',
  awaiting_approval:
    'This order is waiting for your company’s approval, so your payment was refunded: pay once it is approved.',
  rejected: 'This order was rejected by your company, so your payment was refunded.',
};
const refunded = (order: OrderRecord) =>
  AppError.conflict(
    REFUNDED_BECAUSE[order.status] ??
      'This order expired and its tools are no longer available, so your payment was refunded.',
  );

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { config, store, payments: gateway, logger } = deps;
  const { expire } = deps;
  const fulfilment = createFulfilmentService(deps);
  const invoiceCard = createInvoiceCardPayments(deps);
  /** Someone else's order answers like a missing one; admins pay only for their own orders. */
  const ownOrder = async (caller: UserRecord, id: Id) => {
    await expire();
    const order = await store.orders.get(id);
    if (!order || order.userEmail !== caller.email.toLowerCase())
      throw AppError.notFound('Order not found');
    return order;
  };

  /** Why this payment does not pay for this order; null when it does. */
  const mismatch = (order: OrderRecord, payment: PaymentInfo): string | null => {
    // An invoice's balance paid by card: never the order's own payment (it is on terms).
    if (payment.invoiceNumber) return 'This payment is for an invoice';
    if (payment.orderId !== order._id) return 'This payment is for another order';
    if (payment.amountCents !== order.priceCents || payment.currency !== config.payments.currency)
      return 'The payment amount does not match the order';
    if (payment.status === 'processing') return 'The payment is still processing';
    if (payment.status !== 'succeeded') return 'The payment has not succeeded';
    return null;
  };

  /** The one way an order becomes paid: the gateway's payment, checked against the order. */
  const settle = async (order: OrderRecord, payment: PaymentInfo): Promise<OrderRecord> => {
    const problem = mismatch(order, payment);
    if (problem) throw paymentFailed(problem);
    const result = await store.orders.markPaid(order._id, payment.id, deps.now().toISOString());
    if (!result) throw AppError.notFound('Order not found');
    if (result.outcome === 'NOT_PAYABLE') {
      // Money arrived for an order that no longer holds stock: give it back, never keep it.
      await gateway.refund(payment.id);
      logger.warn(
        { orderId: order._id, status: result.order.status, paymentId: payment.id },
        'late payment refunded: the order could not be reserved again',
      );
      throw refunded(result.order);
    }
    const paid = result.order;
    if (paid.transactionId !== payment.id) {
      logger.error(
        { orderId: order._id, kept: paid.transactionId, extra: payment.id },
        'order paid twice: refund the extra payment',
      );
      throw alreadyPaid();
    }
    // Once per order however often the browser and the webhook report it (the outbox dedupes).
    // After the answer, not before it: the invoice is validated (EN 16931, issue 52) before it
    // is numbered, which takes about a quarter of a second; the payment does not wait for it.
    // The notifier keeps it under way until the shutdown has waited for it.
    void deps.notifier
      ?.notifyById('paid', paid._id, { ...(paid.paidAt && { paidAt: paid.paidAt }) })
      .catch((err: unknown) =>
        logger.error({ err, orderId: paid._id }, 'could not issue the invoice or queue its email'),
      );
    return paid;
  };

  /** Stripe's webhook and the test gateway's confirmation: each event is applied once. */
  const handleEvent = async (event: GatewayEvent): Promise<EventOutcome> => {
    const payment = event.payment;
    const orderId = payment?.orderId && isId(payment.orderId) ? payment.orderId : null;
    let outcome: EventOutcome = 'ignored';
    if (event.type === 'payment_intent.succeeded' && payment?.invoiceNumber) {
      outcome = await invoiceCard.apply(payment, 'card').then(
        () => 'applied' as const,
        (err: unknown) => {
          // Refunded or refused (logged): the event is handled, there is nothing to retry.
          if (err instanceof AppError && err.status < 500) return 'rejected' as const;
          throw err;
        },
      );
    } else if (event.type === 'payment_intent.succeeded' && payment && orderId) {
      const order = await store.orders.get(orderId);
      const problem = !order
        ? 'the order no longer exists: refund the payment'
        : order.isPaid && order.transactionId !== payment.id
          ? 'the order was paid by another payment: refund this one'
          : mismatch(order, payment);
      if (order && !problem) {
        const applied = await settle(order, payment).then(
          () => true,
          (err: unknown) => {
            // Refunded (logged in settle): the event is handled, there is nothing to retry.
            if (err instanceof AppError && err.status === 409) return false;
            throw err;
          },
        );
        if (!applied) outcome = 'rejected';
      }
      if (problem)
        logger.error(
          { eventId: event.id, orderId, paymentId: payment.id, problem },
          'payment not applied',
        );
      if (outcome === 'ignored') outcome = problem ? 'rejected' : 'applied';
    }
    if (event.type === 'charge.refunded' && event.refund) {
      outcome = await fulfilment.recordGatewayRefund(event.refund);
    }
    // Recorded after applying: marking paid is idempotent, so a replay changes nothing, and a
    // failure in between leaves the event unrecorded for the gateway's retry to apply.
    const fresh = await store.paymentEvents.record(event.id, event.type, orderId);
    return fresh ? outcome : 'duplicate';
  };

  return {
    handleEvent,

    async createIntent(caller: UserRecord, orderId: Id): Promise<PaymentIntentResponse> {
      const order = await ownOrder(caller, orderId);
      if (order.isPaid) throw alreadyPaid();
      if (order.status !== 'unpaid') throw notPayable(order);
      const previous = order.paymentIntentId ? await gateway.retrieve(order.paymentIntentId) : null;
      if (previous && mismatch(order, previous) === null) {
        // Paid, but neither the browser nor the webhook told us yet: record it now.
        await settle(order, previous);
        throw alreadyPaid();
      }
      if (previous?.status === 'processing' && previous.orderId === order._id) {
        throw AppError.conflict('The payment for this order is still processing');
      }
      if (
        previous?.clientSecret &&
        OPEN.has(previous.status) &&
        previous.orderId === order._id &&
        previous.amountCents === order.priceCents
      ) {
        return { clientSecret: previous.clientSecret };
      }
      // One key per order, so doubled requests get one intent; a new one only after the
      // previous intent was cancelled or lost (the test gateway after a restart).
      const idempotencyKey = order.paymentIntentId
        ? `order-${order._id}-after-${order.paymentIntentId}`
        : `order-${order._id}`;
      const intent = await gateway.createIntent({
        orderId: order._id,
        amountCents: order.priceCents,
        currency: config.payments.currency,
        idempotencyKey,
      });
      if (intent.id !== order.paymentIntentId)
        await store.orders.setPaymentIntent(order._id, intent.id);
      return { clientSecret: intent.clientSecret };
    },

    /** PATCH /order/{id}: paid only once the gateway confirms this payment for this order. */
    async confirmOrderPaid(caller: UserRecord, orderId: Id, transactionId: string): Promise<Order> {
      const order = await ownOrder(caller, orderId);
      if (order.isPaid) {
        if (order.transactionId === transactionId) return toOrderWire(order);
        throw alreadyPaid();
      }
      const payment = await gateway.retrieve(transactionId);
      if (!payment) throw paymentFailed('No such payment');
      return toOrderWire(await settle(order, payment));
    },

    async confirmTestPayment(
      caller: UserRecord,
      input: TestConfirmPaymentInput,
    ): Promise<TestConfirmResponse> {
      if (!isTestGateway(gateway))
        throw AppError.notFound('The test payment gateway is not in use');
      const intent = await gateway.findBySecret(input.clientSecret);
      if (intent?.invoiceNumber) {
        await invoiceCard.payable(caller, intent.invoiceNumber);
        const result = await gateway.confirm(input.clientSecret, input);
        if (!result.ok)
          throw new AppError('PAYMENT_FAILED', result.message, 402, { code: result.code });
        await invoiceCard.apply(result.payment, caller.email.toLowerCase());
        return { paymentIntent: { id: result.payment.id, status: 'succeeded' } };
      }
      if (!intent?.orderId) throw AppError.notFound('No such payment');
      const order = await ownOrder(caller, intent.orderId);
      if (order.isPaid) throw alreadyPaid();
      if (order.status !== 'unpaid') throw notPayable(order);
      const result = await gateway.confirm(input.clientSecret, input);
      if (!result.ok)
        throw new AppError('PAYMENT_FAILED', result.message, 402, { code: result.code });
      // What Stripe's webhook does, done at once: the paid order is the durable record.
      await handleEvent({
        id: `evt_${result.payment.id}`,
        type: 'payment_intent.succeeded',
        payment: result.payment,
      });
      return { paymentIntent: { id: result.payment.id, status: 'succeeded' } };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
