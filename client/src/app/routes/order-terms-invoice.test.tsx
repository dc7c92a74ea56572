import type { TermsInvoice } from '@toolworks/contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';
const enc = encodeURIComponent(email);
const SECRET = 'pi_test_order_inv_secret';
const nextYear = (new Date().getFullYear() + 1) % 100;

const invoiceOf = (orderId: string, overrides: Partial<TermsInvoice> = {}): TermsInvoice => ({
  number: 'INV-2026-000077',
  orderId,
  orderNumber: 'TW-100077',
  companyId: 'c'.repeat(24),
  companyName: 'Harbour Workshop Ltd',
  issuedAt: '2026-11-01T10:00:00.000Z',
  paymentTerms: 'net-30',
  dueDate: '2026-12-01',
  total: 120,
  paid: 0,
  balance: 120,
  state: 'open',
  payments: [],
  ...overrides,
});

/** The order page of an order on payment terms, as its buyer (or, with `userEmail`, a colleague). */
function setup(userEmail = email, routes: Parameters<typeof fakeApi>[0] = {}) {
  const order = buildOrder({
    number: 'TW-100077',
    status: 'confirmed',
    paymentMethod: 'invoice',
    isPaid: false,
    userEmail,
  });
  let paid = false;
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
    [`GET /api/order/${order._id}`]: () =>
      json(paid ? { ...order, status: 'paid', isPaid: true } : order),
    [`GET /api/order/${order._id}/terms-invoice`]: () =>
      json(
        paid
          ? invoiceOf(order._id, { paid: 120, balance: 0, state: 'paid' })
          : invoiceOf(order._id),
      ),
    'GET /api/payments/config': () => json({ gateway: 'test' }),
    'POST /api/invoices/INV-2026-000077/card-payment': () =>
      json({ clientSecret: SECRET, amount: 120 }),
    'POST /api/payments/test/confirm': () =>
      json({ paymentIntent: { id: 'pi_test_order_inv', status: 'succeeded' } }),
    'POST /api/invoices/INV-2026-000077/card-payment/confirm': () => {
      paid = true;
      return json(invoiceOf(order._id, { paid: 120, balance: 0, state: 'paid' }));
    },
    ...routes,
  });
  const view = renderApp({ route: `/dashboard/orders/${order._id}`, session: signedInSession() });
  return { api, order, ...view };
}

describe('an order on payment terms, on its page', () => {
  it('when its buyer pays the invoice by card, then the card form takes the balance and the invoice shows paid', async () => {
    const { user, api } = setup();

    const section = await screen.findByRole(
      'region',
      { name: 'Invoice INV-2026-000077' },
      // The lazy route, then the order, then its invoice: three waits on a busy machine.
      { timeout: 5000 },
    );
    expect(within(section).getByText('Open')).toBeInTheDocument();
    expect(within(section).getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(within(section).getByText('$120.00')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Pay by card' }));
    const panel = screen.getByRole('region', { name: 'Pay invoice INV-2026-000077 by card' });
    await user.type(await within(panel).findByLabelText('Card number'), '4242424242424242');
    await user.type(within(panel).getByLabelText('Expiry (MM/YY)'), `12${nextYear}`);
    await user.type(within(panel).getByLabelText('CVC'), '123');
    await user.click(within(panel).getByRole('button', { name: 'Pay' }));

    expect(
      await within(section).findByText('Invoice INV-2026-000077 is paid by card. Thank you!'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText('Paid')).toBeInTheDocument());
    expect(within(section).queryByRole('button', { name: 'Pay by card' })).toBeNull();
    expect(api.requestsTo('/api/invoices/INV-2026-000077/card-payment/confirm')).toHaveLength(1);
  });

  it("when a colleague (an approver) opens the buyer's order, then they see the invoice but no Pay by card", async () => {
    setup('bo.buyer@example.com');

    const section = await screen.findByRole(
      'region',
      { name: 'Invoice INV-2026-000077' },
      // The lazy route, then the order, then its invoice: three waits on a busy machine.
      { timeout: 5000 },
    );
    expect(within(section).getByText('$120.00')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Pay by card' })).toBeNull();
  });

  it.each([
    ['its buyer', email],
    ['a colleague (an approver)', 'bo.buyer@example.com'],
  ])(
    'when %s downloads the invoice from the order page, then its PDF is fetched by number and saved',
    async (_, userEmail) => {
      const createObjectURL = vi.fn(() => 'blob:invoice');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { api, user } = setup(userEmail, {
        'GET /api/invoices/INV-2026-000077/pdf': () =>
          new Response('%PDF-1.3', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="INV-2026-000077.pdf"',
            },
          }),
      });
      const section = await screen.findByRole(
        'region',
        { name: 'Invoice INV-2026-000077' },
        { timeout: 5000 },
      );
      // Issue 52: its XRechnung menu beside it, named with the invoice's number.
      expect(
        within(section).getByRole('button', { name: 'XRechnung INV-2026-000077' }),
      ).toHaveAttribute('aria-expanded', 'false');
      await user.click(within(section).getByRole('button', { name: 'Download invoice' }));

      await waitFor(() => expect(click).toHaveBeenCalledOnce());
      expect(api.requestsTo('/api/invoices/INV-2026-000077/pdf')).toHaveLength(1);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('INV-2026-000077.pdf');
      click.mockRestore();
    },
  );

  it('when the order is still awaiting approval (no invoice yet), then the page shows no invoice and no error', async () => {
    const order = buildOrder({
      number: 'TW-100078',
      status: 'awaiting_approval',
      paymentMethod: 'invoice',
      userEmail: email,
    });
    fakeApi({
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
      [`GET /api/order/${order._id}/terms-invoice`]: () =>
        apiError(404, 'NOT_FOUND', 'This order has no invoice yet'),
    });
    renderApp({ route: `/dashboard/orders/${order._id}`, session: signedInSession() });

    expect(
      await screen.findByRole('heading', { name: 'Order TW-100078' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the invoice…')).toBeNull());
    expect(screen.queryByRole('region', { name: /^Invoice / })).toBeNull();
    expect(screen.queryByText(/couldn't load this order's invoice/)).toBeNull();
  });
});

afterEach(() => vi.unstubAllGlobals());
