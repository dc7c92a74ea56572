import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder, nextId } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';
const enc = encodeURIComponent(email);

describe('Add to list, on an order page', () => {
  it('when a buyer saves an order to a new list, then the list is made and each line goes in with its quantity', async () => {
    const [vise, chisel, listId] = [nextId(), nextId(), nextId()];
    const order = buildOrder({
      number: 'TW-100060',
      items: [
        { toolId: vise, name: 'Bench Vise', unitPrice: 8, quantity: 100, lineTotal: 800 },
        { toolId: chisel, name: 'Chisel Set', unitPrice: 5, quantity: 4, lineTotal: 20 },
      ],
    });
    const list = {
      _id: listId,
      name: 'Workshop',
      owned: true,
      shared: false,
      ownerEmail: 'casey@example.com',
      lineCount: 0,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      lines: [],
      total: 0,
    };
    const api = fakeApi({
      [`GET /api/admin/${enc}`]: () => json({ admin: false }),
      [`GET /api/order/${order._id}/refunds`]: () =>
        json({
          paidCents: 0,
          refundedCents: 0,
          leftCents: 0,
          refunds: [],
          creditNotes: [],
          returns: [],
        }),
      [`GET /api/order/${order._id}`]: () => json(order),
      'GET /api/lists': () => json([]),
      'POST /api/lists': () => json(list, { status: 201 }),
      [`POST /api/lists/${listId}/lines`]: () => json(list),
    });
    const { user } = renderApp({
      route: `/dashboard/orders/${order._id}`,
      session: signedInSession(),
    });
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    expect(
      await screen.findByText('The 2 lines of this order, with their quantities'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New list name'), 'Workshop');
    await user.click(screen.getByRole('button', { name: 'Save to list' }));

    expect(await screen.findByText(/Added to Workshop\./)).toBeInTheDocument();
    expect(api.requestsTo(`/api/lists/${listId}/lines`).map((r) => r.body)).toEqual([
      { toolId: vise, quantity: 100 },
      { toolId: chisel, quantity: 4 },
    ]);
  });
});
