import type { CompanyDetail, MyCompany as MyCompanyAnswer } from '@toolworks/contract/companies';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { MyCompany } from './my-company';

const session = signedInSession();
const me = 'casey@example.com';

const company = (overrides: Partial<CompanyDetail> = {}): CompanyDetail => ({
  _id: 'c'.repeat(24),
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '7 Dock Road, Bristol' }],
  paymentTerms: 'net-30',
  creditLimit: 5000,
  memberCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  members: [
    {
      email: me,
      name: 'Casey Jones',
      role: 'company-admin',
      spendingLimitPerOrder: null,
      spendingLimitPerMonth: null,
      joinedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      email: 'bob@example.com',
      role: 'buyer',
      spendingLimitPerOrder: 1500,
      spendingLimitPerMonth: null,
      joinedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  invitations: [
    {
      _id: 'd'.repeat(24),
      email: 'pat@example.com',
      role: 'approver',
      invitedBy: me,
      expiresAt: '2026-12-05T10:00:00.000Z',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  ...overrides,
});

const none: MyCompanyAnswer = { company: null, role: null, application: null };

/** A company-admin's page also lists the approvals and the company's orders. */
const noOrders = {
  'GET /api/company/approvals': () => json([]),
  'GET /api/company/orders': () => json([]),
};

describe('My company: applying for a trade account', () => {
  it('when the form is sent empty, then the messages show and nothing is sent; filled, it is posted and the pending state shows', async () => {
    let answer: MyCompanyAnswer = none;
    const api = fakeApi({
      'GET /api/company': () => json(answer),
      'POST /api/trade-applications': (req) => {
        answer = {
          ...none,
          application: {
            _id: 'a'.repeat(24),
            email: me,
            status: 'pending',
            note: '',
            requestedPaymentTerms: 'none',
            requestedCreditLimit: 0,
            createdAt: '2026-11-25T10:00:00.000Z',
            ...(req.body as object),
          } as MyCompanyAnswer['application'],
        };
        return json(answer.application, { status: 201 });
      },
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    await user.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('VAT / tax id is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/trade-applications')).toHaveLength(0);

    await user.type(screen.getByLabelText('Company name'), 'Harbour Workshop Ltd');
    await user.type(screen.getByLabelText('VAT / tax id'), 'GB123456789');
    await user.type(screen.getByLabelText('Billing address'), '1 Quay Street, Bristol');
    await user.type(screen.getByLabelText('Delivery address'), 'Unit 7{Enter}7 Dock Road, Bristol');
    await user.type(screen.getByLabelText('Phone'), '+44 117 496 0000');
    await user.selectOptions(screen.getByLabelText('Payment terms you ask for'), 'net-30');
    await user.type(screen.getByLabelText('Credit limit you ask for ($)'), '7500');
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(
      await screen.findByText(
        /Your application for Harbour Workshop Ltd is waiting for our answer/,
      ),
    ).toHaveAttribute('role', 'status');
    expect(api.requestsTo('/api/trade-applications')[0]?.body).toEqual({
      companyName: 'Harbour Workshop Ltd',
      vatId: 'GB123456789',
      billingAddress: '1 Quay Street, Bristol',
      deliveryAddress: 'Unit 7\n7 Dock Road, Bristol',
      phone: '+44 117 496 0000',
      note: '',
      requestedPaymentTerms: 'net-30',
      requestedCreditLimit: 7500,
    });
  });

  it('when the credit limit asked for is not an amount, then its message shows under it and focus moves to it', async () => {
    const api = fakeApi({ 'GET /api/company': () => json(none) });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    await user.type(await screen.findByLabelText('Company name'), 'Harbour Workshop Ltd');
    await user.type(screen.getByLabelText('VAT / tax id'), 'GB123456789');
    await user.type(screen.getByLabelText('Billing address'), '1 Quay Street, Bristol');
    await user.type(screen.getByLabelText('Delivery address'), '7 Dock Road, Bristol');
    await user.type(screen.getByLabelText('Phone'), '+44 117 496 0000');
    const limit = screen.getByLabelText('Credit limit you ask for ($)');
    await user.type(limit, 'lots');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(limit).toHaveFocus());
    expect(limit).toHaveAccessibleDescription(
      'Empty: none Credit limit requested must be a number',
    );
    expect(api.requestsTo('/api/trade-applications')).toHaveLength(0);
  });

  it('when the shop refuses an unverified email, then its message shows on the form', async () => {
    fakeApi({
      'GET /api/company': () => json(none),
      'POST /api/trade-applications': () =>
        apiError(
          403,
          'FORBIDDEN',
          'Verify your email address to apply for a trade account: open the link we sent you, then try again',
        ),
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    await user.type(await screen.findByLabelText('Company name'), 'Harbour Workshop Ltd');
    await user.type(screen.getByLabelText('VAT / tax id'), 'GB123456789');
    await user.type(screen.getByLabelText('Billing address'), '1 Quay Street, Bristol');
    await user.type(screen.getByLabelText('Delivery address'), '7 Dock Road, Bristol');
    await user.type(screen.getByLabelText('Phone'), '+44 117 496 0000');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(/^Verify your email address to apply/)).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('when the application was declined, then the reason shows above the form', async () => {
    fakeApi({
      'GET /api/company': () =>
        json({
          ...none,
          application: {
            _id: 'a'.repeat(24),
            email: me,
            companyName: 'Harbour Workshop Ltd',
            vatId: 'GB1',
            billingAddress: 'x',
            deliveryAddress: 'y',
            phone: '1',
            note: '',
            requestedPaymentTerms: 'none',
            requestedCreditLimit: 0,
            status: 'declined',
            declineReason: 'We could not verify the VAT id.',
            createdAt: '2026-11-25T10:00:00.000Z',
          },
        }),
    });
    renderFeature(<MyCompany email={me} />, { session });
    expect(await screen.findByText('Reason: We could not verify the VAT id.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send application' })).toBeInTheDocument();
  });
});

describe('My company: members', () => {
  it('when a company-admin opens it, then the company, their role, members and invitations show', async () => {
    fakeApi({
      'GET /api/company': () =>
        json({
          ...none,
          company: company({ eInvoiceFormat: 'xrechnung-ubl', buyerReference: '991-01234-56' }),
          role: 'company-admin',
        }),
      ...noOrders,
    });
    renderFeature(<MyCompany email={me} />, { session });
    expect(
      await screen.findByRole('heading', { name: 'Harbour Workshop Ltd' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Company admin', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Net 30 days')).toBeInTheDocument();
    // Issue 52: what its invoice emails carry, and its buyer reference.
    expect(screen.getByText('Invoices sent as').nextElementSibling).toHaveTextContent(
      'XRechnung (UBL)',
    );
    expect(screen.getByText('Buyer reference').nextElementSibling).toHaveTextContent(
      '991-01234-56',
    );
    const bob = screen.getByRole('form', { name: 'Member bob@example.com' });
    expect(within(bob).getByLabelText('Limit per order ($)')).toHaveValue('1500');
    expect(screen.getByText('pat@example.com')).toBeInTheDocument();
  });

  it("when a member's limit is not an amount, then its message shows under it and nothing is sent; blank removes a limit", async () => {
    const api = fakeApi({
      'GET /api/company': () => json({ ...none, company: company(), role: 'company-admin' }),
      ...noOrders,
      'PATCH /api/company/members/bob%40example.com': (req) =>
        json({ ...company().members[1], ...(req.body as object) }),
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    const bob = await screen.findByRole('form', { name: 'Member bob@example.com' });
    const perOrder = within(bob).getByLabelText('Limit per order ($)');
    const perMonth = within(bob).getByLabelText('Limit per month ($)');
    await user.clear(perMonth);
    await user.type(perMonth, 'lots');
    await user.click(within(bob).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(perMonth).toHaveFocus());
    expect(perMonth).toHaveAccessibleDescription(/Spending limit per month must be a number/);
    expect(perMonth).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/company/members/bob%40example.com')).toHaveLength(0);

    await user.clear(perOrder);
    await user.clear(perMonth);
    await user.type(perMonth, '2500.50');
    await user.selectOptions(within(bob).getByLabelText('Role'), 'approver');
    await user.click(within(bob).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved bob@example.com')).toBeInTheDocument();
    expect(api.requestsTo('/api/company/members/bob%40example.com')[0]?.body).toEqual({
      role: 'approver',
      spendingLimitPerOrder: null,
      spendingLimitPerMonth: 2500.5,
    });
  });

  it('when a buyer opens it, then they see the company and their role but no member management', async () => {
    fakeApi({
      'GET /api/company': () =>
        json({ ...none, company: company({ members: [], invitations: [] }), role: 'buyer' }),
    });
    renderFeature(<MyCompany email={me} />, { session });
    expect(await screen.findByText('Buyer', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('when the invitation has no valid email, then its message shows under the field, focus moves to it and the email is sent trimmed once fixed', async () => {
    const api = fakeApi({
      'GET /api/company': () => json({ ...none, company: company(), role: 'company-admin' }),
      ...noOrders,
      'POST /api/company/invitations': () => json(company(), { status: 201 }),
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    const email = await screen.findByLabelText("Colleague's email");
    await user.type(email, 'new@');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Provide a valid email');
    expect(api.requestsTo('/api/company/invitations')).toHaveLength(0);

    await user.type(email, 'example.com ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(api.requestsTo('/api/company/invitations')[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'buyer',
    });
    expect(email).toHaveValue('');
  });

  it('when the admin invites, changes a limit and is refused removing themselves, then each call is made and the refusal shows', async () => {
    const api = fakeApi({
      'GET /api/company': () => json({ ...none, company: company(), role: 'company-admin' }),
      ...noOrders,
      'POST /api/company/invitations': () => json(company(), { status: 201 }),
      'PATCH /api/company/members/bob%40example.com': (req) =>
        json({ ...company().members[1], ...(req.body as object) }),
      'DELETE /api/company/members/casey%40example.com': () =>
        apiError(
          409,
          'CONFLICT',
          'A company needs at least one company admin: make someone else company admin first',
        ),
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });

    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText("Colleague's email"), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Their role'), 'approver');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(api.requestsTo('/api/company/invitations')[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'approver',
    });

    const bob = screen.getByRole('form', { name: 'Member bob@example.com' });
    await user.type(within(bob).getByLabelText('Limit per month ($)'), '6000');
    await user.click(within(bob).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved bob@example.com')).toBeInTheDocument();
    expect(api.requestsTo('/api/company/members/bob%40example.com')[0]?.body).toEqual({
      role: 'buyer',
      spendingLimitPerOrder: 1500,
      spendingLimitPerMonth: 6000,
    });

    await user.click(screen.getByRole('button', { name: `Remove ${me}` }));
    expect(await screen.findByText(/at least one company admin/)).toHaveAttribute('role', 'alert');
  });
});
