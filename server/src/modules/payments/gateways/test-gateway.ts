import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  cardDigits,
  checkCard,
  TEST_CARD_FAILURES,
  type CardDetails,
} from '@toolworks/contract/payments';
import { AppError } from '../../../lib/app-error.js';
import type { TestIntentRecord, TestIntentsRepo } from '../../../store/store.js';
import type { PaymentGateway, PaymentInfo } from './gateway.js';

/**
 * The built-in test gateway: Stripe's PaymentIntent flow in process, with Stripe's test cards,
 * for `npm start`, the tests and offline machines. No keys, no network, no money.
 *
 * Intents live in the shop's store (like Stripe's live on Stripe), so a payment started on one
 * instance confirms on another, and a restart keeps them. Confirming is one atomic step on the
 * stored intent, so two instances cannot both take a payment. A succeeded payment is then handed
 * to the same service as Stripe's webhook, which marks the order paid: the order is the record.
 */

export type ConfirmResult =
  { ok: true; payment: PaymentInfo } | { ok: false; code: string; message: string };

export interface TestPaymentGateway extends PaymentGateway {
  readonly kind: 'test';
  /** The intent a client secret belongs to; null for an unknown or forged secret. */
  findBySecret(clientSecret: string): Promise<PaymentInfo | null>;
  /** Payment ids refunded by this instance so far, in order (each once). */
  readonly refunds: readonly string[];
  /** Partial refunds made by this instance, in order (each key once). */
  readonly partialRefunds: readonly { paymentId: string; amountCents: number; id: string }[];
  /** Tries the card on that intent, as Stripe's confirmCardPayment does. */
  confirm(clientSecret: string, card: CardDetails): Promise<ConfirmResult>;
}

// Stripe forgets idempotency keys after 24 hours; so does this, which also bounds the table.
const KEY_TTL_MS = 24 * 60 * 60 * 1000;

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function isTestGateway(gateway: PaymentGateway): gateway is TestPaymentGateway {
  return gateway.kind === 'test';
}

const view = ({ createdAt: _c, idempotencyKey: _k, ...info }: TestIntentRecord): PaymentInfo =>
  info;

const closed = (status: string) =>
  AppError.conflict(
    status === 'succeeded'
      ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
      : `You cannot confirm this PaymentIntent because it has a status of ${status}.`,
  );

export function createTestGateway(options: {
  allowed: boolean;
  intents: TestIntentsRepo;
  now?: () => number;
}): TestPaymentGateway {
  if (!options.allowed) {
    throw new Error(
      'The test payment gateway is refused in production: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=true on purpose',
    );
  }
  const { intents } = options;
  const now = options.now ?? Date.now;
  const refunds: string[] = [];
  const partialRefunds: { paymentId: string; amountCents: number; id: string }[] = [];

  const findBySecret = async (clientSecret: string) => {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = id ? await intents.get(id) : null;
    return intent && sameText(intent.clientSecret, clientSecret) ? intent : null;
  };

  return {
    kind: 'test',

    async createIntent({ orderId, invoiceNumber, amountCents, currency, idempotencyKey }) {
      await intents.forget(now() - KEY_TTL_MS);
      const id = `pi_test_${token(18)}`;
      const held = await intents.insertOnce({
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        status: 'requires_payment_method',
        amountCents,
        currency,
        orderId,
        ...(invoiceNumber && { invoiceNumber }),
        idempotencyKey,
        createdAt: now(),
      });
      if (held.id !== id && (held.amountCents !== amountCents || held.currency !== currency)) {
        throw new AppError(
          'PAYMENT_FAILED',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          402,
        );
      }
      return { id: held.id, clientSecret: held.clientSecret };
    },

    async retrieve(id) {
      const intent = await intents.get(id);
      return intent ? view(intent) : null;
    },

    async cancel(id) {
      const intent = (await intents.finish(id, 'canceled')) ?? (await intents.get(id));
      return intent ? view(intent) : null;
    },

    async refund(id, partial) {
      const intent = await intents.get(id);
      if (!intent || intent.status !== 'succeeded')
        throw new Error(`The test gateway cannot refund ${id}: no succeeded payment`);
      if (partial) {
        // Derived from the key, so a retry with it answers the same refund, as on Stripe.
        const refundId = `re_test_${createHash('sha256').update(partial.idempotencyKey).digest('hex').slice(0, 24)}`;
        if (!partialRefunds.some((r) => r.id === refundId))
          partialRefunds.push({ paymentId: id, amountCents: partial.amountCents, id: refundId });
        return { id: refundId };
      }
      if (!refunds.includes(id)) refunds.push(id);
      // Derived from the payment, so refunding it again answers the same refund, as on Stripe.
      return { id: `re_test_${id.replace(/^pi_test_/, '')}` };
    },
    refunds,
    partialRefunds,
    verifyWebhook() {
      throw AppError.notFound('The test payment gateway sends no webhooks');
    },

    async findBySecret(clientSecret) {
      const intent = await findBySecret(clientSecret);
      return intent ? view(intent) : null;
    },

    async confirm(clientSecret, card) {
      const intent = await findBySecret(clientSecret);
      if (!intent) throw AppError.notFound('No such payment');
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        throw closed(intent.status);
      const problem =
        checkCard(card, new Date(now())) ?? TEST_CARD_FAILURES[cardDigits(card.cardNumber)];
      // A failed attempt leaves the intent open for another card, as on Stripe.
      if (problem) return { ok: false, code: problem.code, message: problem.message };
      const succeeded = await intents.finish(intent.id, 'succeeded');
      if (!succeeded) {
        // Another request (on any instance) confirmed or cancelled it in the meantime.
        const current = await intents.get(intent.id);
        throw closed(current?.status ?? 'canceled');
      }
      return { ok: true, payment: view(succeeded) };
    },
  };
}
