import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { buildOrder } from '@/testing/factories';
import { orderPath, payer } from '../testing';
import { PaymentPage } from './payment-page';

const SECRET = 'pi_test_abc_secret_def';

function setup(
  handlers: Parameters<typeof fakeApi>[0],
  order = buildOrder({ name: 'Bench Vise', price: 1234.5, quantity: 150 }),
) {
  const api = fakeApi({
    [`GET ${orderPath(order)}`]: () => json(order),
    'GET /api/payments/config': () => json({ gateway: 'test' }),
    'POST /api/create-payment-intent': () => json({ clientSecret: SECRET }),
    ...handlers,
  });
  const view = renderFeature(<PaymentPage orderId={order._id} payer={payer} />, {
    route: `/dashboard/payment/${order._id}`,
    session: signedInSession({ user: { email: payer.email, displayName: payer.name } }),
  });
  return { api, order, ...view };
}

const nextYear = (new Date().getFullYear() + 1) % 100;

async function fillCard(
  user: ReturnType<typeof setup>['user'],
  number: string,
  expiry = `12${nextYear}`,
  cvc = '123',
) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
}

describe('the payment page with the test gateway', () => {
  it('when the page opens, then it loads, greets the payer, names the tool and price, and enables Pay once the intent is ready', async () => {
    const intent = deferred<Response>();
    const { api, order } = setup({ 'POST /api/create-payment-intent': () => intent.promise });

    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Casey Jones' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please pay for Bench Vise')).toBeInTheDocument();
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$1,234.50');
    expect(await screen.findByText('Test mode: no real card is charged')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    intent.resolve(json({ clientSecret: SECRET }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(api.requestsTo('/api/create-payment-intent')[0]?.body).toEqual({ orderId: order._id });
  });

  it('when the card details are typed, then the number is grouped by four and the expiry gets its slash', async () => {
    const { user } = setup({});
    await fillCard(user, '4242424242424242', '1230', '123');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
  });

  it('when the number fails the checks, then the message shows in red under the form and nothing is sent', async () => {
    const { api, user } = setup({});
    await fillCard(user, '4242424242424241');

    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card number is invalid.');
    expect(alert).toHaveClass('card-error');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/payments/test/confirm')).toHaveLength(0);
  });

  it('when the gateway declines the card, then its words show in red and the payer can try again', async () => {
    const { api, user } = setup({
      'POST /api/payments/test/confirm': () =>
        apiError(402, 'PAYMENT_FAILED', 'Your card was declined.'),
    });
    await fillCard(user, '4000000000000002');

    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(api.requestsTo('/api/payments/test/confirm')[0]?.body).toEqual({
      clientSecret: SECRET,
      cardNumber: '4000000000000002',
      expMonth: 12,
      expYear: nextYear,
      cvc: '123',
      name: payer.name,
      email: payer.email,
    });
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('when the payment succeeds, then the transaction id is shown, the order is marked paid and the orders refreshed', async () => {
    const order = buildOrder();
    let current = order;
    const { api, user } = setup(
      {
        'POST /api/payments/test/confirm': () =>
          json({ paymentIntent: { id: 'pi_test_abc', status: 'succeeded' } }),
        [`PATCH ${orderPath(order)}`]: () => {
          current = { ...order, isPaid: true, transactionId: 'pi_test_abc' };
          return json(current);
        },
        [`GET ${orderPath(order)}`]: () => json(current),
      },
      order,
    );
    await fillCard(user, '4242424242424242');

    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const success = await screen.findByText(
      /Congrats! Your payment is completed\. TransactionID is:/,
    );
    expect(success).toHaveTextContent(
      'Congrats! Your payment is completed. TransactionID is: pi_test_abc',
    );
    expect(api.requestsTo(orderPath(order)).filter((r) => r.method === 'PATCH')[0]?.body).toEqual({
      order: order._id,
      transactionId: 'pi_test_abc',
    });
    await waitFor(() =>
      expect(api.requestsTo(orderPath(order)).filter((r) => r.method === 'GET')).toHaveLength(2),
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    // Paid, clearly: the page says so instead of asking for payment.
    expect(
      await screen.findByText(`Order ${order.number} is paid. Thank you!`),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Paid' })).toBeInTheDocument();
    expect(screen.queryByText(/Please pay for/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    // One message says it, not four: the header's line, then the spec's one with the id.
    expect(screen.getAllByRole('status')).toEqual([success.closest('[role="status"]')]);
    expect(screen.queryByText('Your order is marked paid.')).not.toBeInTheDocument();
    expect(screen.getAllByText(/is paid|marked paid|payment is completed/)).toHaveLength(2);
  });

  it('when a line is partly backordered, then the summary says what ships now and from when', async () => {
    const order = buildOrder({
      number: 'TW-100078',
      createdAt: '2026-11-20T10:00:00.000Z',
      items: [
        {
          toolId: 'a'.repeat(24),
          name: 'Bench Vise',
          unitPrice: 8.25,
          quantity: 5,
          lineTotal: 41.25,
          shipments: [
            { quantity: 3, shipDate: '2026-11-20', backordered: false },
            { quantity: 2, shipDate: '2026-12-04', backordered: true },
          ],
        },
      ],
    });
    setup({}, order);
    const table = await screen.findByRole('table', { name: 'Lines of order TW-100078' });
    expect(table).toHaveTextContent('3 ship now; 2 backordered, ship from 4 December');
  });

  it('when recording the payment fails, then it says so and Try again records it', async () => {
    const order = buildOrder();
    let attempts = 0;
    const { user } = setup(
      {
        'POST /api/payments/test/confirm': () =>
          json({ paymentIntent: { id: 'pi_test_abc', status: 'succeeded' } }),
        [`PATCH ${orderPath(order)}`]: () => {
          attempts += 1;
          return attempts === 1
            ? apiError(503, 'INTERNAL', 'Something went wrong on our side. Please try again.')
            : json({ ...order, isPaid: true, transactionId: 'pi_test_abc' });
        },
      },
      order,
    );
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(
      await screen.findByText(
        'Your payment went through, but your order could not be updated yet.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Your payment went through, but your order could not be updated yet.'),
      ).not.toBeInTheDocument(),
    );
    expect(attempts).toBe(2);
  });

  it('when the order is already paid, then it shows so with its transaction id and no card form', async () => {
    const { api } = setup({}, buildOrder({ isPaid: true, transactionId: 'pi_test_paid' }));

    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByText('pi_test_paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(api.requestsTo('/api/create-payment-intent')).toHaveLength(0);
  });

  it("when the order is someone else's, then the server's 404 shows as not found", async () => {
    const order = buildOrder();
    setup(
      { [`GET ${orderPath(order)}`]: () => apiError(404, 'NOT_FOUND', 'Order not found') },
      order,
    );

    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it('when the intent answers 409 because the order was paid meanwhile, then the page shows it paid', async () => {
    const order = buildOrder();
    let current = order;
    setup(
      {
        'POST /api/create-payment-intent': () => {
          current = { ...order, isPaid: true, transactionId: 'pi_test_webhook' };
          return apiError(409, 'CONFLICT', 'This order is already paid');
        },
        [`GET ${orderPath(order)}`]: () => json(current),
      },
      order,
    );

    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByText('pi_test_webhook')).toBeInTheDocument();
  });

  it('when the order has several lines, then each is listed with quantity, unit price and line total, with the number and the reservation end', async () => {
    const order = buildOrder({
      number: 'TW-100077',
      name: 'Bench Vise and 1 more',
      quantity: 126,
      price: 1234.5,
      items: [
        {
          toolId: 'a'.repeat(24),
          name: 'Bench Vise',
          unitPrice: 8.25,
          quantity: 100,
          lineTotal: 825,
        },
        {
          toolId: 'b'.repeat(24),
          name: 'Chisel Set',
          unitPrice: 15.75,
          quantity: 26,
          lineTotal: 409.5,
        },
      ],
      expiresAt: '2026-11-20T11:00:00.000Z',
    });
    setup({}, order);

    expect(await screen.findByRole('heading', { name: 'Order TW-100077' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Lines of order TW-100077' }))
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Tool', 'Quantity', 'Unit price', 'Line total'],
      ['Bench Vise', '100', '$8.25', '$825.00'],
      ['Chisel Set', '26', '$15.75', '$409.50'],
    ]);
    expect(
      screen.getByText('Reserved until').nextElementSibling?.querySelector('time'),
    ).toHaveAttribute('dateTime', '2026-11-20T11:00:00.000Z');
    expect(screen.queryByText('126')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });

  it.each([
    ['expired', /^This order expired on .+: its reservation ended\.$/],
    ['cancelled', /^This order was cancelled\.$/],
  ] as const)(
    'when the order is %s, then the page says why it cannot be paid and Order again puts its lines in the cart',
    async (status, reason) => {
      const order = buildOrder({
        status,
        iscancelled: true,
        items: [
          {
            toolId: 'a'.repeat(24),
            name: 'Bench Vise',
            unitPrice: 8.25,
            quantity: 100,
            lineTotal: 825,
          },
          {
            toolId: 'b'.repeat(24),
            name: 'Chisel Set',
            unitPrice: 15.75,
            quantity: 26,
            lineTotal: 409.5,
          },
        ],
        ...(status === 'expired' && { expiresAt: '2026-11-20T11:00:00.000Z' }),
      });
      const cart = { items: [], total: 0 };
      const { api, user } = setup(
        {
          'POST /api/cart/lines': () =>
            json({
              lines: [
                {
                  toolId: 'a'.repeat(24),
                  name: 'Bench Vise',
                  requested: 100,
                  status: 'added',
                  quantity: 100,
                  message: 'Added',
                },
                {
                  toolId: 'b'.repeat(24),
                  requested: 26,
                  status: 'refused',
                  message: 'This tool is no longer sold',
                },
              ],
              cart,
            }),
        },
        order,
      );

      expect(await screen.findByText(reason)).toBeInTheDocument();
      expect(screen.getByText(`Order ${order.number} can no longer be paid.`)).toBeInTheDocument();
      expect(screen.queryByText(/Please pay for/)).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
      expect(api.requestsTo('/api/create-payment-intent')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Order again' }));

      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
      expect(api.requestsTo('/api/cart/lines')[0]?.body).toEqual({
        lines: [
          { toolId: 'a'.repeat(24), quantity: 100 },
          { toolId: 'b'.repeat(24), quantity: 26 },
        ],
      });
    },
  );
});
