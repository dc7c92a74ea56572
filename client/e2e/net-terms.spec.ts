import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createAccount,
  DEMO_ADMIN,
  bearer,
  shoot,
  signIn,
  signOut,
  look,
  createTool,
} from './fixtures';
import { createTradeCompany } from './trade-company';

// Payment on invoice: a company with net-30 terms buys on invoice at checkout, the admin ships
// the confirmed order before it is paid, records the bank transfer on Invoices, and the company
// admin sees the invoice paid in My company. Screens at 1280 and 375 px, scanned with axe.

test.use({ bypassCSP: true });

test('a company on net-30 pays on invoice, the admin ships and records the transfer, the invoice is paid', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await createAccount(request, 'terms');
  const { name: companyName } = await createTradeCompany(request, buyer, {
    name: 'Net Terms Works',
    terms: { paymentTerms: 'net-30', creditLimit: 1_000_000 },
  });

  // The buyer's cart: a tool of the journey's own at its minimum, priced by the server.
  await signIn(page, buyer);
  const tool = await createTool(page.request, { name: 'Tile Cutter' });
  const put = await page.request.put(`/api/cart/${tool._id}`, {
    headers: await bearer(page),
    data: { quantity: tool.MinimumOrderQuantity },
  });
  expect(put.ok()).toBe(true);

  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Pay on invoice (Net 30)' }).check();
  await page.getByLabel('Phone').fill('+44 117 496 0000');
  await page.getByRole('textbox', { name: 'Address' }).fill('Unit 7, Dock Road, Bristol BS2 0XX');
  await expectPaymentLikeDelivery(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectPaymentLikeDelivery(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await look(page, 'checkout-pay-on-invoice');
  await page.getByRole('button', { name: /^Place order on invoice/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\//);
  await expect(page.getByText('On invoice').first()).toBeVisible();
  const orderId = page.url().split('/').pop()!;
  await signOut(page);

  await signIn(page, DEMO_ADMIN);
  const shipped = await page.request.patch(`/api/order/${orderId}/ship`, {
    headers: await bearer(page),
    data: { carrier: 'DHL', trackingNumber: 'JD0001' },
  });
  expect(shipped.status()).toBe(200);
  await page.goto('/dashboard/invoices');
  const row = page.getByRole('row').filter({ hasText: companyName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Open');
  await look(page, 'admin-invoices');
  const balance = (await row.getByRole('cell').nth(4).innerText()).replace(/[$,]/g, '');
  await row.getByRole('button', { name: /^Record payment/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount received ($)').fill(balance);
  await dialog.getByLabel('Bank reference').fill('BACS 2026-11');
  await shoot(page, 'record-payment-dialog');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Paid');
  await signOut(page);

  await signIn(page, buyer);
  await page.goto('/dashboard/my-company');
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText('Paid', { exact: true })).toBeVisible();
  await look(page, 'my-company-invoices');
});

/**
 * The Payment legend reads as the Delivery heading does and starts where the fields start; its
 * radios are as large as the text.
 */
async function expectPaymentLikeDelivery(page: Page) {
  const delivery = page.getByRole('heading', { name: 'Delivery' });
  const payment = page.getByRole('group', { name: 'Payment' });
  const legend = payment.locator('legend');
  const looks = (l: Locator) =>
    l.evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.fontFamily, s.fontSize, s.fontWeight, s.lineHeight, s.letterSpacing, s.color];
    });
  expect(await looks(legend)).toEqual(await looks(delivery));
  const left = async (l: Locator) => Math.round((await l.boundingBox())!.x);
  const edge = await left(page.getByLabel('Phone'));
  expect(await left(delivery)).toBe(edge);
  expect(await left(payment)).toBe(edge);
  expect(await left(legend)).toBe(edge);
  const card = payment.getByRole('radio', { name: 'Card, paid now' });
  expect(await left(card)).toBe(edge);
  // Drawn at the text's size (1.25rem), not the browser's 13 px.
  expect(Math.round((await card.boundingBox())!.width)).toBe(20);
}
