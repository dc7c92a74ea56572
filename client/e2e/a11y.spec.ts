import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, waitForContent } from './axe';
import { createTool, DEMO_ADMIN, orderThroughApi, signIn, test } from './fixtures';

// Every page of the shop scanned with axe-core (WCAG 2.1 A/AA + best practices) as the role
// that sees it, at desktop and phone widths, once its content has loaded.
const widths = [1280, 375];

// The shop's CSP (script-src 'self') rightly refuses the injected axe script; only this spec
// lets it through, every other journey runs under the real policy.
test.use({ bypassCSP: true });

async function scan(page: Page, url: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(url);
    await waitForContent(page);
    await expectNoSeriousViolations(page, `${url} at ${width}px`);
  }
}

/** The purchase page with its quote request form open (it opens on a click). */
async function scanQuoteForm(page: Page, toolId: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/purchase/${toolId}`);
    await waitForContent(page);
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await expect(page.getByRole('button', { name: 'Send quote request' })).toBeVisible();
    await expectNoSeriousViolations(page, `the quote request form at ${width}px`);
  }
}

test('when a visitor opens the public and sign-in pages, then axe finds nothing serious', async ({
  page,
}) => {
  // Eleven pages, each loaded and scanned at two widths: 40-55 s beside another journey.
  test.slow();
  for (const url of [
    '/',
    '/blogs',
    '/my-portfolio',
    '/no-such-page',
    '/login',
    '/signup',
    '/forgot',
    '/cart',
    '/tools',
    '/tools?search=zzz-no-match',
  ]) {
    await scan(page, url);
  }
  await scan(page, `/tool/${(await createTool(page.request, { name: 'Jig Saw' }))._id}`);
});

test('when the customer opens purchase, payment and their dashboard, then axe finds nothing serious', async ({
  customerAccount,
  page,
}) => {
  // Thirteen pages, each loaded and scanned: 45-58 s on a quiet 2-core machine.
  test.slow();
  await signIn(page, customerAccount);
  const tool = await createTool(page.request, { name: 'Jig Saw' });
  await scan(page, `/purchase/${tool._id}`);

  const orderId = await orderThroughApi(page, tool);
  await scan(page, `/dashboard/payment/${orderId}`);
  await scan(page, `/dashboard/orders/${orderId}`);
  await scan(page, '/cart');
  await scan(page, '/checkout');

  for (const url of [
    '/dashboard',
    '/dashboard/my-orders',
    '/dashboard/my-profile',
    '/dashboard/add-review',
    '/quick-order',
    '/dashboard/saved-lists',
    // No company yet: the application for a trade account.
    '/dashboard/my-company',
  ]) {
    await scan(page, url);
  }
});

test('when the customer asks for a quote and opens My Quotes, then axe finds nothing serious', async ({
  customerAccount,
  page,
}) => {
  await signIn(page, customerAccount);
  const tool = await createTool(page.request, { name: 'Dial Gauge' });
  await scanQuoteForm(page, tool._id);
  // A quote in the list, so its card is scanned too.
  const quote = await page.request.post('/api/quotes', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
    },
    data: {
      items: [{ toolId: tool._id, quantity: tool.MinimumOrderQuantity }],
      message: 'For the axe scan.',
      userPhone: '+1 555 0100',
      userAddress: '12 Forge Lane, Sheffield S1 2AB',
    },
  });
  expect(quote.status()).toBe(201);
  await scan(page, '/dashboard/my-quotes');
});

test('when the admin opens the admin dashboard pages, then axe finds nothing serious', async ({
  page,
}) => {
  // Twelve pages, each loaded and scanned at two widths: 50-65 s beside another journey.
  test.slow();
  await signIn(page, DEMO_ADMIN);
  for (const url of [
    '/dashboard',
    '/dashboard/users',
    '/dashboard/addtool',
    '/dashboard/manageTools',
    '/dashboard/manage-orders',
    '/dashboard/reviews',
    '/dashboard/quotes',
    '/dashboard/failed-emails',
    '/dashboard/failed-documents',
    '/dashboard/returns',
    '/dashboard/catalogue-import',
    '/dashboard/companies',
    '/dashboard/invoices',
    '/dashboard/tax',
  ]) {
    await scan(page, url);
  }
});
