import { expect, test } from '@playwright/test';
import { shoot } from './fixtures';

// Issue 25, Quick order: a visitor pastes lines copied from a spreadsheet (tab-separated, with
// its header row), sees each line checked against the demo catalogue, adds the good lines and
// finds them in the cart; the bad line stays in the box with its reason.

test('a visitor pastes a spreadsheet with one bad line, sees the reasons, adds the good lines and finds them in the cart', async ({
  page,
}) => {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Quick order' })
    .click();
  await expect(page.getByRole('heading', { name: 'Quick order', level: 1 })).toBeVisible();

  const box = page.getByLabel('SKUs and quantities');
  await box.fill('SKU\tQuantity\npf-drl-18\t40\nXX-NOPE-1\t5\nHT-PPW-14\t60');

  const table = page.getByRole('table', { name: 'Checked lines' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('PF-DRL-18');
  await expect(rows.nth(1)).toContainText('ProForce 18V Cordless Drill/Driver');
  // The price as the server prices 40 today: other journeys may have changed the drill's tiers.
  const check = await page.request.post('/api/quick-order/check', {
    data: { lines: [{ sku: 'PF-DRL-18', quantity: 40 }] },
  });
  const [drill] = ((await check.json()) as { lines: { lineTotal?: number }[] }).lines;
  if (drill?.lineTotal === undefined) throw new Error('the demo drill cannot be ordered');
  const dollars = drill.lineTotal.toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(rows.nth(1)).toContainText(`$${dollars}`);
  await expect(rows.nth(1)).toContainText('OK');
  await expect(rows.nth(2)).toContainText('No tool has the SKU XX-NOPE-1');
  await expect(rows.nth(3)).toContainText('18 in. Heavy-Duty Pipe Wrench');
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
  await expect(lines).toContainText('ProForce 18V Cordless Drill/Driver');
  await expect(lines).toContainText('18 in. Heavy-Duty Pipe Wrench');
  await expect(lines.getByRole('listitem')).toHaveCount(2);
});
