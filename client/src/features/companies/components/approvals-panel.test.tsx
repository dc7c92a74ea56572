import type { CompanyDetail, MyCompany as MyCompanyAnswer } from '@toolworks/contract/companies';
import type { Order } from '@toolworks/contract/orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOrder } from '@/testing/factories';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { MyCompany } from './my-company';

const session = signedInSession();
const me = 'casey@example.com';

const company: CompanyDetail = {
  _id: 'c'.repeat(24),
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '7 Dock Road, Bristol' }],
  paymentTerms: 'net-30',
  creditLimit: 5000,
  memberCount: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  members: [],
  invitations: [],
};

const mine = (role: MyCompanyAnswer['role']): MyCompanyAnswer => ({
  company,
  role,
  application: null,
});

const awaiting = (overrides: Partial<Order> = {}) =>
  buildOrder({
    status: 'awaiting_approval',
    userName: 'Bo Buyer',
    userEmail: 'bo@example.com',
    price: 1250,
    companyId: company._id,
    ...overrides,
  });

describe('My company: approvals', () => {
  it('when an approver approves an order, then it is posted, the list refreshes and a message says the buyer can pay', async () => {
    const order = awaiting();
    let waiting = [order];
    const api = fakeApi({
      'GET /api/company': () => json(mine('approver')),
      'GET /api/company/approvals': () => json(waiting),
      [`POST /api/order/${order._id}/approve`]: () => {
        waiting = [];
        return json({ ...order, status: 'unpaid' });
      },
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    const list = await screen.findByRole('list', { name: 'Orders awaiting approval' });
    expect(within(list).getByText(/Bo Buyer \(bo@example.com\)/)).toBeInTheDocument();
    expect(within(list).getByText('$1,250.00')).toBeInTheDocument();
    // An approver sees approvals, not the company's orders nor its members.
    expect(screen.queryByRole('heading', { name: 'Company orders' })).not.toBeInTheDocument();
    expect(api.requestsTo('/api/company/orders')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Approve order ${order.number}` }));
    expect(
      await screen.findByText(`Order ${order.number} approved: Bo Buyer can now pay`),
    ).toBeInTheDocument();
    expect(await screen.findByText('No orders are waiting for approval.')).toBeInTheDocument();
    expect(api.requestsTo(`/api/order/${order._id}/approve`)).toHaveLength(1);
  });

  it('when an order placed on invoice is approved, then the card says on invoice and the message says it is confirmed; a credit refusal shows and it stays', async () => {
    const order = awaiting({ paymentMethod: 'invoice' });
    let credit = false;
    fakeApi({
      'GET /api/company': () => json(mine('approver')),
      'GET /api/company/approvals': () => json([order]),
      [`POST /api/order/${order._id}/approve`]: () =>
        credit
          ? json({ ...order, status: 'confirmed' })
          : apiError(
              409,
              'CREDIT_LIMIT_EXCEEDED',
              "This order is above your company's remaining credit of $500.00: it still awaits approval.",
            ),
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    const list = await screen.findByRole('list', { name: 'Orders awaiting approval' });
    expect(within(list).getByText(/on invoice/)).toBeInTheDocument();
    const approve = screen.getByRole('button', { name: `Approve order ${order.number}` });
    await user.click(approve);
    expect(await screen.findByText(/remaining credit of \$500\.00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Approve order ${order.number}` })).toBeEnabled();

    credit = true;
    await user.click(screen.getByRole('button', { name: `Approve order ${order.number}` }));
    expect(
      await screen.findByText(
        `Order ${order.number} approved and confirmed on invoice: its invoice is issued`,
      ),
    ).toBeInTheDocument();
  });

  it('when a rejection is sent without a reason, then the dialog says so and nothing is sent; with one, it is posted trimmed and the dialog closes', async () => {
    const order = awaiting();
    const api = fakeApi({
      'GET /api/company': () => json(mine('company-admin')),
      'GET /api/company/approvals': () => json([order]),
      'GET /api/company/orders': () => json([order]),
      [`POST /api/order/${order._id}/reject`]: () =>
        json({ ...order, status: 'rejected', rejectionReason: 'Over budget' }),
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    const opener = await screen.findByRole('button', { name: `Reject order ${order.number}` });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: `Reject order ${order.number}?` });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(await within(dialog).findByText('Give a reason for rejecting the order')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(`/api/order/${order._id}/reject`)).toHaveLength(0);

    await user.type(reason, '  Over budget  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(
      await screen.findByText(`Order ${order.number} rejected: Bo Buyer is emailed your reason`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(`/api/order/${order._id}/reject`)[0]?.body).toEqual({
      reason: 'Over budget',
    });
    expect(opener).toHaveFocus();
  });

  it('when another approver decided first, then the refusal shows in the dialog, and Escape closes it', async () => {
    const order = awaiting();
    fakeApi({
      'GET /api/company': () => json(mine('company-admin')),
      'GET /api/company/approvals': () => json([order]),
      'GET /api/company/orders': () => json([order]),
      [`POST /api/order/${order._id}/reject`]: () =>
        apiError(409, 'ALREADY_DECIDED', 'This order was approved already'),
    });
    const { user } = renderFeature(<MyCompany email={me} />, { session });
    await user.click(await screen.findByRole('button', { name: `Reject order ${order.number}` }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Too much');
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This order was approved already',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("when a company-admin opens it, then the company's orders list every buyer's orders with their status; a buyer sees neither panel", async () => {
    const orders = [
      awaiting(),
      buildOrder({ status: 'paid', userName: 'Cy Colleague', userEmail: 'cy@example.com' }),
    ];
    fakeApi({
      'GET /api/company': () => json(mine('company-admin')),
      'GET /api/company/approvals': () => json([orders[0]]),
      'GET /api/company/orders': () => json(orders),
    });
    const { unmount } = renderFeature(<MyCompany email={me} />, { session });
    const table = await screen.findByRole('table', {
      name: 'Orders placed by the company’s members',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Bo Buyer.*bo@example.com.*Awaiting approval.*\$1,250\.00/),
      expect.stringMatching(/Cy Colleague.*cy@example.com.*Paid/),
    ]);
    unmount();

    const api = fakeApi({ 'GET /api/company': () => json(mine('buyer')) });
    renderFeature(<MyCompany email={me} />, { session });
    expect(await screen.findByText('Buyer')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Approvals' })).not.toBeInTheDocument();
    expect(api.requestsTo('/api/company/approvals')).toHaveLength(0);
  });
});
