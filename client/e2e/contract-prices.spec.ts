import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { createAccount, createTool, DEMO_ADMIN, shoot, signIn, signOut, test } from './fixtures';
import { createTradeCompany } from './trade-company';

// An admin makes a contract price list on the Price lists screen and assigns it on the company's
// page; the company's buyer then sees that price, the list price struck through, on the card, the tool
// page and the cart, and the order placed on invoice keeps it, naming the list.

test("a company's buyer sees the contract price an admin set, from the card to the order", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boss = await createAccount(request, 'contract-admin');
  const company = await createTradeCompany(request, boss, {
    name: 'Contract Works',
    terms: { paymentTerms: 'net-30', creditLimit: 1_000_000 },
  });
  const sku = `CP-${randomUUID().slice(0, 6).toUpperCase()}`;
  const tool = await createTool(request, {
    name: 'Contract Bit Set',
    sku,
    price: 12.4,
    MinimumOrderQuantity: 10,
  });

  // The admin makes the list and assigns it to the company on their screens.
  const listName = `Distributor ${sku}`;
  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Price lists' })
    .click();
  await page.getByRole('link', { name: 'New price list' }).click();
  await page.getByLabel('Name').fill(listName);
  await page.getByRole('button', { name: 'Add a fixed price' }).click();
  const line = page.getByRole('group', { name: 'Line 1: fixed price' });
  await line.getByLabel('SKU').fill(sku);
  await line.getByLabel('Price ($)').fill('7.90');
  await shoot(page, 'contract-price-list-form');
  await page.getByRole('button', { name: 'Create price list' }).click();
  // Made: the list's own page opens.
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();

  const mine = await request.get('/api/company', { headers: company.adminApi });
  const { company: detail } = (await mine.json()) as { company: { _id: string } };
  await page.goto(`/dashboard/companies/${detail._id}`);
  await page.getByLabel('Add a price list').selectOption({ label: `${listName} (USD)` });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Assigned price lists, in order' })).toContainText(
    listName,
  );
  await page.getByRole('button', { name: 'Save price lists' }).click();
  await expect(page.getByText(/^Contract Works .*'s price lists saved$/)).toBeVisible();
  await shoot(page, 'contract-price-company');
  await signOut(page);

  await signIn(page, boss);
  await page.goto(`/tools?search=${encodeURIComponent(tool.name)}`);
  const card = page.getByRole('article', { name: tool.name });
  await expect(card).toContainText('Your contract price: $7.90');
  await expect(card.locator('s')).toHaveText('List price $12.40');
  await shoot(page, 'contract-price-card');

  await page.goto(`/tool/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
  await expect(page.getByText('Your contract price: $7.90')).toBeVisible();
  await shoot(page, 'contract-price-tool-page');

  const put = await request.put(`/api/cart/${tool._id}`, {
    headers: company.adminApi,
    data: { quantity: 10 },
  });
  expect(((await put.json()) as { total: number }).total).toBe(79);
  await page.goto('/cart');
  await expect(page.getByText('$79.00').first()).toBeVisible();
  await shoot(page, 'contract-price-cart');

  const placed = await request.post('/api/checkout', {
    headers: company.adminApi,
    data: {
      userPhone: '+44 117 496 0000',
      userAddress: 'Unit 7, Dock Road, Bristol BS2 0XX',
      expectedTotal: 79,
      paymentMethod: 'invoice',
    },
  });
  expect(placed.status(), 'the order on invoice').toBe(201);
  const order = (await placed.json()) as { _id: string; number: string };
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Lines of order ${order.number}` })).toContainText(
    `at $7.90 (contract price, ${listName})`,
  );
  await expect(page.getByRole('region', { name: /^Invoice INV-/ })).toContainText('$79.00');
  await shoot(page, 'contract-price-order');
});
