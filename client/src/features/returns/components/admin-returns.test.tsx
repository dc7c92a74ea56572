import type { Return } from '@toolworks/contract/returns';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;
const ID = 'b'.repeat(24);
const TOOL = 't'.repeat(24);

const request = (overrides: Partial<Return> = {}): Return => ({
  _id: ID,
  orderId: 'a'.repeat(24),
  orderNumber: 'TW-100042',
  userEmail: 'ann@example.com',
  status: 'requested',
  reason: 'Too many',
  lines: [{ toolId: TOOL, name: 'Pipe Wrench', quantity: 2 }],
  requestedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('Returns (admin)', () => {
  it('when the admin approves, then receives with a disposition, then refunds, each step is sent once and the row moves on', async () => {
    let current = request();
    const api = fakeApi({
      [adminCheck]: () => json({ admin: true }),
      'GET /api/admin/returns': () => json([current]),
      [`POST /api/returns/${ID}/approve`]: () => json((current = request({ status: 'approved' }))),
      [`POST /api/returns/${ID}/receive`]: () =>
        json(
          (current = request({
            status: 'received',
            received: [{ toolId: TOOL, name: 'Pipe Wrench', quantity: 2, disposition: 'scrap' }],
          })),
        ),
      [`POST /api/returns/${ID}/refund`]: () => json((current = request({ status: 'refunded' }))),
    });
    const { user } = renderApp({ route: '/dashboard/returns', session: signedInSession() });

    const row = async () =>
      (await screen.findByText('TW-100042', {}, { timeout: 5000 })).closest('tr')!;
    expect(await row()).toHaveTextContent('Return requested');
    await user.click(
      within(await row()).getByRole('button', { name: 'Approve return of order TW-100042' }),
    );
    expect(await screen.findByText('The return of TW-100042 is approved')).toBeInTheDocument();

    await waitFor(async () => expect(await row()).toHaveTextContent('Return approved'));
    await user.selectOptions(within(await row()).getByRole('combobox'), 'scrap');
    await user.click(
      within(await row()).getByRole('button', {
        name: 'Mark goods received for return of order TW-100042',
      }),
    );
    await waitFor(async () => expect(await row()).toHaveTextContent('Goods received'));
    expect(api.requestsTo(`/api/returns/${ID}/receive`)[0]?.body).toEqual({
      lines: [{ toolId: TOOL, quantity: 2, disposition: 'scrap' }],
    });

    await user.click(
      within(await row()).getByRole('button', { name: 'Refund return of order TW-100042' }),
    );
    await waitFor(async () => expect(await row()).toHaveTextContent('Return refunded'));
    expect(api.requestsTo(`/api/returns/${ID}/refund`)).toHaveLength(1);
    expect(api.requestsTo(`/api/returns/${ID}/approve`)).toHaveLength(1);
  });
});
