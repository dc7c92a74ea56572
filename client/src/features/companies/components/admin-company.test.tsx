import type { CompanyDetail } from '@toolworks/contract/companies';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { AdminCompany } from './admin-company';

const id = 'c'.repeat(24);
const company: CompanyDetail = {
  _id: id,
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [
    { _id: 'e'.repeat(24), label: 'Main', address: '7 Dock Road, Bristol' },
    { _id: 'f'.repeat(24), label: 'Yard', address: '9 Mill Lane, Bristol' },
  ],
  paymentTerms: 'net-30',
  creditLimit: 5000,
  memberCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  members: [],
  invitations: [],
};

describe('Companies: editing a company', () => {
  it('when the admin removes an address and lowers the credit limit, then the form opens with the saved values and sends the whole company, parsed', async () => {
    const api = fakeApi({
      [`GET /api/companies/${id}/resale-certificates`]: () => json({ certificates: [] }),
      [`GET /api/companies/${id}`]: () => json(company),
      'GET /api/price-lists': () => json([]),
      [`PUT /api/companies/${id}`]: (req) => json({ ...company, ...(req.body as object) }),
    });
    const { user } = renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
      session: signedInSession(),
    });
    expect(await screen.findByLabelText('Company name')).toHaveValue('Harbour Workshop Ltd');
    expect(screen.getByLabelText('Payment terms')).toHaveValue('net-30');
    expect(screen.getByLabelText('Address 2')).toHaveValue('9 Mill Lane, Bristol');

    await user.click(screen.getByRole('button', { name: 'Remove delivery address 1' }));
    expect(screen.getByRole('button', { name: 'Remove delivery address 1' })).toBeDisabled();
    const limit = screen.getByLabelText('Credit limit ($)');
    expect(limit).toHaveValue('5000');
    await user.clear(limit);
    await user.type(limit, '2500');
    await user.click(screen.getByRole('button', { name: 'Save company' }));

    expect(await screen.findByText('Harbour Workshop Ltd saved')).toBeInTheDocument();
    expect(api.requestsTo(`/api/companies/${id}`).find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Harbour Workshop Ltd',
      vatId: 'GB123456789',
      billingAddress: '1 Quay Street, Bristol',
      deliveryAddresses: [{ label: 'Yard', address: '9 Mill Lane, Bristol' }],
      paymentTerms: 'net-30',
      creditLimit: 2500,
      eInvoiceFormat: 'facturx',
      buyerReference: '',
    });
  });

  it('when the admin sets XRechnung (UBL) and a Leitweg-ID, then the form opens with the saved choice and sends both', async () => {
    const api = fakeApi({
      [`GET /api/companies/${id}/resale-certificates`]: () => json({ certificates: [] }),
      [`GET /api/companies/${id}`]: () => json({ ...company, eInvoiceFormat: 'pdf' }),
      'GET /api/price-lists': () => json([]),
      [`PUT /api/companies/${id}`]: (req) => json({ ...company, ...(req.body as object) }),
    });
    const { user } = renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
      session: signedInSession(),
    });
    const format = await screen.findByLabelText('E-invoice format');
    expect(format).toHaveValue('pdf');
    expect(format).toHaveAccessibleDescription(
      'What invoice emails attach. XRechnung sends the XML with the PDF to read.',
    );
    expect(
      screen
        .getAllByRole('option')
        .filter((o) => format.contains(o))
        .map((o) => o.textContent),
    ).toEqual(['PDF', 'Factur-X (PDF with XML)', 'XRechnung (UBL)', 'XRechnung (CII)']);
    const reference = screen.getByLabelText('Buyer reference (Leitweg-ID)');
    expect(reference).toHaveValue('');
    expect(reference).toHaveAccessibleDescription(/Leitweg-ID.*Blank: each order's PO reference/);

    await user.selectOptions(format, 'XRechnung (UBL)');
    await user.type(reference, ' 991-01234-56 ');
    await user.click(screen.getByRole('button', { name: 'Save company' }));

    expect(await screen.findByText('Harbour Workshop Ltd saved')).toBeInTheDocument();
    expect(
      api.requestsTo(`/api/companies/${id}`).find((r) => r.method === 'PUT')?.body,
    ).toMatchObject({ eInvoiceFormat: 'xrechnung-ubl', buyerReference: '991-01234-56' });
  });

  it('when the buyer reference is too long, then its message shows under it and nothing is sent', async () => {
    const api = fakeApi({
      [`GET /api/companies/${id}/resale-certificates`]: () => json({ certificates: [] }),
      [`GET /api/companies/${id}`]: () =>
        json({ ...company, eInvoiceFormat: 'xrechnung-cii', buyerReference: '991-01234-56' }),
      'GET /api/price-lists': () => json([]),
    });
    const { user } = renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
      session: signedInSession(),
    });
    const reference = await screen.findByLabelText('Buyer reference (Leitweg-ID)');
    expect(reference).toHaveValue('991-01234-56');
    expect(screen.getByLabelText('E-invoice format')).toHaveValue('xrechnung-cii');
    await user.clear(reference);
    await user.type(reference, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save company' }));

    await waitFor(() => expect(reference).toHaveFocus());
    expect(reference).toHaveAccessibleDescription(
      expect.stringContaining('Buyer reference must be 100 characters or shorter'),
    );
    expect(api.requestsTo(`/api/companies/${id}`).filter((r) => r.method === 'PUT')).toHaveLength(
      0,
    );
  });
});
