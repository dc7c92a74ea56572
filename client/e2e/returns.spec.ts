import { expect } from '@playwright/test';
import {
  apiSession,
  bearer,
  createAccount,
  createTool,
  DEMO_ADMIN,
  orderThroughApi,
  payThroughApi,
  shoot,
  signIn,
  test,
} from './fixtures';
import { createTradeCompany, placeOrderOnInvoice } from './trade-company';

// Issue 53 on the real shop (test gateway): a buyer returns 2 of 10 delivered units of a card
// order, the admin approves, receives and refunds them in part with a credit note; and an order
// on invoice gets a credit that lowers its invoice's balance. Screens: test-results/screens/returns-*.

test('a return of 2 of 10 units on a card order is refunded in part with a credit note', async ({
  customerAccount,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tool = await createTool(request, {
    name: 'Torque Wrench',
    price: 12.5,
    MinimumOrderQuantity: 10,
  });
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, customerAccount);
  const id = await orderThroughApi(buyer, tool);
  await payThroughApi(buyer.request, await bearer(buyer), id);
  const admin = await apiSession(request, DEMO_ADMIN);
  expect((await request.patch(`/api/order/${id}/ship`, { headers: admin })).status()).toBe(200);
  expect((await request.patch(`/api/order/${id}/deliver`, { headers: admin })).status()).toBe(200);

  await buyer.goto(`/dashboard/orders/${id}`);
  const section = buyer.getByRole('region', { name: 'Returns and refunds' });
  await section.getByRole('button', { name: 'Request a return' }).click();
  const form = section.getByRole('form', { name: 'Request a return' });
  await form.getByLabel(/^Units of Torque Wrench/).fill('2');
  await form.getByLabel('Reason').fill('Ordered two too many');
  await shoot(buyer, 'returns-request');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(section.getByText('Your return is requested')).toBeVisible();
  await expect(section.getByText('Return requested')).toBeVisible();

  const desk = await (await browser.newContext()).newPage();
  await signIn(desk, DEMO_ADMIN);
  await desk.goto('/dashboard/returns?status=requested');
  const row = desk.getByRole('row').filter({ hasText: customerAccount.email.toLowerCase() });
  await expect(row.first()).toBeVisible();
  await shoot(desk, 'returns-admin-requested');
  await row
    .first()
    .getByRole('button', { name: /^Approve return/ })
    .click();
  await expect(desk.getByRole('status').filter({ hasText: 'is approved' })).toBeVisible();
  await desk.goto('/dashboard/returns?status=approved');
  const approved = desk.getByRole('row').filter({ hasText: customerAccount.email.toLowerCase() });
  await approved
    .first()
    .getByRole('button', { name: /^Mark goods received/ })
    .click();
  await expect(desk.getByRole('status').filter({ hasText: 'is received' })).toBeVisible();
  await desk.goto('/dashboard/returns?status=received');
  const received = desk.getByRole('row').filter({ hasText: customerAccount.email.toLowerCase() });
  await received
    .first()
    .getByRole('button', { name: /^Refund return/ })
    .click();
  await expect(desk.getByRole('status').filter({ hasText: 'is refunded' })).toBeVisible();

  await buyer.reload();
  await expect(section.getByText('Refunded $25.00 of $125.00.')).toBeVisible();
  await expect(section.getByText('Return refunded')).toBeVisible();
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    section.getByRole('button', { name: /^Download credit note CN-/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^CN-\d{4}-\d{6}\.pdf$/);
  await shoot(buyer, 'returns-order-refunded');
  const order = await buyer.request.get(`/api/order/${id}`, { headers: await bearer(buyer) });
  expect(((await order.json()) as { status: string }).status).toBe('delivered');
});

test('a credit note on an order on invoice lowers its balance', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyerAccount = await createAccount(request, 'credit');
  const { name: companyName } = await createTradeCompany(request, buyerAccount, {
    name: 'Credit Note Works',
    terms: { paymentTerms: 'net-30', creditLimit: 1_000_000 },
  });
  const order = await placeOrderOnInvoice(request, await apiSession(request, buyerAccount));

  await signIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/manage-orders?search=${encodeURIComponent(order.number)}`);
  const row = page.getByRole('row').filter({ hasText: order.number });
  await row.getByRole('button', { name: /^Credit order/ }).click();
  const dialog = page.getByRole('dialog', { name: `Credit part of order ${order.number}` });
  await expect(dialog.getByText(/Left to refund: \$/)).toBeVisible();
  await dialog.getByRole('radio', { name: 'A sum' }).check();
  await dialog.getByLabel('Amount ($, tax included)').fill('5.00');
  await dialog.getByLabel('Reason').fill('Price match');
  await shoot(page, 'returns-credit-dialog');
  await dialog.getByRole('button', { name: 'Credit' }).click();
  await expect(page.getByRole('status').filter({ hasText: '$5.00 credited' })).toBeVisible();

  await page.goto('/dashboard/invoices');
  const invoice = page.getByRole('row').filter({ hasText: companyName });
  await expect(invoice).toBeVisible();
  const summary = await page.request.get(`/api/order/${order._id}/refunds`, {
    headers: await bearer(page),
  });
  const refunds = (await summary.json()) as {
    paidCents: number;
    creditNotes: { number: string }[];
  };
  expect(refunds.creditNotes).toHaveLength(1);
  const balance = ((refunds.paidCents - 500) / 100).toFixed(2);
  await expect(invoice).toContainText(`$${balance}`);
  await shoot(page, 'returns-invoice-credited');
});
