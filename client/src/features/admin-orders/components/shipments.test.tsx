import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder as buildBaseOrder, nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

// Manage Orders with partial shipments (issue 53): the split, "Ship N now", each shipment's
// Mark delivered, and the Ready to ship view.

const SAW = 'a'.repeat(24);

function buildOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const order = buildBaseOrder({
    _id: nextId(),
    number: 'TW-100077',
    items: [{ toolId: SAW, name: 'Panel Saw', unitPrice: 10, quantity: 1000, lineTotal: 10000 }],
    name: 'Panel Saw',
    price: 10000,
    quantity: 1000,
    userName: 'Ann Buyer',
    userEmail: 'ann@example.com',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'paid',
    isPaid: true,
    transactionId: 'pi_test_1',
    toShip: {
      now: 600,
      later: [
        { quantity: 300, shipDate: '2026-12-15' },
        { quantity: 100, shipDate: '2026-12-19' },
      ],
    },
    ...overrides,
  });
  return { ...order, shipped: order.shipped ?? false };
}

const shipment = (n: number, quantity: number, extra: object = {}) => ({
  _id: String(n).repeat(24),
  lines: [{ toolId: SAW, name: 'Panel Saw', quantity }],
  carrier: 'UPS',
  trackingNumber: `1Z${n}`,
  trackingUrl: `https://www.ups.com/track?tracknum=1Z${n}`,
  shippedAt: '2026-11-22T08:30:00.000Z',
  ...extra,
});

function setup(order: AdminOrder, extra: Parameters<typeof fakeApi>[0] = {}, url = '/') {
  const api = fakeApi({
    'GET /api/orders': () => json([order], { headers: { 'X-Total-Count': '1' } }),
    ...extra,
  });
  return { api, ...renderFeature(<ManageOrders />, { session: signedInSession(), route: url }) };
}

const row = async () =>
  (await screen.findByRole('cell', { name: /^Ann Buyer/ })).closest('tr') as HTMLElement;

describe('shipping in parts', () => {
  it('when an order has backordered units, then the split shows and "Ship 600 now" posts a shipment with tracking', async () => {
    const order = buildOrder();
    const shipped = buildOrder({
      _id: order._id,
      status: 'partly_shipped',
      shipments: [shipment(1, 600)],
      toShip: { now: 0, later: order.toShip?.later ?? [] },
    });
    const { api, user } = setup(order, {
      [`POST /api/order/${order._id}/shipments`]: () => json(shipped, { status: 201 }),
    });
    const r = await row();
    expect(
      within(r).getByText(/^To ship: 600 now, 300 from 15 December, 100 from 19 December/),
    ).toBeInTheDocument();
    await user.click(within(r).getByRole('button', { name: /^Ship 600 now/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ship 600 now from order TW-100077?' });
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'UPS');
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z1');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 600 now' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Part of order TW-100077 for Ann Buyer is shipped',
    );
    const sent = api.requestsTo(`/api/order/${order._id}/shipments`);
    expect(sent.map((q) => q.body)).toEqual([{ carrier: 'UPS', trackingNumber: '1Z1' }]);
    // A retry of the same shipment would carry the same key: the server ships it once.
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    const after = await row();
    expect(within(after).getByText('Waiting for stock')).toBeInTheDocument();
    expect(within(after).getByRole('link', { name: /1Z1/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z1',
    );
  });

  it('when the server refuses (409), then the dialog says how many can go and stays open', async () => {
    const order = buildOrder();
    const { user } = setup(order, {
      [`POST /api/order/${order._id}/shipments`]: () =>
        apiError(409, 'OUT_OF_STOCK', 'Only 550 units of Panel Saw can ship now (asked 600)'),
    });
    await user.click(within(await row()).getByRole('button', { name: /^Ship 600 now/ }));
    const dialog = screen.getByRole('dialog', { name: /^Ship 600 now/ });
    await user.click(within(dialog).getByRole('button', { name: 'Ship 600 now' }));
    expect(await within(dialog).findByText(/Only 550 units of Panel Saw/)).toBeInTheDocument();
  });

  it('when one of two shipments is marked delivered, then only that shipment is asked for', async () => {
    const order = buildOrder({
      status: 'shipped',
      shipped: true,
      shippedAt: '2026-11-25T08:30:00.000Z',
      toShip: undefined,
      shipments: [shipment(1, 600), shipment(2, 400)],
    });
    const delivered = {
      ...order,
      shipments: [shipment(1, 600, { deliveredAt: '2026-11-26T08:30:00.000Z' }), shipment(2, 400)],
    };
    const { api, user } = setup(order, {
      [`PATCH /api/order/${order._id}/shipments/${'1'.repeat(24)}/deliver`]: () => json(delivered),
    });
    await user.click(
      within(await row()).getByRole('button', {
        name: 'Mark shipment 1 of order TW-100077 delivered',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Shipment 1 of order TW-100077 is marked delivered',
    );
    expect(
      api.requestsTo(`/api/order/${order._id}/shipments/${'1'.repeat(24)}/deliver`),
    ).toHaveLength(1);
    expect(
      within(await row()).getByRole('button', { name: /Mark shipment 2/ }),
    ).toBeInTheDocument();
  });
});

describe('Ready to ship', () => {
  it('when chosen, then the orders with units in stock are listed, oldest first', async () => {
    const ready = buildOrder({ toShip: { now: 4, later: [] }, userName: 'Ann Buyer' });
    const { user } = setup(buildOrder({ userName: 'Zed Other' }), {
      'GET /api/admin/orders/ready-to-ship': () => json([ready]),
    });
    await screen.findByRole('cell', { name: /^Zed Other/ });
    await user.click(screen.getByRole('button', { name: 'Ready to ship' }));
    expect(await screen.findByRole('heading', { name: 'Ready to ship' })).toBeInTheDocument();
    expect(within(await row()).getByRole('button', { name: /^Ship 4 now/ })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('view=ready');
  });
});
