import type { CompanyDetail } from '@toolworks/contract/companies';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { MyCompany } from './my-company';

const me = 'casey@example.com';
const bob = {
  email: 'bob@example.com',
  role: 'buyer',
  spendingLimitPerOrder: 1500,
  spendingLimitPerMonth: 4000,
  joinedAt: '2026-11-21T10:00:00.000Z',
} as const;
const company: CompanyDetail = {
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
      role: 'company-admin',
      spendingLimitPerOrder: null,
      spendingLimitPerMonth: null,
      joinedAt: '2026-11-20T10:00:00.000Z',
    },
    bob,
  ],
  invitations: [],
};
const bobPath = '/api/company/members/bob%40example.com';

function renderMembers() {
  const api = fakeApi({
    'GET /api/company': () => json({ company, role: 'company-admin', application: null }),
    'GET /api/company/approvals': () => json([]),
    'GET /api/company/orders': () => json([]),
    [`PATCH ${bobPath}`]: (req) => json({ ...bob, ...(req.body as object) }),
  });
  const view = renderFeature(<MyCompany email={me} />, { session: signedInSession() });
  return { api, ...view };
}

describe('My company: a member’s role and spending limits', () => {
  it('when a limit is emptied, then null is sent and the limit is removed', async () => {
    const { api, user } = renderMembers();
    const row = await screen.findByRole('form', { name: 'Member bob@example.com' });
    await user.clear(within(row).getByLabelText('Limit per order ($)'));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved bob@example.com')).toBeInTheDocument();
    expect(api.requestsTo(bobPath)[0]?.body).toEqual({
      role: 'buyer',
      spendingLimitPerOrder: null,
      spendingLimitPerMonth: 4000,
    });
  });

  it.each([
    ['lots', 'Spending limit per order must be a number'],
    ['-5', 'Spending limit per order cannot be negative'],
    ['12.345', 'Spending limit per order can have at most 2 decimals (cents)'],
  ])(
    'when the limit per order is %s, then its message shows next to it, focus moves to it and nothing is sent',
    async (typed, message) => {
      const { api, user } = renderMembers();
      const row = await screen.findByRole('form', { name: 'Member bob@example.com' });
      const limit = within(row).getByLabelText('Limit per order ($)');
      await user.clear(limit);
      await user.type(limit, typed);
      await user.click(within(row).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(limit).toHaveFocus());
      expect(limit).toHaveAttribute('aria-invalid', 'true');
      expect(limit).toHaveAccessibleDescription(`Empty: no limit ${message}`);
      expect(within(row).getByLabelText('Limit per month ($)')).not.toHaveAttribute('aria-invalid');
      expect(api.requestsTo(bobPath)).toHaveLength(0);
    },
  );

  it('when a new role and limit are typed, then the parsed values are sent', async () => {
    const { api, user } = renderMembers();
    const row = await screen.findByRole('form', { name: 'Member bob@example.com' });
    await user.selectOptions(within(row).getByLabelText('Role'), 'approver');
    const perMonth = within(row).getByLabelText('Limit per month ($)');
    await user.clear(perMonth);
    await user.type(perMonth, ' 2500.50 ');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved bob@example.com')).toBeInTheDocument();
    expect(api.requestsTo(bobPath)[0]?.body).toEqual({
      role: 'approver',
      spendingLimitPerOrder: 1500,
      spendingLimitPerMonth: 2500.5,
    });
  });
});
