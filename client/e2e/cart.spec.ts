import { expect, type Page } from '@playwright/test';
import {
  bearer,
  createTool,
  DEMO_ADMIN,
  CLOCK,
  letTimePass,
  orderCard,
  orderThroughApi,
  payWithTestCard,
  shoot,
  signIn,
  test,
} from './fixtures';

// The cart and checkout journeys (issue 13) and the trust journeys on Buy Now and expiry
// (issue 12) on the real shop with the test gateway. They need the orders branch's server
// (cart, checkout, statuses, PRICE_CHANGED, expiry).

const orderIdFromUrl = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) as string;

test('(a) a visitor fills a cart, signs in, the cart is merged, checks out and pays: the order is paid', async ({
  customerAccount,
  page,
}) => {
  // The journey's own, so the newest: the first on the home page.
  const first = await createTool(page.request, { name: 'Hex Drill' });
  const second = await createTool(page.request, { name: 'Panel Saw' });

  await page.goto('/home');
  await page.getByRole('button', { name: `Add to cart: ${first.name}` }).click();
  await page.getByRole('button', { name: `Add to cart: ${second.name}` }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await page.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await shoot(page, 'cart-visitor');

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(customerAccount.email);
  await page.getByLabel('Password').fill(customerAccount.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL('/checkout');
  const summary = page.getByRole('complementary');
  await expect(
    summary.getByText(`${first.MinimumOrderQuantity + 1} × ${first.name}`),
  ).toBeVisible();
  await expect(summary.getByText(`${second.MinimumOrderQuantity} × ${second.name}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('toolworks.cart'))).toBeNull();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Forge Lane, Sheffield S1 2AB');
  await page.getByRole('textbox', { name: 'Purchase order reference (optional)' }).fill('PO-1');
  await shoot(page, 'checkout');
  await page.getByRole('button', { name: /^Place order/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = orderIdFromUrl(page);
  await payWithTestCard(page);

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText('PO-1')).toBeVisible();
  await shoot(page, 'order-page');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
});

test('(b) Buy Now, then Pay now: the order is paid', async ({ customerAccount, page }) => {
  const tool = await createTool(page.request, { name: 'Spirit Level' });
  await signIn(page, customerAccount);
  await page.goto(`/purchase/${tool._id}`);
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Forge Lane, Sheffield S1 2AB');
  await page.getByRole('button', { name: 'Buy Now' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Your Order added successfully!!' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = orderIdFromUrl(page);
  await payWithTestCard(page);

  await page.goto('/dashboard/my-orders');
  await expect(orderCard(page, orderId).getByText('Paid', { exact: true })).toBeVisible();
  // Paid: no Cancel or Pay Now any more, the invoice instead.
  await expect(
    orderCard(page, orderId).getByRole('button', { name: /Cancel|Pay Now/ }),
  ).toHaveCount(0);
  await expect(
    orderCard(page, orderId).getByRole('button', { name: 'Download invoice' }),
  ).toBeVisible();
  await shoot(page, 'my-orders-paid');
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  await shoot(page, 'order-page-paid');
});

test('(c) the price changes between page load and Buy Now: the new total shows and Buy Now asks again', async ({
  customerAccount,
  page,
  browser,
}) => {
  // Its own: the new price reaches no other journey's total.
  const tool = await createTool(page.request, { name: 'Nail Gun' });
  await signIn(page, customerAccount);
  await page.goto(`/purchase/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();

  // The admin raises the price through the API while the customer's page is open.
  const admin = await browser.newPage();
  await signIn(admin, DEMO_ADMIN);
  const newPrice = Math.round((tool.price + 1) * 100) / 100;
  const { _id: _ignored, ...fields } = tool;
  const res = await admin.request.put(`/api/tool/${tool._id}`, {
    headers: await bearer(admin),
    data: { ...fields, price: newPrice },
  });
  expect(res.status()).toBe(200);
  await admin.close();

  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Forge Lane, Sheffield S1 2AB');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const total = (newPrice * 100 * tool.MinimumOrderQuantity) / 100;
  const usd = (n: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
  const notice = page.getByRole('alert').filter({ hasText: 'The price has changed.' });
  await expect(notice).toContainText(`${usd(newPrice)} each, so the total is ${usd(total)}`);
  await shoot(page, 'purchase-price-changed');

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your Order added successfully!!' }),
  ).toBeVisible();
});

test(
  '(d) an unpaid order whose reservation ended shows as expired in My Orders',
  CLOCK,
  async ({ customerAccount, page }) => {
    const tool = await createTool(page.request, { name: 'Heat Gun' });
    await signIn(page, customerAccount);
    const orderId = await orderThroughApi(page, tool);

    // No test can wait an hour: the shop's clock moves past the hour's reservation.
    await letTimePass(page.request, 61);

    await expect(async () => {
      await page.goto('/dashboard/my-orders');
      await expect(
        orderCard(page, orderId).getByText('Expired — the reservation ended'),
      ).toBeVisible({
        timeout: 2000,
      });
    }).toPass({ timeout: 30_000 });
    // An expired order can no longer be paid or cancelled, only ordered again.
    await expect(orderCard(page, orderId).getByRole('button')).toHaveText(['Order again']);
    await shoot(page, 'my-orders-expired');
  },
);
