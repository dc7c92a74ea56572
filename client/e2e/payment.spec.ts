import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createTool, orderCard, orderThroughApi, shoot, signIn, test } from './fixtures';

// The payment journey on the real shop with the built-in test gateway (Stripe.js cannot load
// offline): the demo customer pays one order with Stripe's success card and sees it paid in My
// Orders, then has a second order declined. Screens go to test-results/screens/.
const screens = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screens');

interface Tool {
  _id: string;
  name: string;
  price: number;
  availableQuantity: number;
  MinimumOrderQuantity: number;
}

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

async function payFromMyOrders(page: Page, tool: Tool, orderId: string) {
  await page.goto('/dashboard/my-orders');
  await orderCard(page, orderId)
    .getByRole('button', { name: /^Pay Now/ })
    .click();
  await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
  await expect(page.getByText(`Please pay for ${tool.name}`)).toBeVisible();
  await expect(page.getByText('Test mode: no real card is charged')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
}

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').pressSequentially(number.replace(/ /g, ''));
  await expect(page.getByLabel('Card number')).toHaveValue(number);
  await page
    .getByLabel('Expiry (MM/YY)')
    .pressSequentially(`12${(new Date().getFullYear() + 2) % 100}`);
  await page.getByLabel('CVC').fill('123');
}

test('a customer pays an order by card, sees it paid in My Orders, and a declined card is shown in red', async ({
  customerAccount,
  page,
  request,
}) => {
  const first = await createTool(request, { name: 'Torque Driver' });
  const second = await createTool(request, { name: 'Belt Sander' });

  await signIn(page, customerAccount);
  const paidId = await orderThroughApi(page, first);
  await payFromMyOrders(page, first, paidId);
  // The total, beside the line's total in the order's table.
  await expect(
    page.getByRole('definition').filter({
      hasText: new RegExp(
        `^${usd(first.price * first.MinimumOrderQuantity).replace(/[$.]/g, '\\$&')}$`,
      ),
    }),
  ).toBeVisible();
  await enterCard(page, '4242 4242 4242 4242');
  await shoot(page, 'payment-before');

  await page.getByRole('button', { name: 'Pay' }).click();

  const success = page
    .getByRole('status')
    .filter({ hasText: 'Congrats! Your payment is completed.' });
  await expect(success).toContainText(/TransactionID is: pi_test_[A-Za-z0-9]+/);
  // Recorded on the order (no second "paid" message repeats it: the pending line goes).
  await expect(success).not.toContainText('Recording the payment on your order');
  const transactionId = (await success.locator('.transaction-id').textContent()) ?? '';
  await shoot(page, 'payment-after');

  await page.getByRole('link', { name: 'Go to My Orders' }).click();
  const paid = orderCard(page, paidId);
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByText(transactionId)).toBeVisible();
  await expect(paid.getByRole('button', { name: /Cancel|Pay Now/ })).toHaveCount(0);
  await expect(paid.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  await page.screenshot({
    path: path.join(screens, 'payment-my-orders-paid-1280.png'),
    fullPage: true,
  });

  const declinedId = await orderThroughApi(page, second);
  await payFromMyOrders(page, second, declinedId);
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay' }).click();

  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS('color', 'rgb(180, 35, 24)');
  await shoot(page, 'payment-declined');
  const order = (await (
    await page.request.get(`/api/order/${declinedId}`, {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
      },
    })
  ).json()) as { isPaid: boolean };
  expect(order.isPaid).toBe(false);
});
