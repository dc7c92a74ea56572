import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiSession, createTool, DEMO_ADMIN } from './fixtures';
import { sentTo, waitForMail } from './mail-inbox';

interface Person {
  email: string;
  password: string;
}

export interface TradeCompanyOptions {
  /** The name begins with this; a few random characters follow so that journeys never clash. */
  name?: string;
  /** The terms the shop approves it with, and the credit limit in dollars; none by default. */
  terms?: { paymentTerms: 'net-15' | 'net-30' | 'net-60'; creditLimit: number };
  /** The VAT ID it applies with; a UK one by default. */
  vatId?: string;
  /** Colleagues invited by `admin`, who accept through the link in their invitation email. */
  members?: readonly { account: Person; role: 'buyer' | 'approver' | 'company-admin' }[];
}

export interface TradeCompany {
  name: string;
  /** The company the approval made (its page is /dashboard/companies/{id}). */
  companyId: string;
  /** Bearer headers of the company-admin (the applicant). */
  adminApi: Record<string, string>;
}

/**
 * A trade company set up through the API, as the shop makes one: `admin` applies, the demo admin
 * approves (with `terms`), and `members` join through their invitations. For journeys about what
 * comes after; trade-account.spec.ts walks these steps in the browser.
 */
export async function createTradeCompany(
  request: APIRequestContext,
  admin: Person,
  { name = 'Trade Works', terms, vatId = 'GB123456789', members = [] }: TradeCompanyOptions = {},
): Promise<TradeCompany> {
  const companyName = `${name} ${randomUUID().slice(0, 4)}`;
  const adminApi = await apiSession(request, admin);
  const applied = await request.post('/api/trade-applications', {
    headers: adminApi,
    data: {
      companyName,
      vatId,
      billingAddress: '1 Quay Street, Bristol BS1 4DJ',
      deliveryAddress: 'Unit 7, Dock Road, Bristol BS2 0XX',
      phone: '+44 117 496 0000',
    },
  });
  expect(applied.status(), 'the trade application').toBe(201);
  const { _id } = (await applied.json()) as { _id: string };
  const approved = await request.post(`/api/trade-applications/${_id}/approve`, {
    headers: await apiSession(request, DEMO_ADMIN),
    data: terms ?? {},
  });
  expect(approved.status(), 'the approval').toBe(200);
  const { company } = (await approved.json()) as { company: { _id: string } };
  for (const { account, role } of members) {
    const token = await inviteToTradeCompany(request, adminApi, companyName, account.email, role);
    const accepted = await request.post(`/api/invitations/${token}/accept`, {
      headers: await apiSession(request, account),
    });
    expect(accepted.ok(), `${account.email} joins`).toBe(true);
  }
  return { name: companyName, companyId: company._id, adminApi };
}

/** The company-admin invites `email`; the token of the link in the invitation email. */
export async function inviteToTradeCompany(
  request: APIRequestContext,
  adminApi: Record<string, string>,
  companyName: string,
  email: string,
  role: 'buyer' | 'approver' | 'company-admin' = 'buyer',
): Promise<string> {
  const invited = await request.post('/api/company/invitations', {
    headers: adminApi,
    data: { email, role },
  });
  expect(invited.ok(), `the invitation of ${email}`).toBe(true);
  const invitation = await waitForMail(
    (mail) => sentTo(mail, email) && Boolean(mail.text?.includes(companyName)),
  );
  const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(invitation.text ?? '')?.[1];
  expect(token, 'the invitation link in the email').toBeTruthy();
  return token!;
}

/**
 * The buyer (`headers`) orders a tool of the journey's own at its minimum on the company's terms,
 * the total taken from the server's cart; the placed order, confirmed on those terms.
 */
export async function placeOrderOnInvoice(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<{ _id: string; number: string; status: string }> {
  const tool = await createTool(request, { name: 'Pipe Bender' });
  const put = await request.put(`/api/cart/${tool._id}`, {
    headers,
    data: { quantity: tool.MinimumOrderQuantity },
  });
  const { total } = (await put.json()) as { total: number };
  const placed = await request.post('/api/checkout', {
    headers,
    data: {
      userPhone: '+44 117 496 0000',
      userAddress: 'Unit 7, Dock Road, Bristol BS2 0XX',
      expectedTotal: total,
      paymentMethod: 'invoice',
    },
  });
  expect(placed.status(), 'the order on invoice').toBe(201);
  const order = (await placed.json()) as { _id: string; number: string; status: string };
  expect(order.status).toBe('confirmed');
  return order;
}
