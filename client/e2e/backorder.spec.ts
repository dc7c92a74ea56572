import { expect } from '@playwright/test';
import { createTool, shoot, signIn, test } from './fixtures';
import { sentTo, shootMail, waitForMail } from './mail-inbox';

// Backorders on the real shop: the admin records a lead time and an incoming batch on a tool of
// its own, a customer orders beyond its stock, and the order page and the "order placed" email
// in the local inbox say what ships now and on the promised date. Screens go to
// test-results/screens/.

/** `YYYY-MM-DD`, `days` from now (UTC), and its day and month as the shop prints them. */
function dayFromNow(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const label = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(date);
  return { iso: date.toISOString().slice(0, 10), label };
}

test('a customer orders beyond stock, and the order and its email give the promised date', async ({
  customerAccount,
  page,
  request,
}) => {
  const batch = dayFromNow(12);
  const tool = await createTool(request, {
    name: 'E2E Backorder Press',
    description: 'Made to order for the backorder journey.',
    availableQuantity: 20,
    MinimumOrderQuantity: 10,
    leadTimeDays: 21,
    allowBackorders: true,
    incomingStock: [{ quantity: 50, expectedDate: batch.iso }],
  });
  const { name } = tool;

  await signIn(page, customerAccount);
  await page.goto(`/tool/${tool._id}`);
  await expect(page.getByText(`20 ship today; 50 more ship from ${batch.label}`)).toBeVisible();
  await expect(page.getByText(`the rest ship by ${dayFromNow(21).label}`)).toBeVisible();
  await shoot(page, 'backorder-tool-page');

  await page.goto(`/purchase/${tool._id}`);
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await quantity.fill('60');
  const split = `20 ship now; 40 backordered, ship from ${batch.label}`;
  await expect(page.getByText(split)).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Forge Lane, Sheffield S1 2AB');
  await shoot(page, 'backorder-purchase');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your Order added successfully!!' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'View my orders' }).click();
  const card = page.getByRole('article').filter({ hasText: name }).first();
  const href = (await card.getByRole('link').first().getAttribute('href')) ?? '';
  await page.goto(href);
  await expect(page.getByText(split)).toBeVisible();
  const number = /TW-\d+/.exec(
    (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
  )?.[0];
  expect(number).toBeTruthy();
  await shoot(page, 'backorder-order-page');

  const placed = await waitForMail(
    (mail) =>
      sentTo(mail, customerAccount.email) && mail.subject.startsWith(`Order ${number} placed`),
  );
  expect(placed.text).toContain(`Backordered:\n- ${name} (SKU ${tool.sku}): ${split}`);
  await shootMail(page, placed, 'inbox-backorder-placed');
});
