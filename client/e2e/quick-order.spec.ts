import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createTool, shoot } from './fixtures';

// Issue 25, Quick order: a visitor pastes lines copied from a spreadsheet (tab-separated, with
// its header row), sees each line checked against the catalogue, adds the good lines and finds
// them in the cart; the bad line stays in the box with its reason. The two good SKUs are tools of
// the journey's own, so no other journey's sale or price change reaches the lines it checks.

test('a visitor pastes a spreadsheet with one bad line, sees the reasons, adds the good lines and finds them in the cart', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const drill = await createTool(page.request, {
    name: 'Impact Drill',
    sku: `E2E-QD-${tag}`,
    MinimumOrderQuantity: 10,
    priceTiers: [{ minQuantity: 40, price: 11.25 }],
  });
  const wrench = await createTool(page.request, { name: 'Box Wrench', sku: `E2E-QW-${tag}` });
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Quick order' })
    .click();
  await expect(page.getByRole('heading', { name: 'Quick order', level: 1 })).toBeVisible();

  const box = page.getByLabel('SKUs and quantities');
  await box.fill(`SKU\tQuantity\n${drill.sku.toLowerCase()}\t40\nXX-NOPE-1\t5\n${wrench.sku}\t60`);

  const table = page.getByRole('table', { name: 'Checked lines' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(drill.sku);
  await expect(rows.nth(1)).toContainText(drill.name);
  // 40 at the drill's volume price of $11.25.
  await expect(rows.nth(1)).toContainText('$450.00');
  await expect(rows.nth(1)).toContainText('OK');
  await expect(rows.nth(2)).toContainText('No tool has the SKU XX-NOPE-1');
  await expect(rows.nth(3)).toContainText(wrench.name);
  await expect(page.getByRole('status')).toContainText('2 lines ready, 1 line to fix.');
  await shoot(page, 'quick-order-checked');

  await page.getByRole('button', { name: /^Add 2 lines to cart/ }).click();
  await expect(page.getByText('2 lines added to your cart.')).toBeVisible();
  await expect(box).toHaveValue('XX-NOPE-1\t5');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('No tool has the SKU XX-NOPE-1');
  await shoot(page, 'quick-order-after-add');

  await page.getByRole('link', { name: 'Go to the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Cart lines' });
  await expect(lines).toContainText(drill.name);
  await expect(lines).toContainText(wrench.name);
  await expect(lines.getByRole('listitem')).toHaveCount(2);
});
