import { expect } from '@playwright/test';
import { createTool, shoot, signIn, test } from './fixtures';

// Volume prices in the browser: the demo admin adds a tiered tool (through the API), a customer types quantities on its purchase page and the unit price, total and
// next-tier hint follow; then the customer asks for a quote on it.

test('the purchase page follows the quantity through the volume prices, and a quote can be requested', async ({
  customerAccount,
  page,
}) => {
  const tool = await createTool(page.request, {
    name: 'Tiered Clamp',
    img: '/images/tools/torque-wrench.svg',
    price: 12.5,
    description: 'Cheaper by the hundred.',
    availableQuantity: 1000,
    MinimumOrderQuantity: 10,
    priceTiers: [
      { minQuantity: 50, price: 11.9 },
      { minQuantity: 200, price: 10.75 },
    ],
  });

  await signIn(page, customerAccount);
  await page.goto(`/purchase/${tool._id}`);
  const tiers = page.getByRole('region', { name: 'Volume prices' });
  await expect(tiers.getByRole('listitem')).toHaveText([
    '10+ units: $12.50',
    '50+ units: $11.90',
    '200+ units: $10.75',
  ]);
  const unit = page.locator('.purchase-unit-price output');
  const total = page.locator('.purchase-total output');
  await expect(page.getByText('Add 40 more to pay $11.90 each and save $30.00')).toBeVisible();

  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await quantity.fill('49');
  await expect(unit).toHaveText('$12.50');
  await expect(page.getByText('Add 1 more to pay $11.90 each and save $30.00')).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('50');
  await expect(unit).toHaveText('$11.90');
  await expect(total).toHaveText('$595.00');
  await expect(page.getByText('Add 150 more to pay $10.75 each and save $230.00')).toBeVisible();
  await shoot(page, 'purchase-volume-prices');
  await quantity.fill('200');
  await expect(unit).toHaveText('$10.75');
  await expect(total).toHaveText('$2,150.00');

  await page.getByRole('button', { name: 'Request a quote' }).click();
  await page.getByLabel(`Quantity of ${tool.name}`).fill('5000');
  await page.getByLabel('Message').fill('For a site in June.');
  await page.getByLabel('Phone for the quote').fill('+1 555 0100');
  await page.getByLabel('Delivery address').fill('12 Forge Lane, Sheffield S1 2AB');
  await page.getByRole('button', { name: 'Send quote request' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Quote Q-1\d{5} requested/ }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'My Quotes' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Quotes' })).toBeVisible();
  await expect(page.getByText('requested').first()).toBeVisible();
  await shoot(page, 'my-quotes');
});
