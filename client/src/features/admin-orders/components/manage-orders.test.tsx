import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { ORDER_STATUSES } from '@toolworks/contract/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder as buildBaseOrder, nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

function buildOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const order = buildBaseOrder({
    _id: nextId(),
    items: [
      { toolId: 'tool', name: 'Torque Wrench', unitPrice: 24.5, quantity: 10, lineTotal: 245 },
    ],
    toolId: nextId(),
    name: 'Torque Wrench',
    price: 245,
    quantity: 10,
    userName: 'Dana Whitfield',
    userEmail: 'dana@example.com',
    userPhone: '+1 555 0100',
    userAddress: '1 Main Street, Springfield',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
  return { ...order, shipped: order.shipped ?? false };
}

const statusOf = (o: AdminOrder) => o.status;

/** GET /api/orders answers from `orders` filtered as the server would. */
function setup(
  orders: AdminOrder[],
  extra: Parameters<typeof fakeApi>[0] = {},
  route = '/dashboard/manage-orders',
) {
  const api = fakeApi({
    'GET /api/orders': ({ url }) => {
      const status = url.searchParams.get('status');
      const matching = orders.filter((o) => !status || statusOf(o) === status);
      return json(matching, { headers: { 'X-Total-Count': String(matching.length) } });
    },
    ...extra,
  });
  return { api, ...renderFeature(<ManageOrders />, { route, session: signedInSession() }) };
}

const rowOf = async (customer: string) =>
  (await screen.findByRole('cell', { name: new RegExp(`^${customer}(?![0-9])`) })).closest(
    'tr',
  ) as HTMLElement;

describe('Manage Orders', () => {
  it('when orders load, then each row shows customer, tool, quantity, total, status and transaction id', async () => {
    setup([
      buildOrder({
        userName: 'Ann Buyer',
        isPaid: true,
        transactionId: 'pi_test_abc123',
        price: 1234.5,
        quantity: 50,
        items: [
          {
            toolId: nextId(),
            name: 'Torque Wrench',
            sku: 'TW-WR-50',
            unitPrice: 24.69,
            quantity: 50,
            lineTotal: 1234.5,
          },
        ],
      }),
      buildOrder({ userName: 'Bo Buyer' }),
    ]);

    const ann = await rowOf('Ann Buyer');
    expect(within(ann).getByText('Torque Wrench')).toBeInTheDocument();
    expect(within(ann).getByText('50')).toBeInTheDocument();
    expect(within(ann).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(ann).getByText('Paid')).toBeInTheDocument();
    expect(within(ann).getByText('pi_test_abc123')).toBeInTheDocument();
    const lines = within(ann).getByRole('list', { name: /^Lines of order/ });
    expect(lines).toHaveTextContent('50 × Torque Wrench · SKU TW-WR-50');
    expect(
      within(ann).getByRole('button', { name: 'Mark shipped: Torque Wrench for Ann Buyer' }),
    ).toBeEnabled();
    const bo = await rowOf('Bo Buyer');
    expect(within(bo).getByText('Unpaid')).toBeInTheDocument();
    expect(within(bo).getByText('Awaiting payment')).toBeInTheDocument();
    expect(
      within(bo)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
    expect(screen.getByText('All: 2 orders')).toBeInTheDocument();
  });

  it('when a status tab is chosen, then only those orders are asked for and shown', async () => {
    const { api, user } = setup([
      buildOrder({ userName: 'Ann Buyer', isPaid: true }),
      buildOrder({ userName: 'Bo Buyer' }),
      buildOrder({
        userName: 'Cy Buyer',
        isPaid: true,
        shipped: true,
        shippedAt: '2026-11-21T09:00:00.000Z',
      }),
    ]);
    await rowOf('Bo Buyer');

    await user.click(screen.getByRole('tab', { name: 'Shipped' }));

    expect(screen.getByRole('tab', { name: 'Shipped' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: /^Bo Buyer/ })).not.toBeInTheDocument(),
    );
    expect(within(await rowOf('Cy Buyer')).getByText(/^Shipped Nov 21, 2026/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/dashboard/manage-orders?status=shipped',
    );
    expect(api.requests.at(-1)?.url.searchParams.get('status')).toBe('shipped');

    // Arrow keys move along the tabs and choose, as in any tab list (Partly shipped, then Paid).
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Paid' })).toHaveFocus();
    expect(await rowOf('Ann Buyer')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Paid' })).toBeInTheDocument();
  });

  it('when an admin cancels an unpaid order after confirming, then it is cancelled and shows so', async () => {
    const unpaid = buildOrder({ userName: 'Bo Buyer', number: 'TW-100009' });
    let orders = [unpaid];
    const { api, user } = setup(orders, {
      'GET /api/orders': () => json(orders, { headers: { 'X-Total-Count': '1' } }),
      [`DELETE /api/order/${unpaid._id}`]: () => {
        orders = [{ ...unpaid, status: 'cancelled', iscancelled: true }];
        return json({ deletedCount: 1 });
      },
    });

    const cancel = within(await rowOf('Bo Buyer')).getByRole('button', {
      name: 'Cancel order TW-100009 for Bo Buyer',
    });
    await user.click(cancel);
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(api.requestsTo(`/api/order/${unpaid._id}`)).toHaveLength(0);

    await user.click(cancel);
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Order TW-100009 for Bo Buyer is cancelled',
    );
    const row = await rowOf('Bo Buyer');
    await waitFor(() => expect(within(row).getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(api.requestsTo(`/api/order/${unpaid._id}`)).toHaveLength(1);
  });

  it('when the status tabs show, then every status of an order has one', async () => {
    setup([]);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'All',
      'Unpaid',
      'Awaiting approval',
      'On invoice',
      'Paid',
      'Partly shipped',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Expired',
      'Refunded',
      'Rejected',
    ]);
    expect(tabs).toHaveLength(ORDER_STATUSES.length + 1);
  });

  it('when there are more orders than a page, then Next asks for the next page', async () => {
    const orders = Array.from({ length: 25 }, (_, i) => buildOrder({ userName: `Buyer ${i + 1}` }));
    const { api, user } = setup(orders);
    await rowOf('Buyer 1');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument());
    expect(api.requests.at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(api.requests.at(-1)?.url.searchParams.get('limit')).toBe('20');
  });

  it('when there are no orders with that status, then it says so', async () => {
    setup([buildOrder()], {}, '/dashboard/manage-orders?status=paid');
    expect(
      await screen.findByText('Nothing to ship: no paid orders are waiting.'),
    ).toBeInTheDocument();
  });
});
