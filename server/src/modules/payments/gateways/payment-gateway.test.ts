import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../../../config.js';
import { checkCard, parseExpiry, TestCardFormSchema } from '@toolworks/contract/payments';
import { createPaymentGateway } from './index.js';
import { createTestGateway } from './test-gateway.js';
import type { Store } from '../../../store/store.js';
import { createTestStore } from '../../../test/test-store.js';

// The test gateway keeps its intents in the shop's store.
let store: Store;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
});
afterAll(() => cleanup());

const PROD = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q7Vd2kPz9LwXr4NbTy8HcEm3JsAu6FgR',
  FIREBASE_PROJECT_ID: 'toolworks-prod',
  ADMIN_EMAILS: 'owner@toolworks.example',
  SELLER_TAX_ID: '12-3456789',
};
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
};

describe('createPaymentGateway', () => {
  it('when no Stripe keys are set outside production, then the test gateway', () => {
    expect(createPaymentGateway(loadConfig({ NODE_ENV: 'development' }), store).kind).toBe('test');
  });

  it('when the Stripe keys are set, then Stripe with its publishable key', () => {
    const gateway = createPaymentGateway(loadConfig({ ...PROD, ...STRIPE }), store);
    expect(gateway).toMatchObject({ kind: 'stripe', publishableKey: 'pk_live_x' });
  });

  it('when in production without Stripe and without PAYMENTS_TEST_MODE, then the config refuses to load', () => {
    expect(() => loadConfig(PROD)).toThrow(ConfigError);
  });

  it('when in production with PAYMENTS_TEST_MODE=true, then the test gateway is allowed on purpose', () => {
    expect(
      createPaymentGateway(loadConfig({ ...PROD, PAYMENTS_TEST_MODE: 'true' }), store).kind,
    ).toBe('test');
  });

  it('when the config does not allow it, then the test gateway refuses to be created', () => {
    const base = loadConfig({ ...PROD, PAYMENTS_TEST_MODE: 'true' });
    const refused: Config = { ...base, payments: { ...base.payments, testGatewayAllowed: false } };
    expect(() => createPaymentGateway(refused, store)).toThrow(/refused in production/);
    expect(() => createTestGateway({ allowed: false, intents: store.testIntents })).toThrow(
      /PAYMENTS_TEST_MODE/,
    );
  });
});

describe('the test gateway', () => {
  it('when an idempotency key is older than a day, then it is forgotten, as on Stripe', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const gateway = createTestGateway({
      allowed: true,
      intents: store.testIntents,
      now: () => now,
    });
    const input = {
      orderId: 'a'.repeat(24),
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'order-a',
    };
    const first = await gateway.createIntent(input);
    expect((await gateway.createIntent(input)).id).toBe(first.id);

    now += 25 * 60 * 60 * 1000;

    expect((await gateway.createIntent(input)).id).not.toBe(first.id);
    expect(await gateway.retrieve(first.id)).toBeNull();
  });

  it('when the same key comes with another amount, then it is refused', async () => {
    const gateway = createTestGateway({ allowed: true, intents: store.testIntents });
    const input = {
      orderId: 'a'.repeat(24),
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'order-b',
    };
    await gateway.createIntent(input);
    await expect(gateway.createIntent({ ...input, amountCents: 1 })).rejects.toMatchObject({
      status: 402,
    });
  });
});

describe('checkCard', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ok = { cardNumber: '4242424242424242', expMonth: 11, expYear: 26, cvc: '123' };

  it('when the card expires this month or later, then it passes; last month has expired', () => {
    expect(checkCard(ok, now)).toBeNull();
    expect(checkCard({ ...ok, expYear: 2031 }, now)).toBeNull();
    expect(checkCard({ ...ok, expMonth: 10 }, now)?.message).toBe('Your card has expired.');
  });

  it('when an American Express number is used, then its code has four digits', () => {
    const amex = { ...ok, cardNumber: '3782 822463 10005' };
    expect(checkCard({ ...amex, cvc: '123' }, now)?.message).toBe(
      "Your card's security code is incomplete.",
    );
    expect(checkCard({ ...amex, cvc: '1234' }, now)).toBeNull();
  });

  it('when the form has several problems, then the first in Stripe order is reported on its field', () => {
    const result = TestCardFormSchema.safeParse({ cardNumber: '1234', expiry: '13/99', cvc: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['cardNumber'], message: 'Your card number is incomplete.' }),
    ]);
    expect(parseExpiry('04 / 31')).toEqual({ expMonth: 4, expYear: 31 });
    expect(parseExpiry('0431')).toEqual({ expMonth: Number.NaN, expYear: Number.NaN });
  });
});
