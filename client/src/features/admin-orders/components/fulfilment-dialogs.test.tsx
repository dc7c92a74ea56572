import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder as buildBaseOrder, nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

// Manage Orders' fulfilment steps: the ship dialog (carrier, tracking), delivery, the refund.

function buildOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const order = buildBaseOrder({
    _id: nextId(),
    number: 'TW-100042',
    items: [
      { toolId: 'tool', name: 'Torque Wrench', unitPrice: 24.5, quantity: 10, lineTotal: 245 },
    ],
    name: 'Torque Wrench',
    price: 245,
    quantity: 10,
    userName: 'Ann Buyer',
    userEmail: 'ann@example.com',
    userAddress: '1 Main Street, Springfield',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'paid',
    isPaid: true,
    transactionId: 'pi_test_1',
    ...overrides,
  });
  return { ...order, shipped: order.shipped ?? false };
}

function setup(order: AdminOrder, extra: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    'GET /api/orders': () => json([order], { headers: { 'X-Total-Count': '1' } }),
    ...extra,
  });
  return { api, ...renderFeature(<ManageOrders />, { session: signedInSession() }) };
}

const row = async () =>
  (await screen.findByRole('cell', { name: /^Ann Buyer/ })).closest('tr') as HTMLElement;

/** A paid order whose shipping the server accepts as sent, with its ship dialog open. */
async function openShipDialog() {
  const paid = buildOrder();
  const rendered = setup(paid, {
    [`PATCH /api/order/${paid._id}/ship`]: ({ body }) =>
      json({ ...paid, ...(body as object), status: 'shipped', shipped: true }),
  });
  await rendered.user.click(within(await row()).getByRole('button', { name: /^Mark shipped/ }));
  return { paid, ...rendered };
}

describe('Mark shipped', () => {
  it('when UPS and a tracking number are given and confirmed, then they are sent and the row shows them with a link', async () => {
    const paid = buildOrder();
    const { api, user } = setup(paid, {
      [`PATCH /api/order/${paid._id}/ship`]: ({ body }) =>
        json({
          ...paid,
          ...(body as object),
          status: 'shipped',
          shipped: true,
          shippedAt: '2026-11-22T08:30:00.000Z',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
        }),
    });
    await user.click(within(await row()).getByRole('button', { name: /^Mark shipped/ }));

    const dialog = screen.getByRole('dialog', { name: 'Ship order TW-100042?' });
    expect(within(dialog).getByLabelText('Carrier')).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'UPS');
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z999');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Torque Wrench for Ann Buyer is marked shipped',
    );
    expect(api.requestsTo(`/api/order/${paid._id}/ship`).map((r) => r.body)).toEqual([
      { carrier: 'UPS', trackingNumber: '1Z999' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const link = within(await row()).getByRole('link', { name: /1Z999/ });
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999');
    await waitFor(() =>
      expect(within(link.closest('td')!).getByText(/^Shipped Nov 22/)).toHaveFocus(),
    );
  });

  it('when the form is sent twice at once (a double click while its check runs), then the order is shipped once', async () => {
    const { paid, api } = await openShipDialog();
    const form = screen.getByRole('dialog').querySelector('form');
    if (!form) throw new Error('The ship dialog has no form');
    fireEvent.submit(form);
    fireEvent.submit(form);

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Torque Wrench for Ann Buyer is marked shipped',
      ),
    );
    expect(api.requestsTo(`/api/order/${paid._id}/ship`)).toHaveLength(1);
  });

  it('when the form is sent again while the first request is on its way, then the order is shipped once', async () => {
    const paid = buildOrder();
    let answer: (response: Response) => void = () => undefined;
    const { api, user } = setup(paid, {
      [`PATCH /api/order/${paid._id}/ship`]: () => new Promise<Response>((r) => (answer = r)),
    });
    await user.click(within(await row()).getByRole('button', { name: /^Mark shipped/ }));
    const form = screen.getByRole('dialog').querySelector('form');
    if (!form) throw new Error('The ship dialog has no form');
    fireEvent.submit(form);
    await waitFor(() => expect(api.requestsTo(`/api/order/${paid._id}/ship`)).toHaveLength(1));
    // Enter pressed again in a field (the disabled button is no obstacle to a form's submit).
    fireEvent.submit(form);
    await new Promise((r) => setTimeout(r, 50));
    answer(json({ ...paid, status: 'shipped', shipped: true }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Torque Wrench for Ann Buyer is marked shipped',
      ),
    );
    expect(api.requestsTo(`/api/order/${paid._id}/ship`)).toHaveLength(1);
  });

  it('when "Other" is chosen, then the carrier must be named; a bad tracking number is refused before sending', async () => {
    const { paid, api, user } = await openShipDialog();
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Other');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'AB<12>');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    expect(within(dialog).getByLabelText('Carrier name')).toHaveAccessibleDescription(
      'Name the carrier, or choose one from the list',
    );
    expect(within(dialog).getByLabelText('Tracking number')).toHaveAccessibleDescription(
      'Optional. Tracking number may only contain letters, digits, spaces and hyphens',
    );
    expect(api.requestsTo(`/api/order/${paid._id}/ship`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Carrier name'), 'Pallet Express');
    await user.clear(within(dialog).getByLabelText('Tracking number'));
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(api.requestsTo(`/api/order/${paid._id}/ship`).map((r) => r.body)).toEqual([
        { carrier: 'Pallet Express' },
      ]),
    );
    expect(await within(await row()).findByText('Pallet Express')).toBeInTheDocument();
  });

  it('when the server refuses, then its message shows in the dialog, which stays open; Cancel closes it', async () => {
    const paid = buildOrder();
    const { user } = setup(paid, {
      [`PATCH /api/order/${paid._id}/ship`]: () =>
        apiError(409, 'CONFLICT', 'Only a paid order can be shipped'),
    });
    await user.click(within(await row()).getByRole('button', { name: /^Mark shipped/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a paid order can be shipped',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Mark delivered', () => {
  it('when a shipped order is confirmed delivered, then the row shows the delivery date', async () => {
    const shipped = buildOrder({
      status: 'shipped',
      shipped: true,
      shippedAt: '2026-11-21T09:00:00.000Z',
      carrier: 'DHL',
      trackingNumber: 'JD01',
    });
    const { api, user } = setup(shipped, {
      [`PATCH /api/order/${shipped._id}/deliver`]: () =>
        json({ ...shipped, status: 'delivered', deliveredAt: '2026-11-23T12:00:00.000Z' }),
    });
    await user.click(within(await row()).getByRole('button', { name: /^Mark delivered/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark this order delivered?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Order TW-100042 for Ann Buyer is marked delivered',
    );
    expect(within(await row()).getByText(/^Delivered Nov 23, 2026/)).toBeInTheDocument();
    expect(within(await row()).queryByRole('button', { name: /Mark delivered/ })).toBeNull();
    expect(api.requestsTo(`/api/order/${shipped._id}/deliver`)).toHaveLength(1);
  });
});

describe('Refund', () => {
  it('when a refund is confirmed with a reason, then it is sent and the row shows the refund', async () => {
    const paid = buildOrder();
    const { api, user } = setup(paid, {
      [`POST /api/order/${paid._id}/refund`]: ({ body }) =>
        json({
          ...paid,
          status: 'refunded',
          refundId: 're_test_1',
          refundedAt: '2026-11-23T12:00:00.000Z',
          refundReason: (body as { reason?: string }).reason,
          refundRestocked: true,
        }),
    });
    await user.click(
      within(await row()).getByRole('button', { name: 'Refund order TW-100042 for Ann Buyer' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Refund order TW-100042?' });
    expect(dialog).toHaveTextContent('$245.00 goes back to Ann Buyer');
    expect(dialog).toHaveTextContent('its stock returns to the catalogue');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Ordered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $245.00' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Order TW-100042 for Ann Buyer is refunded',
    );
    expect(api.requestsTo(`/api/order/${paid._id}/refund`).map((r) => r.body)).toEqual([
      { reason: 'Ordered twice' },
    ]);
    const refunded = await row();
    expect(within(refunded).getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(within(refunded).getByText('re_test_1')).toBeInTheDocument();
    expect(within(refunded).getByText('Reason: Ordered twice')).toBeInTheDocument();
    expect(within(refunded).getByText('Stock returned')).toBeInTheDocument();
    expect(within(refunded).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(within(refunded).getByRole('button', { name: 'Download credit note' })).toBeVisible();
  });

  it('when the order has shipped, then the dialog says the stock stays; "Keep the order" sends nothing', async () => {
    const shipped = buildOrder({ status: 'shipped', shipped: true });
    const { api, user } = setup(shipped, {});
    await user.click(within(await row()).getByRole('button', { name: /^Refund order/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('its stock is not returned');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(`/api/order/${shipped._id}/refund`)).toHaveLength(0);
  });

  it('when the gateway fails, then the message shows in the dialog and the order stays paid', async () => {
    const paid = buildOrder();
    const { user } = setup(paid, {
      [`POST /api/order/${paid._id}/refund`]: () =>
        apiError(502, 'PAYMENT_FAILED', 'The payment provider could not refund this order.'),
    });
    await user.click(within(await row()).getByRole('button', { name: /^Refund order/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $245.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment provider could not refund this order.',
    );
    await user.keyboard('{Escape}');
    expect(within(await row()).getAllByText('Paid').length).toBeGreaterThan(0);
  });
});
