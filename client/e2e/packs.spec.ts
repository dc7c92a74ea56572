import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createTool, shoot } from './fixtures';

// Issue 50, packs: an admin's tool sold in packs of 100 and priced per 100. A visitor orders
// 150 by quick order: the line is rounded up to 200 with a note, goes to the cart as 200, and
// the cart says what the price is for.

test('a pack-of-100 tool ordered by quick order with 150 becomes 200 with a note, and the cart shows 200 and the pack price', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const rivets = await createTool(page.request, {
    name: 'Blind Rivets',
    sku: `E2E-PK-${tag}`,
    price: 18.9,
    MinimumOrderQuantity: 100,
    availableQuantity: 10_000,
    unit: 'C62',
    packSize: 100,
    priceBasis: 100,
  });

  await page.goto('/quick-order');
  await expect(page.getByRole('heading', { name: 'Quick order', level: 1 })).toBeVisible();
  await page.getByLabel('SKUs and quantities').fill(`${rivets.sku}, 150`);

  const table = page.getByRole('table', { name: 'Checked lines' });
  const line = table.getByRole('row').nth(1);
  await expect(line).toContainText(rivets.name);
  await expect(line).toContainText('200');
  await expect(line).toContainText('Sold in packs of 100: 150 rounded up to 200');
  await expect(line).toContainText('$18.90 / pack of 100 ($0.189 each)');
  await expect(line).toContainText('$37.80');
  await shoot(page, 'packs-quick-order');

  await page.getByRole('button', { name: 'Add 1 line to cart ($37.80)' }).click();
  await expect(page.getByText('1 line added to your cart.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();

  const lines = page.getByRole('list', { name: 'Cart lines' });
  await expect(lines).toContainText(rivets.name);
  await expect(lines.getByRole('textbox', { name: `Quantity of ${rivets.name}` })).toHaveValue(
    '200',
  );
  await expect(lines).toContainText('$18.90 / pack of 100 ($0.189 each)');
  await expect(lines).toContainText('Sold in packs of 100');
  await expect(lines).toContainText('$37.80');
  await shoot(page, 'packs-cart');
});
