import type { CompanyDetail } from '@toolworks/contract/companies';
import type { TermsInvoice } from '@toolworks/contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

const me = 'casey@example.com';
const adminCheck = `GET /api/admin/${encodeURIComponent(me)}`;
const SECRET = 'pi_test_inv_secret_xyz';

const company: CompanyDetail = {
  _id: 'c'.repeat(24),
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '7 Dock Road, Bristol' }],
  paymentTerms: 'net-30',
  creditLimit: 5000,
  memberCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  members: [],
  invitations: [],
};

const invoice = (overrides: Partial<TermsInvoice> = {}): TermsInvoice => ({
  number: 'INV-2026-000042',
  orderId: 'a'.repeat(24),
  orderNumber: 'TW-100042',
  companyId: company._id,
  companyName: company.name,
  issuedAt: '2026-10-01T10:00:00.000Z',
  paymentTerms: 'net-30',
  dueDate: '2026-10-31',
  total: 200,
  paid: 50,
  balance: 150,
  state: 'overdue',
  payments: [],
  ...overrides,
});
const paidOne = invoice({ number: 'INV-2026-000041', paid: 100, balance: 0, state: 'paid' });
const nextYear = (new Date().getFullYear() + 1) % 100;

function setup(confirm: () => Response, extra: Parameters<typeof fakeApi>[0] = {}) {
  let paid = false;
  const api = fakeApi({
    [adminCheck]: () => json({ admin: false }),
    'GET /api/company': () => json({ company, role: 'company-admin', application: null }),
    'GET /api/company/approvals': () => json([]),
    'GET /api/company/orders': () => json([]),
    'GET /api/company/invoices': () =>
      json([paidOne, paid ? invoice({ paid: 200, balance: 0, state: 'paid' }) : invoice()]),
    'GET /api/payments/config': () => json({ gateway: 'test' }),
    'POST /api/invoices/INV-2026-000042/card-payment': () =>
      json({ clientSecret: SECRET, amount: 150 }),
    'POST /api/payments/test/confirm': () =>
      json({ paymentIntent: { id: 'pi_test_inv', status: 'succeeded' } }),
    'POST /api/invoices/INV-2026-000042/card-payment/confirm': () => {
      const answer = confirm();
      if (answer.ok) paid = true;
      return answer;
    },
    ...extra,
  });
  const view = renderApp({ route: '/dashboard/my-company', session: signedInSession() });
  return { api, ...view };
}

async function payWithCard(user: ReturnType<typeof setup>['user']) {
  const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr');
  await user.click(within(row!).getByRole('button', { name: 'Pay by card: INV-2026-000042' }));
  const panel = screen.getByRole('region', { name: 'Pay invoice INV-2026-000042 by card' });
  expect(await within(panel).findByText('$150.00')).toBeInTheDocument();
  await user.type(within(panel).getByLabelText('Card number'), '4242424242424242');
  await user.type(within(panel).getByLabelText('Expiry (MM/YY)'), `12${nextYear}`);
  await user.type(within(panel).getByLabelText('CVC'), '123');
  await user.click(within(panel).getByRole('button', { name: 'Pay' }));
  return panel;
}

describe('My company: invoices paid by card', () => {
  it('when a company-admin pays an open invoice by card, then its balance is charged, the payment is confirmed and the invoice shows paid', async () => {
    const { api, user } = setup(() => json(invoice({ paid: 200, balance: 0, state: 'paid' })));
    const paidRow = (await screen.findByRole('rowheader', { name: /INV-2026-000041/ })).closest(
      'tr',
    );
    expect(within(paidRow!).queryByRole('button', { name: /Pay by card/ })).toBeNull();
    // The due date reads as every date in the shop does, not as an ISO day.
    expect(within(paidRow!).getByText('Oct 31, 2026')).toHaveAttribute('datetime', '2026-10-31');

    await payWithCard(user);

    expect(
      await screen.findByText('Invoice INV-2026-000042 is paid by card. Thank you!'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Pay invoice INV-2026-000042 by card' }),
    ).toBeNull();
    expect(api.requestsTo('/api/payments/test/confirm')[0]?.body).toMatchObject({
      clientSecret: SECRET,
      cardNumber: '4242424242424242',
    });
    expect(api.requestsTo('/api/invoices/INV-2026-000042/card-payment/confirm')[0]?.body).toEqual({
      transactionId: 'pi_test_inv',
    });
    const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr');
    expect(await within(row!).findByText('Paid')).toBeInTheDocument();
  });

  it('when the server refuses the payment (paid meanwhile), then its message shows in the panel', async () => {
    const { user } = setup(() =>
      apiError(
        409,
        'CONFLICT',
        'This invoice was paid in full meanwhile, so your card payment was refunded',
      ),
    );
    const panel = await payWithCard(user);
    expect(await within(panel).findByText(/so your card payment was refunded/)).toBeInTheDocument();
  });

  it('when the statement is downloaded as a PDF, then the PDF route is fetched and saved', async () => {
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = setup(() => json(invoice()), {
      'GET /api/company/statement.pdf': () =>
        new Response('%PDF-1.3', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="statement-harbour-workshop-ltd.pdf"',
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download statement (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(api.requestsTo('/api/company/statement.pdf')).toHaveLength(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'statement-harbour-workshop-ltd.pdf',
    );
    click.mockRestore();
  });
});

describe('My company: e-invoice downloads', () => {
  it('when the company-admin downloads an invoice as XRechnung UBL or CII from its menu, or its Factur-X PDF, then each comes from its route and is saved under the name the server gives', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const file = (name: string, type: string) =>
      new Response('<Invoice/>', {
        headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
      });
    const { api, user } = setup(() => json(invoice()), {
      'GET /api/invoices/INV-2026-000042/xml': (req) =>
        file(
          `INV-2026-000042-xrechnung-${req.url.searchParams.get('syntax')}.xml`,
          'application/xml',
        ),
      'GET /api/invoices/INV-2026-000042/pdf': () => file('INV-2026-000042.pdf', 'application/pdf'),
    });
    const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr')!;
    // Each invoice's buttons say which invoice they are for: its PDF (the Factur-X) and a menu.
    expect(within(row).getByRole('button', { name: 'PDF INV-2026-000042' })).toBeVisible();
    const menu = within(row).getByRole('button', { name: 'XRechnung INV-2026-000042' });

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(row).getByRole('button', { name: 'XRechnung UBL INV-2026-000042' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    // A download closes the menu and gives the focus back to its button.
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await user.click(menu);
    await user.click(within(row).getByRole('button', { name: 'XRechnung CII INV-2026-000042' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    await user.click(within(row).getByRole('button', { name: 'PDF INV-2026-000042' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(3));

    const xml = api.requestsTo('/api/invoices/INV-2026-000042/xml');
    expect(xml.map((r) => r.url.searchParams.get('syntax'))).toEqual(['ubl', 'cii']);
    expect(xml[0]?.headers.get('Accept')).toBe('application/xml');
    expect(click.mock.contexts.map((a) => (a as HTMLAnchorElement).download)).toEqual([
      'INV-2026-000042-xrechnung-ubl.xml',
      'INV-2026-000042-xrechnung-cii.xml',
      'INV-2026-000042.pdf',
    ]);
    click.mockRestore();
  });

  it('when the server refuses an XML download, then its message shows', async () => {
    const { user } = setup(() => json(invoice()), {
      'GET /api/invoices/INV-2026-000042/xml': () =>
        apiError(404, 'NOT_FOUND', 'Invoice not found'),
    });
    const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'XRechnung INV-2026-000042' }));
    await user.click(within(row).getByRole('button', { name: 'XRechnung CII INV-2026-000042' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Invoice not found');
  });

  it('when the XRechnung menu is opened from the keyboard, then its first choice has the focus and Escape closes it back onto its button', async () => {
    const { user } = setup(() => json(invoice()));
    const row = (await screen.findByRole('rowheader', { name: /INV-2026-000042/ })).closest('tr')!;
    const menu = within(row).getByRole('button', { name: 'XRechnung INV-2026-000042' });
    menu.focus();
    await user.keyboard('{Enter}');
    expect(
      within(row).getByRole('button', { name: 'XRechnung UBL INV-2026-000042' }),
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(row).queryByRole('button', { name: /XRechnung UBL/ })).toBeNull();
    expect(menu).toHaveFocus();
  });
});

afterEach(() => vi.unstubAllGlobals());
