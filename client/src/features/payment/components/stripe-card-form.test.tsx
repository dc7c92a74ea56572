import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { buildOrder } from '@/testing/factories';
import { orderPath, payer } from '../testing';
import { PaymentPage } from './payment-page';

// Stripe's SDKs are faked at their module boundary: Stripe.js cannot load without its servers.
const fake = vi.hoisted(() => ({
  card: { kind: 'card-element' },
  cardReady: true,
  stripe: {
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
  },
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: fake.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const React = await import('react');
  const StripeContext = React.createContext<unknown>(null);
  return {
    Elements({ stripe, children }: { stripe: Promise<unknown>; children: React.ReactNode }) {
      const [loaded, setLoaded] = React.useState<unknown>(null);
      React.useEffect(() => {
        void Promise.resolve(stripe).then(setLoaded);
      }, [stripe]);
      return React.createElement(StripeContext.Provider, { value: loaded }, children);
    },
    useStripe: () => React.useContext(StripeContext),
    useElements: () => (React.useContext(StripeContext) ? { getElement: () => fake.card } : null),
    CardElement({ onReady }: { onReady?: (element: unknown) => void }) {
      React.useEffect(() => {
        if (fake.cardReady) onReady?.(fake.card);
      }, [onReady]);
      return React.createElement('div', { 'data-testid': 'stripe-card-element' });
    },
  };
});

let keySequence = 0;

function setup(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const order = buildOrder();
  // A key per test: the form keeps one Stripe.js per key for the whole visit.
  const publishableKey = `pk_test_${++keySequence}`;
  const api = fakeApi({
    [`GET ${orderPath(order)}`]: () => json(order),
    'GET /api/payments/config': () => json({ gateway: 'stripe', publishableKey }),
    'POST /api/create-payment-intent': () => json({ clientSecret: 'pi_123_secret_456' }),
    [`PATCH ${orderPath(order)}`]: () => json({ ...order, isPaid: true, transactionId: 'pi_123' }),
    ...handlers,
  });
  const view = renderFeature(<PaymentPage orderId={order._id} payer={payer} />, {
    session: signedInSession({ user: { email: payer.email, displayName: payer.name } }),
  });
  return { api, order, publishableKey, ...view };
}

beforeEach(() => {
  fake.cardReady = true;
  fake.loadStripe.mockResolvedValue(fake.stripe);
  fake.stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_123' } });
  fake.stripe.confirmCardPayment.mockResolvedValue({
    paymentIntent: { id: 'pi_123', status: 'succeeded' },
  });
});

describe('the payment page with Stripe', () => {
  it("when Stripe is configured, then Stripe.js is loaded with the shop's key and Pay waits for the card and the secret", async () => {
    const intent = deferred<Response>();
    const { publishableKey } = setup({ 'POST /api/create-payment-intent': () => intent.promise });

    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(fake.loadStripe).toHaveBeenCalledWith(publishableKey);
    expect(screen.queryByText('Test mode: no real card is charged')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    intent.resolve(json({ clientSecret: 'pi_123_secret_456' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  });

  it('when the card element never becomes ready, then Pay stays disabled', async () => {
    fake.cardReady = false;
    const { api } = setup();
    await screen.findByTestId('stripe-card-element');
    await waitFor(() => expect(api.requestsTo('/api/create-payment-intent')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('when Pay is pressed, then a payment method is made from the card with the billing name and email and the payment confirmed with it', async () => {
    const { api, order, user } = setup();
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());

    await user.click(pay);

    expect(await screen.findByText(/Congrats! Your payment is completed/)).toHaveTextContent(
      'Congrats! Your payment is completed. TransactionID is: pi_123',
    );
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: fake.card,
      billing_details: { name: payer.name, email: payer.email },
    });
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      payment_method: 'pm_123',
    });
    await waitFor(() =>
      expect(api.requestsTo(orderPath(order)).find((r) => r.method === 'PATCH')?.body).toEqual({
        order: order._id,
        transactionId: 'pi_123',
      }),
    );
  });

  it.each([
    [
      'the card is refused when the payment method is made',
      'createPaymentMethod',
      'Your card number is incomplete.',
    ],
    ['the bank declines the payment', 'confirmCardPayment', 'Your card was declined.'],
  ] as const)(
    "when %s, then Stripe's message shows in red and nothing is marked paid",
    async (_case, step, message) => {
      fake.stripe[step].mockResolvedValue({ error: { type: 'card_error', message } });
      const { api, order, user } = setup();
      const pay = await screen.findByRole('button', { name: 'Pay' });
      await waitFor(() => expect(pay).toBeEnabled());

      await user.click(pay);

      const alert = await screen.findByText(message);
      expect(alert).toHaveAttribute('role', 'alert');
      expect(alert).toHaveClass('card-error');
      expect(api.requestsTo(orderPath(order)).filter((r) => r.method === 'PATCH')).toHaveLength(0);
    },
  );

  it('when Stripe.js cannot load, then the page says so instead of a dead form', async () => {
    fake.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    setup();
    expect(await screen.findByText(/Stripe's card form could not load/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});
