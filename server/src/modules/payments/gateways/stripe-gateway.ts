import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import type { ChargeRefund, GatewayEvent, PaymentGateway, PaymentInfo } from './gateway.js';

export type StripeSettings = NonNullable<Config['payments']['stripe']>;

/** STRIPE_API_HOST ("127.0.0.1:12111" or a URL) points the SDK at a local fake in tests. */
function apiHostOptions(
  apiHost: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiHost) return {};
  const url = new URL(/^https?:\/\//.test(apiHost) ? apiHost : `http://${apiHost}`);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

function toPaymentInfo(intent: Stripe.PaymentIntent): PaymentInfo {
  const orderId = intent.metadata?.orderId;
  const invoiceNumber = intent.metadata?.invoiceNumber;
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: typeof orderId === 'string' && orderId ? orderId : null,
    ...(typeof invoiceNumber === 'string' && invoiceNumber ? { invoiceNumber } : {}),
    ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
  };
}

/** A charge event's refund facts; nothing when the charge names no payment intent. */
function chargeRefund(charge: Stripe.Charge): { refund?: ChargeRefund } {
  const intent = charge.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : intent?.id;
  if (typeof paymentIntentId !== 'string' || !paymentIntentId) return {};
  const refunds = Array.isArray(charge.refunds?.data) ? charge.refunds.data : [];
  const newest = refunds[0]?.id;
  const amount = refunds[0]?.amount;
  return {
    refund: {
      paymentIntentId,
      full: charge.refunded === true,
      ...(typeof newest === 'string' && { refundId: newest }),
      ...(typeof amount === 'number' && { refundCents: amount }),
    },
  };
}

/**
 * Stripe's refusals of a request (a card error, an amount below its minimum...) are the payer's
 * to read, in Stripe's words. Anything else (keys, network, outages) is ours: it propagates and
 * is logged as a 500 with a generic message.
 */
function asPaymentError(err: unknown, errors: typeof Stripe.errors): unknown {
  if (err instanceof errors.StripeCardError || err instanceof errors.StripeInvalidRequestError) {
    return new AppError('PAYMENT_FAILED', err.message, 402);
  }
  return err;
}

export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  // Loaded only when Stripe is configured: the SDK is about 5 MB of memory that a shop on the
  // test gateway does not need (docs/performance.md).
  const Sdk = createRequire(import.meta.url)('stripe') as typeof Stripe;
  const stripe = new Sdk(settings.secretKey, {
    ...apiHostOptions(settings.apiHost),
    // Creation carries an idempotency key, so the SDK's retries can never charge twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Toolworks' },
  });

  async function retrieve(id: string): Promise<PaymentInfo | null> {
    try {
      return toPaymentInfo(await stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if (err instanceof Sdk.errors.StripeInvalidRequestError && err.statusCode === 404)
        return null;
      throw err;
    }
  }

  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent({ orderId, invoiceNumber, amountCents, currency, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            // The client collects a card with the CardElement: nothing that needs a redirect.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { orderId, ...(invoiceNumber && { invoiceNumber }) },
          },
          { idempotencyKey },
        );
        if (!intent.client_secret)
          throw new Error(`Stripe returned ${intent.id} without a client secret`);
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (err) {
        throw asPaymentError(err, Sdk.errors);
      }
    },

    retrieve,

    async cancel(id) {
      try {
        return toPaymentInfo(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        // Stripe refuses to cancel a payment that succeeded, is processing or is canceled
        // already (400 payment_intent_unexpected_state): report where it stands instead.
        if (err instanceof Sdk.errors.StripeInvalidRequestError) return retrieve(id);
        throw err;
      }
    },

    async refund(id, partial) {
      // One key per payment: a retried refund (a replayed webhook) is the same refund. A partial
      // refund carries its own key (the admin's Idempotency-Key or the refund's own).
      const refund = await stripe.refunds.create(
        partial ? { payment_intent: id, amount: partial.amountCents } : { payment_intent: id },
        { idempotencyKey: partial?.idempotencyKey ?? `refund-${id}` },
      );
      return { id: refund.id };
    },

    verifyWebhook(rawBody, signature): GatewayEvent {
      if (!signature || !(Buffer.isBuffer(rawBody) || typeof rawBody === 'string')) {
        throw AppError.badRequest('A signed Stripe event is expected');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (err) {
        if (err instanceof Sdk.errors.StripeSignatureVerificationError) {
          throw AppError.badRequest('The Stripe signature does not match');
        }
        throw AppError.badRequest('The Stripe event could not be read');
      }
      // A signed payload is still only trusted to be an event once it has an event's shape.
      const shape = event as unknown as {
        id?: unknown;
        type?: unknown;
        data?: { object?: unknown };
      };
      const object = shape?.data?.object as { object?: string } | null | undefined;
      if (
        typeof shape?.id !== 'string' ||
        typeof shape.type !== 'string' ||
        typeof object !== 'object' ||
        object === null
      ) {
        throw AppError.badRequest('The Stripe event could not be read');
      }
      return {
        id: event.id,
        type: event.type,
        ...(object.object === 'payment_intent'
          ? { payment: toPaymentInfo(object as Stripe.PaymentIntent) }
          : {}),
        ...(object.object === 'charge' ? chargeRefund(object as Stripe.Charge) : {}),
      };
    },
  };
}
