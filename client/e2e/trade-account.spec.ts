import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createAccount, DEMO_ADMIN, signIn, signOut, look } from './fixtures';
import { sentTo, waitForMail } from './mail-inbox';

// A trade account from application to a colleague's membership: a new customer applies from My
// company, the admin approves on Companies, the applicant (now its company admin) invites a
// colleague, who follows the link in the email from the local inbox, signs in and joins. Each new
// page is screenshotted at 1280 and 375 px and scanned with axe.

// axe is injected as a script tag, which the shop's Content-Security-Policy would block.
test.use({ bypassCSP: true });

test('a customer applies, the admin approves, the new company admin invites a colleague who accepts from the email and sees My company', async ({
  page,
  request,
}) => {
  // Four sign-ins, six pages each shot twice and scanned with axe: more than one journey's time.
  test.setTimeout(180_000);
  const applicant = await createAccount(request, 'applicant');
  const colleague = await createAccount(request, 'colleague');
  const companyName = `Harbour Workshop ${randomUUID().slice(0, 4)}`;

  await signIn(page, applicant);
  await page.goto('/dashboard/my-company');
  await page.getByLabel('Company name').fill(companyName);
  await page.getByLabel('VAT / tax id').fill('GB123456789');
  await page.getByLabel('Billing address').fill('1 Quay Street, Bristol BS1 4DJ');
  await page.getByLabel('Delivery address').fill('Unit 7, Dock Road, Bristol BS2 0XX');
  await page.getByLabel('Phone').fill('+44 117 496 0000');
  await look(page, 'trade-application-form');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText(`Your application for ${companyName} is waiting`)).toBeVisible();
  await signOut(page);

  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/companies');
  const application = page.getByRole('group', { name: `Application from ${companyName}` });
  await expect(application).toBeVisible();
  await look(page, 'admin-companies');
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('link', { name: companyName })).toBeVisible();
  await page.getByRole('link', { name: companyName }).click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await look(page, 'admin-company');
  const approvedMail = await waitForMail(
    (mail) => sentTo(mail, applicant.email) && mail.subject.includes('is open'),
  );
  // Free text (the company's name) is in the body, never in the subject.
  expect(approvedMail.subject).not.toContain(companyName);
  expect(approvedMail.text).toContain(companyName);
  await signOut(page);

  await signIn(page, applicant);
  await page.goto('/dashboard/my-company');
  await expect(page.getByRole('heading', { level: 2, name: companyName })).toBeVisible();
  await expect(page.getByText('Company admin', { exact: true }).first()).toBeVisible();
  await page.getByLabel("Colleague's email").fill(colleague.email);
  await page.getByLabel('Their role').selectOption('buyer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${colleague.email}`)).toBeVisible();
  await expect(page.getByText(colleague.email, { exact: true })).toBeVisible();
  await look(page, 'my-company-admin');
  // On a phone each member's role reads whole ("Company admin", not "Co").
  await page.setViewportSize({ width: 375, height: 812 });
  const role = page.getByRole('form', { name: `Member ${applicant.email.toLowerCase()}` });
  const roleFits = await role.getByLabel('Role').evaluate((element) => {
    const select = element as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
    return (
      text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) <= select.clientWidth
    );
  });
  expect(roleFits, 'the role select shows its whole label at 375 px').toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signOut(page);

  const invitation = await waitForMail(
    (mail) => sentTo(mail, colleague.email) && Boolean(mail.text?.includes(companyName)),
  );
  const link = /\/invitations\/[A-Za-z0-9_-]{43}/.exec(invitation.text ?? '')?.[0];
  expect(link, 'the invitation link in the email').toBeTruthy();

  // Opened signed out, the link says who invites which address and offers the way in.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: `${companyName} invites you` })).toBeVisible();
  await expect(page.getByText(`invites ${colleague.email} to its trade account`)).toBeVisible();
  await look(page, 'invitation-signed-out');

  await signIn(page, colleague);
  await page.goto(link!);
  await expect(page.getByRole('button', { name: `Join ${companyName}` })).toBeVisible();
  await look(page, 'accept-invitation');
  await page.getByRole('button', { name: `Join ${companyName}` }).click();
  await page.getByRole('link', { name: 'Open My company' }).click();
  await expect(page.getByRole('heading', { level: 2, name: companyName })).toBeVisible();
  await expect(page.getByText('Buyer', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members' })).toHaveCount(0);
  await look(page, 'my-company-buyer');
});
