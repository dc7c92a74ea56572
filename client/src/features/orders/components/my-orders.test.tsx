import type { Order } from '@toolworks/contract/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { setAccessToken } from '@/lib/access-token';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder as buildBaseOrder, nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { MyOrders } from './my-orders';

const email = 'casey@example.com';
const listPath = `/api/myOrders/${encodeURIComponent(email)}`;

function buildOrder(overrides: Partial<Order> = {}): Order {
  return buildBaseOrder({
    _id: nextId(),
    items: [
      { toolId: 'tool', name: 'Torque Wrench', unitPrice: 24.5, quantity: 100, lineTotal: 2450 },
    ],
    toolId: nextId(),
    name: 'Torque Wrench',
    price: 2450,
    quantity: 100,
    userName: 'Casey Jones',
    userEmail: email,
    userPhone: '+1 555 0100',
    userAddress: '12 Forge Lane, Sheffield',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

function setup(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  return {
    api,
    ...renderFeature(<MyOrders email={email} />, {
      route: '/dashboard/my-orders',
      session: signedInSession(),
    }),
  };
}

const card = (name: string) => screen.findByRole('article', { name });

afterEach(() => setUnauthorizedHandler(undefined));

describe('My Orders', () => {
  it('when an order is unpaid, then its card shows number, date, status, lines, total and until when it is reserved; Pay Now goes to payment', async () => {
    const order = buildOrder({
      number: 'TW-100042',
      name: 'Bench Vise and 1 more',
      price: 1234.5,
      quantity: 150,
      items: [
        {
          toolId: nextId(),
          name: 'Bench Vise',
          sku: 'BV-100',
          unitPrice: 8.23,
          quantity: 100,
          lineTotal: 823,
        },
        { toolId: nextId(), name: 'Chisel Set', unitPrice: 8.23, quantity: 50, lineTotal: 411.5 },
      ],
      expiresAt: '2026-11-20T11:00:00.000Z',
    });
    const { user } = setup({ [`GET ${listPath}`]: () => json([order]) });

    const vise = await card('Order TW-100042');
    for (const text of ['$1,234.50', '$823.00', '$411.50', 'Unpaid'])
      expect(within(vise).getByText(text)).toBeInTheDocument();
    expect(within(vise).getByText(/100 × Bench Vise/)).toBeInTheDocument();
    expect(within(vise).getByText(/50 × Chisel Set/)).toBeInTheDocument();
    // Each line names the SKU it was bought under; a line from before SKUs shows none.
    expect(within(vise).getByText('SKU: BV-100')).toBeInTheDocument();
    expect(within(vise).getAllByText(/^SKU:/)).toHaveLength(1);
    expect(within(vise).getByText(/Stock reserved until/)).toBeInTheDocument();
    expect(within(vise).getByText(/Placed/)).toBeInTheDocument();
    expect(within(vise).getByRole('link', { name: 'Order TW-100042' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${order._id}`,
    );
    expect(within(vise).getByRole('button', { name: /^Cancel/ })).toBeEnabled();

    await user.click(within(vise).getByRole('button', { name: /^Pay Now/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/payment/${order._id}`);
  });

  it.each([
    ['paid', 'Paid'],
    ['shipped', 'Shipped'],
    ['cancelled', 'Cancelled'],
    ['expired', 'Expired'],
  ] as const)(
    'when an order is %s, then it shows no Cancel and no Pay Now',
    async (status, label) => {
      const order = buildOrder({
        status,
        transactionId: status === 'paid' ? 'pi_3Pq9TEST' : undefined,
      });
      setup({ [`GET ${listPath}`]: () => json([order]) });

      const article = await card(`Order ${order.number}`);
      expect(within(article).getByText(label)).toBeInTheDocument();
      expect(within(article).queryByRole('button', { name: /Cancel|Pay Now/ })).toBeNull();
      // Paid orders (shipped too) have an invoice; the others have none.
      expect(within(article).queryByRole('button', { name: 'Download invoice' }) !== null).toBe(
        status === 'paid' || status === 'shipped',
      );
      expect(within(article).queryByText(/Stock reserved until/)).not.toBeInTheDocument();
      if (status === 'expired')
        expect(within(article).getByText('Expired — the reservation ended')).toBeInTheDocument();
      if (status === 'paid') expect(within(article).getByText('pi_3Pq9TEST')).toBeInTheDocument();
      if (status === 'shipped')
        expect(within(article).getByText(/Paid and shipped/)).toBeInTheDocument();
    },
  );

  it('when an order awaits approval or was rejected, then its card says so (with the reason) and offers no payment', async () => {
    const awaiting = buildOrder({ number: 'TW-100070', status: 'awaiting_approval' });
    const rejected = buildOrder({
      number: 'TW-100071',
      status: 'rejected',
      iscancelled: true,
      rejectionReason: 'Over this month’s budget',
    });
    setup({ [`GET ${listPath}`]: () => json([awaiting, rejected]) });
    const waiting = await card('Order TW-100070');
    expect(within(waiting).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(waiting).getByText(/went to your company’s approvers/)).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
    const refused = await card('Order TW-100071');
    expect(within(refused).getByText('Rejected')).toBeInTheDocument();
    expect(within(refused).getByText(/Over this month’s budget/)).toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
  });

  it('when Cancel is confirmed, then the order stays in the list as cancelled, with only Order again', async () => {
    const keep = buildOrder({ name: 'Level' });
    const drop = buildOrder({ name: 'Jigsaw' });
    let orders = [drop, keep];
    const { api, user } = setup({
      [`GET ${listPath}`]: () => json(orders),
      [`DELETE /api/order/${drop._id}`]: () => {
        orders = [{ ...drop, status: 'cancelled', iscancelled: true, expiresAt: undefined }, keep];
        return json({ deletedCount: 1 });
      },
    });

    const jigsaw = await card(`Order ${drop.number}`);
    await user.click(within(jigsaw).getByRole('button', { name: /^Cancel/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByRole('button', { name: 'No, keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));

    await waitFor(() => expect(within(jigsaw).getByText('Cancelled')).toBeInTheDocument());
    expect(
      within(jigsaw)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Order again']);
    expect(
      within(await card(`Order ${keep.number}`))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Pay Now', 'Order again']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Your order was cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Orders' })).toHaveFocus();
    expect(api.requestsTo(`/api/order/${drop._id}`)).toHaveLength(1);
  });

  it('when the dialog is dismissed with its button or Escape, then nothing is deleted', async () => {
    const order = buildOrder({ name: 'Chisel Set' });
    const { api, user } = setup({ [`GET ${listPath}`]: () => json([order]) });
    const cancel = within(await card(`Order ${order.number}`)).getByRole('button', {
      name: /^Cancel/,
    });

    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requestsTo(`/api/order/${order._id}`)).toHaveLength(0);
  });

  it('when the server refuses the cancel, then its message shows and the order stays', async () => {
    const order = buildOrder({ name: 'Heat Gun' });
    const { user } = setup({
      [`GET ${listPath}`]: () => json([order]),
      [`DELETE /api/order/${order._id}`]: () =>
        apiError(409, 'CONFLICT', 'This order is paid and can no longer be cancelled'),
    });
    await user.click(
      within(await card(`Order ${order.number}`)).getByRole('button', { name: /^Cancel/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order is paid and can no longer be cancelled',
    );
    expect(screen.getByRole('article', { name: `Order ${order.number}` })).toBeInTheDocument();
  });

  it('when there are no orders, then an empty state links to the catalogue', async () => {
    setup({ [`GET ${listPath}`]: () => json([]) });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute(
      'href',
      '/home',
    );
  });

  it('when the orders are loading, then a status says so; when loading fails, then an error with a retry', async () => {
    let fail = true;
    const { user } = setup({
      [`GET ${listPath}`]: () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side.') : json([]),
    });
    expect(screen.getByText('Loading your orders…').closest('[role="status"]')).toBeInTheDocument();
    expect(await screen.findByText("We couldn't load your orders.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });

  it.each([401, 403])(
    'when the orders call answers %i, then the session is signed out',
    async (status) => {
      const onUnauthorized = vi.fn();
      setUnauthorizedHandler(onUnauthorized);
      setAccessToken('stale-token');
      setup({
        [`GET ${listPath}`]: () =>
          apiError(status, status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', 'No'),
      });

      await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
      expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ status });
    },
  );
});
