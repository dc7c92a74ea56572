import type { TermsInvoice } from '@toolworks/contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;

const invoice = (overrides: Partial<TermsInvoice> = {}): TermsInvoice => ({
  number: 'INV-2026-000042',
  orderId: 'a'.repeat(24),
  orderNumber: 'TW-100042',
  companyId: 'c'.repeat(24),
  companyName: 'Harbour Workshop Ltd',
  issuedAt: '2026-10-01T10:00:00.000Z',
  paymentTerms: 'net-30',
  dueDate: '2026-10-31',
  total: 200,
  paid: 0,
  balance: 200,
  state: 'overdue',
  payments: [],
  ...overrides,
});

describe('Invoices (admin)', () => {
  it('when the admin records a transfer, then it is sent and the invoice shows its new state', async () => {
    let recorded = false;
    const api = fakeApi({
      [adminCheck]: () => json({ admin: true }),
      'GET /api/invoices': () =>
        json([recorded ? invoice({ paid: 50, balance: 150, state: 'partly_paid' }) : invoice()]),
      'POST /api/invoices/INV-2026-000042/payments': () => {
        recorded = true;
        return json(invoice({ paid: 50, balance: 150, state: 'partly_paid' }), { status: 201 });
      },
    });
    const { user } = renderApp({ route: '/dashboard/invoices', session: signedInSession() });

    const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr');
    expect(row).toHaveTextContent('Overdue');
    expect(row).toHaveTextContent('Harbour Workshop Ltd');
    await user.click(within(row!).getByRole('button', { name: 'Record payment: INV-2026-000042' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment: INV-2026-000042' });
    expect(dialog).toHaveTextContent('Balance $200.00 of $200.00');
    await user.clear(within(dialog).getByLabelText('Amount received ($)'));
    await user.type(within(dialog).getByLabelText('Amount received ($)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Reference is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bank reference')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Bank reference'), 'BACS 991');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('/api/invoices/INV-2026-000042/payments')[0]?.body).toMatchObject({
      amount: 50,
      reference: 'BACS 991',
    });
    await waitFor(() =>
      expect(
        screen.getByRole('rowheader', { name: /INV-2026-000042/ }).closest('tr'),
      ).toHaveTextContent('Partly paid'),
    );
  });

  it('when the admin records a transfer of "1,780.00", then the balance was prefilled and 1780 is sent', async () => {
    const open = invoice({ total: 1780, balance: 1780 });
    const api = fakeApi({
      [adminCheck]: () => json({ admin: true }),
      'GET /api/invoices': () => json([open]),
      'POST /api/invoices/INV-2026-000042/payments': () =>
        json(invoice({ total: 1780, paid: 1780, balance: 0, state: 'paid' }), { status: 201 }),
    });
    const { user } = renderApp({ route: '/dashboard/invoices', session: signedInSession() });

    const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr');
    expect(within(row!).getByText('Oct 31, 2026')).toBeInTheDocument();
    await user.click(within(row!).getByRole('button', { name: 'Record payment: INV-2026-000042' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment: INV-2026-000042' });
    const amount = within(dialog).getByLabelText('Amount received ($)');
    expect(amount).toHaveValue('1780.00');
    const date = within(dialog).getByLabelText('Date received');
    expect(date).toHaveAttribute('min', '2026-10-01');
    await user.clear(amount);
    await user.type(amount, '1,780.00');
    await user.type(within(dialog).getByLabelText('Bank reference'), 'BACS 1780');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('/api/invoices/INV-2026-000042/payments')[0]?.body).toMatchObject({
      amount: 1780,
      reference: 'BACS 1780',
    });
  });

  it("when the invoice was issued on a later day than the browser's today (the shop's clock ahead), then the date received opens on its day of issue", async () => {
    const issued = new Date(Date.now() + 20 * 86_400_000).toISOString();
    fakeApi({
      [adminCheck]: () => json({ admin: true }),
      'GET /api/invoices': () => json([invoice({ issuedAt: issued, state: 'open' })]),
    });
    const { user } = renderApp({ route: '/dashboard/invoices', session: signedInSession() });

    const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr');
    await user.click(within(row!).getByRole('button', { name: 'Record payment: INV-2026-000042' }));
    const date = within(screen.getByRole('dialog')).getByLabelText('Date received');
    expect(date).toHaveValue(issued.slice(0, 10));
    expect(date).toHaveAttribute('max', issued.slice(0, 10));
  });

  it('when the server refuses the amount, then its message shows in the dialog', async () => {
    fakeApi({
      [adminCheck]: () => json({ admin: true }),
      'GET /api/invoices': () => json([invoice()]),
      'POST /api/invoices/INV-2026-000042/payments': () =>
        apiError(409, 'CONFLICT', 'The amount is more than the balance of $200.00'),
    });
    const { user } = renderApp({ route: '/dashboard/invoices', session: signedInSession() });
    await user.click(
      await screen.findByRole('button', { name: 'Record payment: INV-2026-000042' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Amount received ($)'));
    await user.type(within(dialog).getByLabelText('Amount received ($)'), '250');
    await user.type(within(dialog).getByLabelText('Bank reference'), 'BACS 1');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The amount is more than the balance of $200.00',
    );
  });
});
