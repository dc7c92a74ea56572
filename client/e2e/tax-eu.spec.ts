import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSession,
  bearer,
  createAccount,
  createTool,
  DEMO_ADMIN,
  look,
  payWithTestCard,
  signIn,
  signOut,
  test,
  type Account,
} from './fixtures';
import { pdfText } from './mail-inbox';
import { createTradeCompany } from './trade-company';

// Issue 51 on the journeys' second shop, a German seller (SELLER_COUNTRY=DE, playwright.config.ts):
// its prices are net and each line's tax is decided where the order ships.
// bypassCSP: the accessibility scan (axe) is injected as an inline script.
test.use({ baseURL: process.env.E2E_TAX_SHOP_URL, bypassCSP: true });

const FRENCH_VAT_ID = 'FR40303265045';

/**
 * A buyer of the journey's own (a company's admin, kept as trade journeys keep theirs) of a French
 * company, with the journey's own tool (10 x $25.00) in the cart.
 */
async function frenchBuyerWithCart(request: APIRequestContext) {
  const buyer: Account = await createAccount(request, 'achat');
  const tool = await createTool(request, {
    name: 'Ratchet Set',
    price: 25,
    MinimumOrderQuantity: 10,
  });
  const company = await createTradeCompany(request, buyer, {
    name: 'Outils de Lyon',
    vatId: FRENCH_VAT_ID,
  });
  const put = await request.put(`/api/cart/${tool._id}`, {
    headers: await apiSession(request, buyer),
    data: { quantity: 10 },
  });
  expect(put.ok(), 'the cart line').toBe(true);
  return { buyer, company };
}

/** Checks out to France and places the order; its id. */
async function checkOutToFrance(page: Page, expected: { rows: RegExp; total: string }) {
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+33 4 72 00 00 00');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 rue de la Charité, 69002 Lyon');
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  // No country saved in the profile: the shop's own until the buyer chooses.
  await expect(shipTo.getByRole('option', { name: "The shop's country (Germany)" })).toBeAttached();
  await shipTo.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'France' });
  const totals = page.getByRole('complementary').getByRole('status');
  await expect(totals).toContainText(expected.rows);
  await expect(totals).toContainText(`Total to pay${expected.total}`);
  return totals;
}

test.describe('a German seller', () => {
  test('a French company whose VAT ID the admin verified by hand buys at 0%, "Intra-Community supply"', async ({
    page,
    request,
  }) => {
    const { buyer, company } = await frenchBuyerWithCart(request);

    // No VIES in development: the admin records the verification on the company's page.
    await signIn(page, DEMO_ADMIN);
    await page.goto(`/dashboard/companies/${company.companyId}`);
    const vat = page.getByRole('region', { name: 'VAT ID' });
    await vat.getByRole('textbox', { name: 'Note' }).fill('Checked on the VIES website by phone.');
    await vat.getByRole('button', { name: 'Record manual verification' }).click();
    await expect(vat.getByText(/Verified by hand by/)).toBeVisible();
    await signOut(page);

    await signIn(page, buyer);
    await checkOutToFrance(page, {
      rows: /0% — Intra-Community supply on \$250\.00\s*\$0\.00/,
      total: '$250.00',
    });
    await look(page, 'tax-eu-checkout-intra-community');
    await page.getByRole('button', { name: 'Place order ($250.00)' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}/);
    const orderId = /payment\/([0-9a-f]{24})/.exec(page.url())![1]!;

    // Paid by card on the payment page: its invoice is issued, and says why it is 0%.
    await payWithTestCard(page);
    const invoice = await page.request.get(`/api/order/${orderId}/invoice.pdf`, {
      headers: await bearer(page),
    });
    expect(invoice.ok(), 'the invoice PDF').toBe(true);
    const text = await pdfText(await invoice.body());
    for (const expected of [
      'VAT ID: DE136695976',
      `VAT ID: ${FRENCH_VAT_ID}`,
      '0%: Intra-Community supply',
      'Intra-Community supply, 0% on $250.00',
      'Article 138',
    ])
      expect(text, 'the invoice').toContain(expected);

    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page.getByRole('list', { name: /^Lines of order/ })).toContainText(
      '0% — Intra-Community supply',
    );
    await expect(page.getByText('France', { exact: true })).toBeVisible();
    await expect(page.getByText(FRENCH_VAT_ID, { exact: true })).toBeVisible();
    await expect(page.locator('.order-total')).toHaveText('Total $250.00');
    await look(page, 'tax-eu-order-intra-community');
  });

  test('the same kind of company before any verification pays German VAT, 19%, on top of the net price', async ({
    page,
    request,
  }) => {
    const { buyer } = await frenchBuyerWithCart(request);

    await signIn(page, buyer);
    await checkOutToFrance(page, {
      rows: /VAT 19% on \$250\.00\s*\$47\.50/,
      total: '$297.50',
    });
    await look(page, 'tax-eu-checkout-german-vat');
    await page.getByRole('button', { name: 'Place order ($297.50)' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}/);
    const orderId = /payment\/([0-9a-f]{24})/.exec(page.url())![1]!;

    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page.getByRole('list', { name: /^Lines of order/ })).toContainText('VAT 19%');
    await expect(page.locator('.order-total')).toHaveText('Total $297.50');
  });
});
