import type { MyCompany as MyCompanyAnswer } from '@toolworks/contract/companies';
import type { Quote } from '@toolworks/contract/quotes';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { MyCompany } from './my-company';

const company = {
  _id: 'c'.repeat(24),
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '7 Dock Road, Bristol' }],
  paymentTerms: 'net-30' as const,
  creditLimit: 5000,
  memberCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const quote = (overrides: Partial<Quote>): Quote => ({
  _id: 'b'.repeat(24),
  number: 'Q-100001',
  status: 'requested',
  items: [{ toolId: 'd'.repeat(24), name: 'Tiered Clamp', quantity: 400, listUnitPrice: 10.75 }],
  message: 'For a site in June.',
  userName: 'Bo Buyer',
  userEmail: 'bo@example.com',
  userPhone: '+1 555 0100',
  userAddress: '1 Mill Road, Leeds',
  version: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

describe('My company: the company quotes', () => {
  it("when an approver opens My company, then every member's quotes are listed with who asked and the offer", async () => {
    const answer: MyCompanyAnswer = {
      company: { ...company, members: [], invitations: [] },
      role: 'approver',
      application: null,
    };
    fakeApi({
      'GET /api/company': () => json(answer),
      'GET /api/company/approvals': () => json([]),
      'GET /api/company/quotes': () =>
        json([
          quote({
            _id: 'a'.repeat(24),
            number: 'Q-100002',
            status: 'offered',
            total: 1234.5,
            validUntil: '2026-12-31',
            userName: 'Cy Colleague',
            userEmail: 'cy@example.com',
          }),
          quote({}),
        ]),
    });
    renderFeature(<MyCompany email="al@example.com" />, { session: signedInSession() });
    const table = await screen.findByRole('table', {
      name: 'Quotes asked for by the company’s members',
    });
    expect(screen.getByRole('heading', { name: 'Company quotes' })).toBeInTheDocument();
    const offered = within(table).getByRole('rowheader', { name: 'Q-100002' }).closest('tr');
    expect(offered).toHaveTextContent('Cy Colleague');
    expect(offered).toHaveTextContent('Offered until 2026-12-31');
    expect(offered).toHaveTextContent('$1,234.50');
    const requested = within(table).getByRole('rowheader', { name: 'Q-100001' }).closest('tr');
    expect(requested).toHaveTextContent('Requested');
    expect(requested).toHaveTextContent('—');
  });
});
