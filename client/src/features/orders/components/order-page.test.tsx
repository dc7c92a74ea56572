import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder, nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { OrderPage } from './order-page';

const email = 'casey@example.com';

function setup(id: string, handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  return {
    api,
    ...renderFeature(<OrderPage orderId={id} email={email} />, {
      route: `/dashboard/orders/${id}`,
      session: signedInSession(),
    }),
  };
}

describe('the order page', () => {
  it('when the order was refunded, then its invoice and its credit note can both be downloaded', async () => {
    const order = buildOrder({
      number: 'TW-100078',
      status: 'refunded',
      isPaid: true,
      transactionId: 'pi_test_78',
      refundedAt: '2026-11-23T13:00:00.000Z',
      refundId: 're_test_78',
    });
    setup(order._id, { [`GET /api/order/${order._id}`]: () => json(order) });

    expect(await screen.findByRole('heading', { name: 'Order TW-100078' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download credit note' })).toBeVisible();
    // Issue 52: both as XRechnung too, named after the order (its invoice's number is not on
    // the order).
    expect(
      screen.getByRole('button', { name: 'XRechnung invoice of order TW-100078' }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'XRechnung credit note of order TW-100078' }),
    ).toBeVisible();
  });

  it('when the buyer downloads a paid order’s invoice as XRechnung UBL, then the order’s XML route is asked for UBL', async () => {
    const order = buildOrder({ number: 'TW-100080', isPaid: true, status: 'paid' });
    const { api, user } = setup(order._id, {
      [`GET /api/order/${order._id}`]: () => json(order),
      [`GET /api/order/${order._id}/invoice.xml`]: () =>
        apiError(404, 'NOT_FOUND', 'This order has no invoice: it is not paid'),
    });
    await user.click(
      await screen.findByRole('button', { name: 'XRechnung invoice of order TW-100080' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'XRechnung UBL invoice of order TW-100080' }),
    );
    expect(await screen.findByText('This order has no invoice: it is not paid')).toHaveAttribute(
      'role',
      'alert',
    );
    const asked = api.requestsTo(`/api/order/${order._id}/invoice.xml`);
    expect(asked.map((r) => r.url.searchParams.get('syntax'))).toEqual(['ubl']);
  });

  it('when a line was backordered, then the order shows what ships now and on the promised date', async () => {
    const order = buildOrder({ number: 'TW-100079', createdAt: '2027-03-01T09:00:00.000Z' });
    const line = order.items[0]!;
    const split = {
      ...order,
      items: [
        {
          ...line,
          quantity: 500,
          shipments: [
            { quantity: 300, shipDate: '2027-03-01', backordered: false },
            { quantity: 200, shipDate: '2027-03-12', backordered: true },
          ],
        },
      ],
    };
    setup(order._id, { [`GET /api/order/${order._id}`]: () => json(split) });

    expect(
      await screen.findByText('300 ship now; 200 backordered, ship from 12 March'),
    ).toBeInTheDocument();
  });

  it('when an unpaid order opens, then everything about it shows with Pay now and Cancel', async () => {
    const order = buildOrder({
      number: 'TW-100077',
      poReference: 'PO-7731',
      userAddress: 'Dock 4, 80 Water Street, Halifax',
      items: [
        { toolId: nextId(), name: 'Bench Vise', unitPrice: 2.5, quantity: 10, lineTotal: 25 },
        { toolId: nextId(), name: 'Drill', unitPrice: 10, quantity: 5, lineTotal: 50 },
      ],
      price: 75,
    });
    let current = order;
    const { api, user } = setup(order._id, {
      [`GET /api/order/${order._id}`]: () => json(current),
      [`DELETE /api/order/${order._id}`]: () => {
        current = { ...order, status: 'cancelled', iscancelled: true, expiresAt: undefined };
        return json({ deletedCount: 1 });
      },
    });

    expect(await screen.findByRole('heading', { name: 'Order TW-100077' })).toBeInTheDocument();
    for (const text of [
      'Unpaid',
      '$75.00',
      '$25.00',
      '$50.00',
      'PO-7731',
      'Dock 4, 80 Water Street, Halifax',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/Stock reserved until/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${order._id}`,
    );

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));

    expect(await screen.findByText('Your order was cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Cancelled')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(
      api.requestsTo(`/api/order/${order._id}`).filter((r) => r.method === 'DELETE'),
    ).toHaveLength(1);
  });

  it('when the order is expired, then it says so and offers neither Pay now nor Cancel', async () => {
    const order = buildOrder({ status: 'expired' });
    setup(order._id, { [`GET /api/order/${order._id}`]: () => json(order) });
    expect(await screen.findByText('Expired — the reservation ended')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it("when a company approver opens a colleague's unpaid order, then it shows without Pay now or Cancel", async () => {
    const order = buildOrder({ userEmail: 'bo@example.com', userName: 'Bo Buyer' });
    setup(order._id, { [`GET /api/order/${order._id}`]: () => json(order) });
    expect(await screen.findByText(/Stock reserved until/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('when the order awaits approval, then it says so and offers neither Pay now nor Cancel', async () => {
    const order = buildOrder({ status: 'awaiting_approval' });
    setup(order._id, { [`GET /api/order/${order._id}`]: () => json(order) });
    expect(await screen.findByText(/^Awaiting approval — /)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('when the id is unknown, then a not-found state leads back to My Orders', async () => {
    const id = nextId();
    setup(id, { [`GET /api/order/${id}`]: () => apiError(404, 'NOT_FOUND', 'Order not found') });
    expect(await screen.findByText("We couldn't find this order.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });
});
