import { expect } from '@playwright/test';
import {
  bearer,
  createTool,
  DEMO_ADMIN,
  orderThroughApi,
  payThroughApi,
  shoot,
  signIn,
  test,
} from './fixtures';
import { sentTo, shootMail, waitForMail } from './mail-inbox';

// Partial shipments (issue 53) on the real shop: a customer pays for 10 of a tool with 6 in stock
// and a batch of 10 expected; the admin ships the 6 now with UPS tracking, receives the batch on
// the tool's page, finds the order under "Ready to ship", ships the other 4 with FedEx, and marks
// both shipments delivered. The buyer sees both shipments and gets two tracking emails. Screens
// go to test-results/screens/ (partial-shipment-*).

const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a backordered order ships in two parts, with two tracking emails', async ({
  customerAccount,
  browser,
  request,
}) => {
  const batch = dayFromNow(8);
  const tool = await createTool(request, {
    name: 'E2E Split Saw',
    availableQuantity: 6,
    MinimumOrderQuantity: 2,
    allowBackorders: true,
    incomingStock: [{ quantity: 10, expectedDate: batch }],
  });

  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, customerAccount);
  // 10: 6 from stock, 4 backordered from the batch.
  const id = await orderThroughApi(buyer, { _id: tool._id, MinimumOrderQuantity: 10 });
  const headers = await bearer(buyer);
  await payThroughApi(buyer.request, headers, id);
  const number = (
    (await (await buyer.request.get(`/api/order/${id}`, { headers })).json()) as {
      number: string;
    }
  ).number;

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.goto(`/dashboard/manage-orders?search=${number}`);
  const row = admin.getByRole('row').filter({ hasText: number });
  await expect(row.getByText(/^To ship: 6 now, 4 from /)).toBeVisible();
  await row.getByRole('button', { name: /^Ship 6 now/ }).click();
  const first = admin.getByRole('dialog', { name: `Ship 6 now from order ${number}?` });
  await first.getByLabel('Carrier').selectOption('UPS');
  await first.getByLabel('Tracking number').fill('1Z999AA10000000001');
  await shoot(admin, 'partial-shipment-ship-dialog');
  await first.getByRole('button', { name: 'Ship 6 now' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Part of order' })).toBeVisible();
  await expect(row.getByText('Partly shipped').first()).toBeVisible();
  await expect(row.getByText('Waiting for stock')).toBeVisible();
  await shoot(admin, 'partial-shipment-manage-orders-partly');

  const partMail = await waitForMail(
    (mail) =>
      sentTo(mail, customerAccount.email) && mail.subject === `Part of order ${number} has shipped`,
  );
  expect(partMail.text).toContain('Tracking number: 1Z999AA10000000001');
  expect(partMail.text).toMatch(/Still to come: 4 from /);
  await shootMail(admin, partMail, 'inbox-partial-shipment-first');

  // The batch arrives: received on the tool's page.
  await admin.goto(`/dashboard/manageTools/${tool._id}/edit`);
  await admin.getByRole('button', { name: /^Receive batch expected/ }).click();
  const receive = admin.getByRole('dialog', { name: 'Receive this batch?' });
  await expect(receive.getByLabel('Quantity received')).toHaveValue('10');
  await shoot(admin, 'partial-shipment-receive-batch');
  await receive.getByRole('button', { name: 'Receive batch' }).click();
  await expect(
    admin
      .getByRole('status')
      .filter({ hasText: 'Received 10: 4 go to waiting orders, 6 to stock' }),
  ).toBeVisible();

  await admin.goto('/dashboard/manage-orders?view=ready');
  await expect(admin.getByRole('heading', { name: 'Ready to ship' })).toBeVisible();
  const ready = admin.getByRole('row').filter({ hasText: number });
  await expect(ready.getByText('To ship: 4 now')).toBeVisible();
  await shoot(admin, 'partial-shipment-ready-to-ship');
  await ready.getByRole('button', { name: /^Ship 4 now/ }).click();
  const second = admin.getByRole('dialog', { name: `Ship 4 now from order ${number}?` });
  await second.getByLabel('Carrier').selectOption('FedEx');
  await second.getByLabel('Tracking number').fill('FX0000000002');
  await second.getByRole('button', { name: 'Ship 4 now' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'is marked shipped' })).toBeVisible();

  await admin.goto(`/dashboard/manage-orders?search=${number}`);
  const done = admin.getByRole('row').filter({ hasText: number });
  await done.getByRole('button', { name: `Mark shipment 1 of order ${number} delivered` }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Shipment 1 of order' })).toBeVisible();
  await done.getByRole('button', { name: `Mark shipment 2 of order ${number} delivered` }).click();
  await expect(done.getByText(/^Delivered /)).toHaveCount(2);
  await shoot(admin, 'partial-shipment-manage-orders-delivered');

  const lastMail = await waitForMail(
    (mail) => sentTo(mail, customerAccount.email) && mail.subject === `Order ${number} has shipped`,
  );
  expect(lastMail.text).toContain('FX0000000002');
  expect(lastMail.text).toMatch(/This shipment holds 4 × E2E Split Saw/);
  await shootMail(admin, lastMail, 'inbox-partial-shipment-second');

  await buyer.goto(`/dashboard/orders/${id}`);
  const shipments = buyer.getByRole('list', { name: `Shipments of order ${number}` });
  await expect(shipments.getByRole('listitem')).toHaveCount(2);
  await expect(shipments.getByRole('link', { name: /1Z999AA10000000001/ })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10000000001',
  );
  await expect(buyer.locator('.order-badge')).toHaveText('Delivered');
  await shoot(buyer, 'partial-shipment-order-page');
});
