import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder as buildBaseOrder, nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

// Manage Orders' "Refund part…" (issue 53): some units or a sum, never more than is left.

function buildOrder(): AdminOrder {
  const order = buildBaseOrder({
    _id: nextId(),
    number: 'TW-100042',
    items: [
      {
        toolId: 'f'.repeat(24),
        name: 'Torque Wrench',
        unitPrice: 24.5,
        quantity: 10,
        lineTotal: 245,
      },
    ],
    name: 'Torque Wrench',
    price: 245,
    quantity: 10,
    userName: 'Ann Buyer',
    userEmail: 'ann@example.com',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'delivered',
    isPaid: true,
    transactionId: 'pi_test_1',
  });
  return { ...order, shipped: true };
}

const summary = {
  paidCents: 24500,
  refundedCents: 0,
  leftCents: 24500,
  refunds: [],
  creditNotes: [],
  returns: [],
};

describe('Refund part', () => {
  it('when 2 units are refunded, then the lines are sent with an Idempotency-Key, the toast says what is left; a refusal shows in the dialog', async () => {
    const order = buildOrder();
    let calls = 0;
    const api = fakeApi({
      'GET /api/orders': () => json([order], { headers: { 'X-Total-Count': '1' } }),
      [`GET /api/order/${order._id}/refunds`]: () => json(summary),
      [`POST /api/order/${order._id}/refunds`]: () => {
        calls += 1;
        if (calls === 1) return apiError(409, 'CONFLICT', 'Only $10.00 is left to refund');
        return json(
          {
            ...summary,
            refundedCents: 4900,
            leftCents: 19600,
            status: 'delivered',
            refund: {
              _id: 'e'.repeat(24),
              amountCents: 4900,
              method: 'card',
              lines: [{ toolId: 'f'.repeat(24), quantity: 2 }],
              createdAt: '2026-11-21T10:00:00.000Z',
            },
          },
          { status: 201 },
        );
      },
    });
    const { user } = renderFeature(<ManageOrders />, { session: signedInSession() });
    const row = (await screen.findByRole('cell', { name: /^Ann Buyer/ })).closest('tr')!;
    await user.click(
      within(row).getByRole('button', { name: 'Refund part of order TW-100042 for Ann Buyer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund part of order TW-100042' });
    expect(await within(dialog).findByText('Left to refund: $245.00.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Units of Torque Wrench to refund'), '2');
    await user.type(within(dialog).getByLabelText('Reason'), 'Dented');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Only $10.00 is left to refund')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('$49.00 refunded on order TW-100042; $196.00 left'),
    ).toBeInTheDocument();
    const sent = api
      .requestsTo(`/api/order/${order._id}/refunds`)
      .filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.body)).toEqual([
      { reason: 'Dented', lines: [{ toolId: 'f'.repeat(24), quantity: 2 }], restock: false },
      { reason: 'Dented', lines: [{ toolId: 'f'.repeat(24), quantity: 2 }], restock: false },
    ]);
    expect(sent[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent[1]?.headers.get('Idempotency-Key')).toBe(sent[0]?.headers.get('Idempotency-Key'));
  });
});
