import type { CompanyDetail } from '@toolworks/contract/companies';
import { screen } from '@testing-library/react';
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
    });
  });
});
