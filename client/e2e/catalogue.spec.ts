import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createTool, DEMO_ADMIN, payThroughApi, shoot, signIn, test } from './fixtures';

interface Tool {
  _id: string;
  name: string;
  MinimumOrderQuantity: number;
  availableQuantity: number;
}

test('when a visitor filters and sorts the catalogue, then Back after a tool page keeps every choice', async ({
  page,
}) => {
  await page.goto('/tools');
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /Power tools/ })
    .click();
  await expect(page).toHaveURL(/\/tools\?category=power-tools$/);
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/category=power-tools&sort=price_asc/);
  await page.getByLabel('In stock only').check();
  await expect(page).toHaveURL(/category=power-tools&inStock=true&sort=price_asc/);
  await expect(page.getByText(/\d+ tools? match/)).toBeVisible();
  await shoot(page, 'catalogue-filtered');

  const cards = page.getByRole('article');
  const firstName = (await cards.first().getByRole('heading').textContent()) ?? '';
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/category=power-tools&inStock=true&sort=price_asc/);
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  await expect(page.getByLabel('In stock only')).toBeChecked();
  await expect(page.getByRole('heading', { level: 1, name: 'Power tools' })).toBeVisible();

  // Landing on a filtered URL: its HTML does not draw all tools first (only `/tools`'s does).
  const html = async (url: string) => (await page.request.get(url)).text();
  expect(await html('/tools')).toContain('<h1>All tools</h1>');
  expect(await html('/tools?category=power-tools')).not.toContain('All tools</h1>');
});

test('when a visitor searches from the home page, then the results page has the term and the box is cleared', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search tools by name' });
  await box.fill('drill');
  // The home page's own search (the header has the site-wide one too).
  await page
    .getByRole('search', { name: 'Tools' })
    .getByRole('button', { name: 'Search', exact: true })
    .click();
  await expect(page).toHaveURL(/\/tools\?search=drill$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “drill”' })).toBeVisible();
  await expect(page.getByText(/\d+ tools? match/)).toBeVisible();
  await page.goBack();
  await expect(box).toHaveValue('');
});

async function buyAndPay(request: APIRequestContext, page: Page, tool: Tool) {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  const placed = await request.post('/api/addOrderItem', {
    headers,
    data: {
      toolId: tool._id,
      quantity: tool.MinimumOrderQuantity,
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
}

test('when a buyer reviews a tool they paid for, then it shows as a verified buyer with stars, and an admin can hide it', async ({
  customerAccount,
  page,
  browser,
}) => {
  const tool = await createTool(page.request, { name: 'Feeler Gauge' });
  await signIn(page, customerAccount);
  await buyAndPay(page.request, page, tool);

  const text = `Verified review ${Date.now()}: holds its calibration.`;
  await page.goto('/dashboard/add-review');
  await page.getByLabel('What are you reviewing?').selectOption(tool._id);
  await page.getByRole('textbox', { name: 'Review' }).fill(text);
  await page.getByLabel('Ratings').fill('5');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Review added successfully!!' }),
  ).toBeVisible();

  await page.goto(`/tool/${tool._id}`);
  const review = page.getByRole('listitem').filter({ hasText: text });
  await expect(review).toBeVisible();
  await expect(review.getByText('Verified buyer')).toBeVisible();
  await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Rated .* out of 5, \d+ reviews?$/ }).first(),
  ).toBeVisible();
  await shoot(page, 'tool-page');

  const adminPage = await browser.newPage();
  await signIn(adminPage, DEMO_ADMIN);
  await adminPage.goto('/dashboard/reviews');
  const row = adminPage.getByRole('listitem').filter({ hasText: text });
  await row.getByRole('button', { name: /^Hide the review/ }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Hide' }).click();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await adminPage.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
});
