import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSession,
  createTool,
  DEMO_ADMIN,
  payThroughApi,
  SCREENS_DIR,
  shoot,
  signIn,
  test,
  type Account,
} from './fixtures';

// Add a Tool, Manage Tools, Manage Orders and the Overview on the real shop, as the demo admin.
// Screens go to test-results/screens/.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/**
 * A paid order of `account`, made through the shop's own calls as the test-mode card form makes
 * them: sign in, order, payment intent, test card, confirm.
 */
async function paidOrderOf(
  request: APIRequestContext,
  account: Account,
  toolId: string,
  quantity: number,
) {
  const headers = await apiSession(request, account);
  const placed = await request.post('/api/addOrderItem', {
    headers,
    data: {
      toolId,
      quantity,
      userName: account.name,
      userPhone: '+1 555 0100',
      userAddress: '12 Forge Lane, Sheffield',
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;
  const transactionId = await payThroughApi(request, headers, orderId);
  const paid = await request.patch(`/api/order/${orderId}`, {
    headers,
    data: { order: orderId, transactionId },
  });
  expect(paid.ok()).toBe(true);
  return { orderId, transactionId };
}

test('the admin adds a tool, finds it on home, edits it and deletes it', async ({ page }) => {
  const name = `E2E Rivet Gun ${randomUUID().slice(0, 6)}`;
  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Add a Tool' }).click();
  await expect(page).toHaveURL('/dashboard/addtool');

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Image URL').fill('javascript:alert(1)');
  await page.getByLabel('Price (USD)').fill('1.005');
  await page.getByLabel('Availability').fill('300');
  await page.getByLabel('Minimum order quantity').fill('400');
  await page
    .getByLabel('Description')
    .fill('Pneumatic rivet gun for 2.4-4.8 mm rivets, quick-change nose.');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(/Image must be an http\(s\) address/)).toBeVisible();
  await expect(page.getByText('Price can have at most 2 decimals (cents)')).toBeVisible();
  await expect(
    page.getByText('Minimum order quantity cannot be more than the availability'),
  ).toBeVisible();
  await shoot(page, 'add-tool-errors', [375]);

  await page.getByLabel('Image URL').fill('/images/tools/cordless-drill.svg');
  await page.getByLabel('Price (USD)').fill('64.90');
  await page.getByLabel('Minimum order quantity').fill('25');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Tool added successfully!!' }),
  ).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await shoot(page, 'add-tool', [1280, 375]);

  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill(name.slice(4));
  // The home page's own search (the header has the site-wide one too).
  await page
    .getByRole('search', { name: 'Tools' })
    .getByRole('button', { name: 'Search', exact: true })
    .click();
  await expect(page.getByRole('article', { name })).toContainText('$64.90');

  await page.goto('/dashboard/manageTools');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Price: $64.90')).toBeVisible();
  await shoot(page, 'manage-tools', [1280, 375]);

  await card.getByRole('link', { name: `Update ${name}` }).click();
  const form = page.getByRole('form', { name: `Update ${name}` });
  await expect(form.getByLabel('Price (USD)')).toHaveValue('64.9');
  await expect(form.getByLabel('Minimum order quantity')).toHaveValue('25');
  await form.getByLabel('Name').fill(`${name} Pro`);
  await form.getByLabel('Price (USD)').fill('69.50');
  await shoot(page, 'edit-tool', [1280]);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL('/dashboard/manageTools');
  await expect(
    page.getByRole('status').filter({ hasText: `${name} Pro was updated` }),
  ).toBeVisible();
  const updated = page.getByRole('article', { name: `${name} Pro` });
  await expect(updated.getByText('Price: $69.50')).toBeVisible();

  await updated.getByRole('button', { name: `Delete ${name} Pro` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'manage-tools-delete-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'No, keep' }).click();
  await expect(updated).toBeVisible();
  await updated.getByRole('button', { name: `Delete ${name} Pro` }).click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${name} Pro was deleted` }),
  ).toBeVisible();
  await expect(updated).toHaveCount(0);
  expect(
    (await page.request
      .get('/api/tools', { params: { search: name } })
      .then((r) => r.json())) as unknown[],
  ).toEqual([]);
});

test('the admin sees a paid order, marks it shipped, and finds the figures on the overview', async ({
  customerAccount,
  page,
  request,
}) => {
  // Sold ten thousand at a time: no other journey's tool sells as many, so it leads the best
  // sellers whatever else the shop has sold meanwhile.
  const tool = await createTool(request, {
    name: 'Rivet Box',
    price: 0.05,
    availableQuantity: 100_000,
    MinimumOrderQuantity: 10_000,
  });
  const { orderId, transactionId } = await paidOrderOf(
    request,
    customerAccount,
    tool._id,
    tool.MinimumOrderQuantity,
  );

  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.locator('.revenue-chart .recharts-wrapper')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Best sellers' }).getByText(tool.name),
  ).toBeVisible();
  await shoot(page, 'overview', [1280, 375]);

  await sidebar(page).getByRole('link', { name: 'Manage Orders' }).click();
  await page.getByRole('tab', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/manage-orders?status=paid');
  const row = page.getByRole('row').filter({ hasText: transactionId });
  await expect(row.getByText(customerAccount.name)).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await shoot(page, 'manage-orders', [1280, 375]);

  await row.getByRole('button', { name: /^Mark shipped/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is marked shipped' })).toBeVisible();
  await expect(row.getByText(/^Shipped /)).toBeVisible();
  await page.getByRole('tab', { name: 'Shipped', exact: true }).click();
  await expect(
    page.getByRole('row').filter({ hasText: transactionId }).getByText('Shipped', { exact: true }),
  ).toBeVisible();
  expect(orderId).toMatch(/^[0-9a-f]{24}$/);
});
