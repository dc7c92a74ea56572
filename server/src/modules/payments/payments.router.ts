import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import type { ExpireDueOrders } from '../orders/index.js';
import { OrderIdParamsSchema } from '@toolworks/contract/orders';
import {
  ConfirmOrderPaymentSchema,
  CreatePaymentIntentSchema,
  TestConfirmPaymentSchema,
  type PaymentConfig,
} from '@toolworks/contract/payments';
import { currentUser, requireUser } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import { isTestGateway, type PaymentGateway } from './gateways/index.js';
import { createPaymentsService } from './payments.service.js';
import { createInvoiceCardPayments } from './invoice-card.service.js';
import {
  ConfirmInvoiceCardPaymentSchema,
  InvoiceNumberParamsSchema,
} from '@toolworks/contract/invoices';

export type PaymentsRouterDeps = Pick<AppDeps, 'config' | 'store' | 'logger'> & {
  payments: PaymentGateway;
  now: () => Date;
  expire: ExpireDueOrders;
};

/**
 * Paying for an order: the gateway in use, the payment intent, the order marked paid once the
 * gateway confirms it, and the test gateway's card confirmation; and an open invoice's balance by
 * card (its intent, its confirmation). (Stripe's webhook needs the raw
 * body and is mounted apart: webhook.router.ts.)
 */
export function paymentsRouter(deps: PaymentsRouterDeps): Router {
  const service = createPaymentsService(deps);
  const invoiceCard = createInvoiceCardPayments(deps);
  const router = Router();
  const signedIn = requireUser(deps);
  // Card attempts are limited like orders: card testing is a flood of small attempts.
  const attemptLimit = createRateLimit({
    name: 'payments',
    limit: deps.config.rateLimits.ordersPerMinute,
    counters: deps.store.rateLimits,
  });

  router.get('/payments/config', (_req, res) => {
    const { kind, publishableKey } = deps.payments;
    const answer: PaymentConfig =
      kind === 'stripe' && publishableKey ? { gateway: kind, publishableKey } : { gateway: kind };
    res.json(answer);
  });

  router.post('/create-payment-intent', attemptLimit, signedIn, async (req, res) => {
    const { orderId } = parseBody(CreatePaymentIntentSchema, req);
    res
      .set('Cache-Control', 'no-store')
      .json(await service.createIntent(currentUser(req), orderId));
  });

  router.patch('/order/:id', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const { order, transactionId } = parseBody(ConfirmOrderPaymentSchema, req);
    if (order !== undefined && order !== id) {
      throw AppError.badRequest('order must be the order in the path', [
        { path: 'order', message: 'order must be the order in the path' },
      ]);
    }
    res.json(await service.confirmOrderPaid(currentUser(req), id, transactionId));
  });

  // An open invoice's balance by card (a company-admin of its company, or its order's buyer).
  router.post('/invoices/:number/card-payment', attemptLimit, signedIn, async (req, res) => {
    const { number } = parseParams(InvoiceNumberParamsSchema, req);
    res
      .set('Cache-Control', 'no-store')
      .json(await invoiceCard.createIntent(currentUser(req), number));
  });
  router.post('/invoices/:number/card-payment/confirm', signedIn, async (req, res) => {
    const { number } = parseParams(InvoiceNumberParamsSchema, req);
    const { transactionId } = parseBody(ConfirmInvoiceCardPaymentSchema, req);
    res.json(await invoiceCard.confirm(currentUser(req), number, transactionId));
  });

  if (isTestGateway(deps.payments)) {
    router.post('/payments/test/confirm', attemptLimit, signedIn, async (req, res) => {
      const input = parseBody(TestConfirmPaymentSchema, req);
      res
        .set('Cache-Control', 'no-store')
        .json(await service.confirmTestPayment(currentUser(req), input));
    });
  }

  return router;
}
