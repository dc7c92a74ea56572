import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  cardDigits,
  checkCard,
  TEST_CARD_FAILURES,
  type CardDetails,
} from '../contract/payments.js';
import { AppError } from '../lib/app-error.js';
import type { PaymentGateway, PaymentInfo } from './gateway.js';

/**
 * The built-in test gateway: Stripe's PaymentIntent flow in process, with Stripe's test cards,
 * for `npm start`, the tests and offline machines. No keys, no network, no money.
 *
 * Intents live in this process's memory, like Stripe's live on Stripe. What must survive a
 * restart is a succeeded payment, and that is made durable at once: the confirm route hands it
 * to the same service as Stripe's webhook, which marks the order paid in the store. After that
 * the store is the record (a later PATCH with that id is answered from the paid order), so a
 * restart loses only unconfirmed intents, and the payment page simply asks for a fresh one.
 * With several instances behind a load balancer use Stripe: an intent lives in one process.
 */

export type ConfirmResult =
  { ok: true; payment: PaymentInfo } | { ok: false; code: string; message: string };

export interface TestPaymentGateway extends PaymentGateway {
  readonly kind: 'test';
  /** The intent a client secret belongs to; null for an unknown or forged secret. */
  findBySecret(clientSecret: string): PaymentInfo | null;
  /** Payment ids refunded so far, in order (each once). */
  readonly refunds: readonly string[];
  /** Tries the card on that intent, as Stripe's confirmCardPayment does. */
  confirm(clientSecret: string, card: CardDetails): ConfirmResult;
}

interface TestIntent extends PaymentInfo {
  clientSecret: string;
  createdAt: number;
}

// Stripe forgets idempotency keys after 24 hours; so does this, which also bounds the memory.
const KEY_TTL_MS = 24 * 60 * 60 * 1000;

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function isTestGateway(gateway: PaymentGateway): gateway is TestPaymentGateway {
  return gateway.kind === 'test';
}

export function createTestGateway(options: {
  allowed: boolean;
  now?: () => number;
}): TestPaymentGateway {
  if (!options.allowed) {
    throw new Error(
      'The test payment gateway is refused in production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=true on purpose',
    );
  }
  const now = options.now ?? Date.now;
  const intents = new Map<string, TestIntent>();
  const refunds: string[] = [];
  const byKey = new Map<string, { id: string; at: number }>();

  const forget = () => {
    for (const [key, entry] of byKey) {
      if (now() - entry.at > KEY_TTL_MS) byKey.delete(key);
    }
    for (const [id, intent] of intents) {
      if (now() - intent.createdAt > KEY_TTL_MS && intent.status !== 'succeeded')
        intents.delete(id);
    }
  };

  const view = ({ createdAt: _createdAt, ...info }: TestIntent): PaymentInfo => info;

  const findBySecret = (clientSecret: string) => {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = intents.get(id);
    return intent && sameText(intent.clientSecret, clientSecret) ? intent : null;
  };

  return {
    kind: 'test',

    async createIntent({ orderId, amountCents, currency, idempotencyKey }) {
      forget();
      const known = byKey.get(idempotencyKey);
      const existing = known && intents.get(known.id);
      if (existing) {
        if (existing.amountCents !== amountCents || existing.currency !== currency) {
          throw new AppError(
            'PAYMENT_FAILED',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            402,
          );
        }
        return { id: existing.id, clientSecret: existing.clientSecret };
      }
      const id = `pi_test_${token(18)}`;
      const intent: TestIntent = {
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        status: 'requires_payment_method',
        amountCents,
        currency,
        orderId,
        createdAt: now(),
      };
      intents.set(id, intent);
      byKey.set(idempotencyKey, { id, at: now() });
      return { id, clientSecret: intent.clientSecret };
    },

    async retrieve(id) {
      const intent = intents.get(id);
      return intent ? view(intent) : null;
    },

    async cancel(id) {
      const intent = intents.get(id);
      if (!intent) return null;
      if (intent.status !== 'succeeded') intent.status = 'canceled';
      return view(intent);
    },

    async refund(id) {
      const intent = intents.get(id);
      if (!intent || intent.status !== 'succeeded')
        throw new Error(`The test gateway cannot refund ${id}: no succeeded payment`);
      if (!refunds.includes(id)) refunds.push(id);
    },
    refunds,
    verifyWebhook() {
      throw AppError.notFound('The test payment gateway sends no webhooks');
    },

    findBySecret(clientSecret) {
      const intent = findBySecret(clientSecret);
      return intent ? view(intent) : null;
    },

    confirm(clientSecret, card) {
      const intent = findBySecret(clientSecret);
      if (!intent) throw AppError.notFound('No such payment');
      if (intent.status === 'succeeded') {
        throw AppError.conflict(
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        );
      }
      if (intent.status === 'canceled') {
        throw AppError.conflict(
          'You cannot confirm this PaymentIntent because it has a status of canceled.',
        );
      }
      const problem =
        checkCard(card, new Date(now())) ?? TEST_CARD_FAILURES[cardDigits(card.cardNumber)];
      // A failed attempt leaves the intent open for another card, as on Stripe.
      if (problem) return { ok: false, code: problem.code, message: problem.message };
      intent.status = 'succeeded';
      return { ok: true, payment: view(intent) };
    },
  };
}
