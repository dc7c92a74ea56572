import { expect, test } from '@playwright/test';
import {
  bearer,
  createAccount,
  payWithTestCard,
  signIn,
  signOut,
  look,
  createTool,
} from './fixtures';
import { sentTo, waitForMail } from './mail-inbox';
import { createTradeCompany } from './trade-company';

// Approvals (issue 24): a company-admin gives a colleague a $1 limit per order; the colleague's
// checkout goes to approval instead of payment; the company-admin approves it on My company's
// Approvals panel (told by email); the colleague then pays by card. The company itself is set up
// through the API (trade-account.spec.ts walks that part in the browser).

// axe is injected as a script tag, which the shop's Content-Security-Policy would block.
test.use({ bypassCSP: true });

test("a colleague's order above their limit awaits approval, the company-admin approves it, and the colleague pays by card", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const boss = await createAccount(request, 'boss');
  const colleague = await createAccount(request, 'colleague');
  await createTradeCompany(request, boss, {
    name: 'Approvals Works',
    members: [{ account: colleague, role: 'buyer' }],
  });

  // The boss gives the colleague a $1 limit per order on My company.
  await signIn(page, boss);
  await page.goto('/dashboard/my-company');
  const member = page.getByRole('form', { name: `Member ${colleague.email}` });
  await member.getByLabel('Limit per order ($)').fill('1');
  await member.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('No orders are waiting for approval.')).toBeVisible();
  await signOut(page);

  // The colleague checks out a tool (whatever its price, above $1): it goes to approval.
  await signIn(page, colleague);
  const tool = await createTool(page.request, { name: 'Bolt Cutter' });
  await page.request.put(`/api/cart/${tool._id}`, {
    headers: await bearer(page),
    data: { quantity: tool.MinimumOrderQuantity },
  });
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 117 496 0001');
  await page.getByRole('textbox', { name: 'Address' }).fill('Unit 7, Dock Road, Bristol BS2 0XX');
  await page.getByRole('button', { name: /^Place order/ }).click();
  const sent = page.getByRole('status').filter({ hasText: 'went to your company’s approvers' });
  await expect(sent).toBeVisible();
  await look(page, 'checkout-awaiting-approval');
  await sent.getByRole('link', { name: 'View the order' }).click();
  await expect(page.getByText('Awaiting approval', { exact: true })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').at(-1) as string;
  await expect(page.getByRole('button', { name: /^Pay Now/ })).toHaveCount(0);
  await signOut(page);

  // The boss is emailed, opens Approvals and approves.
  const request_ = await waitForMail(
    (mail) => sentTo(mail, boss.email) && mail.subject.startsWith('Approval needed'),
  );
  expect(request_.text).toContain('/dashboard/my-company#approvals');
  await signIn(page, boss);
  await page.goto('/dashboard/my-company#approvals');
  const approvals = page.getByRole('list', { name: 'Orders awaiting approval' });
  await expect(approvals.getByText(colleague.email, { exact: false })).toBeVisible();
  await look(page, 'my-company-approvals');
  await page.getByRole('button', { name: /^Reject order/ }).click();
  await expect(page.getByRole('dialog', { name: /^Reject order/ })).toBeVisible();
  await look(page, 'reject-order-dialog');
  await page.getByRole('button', { name: 'Keep it waiting' }).click();
  await page.getByRole('button', { name: /^Approve order/ }).click();
  await expect(page.getByText(/approved: .* can now pay/)).toBeVisible();
  await expect(page.getByText('No orders are waiting for approval.')).toBeVisible();
  const companyOrders = page.getByRole('table', { name: 'Orders placed by the company’s members' });
  await expect(companyOrders.getByText(colleague.email)).toBeVisible();
  await expect(companyOrders.getByText('Unpaid', { exact: true })).toBeVisible();
  await signOut(page);

  // The colleague pays by card.
  await signIn(page, colleague);
  await page.goto(`/dashboard/payment/${orderId}`);
  await payWithTestCard(page);
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
});
