import express, { Router } from 'express';
import { noStore } from '../../lib/no-store.js';
import { createPaymentsService } from './payments.service.js';
import { createRefundsService } from '../returns/index.js';
import type { PaymentsRouterDeps } from './payments.router.js';

/**
 * POST /webhooks/stripe: Stripe's word that a payment succeeded, so an order is marked paid even
 * when the browser closed before it could say so. The signature is computed over the exact bytes
 * Stripe sent, so this route reads the raw body and is mounted before the JSON parser. Without
 * Stripe nothing is mounted and the path answers the API's 404.
 */
export function stripeWebhookRouter(deps: PaymentsRouterDeps): Router {
  const router = Router();
  if (deps.payments.kind !== 'stripe') return router;
  const service = createPaymentsService({ ...deps, refunds: createRefundsService(deps) });

  router.post(
    '/webhooks/stripe',
    noStore,
    express.raw({ type: 'application/json', limit: '1mb' }),
    async (req, res) => {
      const event = deps.payments.verifyWebhook(req.body, req.get('stripe-signature'));
      const outcome = await service.handleEvent(event);
      req.log?.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      // Every verified event is acknowledged, or Stripe would retry it for days.
      res.json({ received: true, outcome });
    },
  );

  return router;
}
