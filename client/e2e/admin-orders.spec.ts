import fs from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { createTool, DEMO_ADMIN, orderThroughApi, shoot, signIn, test } from './fixtures';

// Manage Orders on the real shop: the admin narrows the orders by status and a tool's name, the
// choice survives a reload and Back, and Export CSV downloads exactly those orders. Then the
// dashboard at phone width: the current tab is in view and the strip says it scrolls.

const orderRow = (page: Page, number: string) => page.getByRole('row').filter({ hasText: number });

test('the admin filters orders by status and a tool, keeps the filter through reload and Back, and exports it as CSV', async ({
  customerAccount,
  page,
  browser,
}) => {
  // The customer orders two tools of the journey's own (unpaid): no word of one name is in the
  // other, and no other journey's order holds either.
  const customer = await browser.newPage();
  await signIn(customer, customerAccount);
  const wanted = await createTool(customer.request, { name: 'Mitre Saw' });
  const other = await createTool(customer.request, { name: 'Router Plane' });
  const numberOf = async (orderId: string) =>
    (
      (await (
        await customer.request.get(`/api/order/${orderId}`, {
          headers: {
            Authorization: `Bearer ${await customer.evaluate(() => localStorage.getItem('accessToken'))}`,
          },
        })
      ).json()) as { number: string }
    ).number;
  const mine = await numberOf(await orderThroughApi(customer, wanted));
  const notMine = await numberOf(await orderThroughApi(customer, other));
  await customer.close();

  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/manage-orders');
  await page.getByRole('tab', { name: 'Unpaid' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(wanted.name.toUpperCase());
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/status=unpaid&search=/);
  await expect(orderRow(page, mine)).toBeVisible();
  await expect(orderRow(page, notMine)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Unpaid' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(
    wanted.name.toUpperCase(),
  );
  await expect(orderRow(page, mine)).toBeVisible();
  await expect(orderRow(page, notMine)).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'All Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(
    wanted.name.toUpperCase(),
  );
  await expect(orderRow(page, mine)).toBeVisible();
  await expect(orderRow(page, notMine)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-unpaid-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile(await file.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Order,Placed,Status,Buyer,Company,VAT id,Email/);
  const row = lines.find((line) => line.startsWith(`${mine},`));
  expect(row).toContain(',unpaid,');
  expect(row).toContain(customerAccount.email);
  expect(row?.toLowerCase()).toContain(wanted.name.toLowerCase());
  expect(lines.some((line) => line.startsWith(`${notMine},`))).toBe(false);

  await shoot(page, 'admin-orders-filtered');
});

test('at 375 px the dashboard tab strip shows the current tab and fades the side that scrolls', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard/manage-orders?status=paid');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const current = nav.getByRole('link', { name: 'Manage Orders' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).toBeInViewport({ ratio: 1 });
  const strip = nav.locator('ul');
  await expect(strip).toHaveAttribute('data-more-before', '');
  await expect(strip).toHaveAttribute('data-more-after', '');
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeAttached();
  await page.screenshot({ path: 'test-results/screens/dashboard-tabs-admin-375.png' });
  await shoot(page, 'admin-orders-filters', [375]);

  // shoot() leaves the page at 1280 px.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  // A row at the start (not a column): later links are hidden to the right, and that side fades.
  await expect(strip).not.toHaveAttribute('data-more-before', '');
  await expect(strip).toHaveAttribute('data-more-after', '');
  await shoot(page, 'dashboard-overview', [1280, 375]);
});
