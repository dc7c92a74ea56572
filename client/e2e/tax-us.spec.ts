import { expect, type Page } from '@playwright/test';
import {
  apiSession,
  createAccount,
  createTool,
  DEMO_ADMIN,
  look,
  signIn,
  signOut,
  test,
} from './fixtures';
import { createTradeCompany } from './trade-company';

// Issue 51 on the journeys' third shop, a US seller shipping from New York (SELLER_COUNTRY=US,
// SELLER_STATE=NY, playwright.config.ts): sales tax where the admin says the shop has nexus, and
// none for a reseller whose resale certificate for that state is on file.
// bypassCSP: the accessibility scan (axe) is injected as an inline script.
test.use({ baseURL: process.env.E2E_US_SHOP_URL, bypassCSP: true });

/** A one-page PDF, enough for the upload's check of the file's first bytes. */
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Checks out to an address in New York and answers the totals shown before placing. */
async function checkOutToNewYork(page: Page) {
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 212 555 0100');
  await page.getByRole('textbox', { name: 'Address' }).fill('350 Fifth Avenue, New York, NY 10118');
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await shipTo.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' });
  await shipTo.getByRole('combobox', { name: 'State' }).selectOption('NY');
  return page.getByRole('complementary').getByRole('status');
}

test('a US reseller with a New York resale certificate pays no sales tax on an order shipped to New York', async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'reseller');
  const tool = await createTool(request, {
    name: 'Pipe Wrench',
    price: 25,
    MinimumOrderQuantity: 10,
  });
  const company = await createTradeCompany(request, buyer, {
    name: 'Empire Resale Supply',
    vatId: '12-3456789',
  });
  const put = await request.put(`/api/cart/${tool._id}`, {
    headers: await apiSession(request, buyer),
    data: { quantity: 10 },
  });
  expect(put.ok(), 'the cart line').toBe(true);

  // The admin records the shop's nexus in New York, then the reseller's certificate.
  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/tax');
  const nexus = page.getByRole('region', { name: 'US sales tax nexus' });
  const rows = nexus.getByRole('row', { name: /^NY/ });
  if ((await rows.count()) === 0) {
    const add = nexus.getByRole('form', { name: 'Add a state' });
    await add.getByRole('combobox', { name: 'State' }).selectOption('NY');
    await add.getByRole('spinbutton', { name: /Rate/ }).fill('8.875');
    await add.getByRole('button', { name: 'Save state' }).click();
  }
  await expect(nexus.getByRole('row', { name: /^NY/ })).toContainText('8.875');
  await look(page, 'tax-us-nexus');

  await page.goto(`/dashboard/companies/${company.companyId}`);
  const certificates = page.getByRole('region', { name: 'Resale certificates' });
  const form = certificates.getByRole('form', { name: 'Add a certificate' });
  await form.getByRole('textbox', { name: 'Certificate number' }).fill('NY-RS-2026-0042');
  await form.getByRole('combobox', { name: 'State' }).selectOption('NY');
  await form.getByLabel('Expires on').fill(`${new Date().getFullYear() + 1}-12-31`);
  await form.getByLabel('Certificate (PDF)').setInputFiles({
    name: 'resale-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: CERTIFICATE_PDF,
  });
  await form.getByRole('button', { name: 'Add certificate' }).click();
  await expect(certificates.getByRole('row', { name: /NY-RS-2026-0042/ })).toBeVisible();
  await look(page, 'tax-us-certificate');
  await signOut(page);

  await signIn(page, buyer);
  const totals = await checkOutToNewYork(page);
  await expect(totals).toContainText(/Resale exemption certificate NY-RS-2026-0042/);
  await expect(totals).toContainText('Total to pay$250.00');
  await look(page, 'tax-us-checkout-exempt');
  await page.getByRole('button', { name: 'Place order ($250.00)' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}/);
  const orderId = /payment\/([0-9a-f]{24})/.exec(page.url())![1]!;

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole('list', { name: /^Lines of order/ })).toContainText(
    'Resale exemption certificate NY-RS-2026-0042',
  );
  await expect(page.locator('.order-total')).toHaveText('Total $250.00');
});

test('a buyer without a certificate pays New York sales tax on top of the net price', async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'nybuyer');
  const tool = await createTool(request, {
    name: 'Basin Wrench',
    price: 25,
    MinimumOrderQuantity: 10,
  });
  const headers = await apiSession(request, buyer);
  await request.put(`/api/cart/${tool._id}`, { headers, data: { quantity: 10 } });
  // The shop's nexus in New York (the admin's, as the journey above records it through the page).
  const admin = await apiSession(request, DEMO_ADMIN);
  const nexus = await request.put('/api/admin/tax/nexus/NY', {
    headers: admin,
    data: { ratePercent: 8.875 },
  });
  expect(nexus.ok(), 'the nexus').toBe(true);

  await signIn(page, buyer);
  const totals = await checkOutToNewYork(page);
  // 8.875% of $250.00 is $22.1875: rounded once, on the line.
  await expect(totals).toContainText(/Sales tax 8\.875% on \$250\.00\s*\$22\.19/);
  await expect(totals).toContainText('Total to pay$272.19');
});
