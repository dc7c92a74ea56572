import type { Company, TradeApplication } from '@toolworks/contract/companies';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { AdminCompanies } from './admin-companies';

const session = signedInSession();

const application = (overrides: Partial<TradeApplication> = {}): TradeApplication => ({
  _id: 'a'.repeat(24),
  email: 'olga@example.com',
  name: 'Olga Owner',
  companyName: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street\nBristol BS1 4DJ',
  deliveryAddress: 'Unit 7\nDock Road\nBristol BS2 0XX',
  phone: '+44 117 496 0000',
  note: '',
  requestedPaymentTerms: 'net-30',
  requestedCreditLimit: 7500,
  emailVerified: true,
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

const company: Company = {
  _id: 'c'.repeat(24),
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street\nBristol BS1 4DJ',
  deliveryAddresses: [{ label: 'Main', address: 'Unit 7\nDock Road\nBristol BS2 0XX' }],
  paymentTerms: 'net-15',
  creditLimit: 2500,
  memberCount: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('Companies: answering trade applications', () => {
  it("when an application waits, then the admin sees the email's state and what was asked for, and approves with the terms they set", async () => {
    const api = fakeApi({
      'GET /api/companies': () => json([]),
      'GET /api/trade-applications': () =>
        json([
          application(),
          application({
            _id: 'b'.repeat(24),
            companyName: 'Unverified Tools',
            email: 'new@example.com',
            emailVerified: false,
            vatId: 'DE123456789',
            vatIdFormat: 'invalid',
            vatIdProblem: 'The check digit of this DE VAT ID is wrong',
          }),
        ]),
      [`POST /api/trade-applications/${'a'.repeat(24)}/approve`]: () =>
        json({ application: application({ status: 'approved' }), company }),
    });
    const { user } = renderFeature(<AdminCompanies />, { session });

    const card = await screen.findByRole('group', {
      name: 'Application from Harbour Workshop Ltd',
    });
    expect(within(card).getByText('(email verified)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Application from Unverified Tools' })).getByText(
        '(email not verified)',
      ),
    ).toBeInTheDocument();
    // Issue 51: the VAT ID's format check, as the server judged it.
    expect(
      within(screen.getByRole('group', { name: 'Application from Unverified Tools' })).getByText(
        '(The check digit of this DE VAT ID is wrong)',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('Net 30 days, credit limit $7,500.00')).toBeInTheDocument();
    // The address keeps its lines.
    expect(within(card).getByText(/^Unit 7/).textContent).toBe(
      'Unit 7\nDock Road\nBristol BS2 0XX',
    );

    // Prefilled from the request; the admin grants less.
    const terms = within(card).getByLabelText('Payment terms to grant');
    expect(terms).toHaveValue('net-30');
    const limit = within(card).getByLabelText('Credit limit to grant ($)');
    expect(limit).toHaveValue('7500');
    await user.selectOptions(terms, 'net-15');
    await user.clear(limit);
    await user.type(limit, '2500');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Harbour Workshop Ltd approved')).toBeInTheDocument();
    expect(api.requestsTo(`/api/trade-applications/${'a'.repeat(24)}/approve`)[0]?.body).toEqual({
      paymentTerms: 'net-15',
      creditLimit: 2500,
    });
  });

  it('when the credit limit to grant is not an amount, then it says so and nothing is sent', async () => {
    const api = fakeApi({
      'GET /api/companies': () => json([]),
      'GET /api/trade-applications': () => json([application()]),
    });
    const { user } = renderFeature(<AdminCompanies />, { session });
    const card = await screen.findByRole('group', {
      name: 'Application from Harbour Workshop Ltd',
    });
    const limit = within(card).getByLabelText('Credit limit to grant ($)');
    await user.clear(limit);
    await user.type(limit, 'lots');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(limit).toHaveFocus());
    expect(limit).toHaveAccessibleDescription('Credit limit must be a number');
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(`/api/trade-applications/${'a'.repeat(24)}/approve`)).toHaveLength(0);
  });

  it('when the admin declines without a reason, then it asks for one under the field, and sends the reason given', async () => {
    const api = fakeApi({
      'GET /api/companies': () => json([]),
      'GET /api/trade-applications': () => json([application()]),
      [`POST /api/trade-applications/${'a'.repeat(24)}/decline`]: () =>
        json(application({ status: 'declined' })),
    });
    const { user } = renderFeature(<AdminCompanies />, { session });
    const card = await screen.findByRole('group', {
      name: 'Application from Harbour Workshop Ltd',
    });
    const reason = within(card).getByLabelText('Reason to decline');
    await user.type(reason, '   ');
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription('Give a reason to decline');
    expect(api.requestsTo(`/api/trade-applications/${'a'.repeat(24)}/decline`)).toHaveLength(0);

    await user.type(reason, 'We could not verify the VAT id. ');
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Harbour Workshop Ltd declined')).toBeInTheDocument();
    expect(api.requestsTo(`/api/trade-applications/${'a'.repeat(24)}/decline`)[0]?.body).toEqual({
      reason: 'We could not verify the VAT id.',
    });
  });
});

describe('Companies: a company form', () => {
  it('when the admin types a delivery address on several lines, then it is saved with its line breaks', async () => {
    const api = fakeApi({
      'GET /api/companies': () => json([]),
      'GET /api/trade-applications': () => json([]),
      'POST /api/companies': (req) =>
        json(
          { ...company, ...(req.body as object), members: [], invitations: [] },
          { status: 201 },
        ),
    });
    const { user } = renderFeature(<AdminCompanies />, { session });
    await user.click(await screen.findByRole('button', { name: 'Add a company' }));
    await user.type(screen.getByLabelText('Company name'), 'Northern Fabrication');
    await user.type(screen.getByLabelText('VAT / tax id'), 'DE811907980');
    await user.type(screen.getByLabelText('Billing address'), '12 Steel Lane{Enter}Leeds LS1 1AA');
    await user.type(screen.getByLabelText('Address 1'), '4 Canal Wharf{Enter}Leeds LS11 5PS');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    expect(await screen.findByText('Northern Fabrication created')).toBeInTheDocument();
    const posted = api.requestsTo('/api/companies').find((r) => r.method === 'POST');
    expect(posted?.body).toMatchObject({
      billingAddress: '12 Steel Lane\nLeeds LS1 1AA',
      deliveryAddresses: [{ label: 'Main', address: '4 Canal Wharf\nLeeds LS11 5PS' }],
    });
  });

  it('when the admin types names with spaces around and a credit limit, then the body sent is the parsed one', async () => {
    const api = fakeApi({
      'GET /api/companies': () => json([]),
      'GET /api/trade-applications': () => json([]),
      'POST /api/companies': (req) =>
        json(
          { ...company, ...(req.body as object), members: [], invitations: [] },
          { status: 201 },
        ),
    });
    const { user } = renderFeature(<AdminCompanies />, { session });
    await user.click(await screen.findByRole('button', { name: 'Add a company' }));
    await user.type(screen.getByLabelText('Company name'), '  Northern Fabrication ');
    await user.type(screen.getByLabelText('VAT / tax id'), ' DE811907980 ');
    await user.type(screen.getByLabelText('Billing address'), ' 12 Steel Lane, Leeds ');
    await user.clear(screen.getByLabelText('Label 1'));
    await user.type(screen.getByLabelText('Label 1'), ' Works ');
    await user.type(screen.getByLabelText('Address 1'), '4 Canal Wharf, Leeds ');
    await user.selectOptions(screen.getByLabelText('Payment terms'), 'net-60');
    await user.clear(screen.getByLabelText('Credit limit ($)'));
    await user.type(screen.getByLabelText('Credit limit ($)'), ' 2500.50 ');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    expect(await screen.findByText('Northern Fabrication created')).toBeInTheDocument();
    expect(api.requestsTo('/api/companies').find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Northern Fabrication',
      vatId: 'DE811907980',
      billingAddress: '12 Steel Lane, Leeds',
      deliveryAddresses: [{ label: 'Works', address: '4 Canal Wharf, Leeds' }],
      paymentTerms: 'net-60',
      creditLimit: 2500.5,
      eInvoiceFormat: 'facturx',
      buyerReference: '',
    });
  });

  it('when a field is wrong, then its message shows under it, focus moves to the first one and nothing is sent', async () => {
    const api = fakeApi({
      'GET /api/companies': () => json([]),
      'GET /api/trade-applications': () => json([]),
    });
    const { user } = renderFeature(<AdminCompanies />, { session });
    await user.click(await screen.findByRole('button', { name: 'Add a company' }));
    await user.type(screen.getByLabelText('Company name'), 'Northern Fabrication');
    await user.type(screen.getByLabelText('VAT / tax id'), 'DE');
    await user.type(screen.getByLabelText('Billing address'), '12 Steel Lane, Leeds');
    await user.type(screen.getByLabelText('Address 1'), '4 Canal Wharf, Leeds');
    await user.clear(screen.getByLabelText('Credit limit ($)'));
    await user.type(screen.getByLabelText('Credit limit ($)'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    const vat = screen.getByLabelText('VAT / tax id');
    await waitFor(() => expect(vat).toHaveFocus());
    expect(vat).toHaveAccessibleDescription('VAT / tax id must be at least 4 characters');
    expect(screen.getByLabelText('Credit limit ($)')).toHaveAccessibleDescription(
      'Credit limit must be a number',
    );
    expect(screen.getByLabelText('Company name')).not.toHaveAttribute('aria-invalid');
    expect(api.requestsTo('/api/companies').filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
