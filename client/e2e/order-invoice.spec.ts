import { expect } from '@playwright/test';
import { expectNoSeriousViolations, waitForContent } from './axe';
import { apiSession, createAccount, shoot, signIn, submitTestCard, test } from './fixtures';
import { createTradeCompany, placeOrderOnInvoice } from './trade-company';

// A buyer of a net-30 company orders on invoice, then finds the invoice on the order's own page
// and pays it by card there, without waiting for the company-admin.

test.use({ bypassCSP: true });

test("a company's buyer pays the invoice of their order by card from the order page", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boss = await createAccount(request, 'order-inv-admin');
  const buyer = await createAccount(request, 'order-inv-buyer');
  await createTradeCompany(request, boss, {
    name: 'Order Invoice Works',
    terms: { paymentTerms: 'net-30', creditLimit: 1_000_000 },
    members: [{ account: buyer, role: 'buyer' }],
  });

  const order = await placeOrderOnInvoice(request, await apiSession(request, buyer));

  await signIn(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  const invoice = page.getByRole('region', { name: /^Invoice INV-/ });
  await expect(invoice).toContainText('Open');
  const number = ((await invoice.getByRole('heading').first().textContent()) ?? '').replace(
    'Invoice ',
    '',
  );
  await invoice.getByRole('button', { name: 'Pay by card' }).click();
  const panel = page.getByRole('region', { name: `Pay invoice ${number} by card` });
  await expect(panel.getByText('Test mode: no real card is charged')).toBeVisible();
  await waitForContent(page);
  await shoot(page, 'order-invoice-pay-by-card');
  await expectNoSeriousViolations(page, 'order-invoice-pay-by-card');
  await submitTestCard(panel);
  await expect(invoice.getByText(`Invoice ${number} is paid by card. Thank you!`)).toBeVisible();
  await expect(invoice).toContainText('Paid');
  await expect(invoice.getByRole('button', { name: 'Pay by card' })).toHaveCount(0);
  await shoot(page, 'order-invoice-paid');
});
