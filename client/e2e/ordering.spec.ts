import path from 'node:path';
import { expect } from '@playwright/test';
import { bearer, CLOCK, createTool, letTimePass, orderCard, shoot, signIn, test } from './fixtures';

// The ordering journey on the real shop: sign in as the demo customer, buy a tool, find the order
// in My Orders, cancel it, and see the stock back. Screens go to test-results/screens/.
const screens = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screens');

interface Tool {
  _id: string;
  name: string;
  availableQuantity: number;
  MinimumOrderQuantity: number;
}

test('a customer buys a tool, finds the order in My Orders, cancels it and the stock comes back', async ({
  customerAccount,
  page,
  request,
}) => {
  // Its own: no other journey's order moves the stock this journey counts.
  const tool = await createTool(request, { name: 'Drum Sander' });
  const stock = tool.availableQuantity;
  const availability = (n: number) =>
    page.locator('dd', { hasText: new RegExp(`^${n.toLocaleString('en-US')}$`) });

  await signIn(page, customerAccount);
  await page.goto(`/purchase/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue(
    String(tool.MinimumOrderQuantity),
  );
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(customerAccount.email);

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  const quantity = tool.MinimumOrderQuantity + 1;
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Forge Lane, Sheffield S1 2AB');
  await shoot(page, 'purchase');
  await page.getByRole('button', { name: 'Buy Now' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Your Order added successfully!!' }),
  ).toBeVisible();
  // The form starts again from My Profile's details (the demo customer has a saved phone).
  await expect(page.getByRole('textbox', { name: 'Phone' })).not.toHaveValue('+1 555 0100');
  await expect(availability(stock - quantity)).toBeVisible();
  // No dead end after Buy Now: the order can be paid or looked up from here.
  await expect(page.getByRole('link', { name: 'Pay now' })).toBeVisible();
  await shoot(page, 'purchase-placed');
  await page.getByRole('link', { name: 'View my orders' }).click();

  await expect(page).toHaveURL('/dashboard/my-orders');
  const order = page.getByRole('article').filter({ hasText: tool.name }).first();
  await expect(order).toBeVisible();
  await expect(order.getByText(`${quantity.toLocaleString('en-US')} × ${tool.name}`)).toBeVisible();
  await expect(order.getByText('Unpaid')).toBeVisible();
  await expect(order.getByText(/Stock reserved until/)).toBeVisible();
  const orderId = ((await order.getByRole('link').first().getAttribute('href')) ?? '')
    .split('/')
    .at(-1) as string;
  await shoot(page, 'my-orders');

  await order.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(screens, 'my-orders-cancel-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(dialog).toBeHidden();
  // Cancelling keeps the order, shown as cancelled; it can only be ordered again.
  await expect(orderCard(page, orderId).getByText('Cancelled')).toBeVisible();
  await expect(orderCard(page, orderId).getByRole('button')).toHaveText(['Order again']);

  await page.goto(`/purchase/${tool._id}`);
  await expect(availability(stock)).toBeVisible();
  const after = (await (await request.get(`/api/tool/${tool._id}`)).json()) as Tool;
  expect(after.availableQuantity).toBe(stock);
});

test(
  "an expired order's payment page says why it cannot be paid, and Order again fills the cart with its lines",
  CLOCK,
  async ({ customerAccount, page, request }) => {
    const first = await createTool(request, { name: 'Step Drill' });
    const second = await createTool(request, { name: 'Coping Saw' });

    await signIn(page, customerAccount);
    await page.goto('/cart');
    const auth = await bearer(page);
    // Start from an empty cart, then place one order of two lines.
    for (const line of (
      (await (await page.request.get('/api/cart', { headers: auth })).json()) as {
        items: { toolId: string }[];
      }
    ).items)
      await page.request.delete(`/api/cart/${line.toolId}`, { headers: auth });
    for (const tool of [first, second])
      await page.request.put(`/api/cart/${tool._id}`, {
        headers: auth,
        data: { quantity: tool.MinimumOrderQuantity },
      });
    const cart = (await (await page.request.get('/api/cart', { headers: auth })).json()) as {
      total: number;
    };
    const placed = await page.request.post('/api/checkout', {
      headers: auth,
      data: {
        userPhone: '+1 555 0100',
        userAddress: '12 Forge Lane, Sheffield',
        expectedTotal: cart.total,
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { _id: string; number: string };

    // Its reservation ends: the shop's clock moves past the hour, as an hour would.
    await letTimePass(page.request, 61);

    await page.goto(`/dashboard/payment/${order._id}`);
    await expect(
      page.getByText(/^This order expired on .+: its reservation ended\.$/),
    ).toBeVisible();
    await expect(page.getByText(`Order ${order.number} can no longer be paid.`)).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    const lines = page.getByRole('table', { name: `Lines of order ${order.number}` });
    await expect(lines.getByRole('row')).toHaveCount(3);
    await shoot(page, 'payment-expired');

    await page.getByRole('button', { name: 'Order again' }).click();

    await expect(page).toHaveURL('/cart');
    await expect(
      page.getByText(`The tools of order ${order.number} are in your cart`),
    ).toBeVisible();
    for (const tool of [first, second]) {
      await expect(page.getByRole('link', { name: tool.name, exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: `Quantity of ${tool.name}` })).toHaveValue(
        String(tool.MinimumOrderQuantity),
      );
    }
    await shoot(page, 'cart-order-again');
  },
);
