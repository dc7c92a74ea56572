import { expect, type Page } from '@playwright/test';
import {
  bearer,
  DEMO_ADMIN,
  orderCard,
  orderThroughApi,
  payThroughApi,
  shoot,
  signIn,
  test,
  createTool,
} from './fixtures';

// Shipping and refunds on the real shop (test gateway): the demo customer pays an order; the
// demo admin ships it with UPS tracking, the buyer sees the tracking link; the admin marks it
// delivered and then refunds it with a reason; the buyer sees it refunded. Two browser contexts,
// one per person. Screens go to test-results/screens/ (fulfilment-*).

interface Tool {
  _id: string;
  availableQuantity: number;
  MinimumOrderQuantity: number;
}

const TRACKING = '1Z999AA10123456784';

/** The customer's order of the tool's minimum, paid with the test gateway's success card. */
async function paidOrder(page: Page, tool: Tool): Promise<{ id: string; number: string }> {
  const id = await orderThroughApi(page, tool);
  const headers = await bearer(page);
  await payThroughApi(page.request, headers, id);
  const order = await page.request.get(`/api/order/${id}`, { headers });
  return { id, number: ((await order.json()) as { number: string }).number };
}

test('an admin ships with tracking, marks delivered and refunds; the buyer sees each step', async ({
  customerAccount,
  browser,
  request,
}) => {
  const tool = await createTool(request, { name: 'Chain Hoist' });

  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, customerAccount);
  const order = await paidOrder(buyer, tool);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/dashboard/manage-orders?status=paid');
  const row = admin.getByRole('row').filter({ hasText: order.number });
  await row.getByRole('button', { name: /^Mark shipped/ }).click();
  const ship = admin.getByRole('dialog', { name: `Ship order ${order.number}?` });
  await ship.getByLabel('Carrier').selectOption('UPS');
  await ship.getByLabel('Tracking number').fill(TRACKING);
  await shoot(admin, 'fulfilment-ship-dialog');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'is marked shipped' })).toBeVisible();
  const link = row.getByRole('link', { name: new RegExp(TRACKING) });
  await expect(link).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${TRACKING}`);

  await buyer.goto(`/dashboard/orders/${order.id}`);
  const facts = buyer.getByLabel(`Shipping and refund of order ${order.number}`);
  await expect(facts.getByText('UPS', { exact: true })).toBeVisible();
  await expect(facts.getByRole('link', { name: new RegExp(TRACKING) })).toHaveAttribute(
    'href',
    `https://www.ups.com/track?tracknum=${TRACKING}`,
  );
  await expect(buyer.locator('.order-badge')).toHaveText('Shipped');
  await shoot(buyer, 'fulfilment-order-shipped');

  await row.getByRole('button', { name: /^Mark delivered/ }).click();
  await admin
    .getByRole('alertdialog', { name: 'Mark this order delivered?' })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(row.getByText(/^Delivered /)).toBeVisible();

  await row.getByRole('button', { name: /^Refund order/ }).click();
  const refund = admin.getByRole('dialog', { name: `Refund order ${order.number}?` });
  await expect(refund).toContainText('its stock is not returned');
  await refund.getByLabel('Reason (optional)').fill('Arrived damaged; the buyer keeps no parts');
  await shoot(admin, 'fulfilment-refund-dialog');
  await refund.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'is refunded' })).toBeVisible();
  await expect(row.getByText(/^Refund id: re_test_/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download credit note' })).toBeVisible();
  await shoot(admin, 'fulfilment-manage-orders-refunded');

  await buyer.goto('/dashboard/my-orders');
  const card = orderCard(buyer, order.id);
  await expect(card.locator('.order-badge')).toHaveText('Refunded');
  await expect(card.getByText('Arrived damaged; the buyer keeps no parts')).toBeVisible();
  await expect(card.getByText(/^re_test_/)).toBeVisible();
  // The invoice stays as issued; the refund's credit note downloads beside it.
  await expect(card.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    card.getByRole('button', { name: 'Download credit note' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^CN-\d{4}-\d{6}\.pdf$/);
  await shoot(buyer, 'fulfilment-my-orders-refunded');
});
