import type { Config } from '../../../config.js';
import type { Store } from '../../../store/store.js';
import type { PaymentGateway } from './gateway.js';
import { createStripeGateway } from './stripe-gateway.js';
import { createTestGateway } from './test-gateway.js';

export type {
  ChargeRefund,
  GatewayEvent,
  PaymentGateway,
  PaymentInfo,
  PaymentStatus,
} from './gateway.js';
export { createTestGateway, isTestGateway, type TestPaymentGateway } from './test-gateway.js';

/**
 * Stripe when its keys are configured; otherwise the built-in test gateway, which refuses to
 * exist in production unless PAYMENTS_TEST_MODE says so on purpose.
 */
export function createPaymentGateway(
  config: Pick<Config, 'payments'>,
  store: Pick<Store, 'testIntents'>,
): PaymentGateway {
  const { stripe, testGatewayAllowed } = config.payments;
  if (stripe) return createStripeGateway(stripe);
  return createTestGateway({ allowed: testGatewayAllowed, intents: store.testIntents });
}
