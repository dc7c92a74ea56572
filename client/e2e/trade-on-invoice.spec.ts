import { expect } from '@playwright/test';
import {
  apiSession,
  createAccount,
  DEMO_ADMIN,
  look,
  shoot,
  signIn,
  signOut,
  test,
  createTool,
} from './fixtures';
import { createTradeCompany, inviteToTradeCompany } from './trade-company';

// Issue 24's whole flow: a trade application, approved by the shop with net-30 terms; the
// company-admin invites a colleague, who joins through the link in the local inbox; the
// colleague's order on invoice is above their limit, so it waits; the company-admin approves it
// and it is confirmed on the company's terms (its invoice issued); the shop ships it, records the
// bank transfer, and the invoice shows paid.

test.use({ bypassCSP: true });

test('application → approval → invitation → order on invoice above the limit → approved on terms → shipped → transfer recorded → invoice paid', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const boss = await createAccount(request, 'tradeboss');
  const colleague = await createAccount(request, 'tradebuyer');
  const { name: companyName, adminApi: bossApi } = await createTradeCompany(request, boss, {
    name: 'Invoice Flow Works',
    terms: { paymentTerms: 'net-30', creditLimit: 1_000_000 },
  });
  const adminApi = await apiSession(request, DEMO_ADMIN);

  // The colleague joins through the invitation link, in the browser.
  const token = await inviteToTradeCompany(request, bossApi, companyName, colleague.email);
  await signIn(page, colleague);
  await page.goto(`/invitations/${token}`);
  await page.getByRole('button', { name: `Join ${companyName}` }).click();
  await expect(page.getByRole('link', { name: 'Open My company' })).toBeVisible();
  await signOut(page);

  // A $1 limit per order: whatever the tool costs, the colleague's order waits for approval.
  const limited = await request.patch(
    `/api/company/members/${encodeURIComponent(colleague.email.toLowerCase())}`,
    { headers: bossApi, data: { spendingLimitPerOrder: 1 } },
  );
  expect(limited.ok()).toBe(true);
  const colleagueApi = await apiSession(request, colleague);
  const tool = await createTool(request, { name: 'Wire Stripper' });
  const cart = await request.put(`/api/cart/${tool._id}`, {
    headers: colleagueApi,
    data: { quantity: tool.MinimumOrderQuantity },
  });
  const { total } = (await cart.json()) as { total: number };
  const placed = await request.post('/api/checkout', {
    headers: colleagueApi,
    data: {
      userPhone: '+44 117 496 0001',
      userAddress: 'Unit 7, Dock Road, Bristol BS2 0XX',
      expectedTotal: total,
      paymentMethod: 'invoice',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { _id: string; number: string; status: string };
  expect(order.status).toBe('awaiting_approval');

  // The company-admin approves on My company: the order is confirmed on the company's terms.
  await signIn(page, boss);
  await page.goto('/dashboard/my-company#approvals');
  const approvals = page.getByRole('list', { name: 'Orders awaiting approval' });
  await expect(approvals.getByText(/on invoice/)).toBeVisible();
  await look(page, 'approvals-on-invoice');
  await page.getByRole('button', { name: `Approve order ${order.number}` }).click();
  await expect(
    page.getByText(
      `Order ${order.number} approved and confirmed on invoice: its invoice is issued`,
    ),
  ).toBeVisible();
  const confirmed = await request.get(`/api/order/${order._id}`, { headers: colleagueApi });
  expect(((await confirmed.json()) as { status: string }).status).toBe('confirmed');
  await page.reload();
  const invoicesPanel = page.getByRole('region', { name: 'Invoices' });
  const row = invoicesPanel.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText('Open');
  await signOut(page);

  // The shop ships it before it is paid, then records the bank transfer.
  const shipped = await request.patch(`/api/order/${order._id}/ship`, {
    headers: adminApi,
    data: { carrier: 'DHL', trackingNumber: 'JD0002' },
  });
  expect(shipped.status()).toBe(200);
  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/invoices');
  const adminRow = page.getByRole('row').filter({ hasText: companyName });
  await expect(adminRow).toContainText('Open');
  const balance = (await adminRow.getByRole('cell').nth(4).innerText()).replace(/[$,]/g, '');
  await adminRow.getByRole('button', { name: /^Record payment/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount received ($)').fill(balance);
  await dialog.getByLabel('Bank reference').fill('BACS FLOW-1');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(adminRow).toContainText('Paid');
  await signOut(page);

  await signIn(page, boss);
  await page.goto('/dashboard/my-company');
  await expect(row).toContainText('Paid');
  await shoot(page, 'trade-invoice-paid');
});
